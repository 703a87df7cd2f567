"""Interception (GJ74 17): the side not acting may meet each air strike (not searches) with
fighters from its air bases (17.1), then air combat (17.2), then what is left of the strike
attacks (13.1, 16.1); or with the fighters of its carriers (17.1(6))."""

from __future__ import annotations

from bot.rules.core import Dice, Event, RuleViolation, t
from bot.rules.core.text import die
from bot.rules.gj74 import air, board, optional
from bot.rules.gj74.actions import Intercept
from bot.rules.gj74.state import GJ74State, Side, Unit
from bot.rules.gj74.units import show, tech, unit_tech

SECTION = "GJ74 17"


def _fire(dice: Dice, n: int, tech: int, side: Side) -> tuple[int, list[dict[str, object]]]:
    """17.2(2)1: a die per ASP aircraft, each at most its tech level a hit."""
    seat = t(f"gj74.seat.{side}").model_dump()
    faces = [dice.roll(t("gj74.die.air_combat", side=seat)) for _ in range(n)]
    shown = [die(f, outcome="gj74.hit" if f <= tech else "gj74.miss") for f in faces]
    return sum(1 for f in faces if f <= tech), shown


def decline(state: GJ74State, side: Side, dice: Dice) -> list[Event]:
    strike = state.strike
    assert strike is not None
    return air.resolve(state, dice, strike.aircraft - strike.escorts)


def intercept(state: GJ74State, side: Side, a: Intercept, dice: Dice) -> list[Event]:
    strike = state.strike
    if strike is None or strike.side == side:
        raise RuleViolation("gj74.intercept.nothing", SECTION)
    events: list[Event] = []
    if a.carriers:
        flying = _carriers(state, side, strike.hex, a.distance)
        for u in flying:
            events += show(u)  # 17.1(6)1: shown to intercept, turned back after
        cap = sum(board.ship(u.cls).air_intercept for u in flying)
        lowest = min(unit_tech(state, u) for u in flying)
    else:
        reach = board.air_reach(state.scenario, side).get(strike.hex)
        if reach is None or reach > a.distance:
            raise RuleViolation(
                "gj74.air.out_of_range", "GJ74 17.1(5)", hex=strike.hex, n=a.distance
            )
        cap, lowest = 99, 0
    face = dice.roll(t("gj74.die.intercept", side=t(f"gj74.seat.{side}").model_dump()))
    bonus = (-2 if air.night(state) else 0) + optional.air_modifier(state, side) + lowest
    column = "carrier_intercept" if a.carriers else "base_intercept"
    got = board.comps().air_actions(column, a.distance, face + bonus) or 0
    free = state.aircraft[side] - state.intercepted
    fighters = min(got, free, cap)  # 17.1(4): missing aircraft are lost; 17.1(6)2: INT air
    events += [
        Event(
            kind="gj74.intercept",
            params={
                "side": side,
                "distance": a.distance,
                "die": die(face, bonus=bonus),
                "n": fighters,
            },
        )
    ]
    attack = strike.aircraft - strike.escorts
    if fighters <= 0:
        return events + air.resolve(state, dice, attack)
    state.intercepted += fighters
    mine = board.comps().aircraft[side]
    theirs = board.comps().aircraft[strike.side]
    escorts = strike.escorts
    if a.escorts_first:
        # 17.2(1)2: the escorts fire first; survivors fire at the attack aircraft, and the
        # interceptor deals the losses (Ruling: attack aircraft first, that is the point).
        hits, shown = _fire(dice, escorts, tech(state, strike.side, theirs.asp_tech), strike.side)
        lost = min(hits, fighters)
        fighters -= lost
        back, shown2 = _fire(dice, fighters, tech(state, side, mine.asp_tech), side)
        attack_lost = min(back, attack)
        escort_lost = min(back - attack_lost, escorts)
    else:
        # 17.2(1)1: both fire at once; each owner deals its own losses (Ruling: the striking
        # side loses escorts first, the interceptor its fighters).
        hits, shown = _fire(dice, escorts, tech(state, strike.side, theirs.asp_tech), strike.side)
        back, shown2 = _fire(dice, fighters, tech(state, side, mine.asp_tech), side)
        lost = min(hits, fighters)
        escort_lost = min(back, escorts)
        attack_lost = min(back - escort_lost, attack)
    _lose(state, side, lost)
    state.intercepted -= lost
    _lose(state, strike.side, escort_lost + attack_lost)
    if state.air is not None:
        state.air.aircraft_used -= escort_lost + attack_lost
    events.append(
        Event(
            kind="gj74.air_combat",
            params={
                "escorts": shown,
                "fighters": shown2,
                "lost": lost,
                "strike_lost": escort_lost + attack_lost,
            },
        )
    )
    return events + air.resolve(state, dice, attack - attack_lost)


def carriers_for(state: GJ74State, side: Side, hex_id: str, distance: int) -> list[Unit]:
    """Carriers with interception air within ``distance`` of the strike."""
    return sorted(
        (
            u
            for u in state.units.values()
            if u.side == side
            and u.status == "map"
            and u.hex is not None
            and board.ship(u.cls).air_intercept > 0
            and board.distance(u.hex, hex_id) <= distance
        ),
        key=lambda u: u.id,
    )


def _carriers(state: GJ74State, side: Side, hex_id: str, distance: int) -> list[Unit]:
    """17.1(6)2: the carriers of one hex intercept together, up to their summed interception
    air. Ruling: the hex in range with the most of it flies (the defender's best choice)."""
    near = carriers_for(state, side, hex_id, distance)
    if not near:
        raise RuleViolation("gj74.intercept.no_carriers", "GJ74 17.1(6)", n=distance)
    pools: dict[str, list[Unit]] = {}
    for u in near:
        pools.setdefault(u.hex or "", []).append(u)
    best = max(sorted(pools), key=lambda h: sum(board.ship(u.cls).air_intercept for u in pools[h]))
    return pools[best]


def _lose(state: GJ74State, side: Side, n: int) -> None:
    """17.2(2)2-3: aircraft hit go to the damaged box, never the sunk box."""
    state.aircraft[side] -= n
    state.aircraft_lost[side] = state.aircraft_lost.get(side, 0) + n
