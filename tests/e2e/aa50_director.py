"""The director of the AA50 end-to-end game (issue 18): a 1942 game of two full rounds in the
pure engine, with the referee's dice numbering, that holds everything the test must show:
Japan buys research and lands two infantry in Buryatia from a transport while its battleship
bombards (5.5.2); the Soviet Union sets a standing casualty order that answers for it, and
attacks Finland only to retreat (5.5.3.5); Germany raids the United Kingdom's factory (5.5.1),
sends two submarines against a British fleet with a destroyer (7.3.4-5; the British choose
their casualties by hand) and takes Moscow, plundering the Soviet treasury (5.5.3.8); national
objectives are paid at income (5.8.1). Every other decision is the referee's "hold" policy.

Where an outcome must not be left to chance, the dice are loaded: the rolls of a battle are
found by playing the order once (each volley's rolls, by side, from the engine's own battle
log), then those roll numbers are forced (``loaded``). The Discord test plays the director's
game afresh and loads the referee's dice with the same forced faces, so both play one game
(and an engine change that keeps the rules' outcomes keeps the test).
``python -m tests.e2e.aa50_director`` writes the game as a script (``--script`` of
``python -m bot play``, without the forced dice) to read it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.referee.fairdice import FairDice
from bot.rules.aa50 import RULESET, chronicle
from bot.rules.aa50.state import Aa50State
from bot.rules.core import Event, Prompt, RuleViolation, Text
from tests.e2e import director

SCRIPT = Path("aa50_1942.jsonl")
"""Where ``python -m tests.e2e.aa50_director`` writes the game (not kept in the repository)."""
SEED = bytes.fromhex("a5" * 32)
GAME_ID = "aa50camp"
ROUNDS = 2

Plan = dict[tuple[int, str, str], list[dict[str, Any]]]
PLAN: Plan = {
    # (round, power, prompt kind): the orders to give, in turn, before the hold policy.
    (1, "japanese", "aa50.research"): [{"type": "research", "tokens": 2}],
    (1, "japanese", "aa50.combat_move"): [
        {"type": "load", "transport": "u143", "units": ["u114", "u115"]},
        {"type": "unload", "transport": "u143", "to": "buryatia_ssr"},
    ],
    (1, "russians", "aa50.purchase"): [
        {
            "type": "casualty_order",
            "power": "russians",
            "ranks": ["infantry", "artillery"],
            "battleship_hits_first": True,
            "keep_land": False,
            "auto": True,
        }
    ],
    (1, "russians", "aa50.combat_move"): [
        {"type": "move", "units": ["_karelia_infantry"], "to": "finland"},
    ],
    (1, "russians", "aa50.press"): [{"type": "retreat", "to": "karelia_ssr"}],
    (1, "germans", "aa50.combat_move"): [
        {"type": "move", "units": ["u54", "u55"], "to": "sz_2"},
        {"type": "move", "units": ["u37"], "to": "united_kingdom", "bomb": True},
        {
            "type": "move",
            "units": ["u17", "u18", "u19", "u20", "u21", "u4", "u5", "u6", "u53"],
            "to": "russia",
        },
    ],
}
WANT: dict[tuple[int, str], dict[str, int]] = {
    # The faces forced in each power's battles: attacker, defender (and its AA gun).
    (1, "japanese"): {"attacker": 1, "defender": 6},
    (1, "russians"): {"attacker": 6, "defender": 6},
    (1, "germans"): {"attacker": 1, "defender": 6},
}


def loaded(forced: dict[int, int]) -> type[FairDice]:
    """The referee's dice with some roll numbers forced (the rest fair, as numbered)."""

    class Loaded(FairDice):
        def _face(self, n: int, label: Text, sides: int) -> int:
            return forced.get(n) or super()._face(n, label, sides)

    return Loaded


@dataclass
class Campaign(director.Game):
    forced: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        dice = loaded(self.forced)(self.seed, self.game_id, 0)
        outcome = self.ruleset.setup("1942", self.ruleset.parse_options(self.options), dice)
        self.state, self.next_roll = outcome.state, len(dice.rolls)
        self.events = list(outcome.events)

    def apply(self, seat: str, action: dict[str, Any]) -> list[Event]:
        dice = loaded(self.forced)(self.seed, self.game_id, self.next_roll)
        outcome = self.ruleset.apply(self.state, seat, self.ruleset.parse_action(action), dice)
        self.state, self.next_roll = outcome.state, self.next_roll + len(dice.rolls)
        self.events += outcome.events
        return outcome.events

    def volleys(self, seat: str, action: dict[str, Any]) -> list[tuple[str, int, int]]:
        """The battle volleys this order would roll: (side, first roll number, end)."""
        dice = loaded(self.forced)(self.seed, self.game_id, self.next_roll)
        marks: list[tuple[str, int, int]] = []
        with _watching(dice, marks):
            self.ruleset.apply(self.state, seat, self.ruleset.parse_action(action), dice)
        return marks

    def load_for(self, seat: str, action: dict[str, Any], want: dict[str, int]) -> None:
        """Force the faces of this order's battle dice (played again until they hold)."""
        for _ in range(8):
            changed = False
            for who, start, end in self.volleys(seat, action):
                for n in range(start, end):
                    if self.forced.get(n) != want[who]:
                        self.forced[n] = want[who]
                        changed = True
            if not changed:
                return
        raise AssertionError("the forced dice do not settle")


