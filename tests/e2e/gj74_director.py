"""The director of the GJ74 end-to-end game: plays scenario 19.2 (Japan against China, six
turns) in the pure engine with a fixed seed and game id (tests/e2e/director.py), choosing
orders that bring about what the test needs: searches that turn counters up, submarines and
ships closing in and attacking, an air strike met by interception, an attack on ships with
the defender's decisions (15.1(5), 15.2(3)), losses, and the end of the game. The prompt's
default answers everything else. The orders go to ``tests/e2e/data/gj74_19_2.jsonl``.
Regenerate with ``python -m tests.e2e.gj74_director`` (it tries seeds until the game has
every required event and prints which one it kept).
"""

from __future__ import annotations

import hashlib
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.rules.core import Event, Prompt, RuleViolation
from bot.rules.gj74 import RULESET, battle, board
from bot.rules.gj74.state import GJ74State
from tests.e2e import director as shared

SCRIPT = Path(__file__).resolve().parent / "data" / "gj74_19_2.jsonl"
DAYS_SCRIPT = Path(__file__).resolve().parent / "data" / "gj74_20_1_two_days.jsonl"
GAME_ID = "gj74e2e"
SCENARIO = "19.2"
DAYS = 2
"""The standard scenario (20.1) is played for its first two days (4.4: six turns a day)."""
OPTIONS: dict[str, Any] = {}
REQUIRED: dict[str, Callable[[Event], bool]] = {
    "found": lambda e: e.kind == "gj74.revealed",
    "strike": lambda e: e.kind == "gj74.strike",
    "interception": lambda e: e.kind == "gj74.intercept",
    "battle": lambda e: e.kind == "gj74.aa_fire",
    "loss": lambda e: e.kind in ("gj74.damaged", "gj74.sunk"),
    "end": lambda e: e.kind == "gj74.game_over",
}
Action = dict[str, Any]


def seed_for(k: int) -> bytes:
    return hashlib.sha256(f"gj74-e2e:{k}".encode()).digest()


