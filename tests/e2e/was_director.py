"""The director of the War at Sea campaign: plays a whole game (all eight turns, variant 18.2)
in the pure engine with a fixed seed and game id, choosing orders that bring about the events
the end-to-end test needs (an ASW combat, an air strike, an escape with pursuit, a convoy
delivered), and the prompt's default for everything else. It records the orders as JSON lines
in ``tests/e2e/data/was_campaign.jsonl``; the first line, a ``#`` comment, carries the seed,
the game id and the options (``python -m bot play --script`` skips it).

Regenerate with ``python -m tests.e2e.was_director`` (it tries seeds until the game has all the
events, and prints which one it kept). ``replay`` plays a script back in the pure engine.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bot.rules.core import Event, Prompt
from bot.rules.war_at_sea import RULESET, board
from bot.rules.war_at_sea.combat.fire import participants
from bot.rules.war_at_sea.state import WarAtSeaState
from bot.rules.war_at_sea.units import eff_speed
from tests.e2e import director as shared

SCRIPT = Path(__file__).resolve().parent / "data" / "was_campaign.jsonl"
GAME_ID = "warsea42"
OPTIONS: dict[str, bool] = {"variant_18_2": True}
REQUIRED: dict[str, Callable[[Event], bool]] = {
    "asw combat": lambda e: e.kind == "was.asw",
    "air strike": lambda e: e.kind == "was.fire" and e.params.get("shooter", "").endswith("_lba"),
    "escape": lambda e: e.kind == "was.escape_revealed",
    "pursuit": lambda e: e.kind == "was.pursuit_fight",
    "convoy delivery": lambda e: e.kind == "was.convoy_scored",
}
KINDS = tuple(
    f"was.{k}"
    for k in [
        "setup",
        "move",
        "repair",
        "uboats",
        "air_strike",
        "combat_order",
        "targets",
        "air_targets",
        "carrier_question",
        "escape",
        "escape_groups",
        "pursuit",
        "break_off",
        "convoy",
        "refuel",
        "return_to_port",
    ]
)
"""Every prompt kind of the engine: the director looks for a seed whose game asks them all."""
MALTA_GROUP = ["barham", "malaya", "queen_elizabeth", "valiant", "warspite", "eagle"]
TASK_FORCE = ["hood", "renown", "repulse", "kent", "norfolk", "ark_royal"]
RAIDERS = ["scharnhorst", "gneisenau", "admiral_hipper"]
Action = dict[str, Any]


def seed_for(k: int) -> bytes:
    return hashlib.sha256(f"war-at-sea-campaign:{k}".encode()).digest()


def Game(seed: bytes, game_id: str = GAME_ID, options: dict[str, Any] | None = None) -> shared.Game:
    """The campaign's game in the pure engine (tests/e2e/director.py: the referee's dice)."""
    return shared.Game(RULESET, seed, game_id, dict(OPTIONS if options is None else options))


def _values(prompt: Prompt, type_: str, name: str) -> list[str]:
    return [
        o.value
        for f in prompt.forms
        if f.type == type_
        for c in f.inputs
        if c.name == name
        for o in c.options
    ]


def _at(state: WarAtSeaState, ids: list[str], where: str) -> list[str]:
    return [
        i for i in ids if state.units[i].status == "active" and state.units[i].location == where
    ]


class Director:
    """One decision per call, by prompt kind; None means the prompt's default."""

    def __init__(self) -> None:
        self.breaks = 0
        self.returns: set[int] = set()

    def decide(self, state: WarAtSeaState, prompt: Prompt) -> Action | None:
        handler = getattr(self, "on_" + prompt.kind.removeprefix("was."), None)
        return handler(state, prompt) if handler is not None else None

    def on_setup(self, state: WarAtSeaState, prompt: Prompt) -> Action | None:
        todo = [s for s in MALTA_GROUP if state.units[s].location != board.MALTA]
        return {"type": "place_ships", "ships": todo, "port": board.MALTA} if todo else None

    def on_move(self, state: WarAtSeaState, prompt: Prompt) -> Action | None:
        movable = set(_values(prompt, "move", "ships"))
        plans: dict[int, list[tuple[list[str], str, str]]] = {
            1: [
                (TASK_FORCE, board.NORTH_SEA, "origin"),
                (RAIDERS, board.NORTH_SEA, "origin"),
                (["admiral_graf_spee"], board.NORTH_ATLANTIC, "origin"),
            ],
            2: [
                (["suffolk", "sussex"], board.NORTH_ATLANTIC, "origin"),
                (["cumberland", "dorsetshire"], board.SOUTH_ATLANTIC, "origin"),
            ],
            3: [(["convoy_1a"], board.NORTH_ATLANTIC, "origin")],
            5: [
                (["devonshire"], board.BARENTS, board.RUSSIA),
                (["king_george_v", "prince_of_wales", "formidable"], board.NORTH_SEA, "origin"),
                (["bismarck", "tirpitz", "graf_zeppelin"], board.NORTH_SEA, "origin"),
            ],
        }
        for ships, to, fallback in plans.get(state.turn, []):
            mine = [s for s in ships if s in movable]
            if mine:
                return {"type": "move", "ships": mine, "to": to, "fallback": fallback}
        return None

    def on_uboats(self, state: WarAtSeaState, prompt: Prompt) -> Action | None:
        if state.turn == 1:
            return {"type": "deploy_uboats", "count": 2, "to": board.NORTH_SEA}
        if state.turn == 2:
            hunted = {
                u.location
                for u in state.units.values()
                if u.side == "allies" and u.status == "active" and board.is_area(u.location)
            }
            boats = {u.location for u in state.units.values() if u.type == "uboat"}
            for area in sorted(hunted - boats, key=str):
                return {"type": "deploy_uboats", "count": 1, "to": area}
        return None

    def on_air_strike(self, state: WarAtSeaState, prompt: Prompt) -> Action | None:
        if state.turn == 1 and board.NORTH_SEA in _values(prompt, "place_air_strike", "where"):
            return {"type": "place_air_strike", "where": board.NORTH_SEA}
        return None

    def on_targets(self, state: WarAtSeaState, prompt: Prompt) -> Action | None:
        if prompt.form("ask_carriers") is not None:
            return {"type": "ask_carriers"}
        ships = _values(prompt, "assign_targets", "ships")
        targets = [v for v in _values(prompt, "assign_targets", "target") if v != "none"]
        if not ships or not targets:
            return None
        return {"type": "assign_targets", "ships": ships, "target": targets[0]}

    def on_air_targets(self, state: WarAtSeaState, prompt: Prompt) -> Action | None:
        form = next(f for f in prompt.forms if f.type == "air_targets")
        choice = form.inputs[0]
        return {"type": "air_targets", "targets": choice.values()[: choice.max]}

    def on_carrier_question(self, state: WarAtSeaState, prompt: Prompt) -> Action | None:
        return {"type": "carriers_fire", "fire": True}

    def on_escape(self, state: WarAtSeaState, prompt: Prompt) -> Action | None:
        return {"type": "declare_escape", "escape": prompt.seat == "axis"}

    def on_escape_groups(self, state: WarAtSeaState, prompt: Prompt) -> Action | None:
        free = _values(prompt, "escape_group", "ships")
        return {"type": "escape_group", "ships": free[:2]} if len(free) > 2 else None

    def on_pursuit(self, state: WarAtSeaState, prompt: Prompt) -> Action | None:
        battle = state.combat.battle
        assert battle is not None
        taken = {p for g in battle.groups for p in g.pursuers}
        if taken:
            return None
        for n, group in enumerate(battle.groups):
            fast = [
                u.id
                for u in participants(state, battle, prompt.seat)
                if eff_speed(u) >= group.speed and u.id in _values(prompt, "pursue", "ships")
            ]
            if fast:
                return {"type": "pursue", "ships": fast[:2], "group": n}
        return None

    def on_break_off(self, state: WarAtSeaState, prompt: Prompt) -> Action | None:
        self.breaks += 1
        ships = _values(prompt, "break_off", "ships")
        return {"type": "break_off", "ships": ships} if self.breaks > 1 and ships else None

    def on_convoy(self, state: WarAtSeaState, prompt: Prompt) -> Action | None:
        convoy = _values(prompt, "convoy_choice", "convoy")[0]
        choice = "stay" if convoy == "convoy_1a" else "england"
        return {"type": "convoy_choice", "convoy": convoy, "choice": choice}

    def on_refuel(self, state: WarAtSeaState, prompt: Prompt) -> Action | None:
        ships = _values(prompt, "refuel", "ship")
        return {"type": "refuel", "ship": ships[0]} if ships else None

    def on_return_to_port(self, state: WarAtSeaState, prompt: Prompt) -> Action | None:
        if state.turn in self.returns or prompt.seat != "allies":
            return None
        self.returns.add(state.turn)
        form = next(f for f in prompt.forms if f.type == "return_ships")
        ships, ports = (c.values() for c in form.inputs)
        return {"type": "return_ships", "ships": ships, "to": ports[-1]}


