"""Victory (GJ74 21) and the end of the game (4.5): VP for enemy ships damaged and sunk, the
high-value ships, landings and each scenario's own points; 19.4's race to 2513."""

from __future__ import annotations

from typing import Any

from bot.rules.core import Result, t
from bot.rules.gj74 import board
from bot.rules.gj74.state import SIDES, GJ74State, Side, other
from bot.rules.gj74.surface import landing_hexes

BASE = {"jp": 1.0, "cn": 0.5, "kr": 1.0}
"""21.1(1): VP per damaged enemy unit by navy; sunk counts double (21.1(2))."""


def points(state: GJ74State) -> dict[Side, float]:
    s = board.scenario(state.scenario)
    vp: dict[Side, float] = {"blue": 0.0, "red": 0.0}
    for u in state.units.values():
        if u.status in ("damaged", "sunk"):
            worth = BASE.get(u.nation, 1.0) * board.ship(u.cls).vp_multiplier  # 21.1(3)
            vp[other(u.side)] += worth * (2 if u.status == "sunk" else 1)
    for side in SIDES:
        # 21.1(1): aircraft in the damaged box count as the navy's units do.
        nation = s.nations(side)[0]
        vp[other(side)] += state.aircraft_lost.get(side, 0) * BASE.get(nation, 1.0)
    for side in SIDES:
        for hex_id, (cap, each) in landing_hexes(state, side).items():
            mine = sum(1 for m in state.landings if m.side == side and m.hex == hex_id)
            vp[side] += min(mine, cap) * each  # 21.1(4)
    if s.no_landing_place and s.no_landing_side:  # 19.2(5), 19.3(5)1
        where = board.place_hex(s.no_landing_place)
        if not any(m.hex == where and m.side == other(s.no_landing_side) for m in state.landings):
            vp[s.no_landing_side] += s.no_landing_bonus
    if s.hold_hex:  # 19.3(5)2
        for side in SIDES:
            if any(
                u.hex == s.hold_hex and u.status == "map" and u.side == side
                for u in state.units.values()
            ):
                vp[side] += s.hold_vp
    return vp


def goal_reached(state: GJ74State) -> bool:
    """19.4(5)5: いずも in 2513 before the end wins at once for the Japanese side."""
    s = board.scenario(state.scenario)
    return any(
        u.name == s.goal_name and u.hex == s.goal_hex and u.status == "map"
        for u in state.units.values()
        if s.goal_name
    )


def result(state: GJ74State) -> Result:
    """21.2: more VP wins, equal is a draw; 19.4 is won by the race alone."""
    s = board.scenario(state.scenario)
    if s.goal_side is not None:
        winner: Side | None = s.goal_side if goal_reached(state) else other(s.goal_side)
        name = t(f"gj74.seat.{winner}").model_dump()
        return Result(winner=winner, summary=t("gj74.result.goal", winner=name))
    vp = points(state)
    winner = "blue" if vp["blue"] > vp["red"] else "red" if vp["red"] > vp["blue"] else None
    key = "gj74.result.draw" if winner is None else "gj74.result.vp"
    named: dict[str, Any] | str = t(f"gj74.seat.{winner}").model_dump() if winner else ""
    return Result(winner=winner, summary=t(key, winner=named, blue=vp["blue"], red=vp["red"]))