class Director:
    """One decision per call, by prompt kind; None means the prompt's default."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def decide(self, state: GJ74State, prompt: Prompt) -> Action | None:
        handler = getattr(self, "on_" + prompt.kind.removeprefix("gj74."), None)
        action = handler(state, prompt) if handler is not None else None
        return complete(prompt, action) if action is not None else None

    def on_intercept(self, state: GJ74State, prompt: Prompt) -> Action | None:
        """17.1: meet the strike from the air bases at the range it needs (4 when out of
        reach: refused, so the default lets it through), now and then going for the attack
        aircraft (17.2(1)2)."""
        if self.rng.random() >= 0.7 or state.strike is None:
            return None
        reach = board.air_reach(state.scenario, prompt.seat).get(state.strike.hex, 4)
        first = self.rng.random() < 0.5
        return {"type": "intercept", "distance": min(reach, 8), "escorts_first": first}

    def on_battle_reveal(self, state: GJ74State, prompt: Prompt) -> Action | None:
        hidden = [u.id for u in battle.hidden_here(state, state.battle)] if state.battle else []
        return {"type": "reveal_targets", "units": hidden[:1]} if hidden else None

    def on_battle_allocate(self, state: GJ74State, prompt: Prompt) -> Action | None:
        """15.1(2)-(3): the deal attacker by attacker (a menu each through Discord)."""
        options = battle.deal_options(state, state.battle) if state.battle else []
        return {"type": "deal_one", "target": self.rng.choice(options)} if options else None

    def on_air_range(self, state: GJ74State, prompt: Prompt) -> Action | None:
        return {"type": "air_range", "distance": self.rng.choice((3, 5, 7))}

    def on_air_op(self, state: GJ74State, prompt: Prompt) -> Action | None:
        return self._close_in(state)

    on_sub_op = on_air_op
    on_surface_op = on_air_op

    def _close_in(self, state: GJ74State) -> Action | None:
        """What random play's aimed player does (tests/gj74/test_random_play.py): attack
        what is face up in reach, search what is near, else close in; now and then stop."""
        from tests.gj74.test_random_play import aimed

        if self.rng.random() < 0.15:
            return None
        action = aimed(state, self.rng)
        # now and then no deal in the order: the attacker deals in the battle (15.1)
        if (
            action
            and action.get("targets")
            and action["type"] != "sub_action"
            and self.rng.random() < 0.5
        ):
            action = {**action, "targets": []}  # the menu's list left empty
        return action


NUMBERS = {"actions": 1, "escorts": 0}
"""Number inputs an order may leave at the action's default; a menu asks them, so the script
gives them (the controls then answer every input the form asks)."""


def complete(prompt: Prompt, action: Action) -> Action:
    form = prompt.form(action["type"])
    if form is None:
        return action
    names = {c.name for c in form.asked(action)}
    return {**{k: v for k, v in NUMBERS.items() if k in names}, **action}


def direct(seed: bytes, k: int = 0) -> tuple[shared.Game, list[dict[str, Any]]]:
    game = shared.Game(RULESET, seed, GAME_ID, dict(OPTIONS), SCENARIO)
    return game, shared.direct(game, Director(k).decide, max_orders=600)


def direct_days(seed: bytes, k: int = 0) -> tuple[shared.Game, list[dict[str, Any]]]:
    """20.1 for its first two days: the same director, stopping when turn 13 begins."""
    game = shared.Game(RULESET, seed, GAME_ID, dict(OPTIONS), "20.1")
    decide = Director(k).decide
    lines: list[dict[str, Any]] = []
    state = game.state
    while state.result is None and state.turn <= 6 * DAYS and len(lines) < 2000:
        prompt = game.ruleset.prompts(state)[0]
        action = decide(state, prompt)
        try:
            if action is None:
                raise RuleViolation("director.default", "")
            game.apply(prompt.seat, action)
        except RuleViolation:
            assert prompt.default is not None, prompt.kind
            action = dict(prompt.default)
            game.apply(prompt.seat, action)
        lines.append({"seat": prompt.seat, "kind": prompt.kind, "action": action})
        state = game.state
    return game, lines


def missing(events: list[Event], lines: list[dict[str, Any]] | None = None) -> list[str]:
    """The required events the game lacks; with ``lines``, also a deal attacker by attacker
    (15.1), which the e2e test gives through the menus."""
    out = [name for name, test in REQUIRED.items() if not any(test(e) for e in events)]
    if lines is not None and not any(line["action"]["type"] == "deal_one" for line in lines):
        out.append("deal_one")
    return out


def header(seed: bytes, k: int) -> dict[str, Any]:
    return {
        "seed": seed.hex(),
        "game": GAME_ID,
        "options": OPTIONS,
        "scenario": SCENARIO,
        "director": k,
    }


def read(path: Path = SCRIPT) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return shared.read(path)


def main_days() -> int:
    """The first of 50 seeds whose two days have every required event but the end, else the
    one missing the fewest."""
    best: tuple[int, int] | None = None
    for k in range(50):
        game, lines = direct_days(seed_for(k), k)
        if not any(e.kind == "gj74.end_of_day" for e in game.events):
            continue
        lacking = len(missing(game.events)[:-1])
        if best is None or lacking < best[1]:
            best = (k, lacking)
        if lacking == 0:
            break
    if best is None:
        return 1
    k = best[0]
    game, lines = direct_days(seed_for(k), k)
    head = {**header(seed_for(k), k), "scenario": "20.1", "days": DAYS}
    shared.write(DAYS_SCRIPT, head, lines)
    print(f"20.1 seed #{k}: {len(lines)} orders over {DAYS} days, lacking {missing(game.events)}")
    return 0


def main(argv: list[str]) -> int:
    if argv[:1] == ["days"]:
        return main_days()
    out = Path(argv[0]) if argv else SCRIPT
    best: tuple[int, int] | None = None
    for k in range(200):
        game, lines = direct(seed_for(k), k)
        if game.state.result is None or missing(game.events, lines):
            continue
        if best is None or len(lines) < best[1]:
            best = (k, len(lines))
        if len(lines) <= 90:
            break
    if best is None:
        print("no seed gave every required event", file=sys.stderr)
        return 1
    k = best[0]
    game, lines = direct(seed_for(k), k)
    shared.write(out, header(seed_for(k), k), lines)
    print(f"seed #{k}: {len(lines)} orders, {game.state.result and game.state.result.summary}")
    return 0


if __name__ == "__main__":
    assert board.scenario(SCENARIO)  # the scenario exists in the data
    sys.exit(main(sys.argv[1:]))