def direct(seed: bytes) -> tuple[shared.Game, list[dict[str, Any]]]:
    """Play a whole game with the director; the orders as script lines."""
    game = Game(seed)
    return game, shared.direct(game, Director().decide)


def missing(events: list[Event], lines: list[dict[str, Any]] | None = None) -> list[str]:
    """The required events (and, given the script, prompt kinds) this game lacks."""
    out = [name for name, test in REQUIRED.items() if not any(test(e) for e in events)]
    asked = {line["kind"] for line in lines or []}
    return out + ([k for k in KINDS if k not in asked] if lines is not None else [])


def header(seed: bytes) -> dict[str, Any]:
    return {"seed": seed.hex(), "game": GAME_ID, "options": OPTIONS}


def read(path: Path = SCRIPT) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    return shared.read(path)


def replay(path: Path = SCRIPT) -> Iterator[tuple[dict[str, Any], shared.Game]]:
    return shared.replay(RULESET, path)


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else SCRIPT
    for k in range(200):
        game, lines = direct(seed_for(k))
        if missing(game.events, lines):
            continue
        shared.write(out, header(seed_for(k)), lines)
        result = game.state.result
        print(f"seed #{k}: {len(lines)} orders, result {result and result.summary}, to {out}")
        return 0
    print("no seed gave every required event", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
