"""The battle a game position holds (``BattleSpec`` from an ``Aa50State``), as the engine
will fight it (``combat/battle``): the attacker's units there and those landing from the sea
(5.5.2.3), every enemy unit defending (5.5.4.1), an AA gun (7.1.4), bombarding ships
(5.5.2.2), the advances that change the dice (5.2.3) and whether a retreat is open
(5.5.3.5)."""

from __future__ import annotations

from typing import get_args

from bot.rules.aa50 import board, query
from bot.rules.aa50.odds.spec import Advance, BattleSpec, engine_surprise
from bot.rules.aa50.state import Aa50State, Unit

ADVANCES = frozenset(get_args(Advance))


def _counts(units: list[Unit]) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in units:
        out[u.type] = out.get(u.type, 0) + 1
    return out


def spec_for(state: Aa50State, where: str) -> BattleSpec:
    """The pending battle at ``where`` (before its first round), with default casualty
    orders and no retreat or submerging policy."""
    if where in state.bombing:
        raise ValueError("a strategic bombing raid has no battle odds (AA50 5.5.1)")
    power = state.power
    att = query.combatants(state, where, power)
    dfn = query.defenders(state, where, power)
    if any(u.hits for u in att + dfn if u.type == "battleship"):
        raise ValueError("a battle already under way: its damaged battleships are not counted")
    landing = [
        u
        for u in state.units.values()
        if u.assault == where and u.owner == power and u.carried_by is not None
    ]
    sea = board.is_sea(where)
    zones = {u.at for u in landing}
    # 5.5.2.2, as ``combat/battle._land_assault`` picks them: no more ships than units landed.
    ships = [
        u
        for z in sorted(zones - set(state.sea_battles))
        for u in query.at(state, z)
        if u.owner == power and u.type in ("battleship", "cruiser") and not u.bombarded
    ][: len(landing)]
    guns = [
        u for u in query.at(state, where) if u.type == "aa_gun" and not board.allied(u.owner, power)
    ]
    radar = any(query.has(state, g.owner, "radar") for g in guns)
    ground = [u for u in att + landing if u.type not in board.AIR_UNITS]
    retreat = any(
        u.came_from is not None
        and u.came_from in board.adjacent(where)
        and (
            not query.hostile_sea(state, u.came_from, power)
            if board.is_sea(u.came_from)
            else query.friendly_land(state, u.came_from, power)
        )
        for u in ground
    )
    return BattleSpec.model_validate(
        {
            "kind": "sea" if sea else "land",
            "attacker": {
                "units": _counts(att + landing),
                "tech": sorted(ADVANCES & set(state.tech.get(power, [])) - {"radar"}),
            },
            "defender": {"units": _counts(dfn), "tech": ["radar"] if radar else []},
            "aa_gun": bool(guns) and not sea,
            "bombard": _counts(ships),
            "amphibious": len(landing) + sum(1 for u in att if u.amphibious),
            "can_retreat": retreat or not ground,
            "surprise_every_round": engine_surprise(state.options),
        }
    )
