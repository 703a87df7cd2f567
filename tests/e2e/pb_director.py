"""The director of the Pocket Battles end-to-end battle: plays a whole battle of 60 points in
the pure engine with a fixed seed and game id (tests/e2e/director.py), choosing orders that
bring about what the test needs: the Celts build by hand (a unit taken back and formed
again), the Romans take the ready-made army; units deploy to the front; charges meet each
reaction (intercept, shooting at the charger, hold), units shoot, a special tactic is used
(Heal or Double Order), a round ends and the roles swap, and one side wins. The prompt's
default answers everything else. The orders go to ``tests/e2e/data/pb_battle.jsonl``.

Regenerate with ``python -m tests.e2e.pb_director`` (it tries seeds until the battle has every
required event and prints which one it kept).
"""

from __future__ import annotations

import hashlib
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.rules.core import Event, Prompt
from bot.rules.pocket_battles import RULESET
from bot.rules.pocket_battles.board import comps
from bot.rules.pocket_battles.state import PocketBattlesState
from tests.e2e import director as shared

SCRIPT = Path(__file__).resolve().parent / "data" / "pb_battle.jsonl"
GAME_ID = "pocket42"
OPTIONS: dict[str, Any] = {"size": 60}
# The Celts' army, built by hand (tile numbers, the top of each stack first).
CELTIC_UNITS: tuple[tuple[int, ...], ...] = ((25, 26), (18, 19), (21, 22), (3,), (1,), (12, 13))
TAKEN_BACK = 2  # after forming this many units, the last is taken back and formed again
REQUIRED: dict[str, Callable[[Event], bool]] = {
    "charge": lambda e: e.kind == "pb.charged",
    "intercept": lambda e: e.kind == "pb.intercepted",
    "shot at the charger": lambda e: e.kind == "pb.shot_at_charger",
    "hold": lambda e: e.kind == "pb.held",
    "shooting": lambda e: e.kind == "pb.shoots",
    "special tactic": lambda e: e.kind in ("pb.healed", "pb.double_order"),
    "round over": lambda e: e.kind == "pb.round_over",
    "victory": lambda e: e.kind == "pb.victory",
}
Action = dict[str, Any]


def seed_for(k: int) -> bytes:
    return hashlib.sha256(f"pocket-battles-e2e:{k}".encode()).digest()


def tile_id(side: str, number: int) -> str:
    return next(t.id for t in comps().army(side) if t.number == number)


def _values(prompt: Prompt, type_: str, name: str) -> list[str]:
    return [
        o.value
        for f in prompt.forms
        if f.type == type_
        for c in f.inputs
        if c.name == name
        for o in c.options
    ]


class Director:
    """One decision per call, by prompt kind; None means the prompt's default."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.built = 0
        self.took_back = False
        self.reactions = 0

    def decide(self, state: PocketBattlesState, prompt: Prompt) -> Action | None:
        handler = getattr(self, "on_" + prompt.kind.removeprefix("pb."), None)
        return handler(state, prompt) if handler is not None else None

    def on_build(self, state: PocketBattlesState, prompt: Prompt) -> Action | None:
        if prompt.seat == "romans":
            if state.sides["romans"].progress == 0:
                return {"type": "ready_made", "army": _values(prompt, "ready_made", "army")[0]}
            return {"type": "army_done"}
        if self.built == TAKEN_BACK and not self.took_back:
            self.took_back = True
            self.built -= 1
            last = [u.id for u in state.units.values() if u.side == "celts"][-1]
            return {"type": "remove_unit", "unit": last}
        if self.built < len(CELTIC_UNITS):
            tiles = [tile_id("celts", n) for n in CELTIC_UNITS[self.built]]
            self.built += 1
            return {"type": "add_unit", "tiles": tiles}
        return {"type": "army_done"}

    def on_place(self, state: PocketBattlesState, prompt: Prompt) -> Action | None:
        units = _values(prompt, "place", "unit")
        placed = sum(1 for u in state.units.values() if u.side == prompt.seat and u.zone)
        zone = f"{prompt.seat}_front_{placed % 3 + 1}"
        return {"type": "place", "unit": units[0], "zone": zone}

    def on_reaction(self, state: PocketBattlesState, prompt: Prompt) -> Action | None:
        """Each reaction in turn, as far as the moment offers it (5.4)."""
        self.reactions += 1
        wanted = ("intercept", "shoot_charger", "hold")[self.reactions % 3]
        units = _values(prompt, wanted, "unit")
        if wanted == "hold":
            return {"type": "hold"}
        return {"type": wanted, "unit": units[0]} if units else None

    def on_order(self, state: PocketBattlesState, prompt: Prompt) -> Action | None:
        options: list[Action] = []
        for kind in ("charge", "shoot", "carry_on"):
            units = _values(prompt, kind, "unit")
            form = prompt.form(kind)
            if form is None:
                continue
            for unit in units:
                targets = [
                    o.value
                    for c in form.inputs
                    if c.name == "target"
                    for o in c.options
                    if all(unit in w.within.get("unit", ()) for w in o.when)
                ]
                if targets:
                    order: Action = {"type": kind, "unit": unit, "target": targets[0]}
                    if any(c.name == "excite" for c in form.inputs):
                        # Excite (9.2): a unit ordered beside it, +1 die, now and then.
                        excite = [v for v in _values(prompt, kind, "excite") if v != unit]
                        order["excite"] = excite[:1] if excite and self.rng.random() < 0.5 else []
                    options.append(order)
        for kind in ("heal", "double_order"):
            form = prompt.form(kind)
            if form is not None:
                unit = _values(prompt, kind, "unit")[0]
                special: Action = {"type": kind, "unit": unit}
                if kind == "heal":
                    special["troop"] = _values(prompt, "heal", "troop")[0]
                options.insert(0, special)
        moves = _values(prompt, "move", "unit")
        if not options and moves and self.rng.random() < 0.5:
            unit = self.rng.choice(moves)
            zones = [
                o.value
                for c in prompt.form("move").inputs  # type: ignore[union-attr]
                if c.name == "zone"
                for o in c.options
                if all(unit in w.within.get("unit", ()) for w in o.when)
            ]
            if zones:
                return {"type": "move", "unit": unit, "zone": self.rng.choice(zones)}
        if not options or self.rng.random() < 0.1:
            return None  # pass
        return options[0] if self.rng.random() < 0.6 else self.rng.choice(options)

    on_extra_order = on_order


def direct(seed: bytes, k: int = 0) -> tuple[shared.Game, list[dict[str, Any]]]:
    game = shared.Game(RULESET, seed, GAME_ID, dict(OPTIONS))
    return game, shared.direct(game, Director(k).decide, max_orders=600)


def missing(events: list[Event]) -> list[str]:
    return [name for name, test in REQUIRED.items() if not any(test(e) for e in events)]


def header(seed: bytes, k: int) -> dict[str, Any]:
    return {"seed": seed.hex(), "game": GAME_ID, "options": OPTIONS, "director": k}


def read(path: Path = SCRIPT) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return shared.read(path)


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else SCRIPT
    for k in range(300):
        game, lines = direct(seed_for(k), k)
        if game.state.result is None or missing(game.events):
            continue
        shared.write(out, header(seed_for(k), k), lines)
        print(f"seed #{k}: {len(lines)} orders, {game.state.result.summary}, to {out}")
        return 0
    print("no seed gave every required event", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