@contextmanager
def _watching(dice: FairDice, marks: list[tuple[str, int, int]]) -> Iterator[None]:
    real_volley, real_aa = chronicle.volley, chronicle.aa_volley

    def volley(state: Aa50State, who: Any, rolls: list[int], needs: list[int], hits: int) -> None:
        end = dice.rolls[-1].n + 1 if dice.rolls else 0
        marks.append((str(who), end - len(rolls), end))
        real_volley(state, who, rolls, needs, hits)

    def aa_volley(state: Aa50State, rolls: list[int], hit_on: int, down: int) -> None:
        end = dice.rolls[-1].n + 1 if dice.rolls else 0
        marks.append(("defender", end - len(rolls), end))
        real_aa(state, rolls, hit_on, down)

    chronicle.volley, chronicle.aa_volley = volley, aa_volley
    try:
        yield
    finally:
        chronicle.volley, chronicle.aa_volley = real_volley, real_aa


def _resolve(state: Aa50State, action: dict[str, Any]) -> dict[str, Any]:
    """Placeholders of the plan: the Soviet infantry in Karelia (ids fixed by the set-up)."""
    if action.get("units") == ["_karelia_infantry"]:
        ids = sorted(
            u.id
            for u in state.units.values()
            if u.at == "karelia_ssr" and u.owner == "russians" and u.type == "infantry"
        )
        return {**action, "units": ids[:2]}
    return action


def direct(seed: bytes = SEED, game_id: str = GAME_ID) -> tuple[Campaign, list[dict[str, Any]]]:
    game = Campaign(RULESET, seed, game_id)
    plan = {k: list(v) for k, v in PLAN.items()}
    lines: list[dict[str, Any]] = []
    while game.state.result is None:
        state = game.state
        assert isinstance(state, Aa50State)
        if state.round > ROUNDS:
            break
        prompt = RULESET.prompts(state)[0]
        action = _decide(state, prompt, plan)
        want = WANT.get((state.round, state.power))
        if want is not None and state.phase in ("combat_move", "combat"):
            game.load_for(prompt.seat, action, want)
        try:
            game.apply(prompt.seat, action)
        except RuleViolation as exc:
            raise AssertionError(f"{prompt.kind}: {action} refused: {exc.code}") from exc
        lines.append({"seat": prompt.seat, "kind": prompt.kind, "action": action})
    return game, lines


def _decide(state: Aa50State, prompt: Prompt, plan: Plan) -> dict[str, Any]:
    queue = plan.get((state.round, state.power, prompt.kind), [])
    if queue:
        return _resolve(state, queue.pop(0))
    if prompt.kind == "aa50.press" and state.power == "germans":
        return {"type": "press"}
    order = RULESET.autopilot(state, prompt, "hold")
    return dict(order if order is not None else prompt.default or {})


def missing(game: Campaign) -> list[str]:
    """What the game must show and does not."""
    kinds = [e.kind for e in game.events]
    state = game.state
    assert isinstance(state, Aa50State)
    need = {
        "research bought": "aa50.research" in kinds,
        "landed from the sea": "aa50.landed" in kinds,
        "retreat": "aa50.retreat" in kinds,
        "strategic bombing": "aa50.bombed" in kinds,
        "plunder": "aa50.plunder" in kinds,
        "two full rounds": state.round > ROUNDS,
        "objectives paid": any(
            e.kind == "aa50.income" and e.params.get("bonus", 0) > 0 for e in game.events
        ),
        "standing order set": "aa50.casualty_order" in kinds,
    }
    return [name for name, ok in need.items() if not ok]


def write(game: Campaign, lines: list[dict[str, Any]]) -> None:
    head = {
        "seed": game.seed.hex(),
        "game": game.game_id,
        "options": {},
        "scenario": "1942",
        "dice": {str(n): f for n, f in sorted(game.forced.items())},
    }
    director.write(SCRIPT, head, lines)


if __name__ == "__main__":
    played, script = direct()
    print(json.dumps({"orders": len(script), "missing": missing(played)}))
    write(played, script)
