"""The exact odds against the engine itself: the same battle fought many times by
``bot.rules.aa50.combat.battle`` (every die rolled, casualties by the engine's default, the
order a deadline applies) must agree with ``odds`` within 4 standard errors."""

from __future__ import annotations

import math
import random
from collections import Counter

import pytest

from bot.rules.aa50 import board, query
from bot.rules.aa50.combat import battle, casualties
from bot.rules.aa50.odds import BattleSpec, Side, odds
from bot.rules.aa50.odds.position import spec_for
from bot.rules.aa50.options import Aa50Options
from bot.rules.aa50.setup import new_state
from bot.rules.aa50.state import Aa50State, Unit
from bot.rules.core import Text
from bot.rules.core.dice import RecordingDice


class _Dice(RecordingDice):
    def __init__(self, seed: int) -> None:
        super().__init__()
        self._rng = random.Random(seed)

    def _face(self, n: int, label: Text, sides: int) -> int:
        return self._rng.randint(1, sides)


def _place(where: str, power: str, units: dict[str, int], **fields: object) -> list[Unit]:
    out = []
    for kind, n in units.items():
        for _ in range(n):
            out.append(
                Unit.model_validate({"id": "", "type": kind, "owner": power, "at": where, **fields})
            )
    return out


def _fight(state: Aa50State, where: str, dice: _Dice, retreat_after: int | None) -> str:
    """One battle in the engine, to its end; who won, as ``Odds`` counts it."""
    battle.start(state, where)
    while True:
        b = state.battle
        assert b is not None
        if b.pending and casualties.choice_open(state, b, b.pending[0]):
            hits = b.pending.pop(0)
            casualties.take(state, b, hits, casualties.default(state, b, hits))
        elif b.step == "surprise" and b.kind == "sea" and battle.may_submerge(state):
            battle.submerge(state, [])
        elif b.step == "press":
            back = battle.retreats(state)
            if retreat_after is not None and b.round >= retreat_after and back:
                battle.retreat(state, back[0])
            else:
                battle.press(state)
        elif b.step == "conclude":
            if b.round < 0:
                return "retreat"
            att = query.combatants(state, where, b.attacker)
            dfn = [u for u in query.defenders(state, where, b.attacker) if u.id not in b.sunk]
            if not att:
                return "draw" if not dfn else "defender"
            return "attacker" if not dfn else "draw"
        else:
            battle.STEPS.run(state, dice)


def _case(name: str) -> tuple[Aa50State, str, BattleSpec, int | None]:
    state = new_state("aa50", "1942", Aa50Options())
    me = state.power
    enemy = next(p for p in board.POWERS if not board.allied(p, me) and p != "chinese")
    land = next(
        t
        for t, o in sorted(state.owners.items())
        if o == enemy
        and any(board.is_sea(z) for z in board.adjacent(t))
        and any(state.owners.get(x) == me for x in board.adjacent(t))
    )
    zone = next(z for z in board.adjacent(land) if board.is_sea(z))
    home = next(x for x in board.adjacent(land) if state.owners.get(x) == me)
    units: list[Unit] = []
    retreat_after = None
    if name == "land":
        att = {"infantry": 4, "artillery": 2, "armour": 2, "fighter": 2, "bomber": 1}
        dfn = {"infantry": 6, "armour": 1, "fighter": 1}
        units += _place(land, me, att, came_from=home)
        units += _place(land, enemy, dfn) + _place(land, enemy, {"aa_gun": 1})
        spec = BattleSpec(
            kind="land", attacker=Side(units=att), defender=Side(units=dfn), aa_gun=True
        )
    elif name == "retreat":
        att = {"infantry": 3, "armour": 2}
        dfn = {"infantry": 4}
        units += _place(land, me, att, came_from=home) + _place(land, enemy, dfn)
        spec = BattleSpec(
            kind="land", attacker=Side(units=att), defender=Side(units=dfn), retreat_after_round=2
        )
        retreat_after = 2
    elif name == "amphibious":
        units += _place(zone, me, {"battleship": 1, "cruiser": 1})
        ships = _place(zone, me, {"transport": 2})
        units += ships
        for i, ship in enumerate(ships):
            ship.id = f"t{i}"
            units += _place(zone, me, {"infantry": 2}, carried_by=ship.id, assault=land)
        dfn = {"infantry": 4, "artillery": 1}
        units += _place(land, enemy, dfn)
        spec = BattleSpec(
            kind="land",
            attacker=Side(units={"infantry": 4}),
            defender=Side(units=dfn),
            amphibious=4,
            bombard={"battleship": 1, "cruiser": 1},
        )
    else:
        att = {"submarine": 3, "destroyer": 1, "fighter": 2, "battleship": 1}
        dfn = {"submarine": 2, "carrier": 1, "fighter": 2, "transport": 2, "cruiser": 1}
        units += _place(zone, me, att) + _place(zone, enemy, dfn)
        every = name == "sea, every round"  # 7.3.5 as TripleA reads it (the option)
        state.options = state.options.model_copy(update={"surprise_every_round": every})
        spec = BattleSpec(
            kind="sea",
            attacker=Side(units=att),
            defender=Side(units=dfn),
            surprise_every_round=every,
        )
        land = zone
    state.units = {}
    for i, u in enumerate(units):
        u.id = u.id or f"u{i:03d}"
        state.units[u.id] = u
    state.phase = "combat"
    state.battles = [land]
    return state, land, spec, retreat_after


@pytest.mark.parametrize("name", ["land", "sea", "amphibious", "retreat"])
def test_the_position_gives_the_battle(name: str) -> None:
    state, where, spec, _ = _case(name)
    got = spec_for(state, where)
    assert got.model_copy(update={"retreat_after_round": spec.retreat_after_round}) == (
        spec.model_copy(update={"can_retreat": got.can_retreat})
    )
    assert got.can_retreat == (name in ("land", "retreat"))  # they came from a friendly space


def test_the_surprise_strike_rule_is_the_games() -> None:
    # 7.3.5: the odds take the game's rule (options.py), whichever it is.
    state, where, _, _ = _case("sea")
    for every in (False, True):
        state.options = state.options.model_copy(update={"surprise_every_round": every})
        assert spec_for(state, where).surprise_every_round is every


@pytest.mark.parametrize("name", ["land", "sea", "sea, every round", "amphibious", "retreat"])
def test_engine_battles_agree_with_the_exact_odds(name: str) -> None:
    runs = 400
    _, where, spec, retreat_after = _case(name)
    exact = odds(spec)
    seen: Counter[str] = Counter()
    for run in range(runs):
        state, _, _, _ = _case(name)
        seen[_fight(state, where, _Dice(run), retreat_after)] += 1
    for how, p in (
        ("attacker", exact.attacker_wins),
        ("defender", exact.defender_wins),
        ("draw", exact.draw),
        ("retreat", exact.retreat),
    ):
        sigma = math.sqrt(max(p * (1 - p), 1e-9) / runs)
        assert abs(seen[how] / runs - p) <= 4 * sigma + 1e-9, (how, p, seen)
