"""The director of the Jutland end-to-end game: a whole Basic Game in the pure engine
(tests/e2e/director.py), choosing orders that bring about what the test needs: the German
battlecruisers (TF1) sail from the Jade until the coastal patrols sight them, the British
battlecruiser force (TF3) steams from Rosyth to meet them, a battle is fought (both sides
fire), the Germans turn away and disengage beyond visibility, and the game runs on to 1 June
12:00 with every other decision left to its default (hold course, hold fire, stay). The
director reads the whole state (it is not a player); the test checks what each player reads.

Its decisions depend on the state alone, so the test can ask it about every open decision
and tell a step where all are defaults (applied by the deadline) from one it must answer.
Regenerate the script with ``python -m tests.e2e.jut_director``.
"""

from __future__ import annotations

import hashlib
import math
import sys
from pathlib import Path
from typing import Any

from bot.rules.core import Prompt
from bot.rules.jutland import RULESET, board
from bot.rules.jutland.state import JutlandState, Side
from tests.e2e import director as shared

SCRIPT = Path(__file__).resolve().parent / "data" / "jut_game.jsonl"
GAME_ID = "jutland42"
SEED = hashlib.sha256(b"jutland-e2e:0").digest()
FIRST_CONTACT = "P9"
"""Where the Germans head first: a shaded hex off the Firth of Forth (3.1)."""
Action = dict[str, Any]


def _values(prompt: Prompt, type_: str, name: str, **within: str) -> list[str]:
    """The options of one input, those offered for the answers ``within`` only."""
    out = []
    for form in prompt.forms:
        if form.type != type_:
            continue
        for choice in form.inputs:
            if choice.name != name:
                continue
            for o in choice.options:
                fits = not o.when or any(
                    all(v in w.within.get(k, (v,)) for k, v in within.items()) for w in o.when
                )
                if fits:
                    out.append(o.value)
    return out


class Director:
    """The decisions; ``battle_seen`` is set once a battle is on the surface (from then on, and
    after it, the forces on the sheet stay where they are)."""

    def __init__(self) -> None:
        self.battle_seen = False

    def decide(self, state: JutlandState, prompt: Prompt) -> Action | None:
        self.battle_seen = self.battle_seen or state.battle is not None
        if prompt.kind == "jut.plot":
            return None if self.battle_seen else _plot(state, prompt)
        if prompt.kind == "jut.maneuver":
            return _maneuver(state, prompt)
        if prompt.kind == "jut.fire":
            return _fire(state, prompt)
        return None


def _plot(state: JutlandState, prompt: Prompt) -> Action | None:
    """German TF1 heads for the patrols' hex off the Forth, then for British TF3; TF3 heads
    for German TF1 once the patrols have sighted it (3.1)."""
    tf_id = str(prompt.forms[0].fixed["tf"])
    tf = state.task_forces[tf_id]
    target: str | None = None
    if tf_id == "de1":
        target = state.task_forces["gb3"].hex if state.spotted else FIRST_CONTACT
    elif tf_id == "gb3" and state.phase == "plot" and state.spotted:
        target = state.task_forces["de1"].hex
    if target is None or tf.hex is None:
        return None
    if tf.hex == target:
        return None
    far = _steps(tf.side, target)
    moves = [m for m in _values(prompt, "plot", "to") if m in far]
    best = min(moves, key=lambda m: (far[m], m), default=None)
    if best is None or far[best] >= far.get(tf.hex, 999):
        return None
    return {"type": "plot", "tf": tf_id, "to": best}


def _steps(side: Side, target: str) -> dict[str, int]:
    """Hexes a side may sail through, by their number of moves to ``target`` (one's own bases
    and the target itself may be ends of the way)."""
    out, frontier = {target: 0}, [target]
    while frontier:
        nxt = []
        for h in frontier:
            for n in board.near(h):
                if n not in out and board.enterable(side, n):
                    out[n] = out[h] + 1
                    nxt.append(n)
        frontier = nxt
    return out


def _maneuver(state: JutlandState, prompt: Prompt) -> Action | None:
    """Two turns on the course of the placement; from the third the Germans turn away (4.2
    item 2d) and run on, the British stop, until the fleets are out of sight (4.4)."""
    b = state.battle
    assert b is not None
    tf_id = str(prompt.forms[0].fixed["tf"])
    german = [f.tf for f in b.formations.values() if f.side == "german"]
    all_closing = all(_closing(state, g) for g in german)
    if b.formations[tf_id].side == "british":
        if b.turn < 3 and all_closing:
            return None
        return {
            "type": "maneuver",
            "tf": tf_id,
            "turn": "succession",
            "angle": 0,
            "speed": 0,
            "then": 0,
        }
    if (
        b.turn >= 3
        and _closing(state, tf_id)
        and "turn_away" in _values(prompt, "maneuver", "turn")
    ):
        top = max(int(v) for v in _values(prompt, "maneuver", "speed"))
        return {
            "type": "maneuver",
            "tf": tf_id,
            "turn": "turn_away",
            "angle": 180,
            "speed": top,
            "then": 0,
        }
    return None


def _closing(state: JutlandState, tf_id: str) -> bool:
    """The formation heads toward the enemy's centre."""
    b = state.battle
    assert b is not None
    own = [s for s in b.ships.values() if s.tf == tf_id and not s.sunk]
    foe = [s for s in b.ships.values() if own and s.side != own[0].side and not s.sunk]
    if not own or not foe:
        return False
    cx = sum(s.x for s in foe) / len(foe) - own[0].x
    cy = sum(s.y for s in foe) / len(foe) - own[0].y
    hx, hy = math.sin(math.radians(own[0].heading)), math.cos(math.radians(own[0].heading))
    return hx * cx + hy * cy > 0


def _fire(state: JutlandState, prompt: Prompt) -> Action | None:
    """One salvo a turn: every ship of the first band at the first target (4.3 items 5-6)."""
    b = state.battle
    assert b is not None
    if any(b.ships[s].side == prompt.seat for s in b.fired):
        return None
    target = _values(prompt, "fire", "target")[0]
    band = _values(prompt, "fire", "band", target=target)[0]
    ships = _values(prompt, "fire", "ships", target=target, band=band)
    return {"type": "fire", "target": target, "band": band, "ships": ships}


def direct() -> tuple[shared.Game, list[dict[str, Any]]]:
    game = shared.Game(RULESET, SEED, GAME_ID)
    return game, shared.direct(game, Director().decide, max_orders=2000)


def header() -> dict[str, Any]:
    return {"seed": SEED.hex(), "game": GAME_ID, "options": {}}


def read(path: Path = SCRIPT) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return shared.read(path)


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else SCRIPT
    game, lines = direct()
    kinds = {e.kind for e in game.events}
    print(f"{len(lines)} orders, {game.state.result}, events: contact "
          f"{'jut.contact' in kinds}, fire {'jut.fire' in kinds}, disengaged "
          f"{'jut.disengaged' in kinds}, to {out}")  # fmt: skip
    shared.write(out, header(), lines)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
