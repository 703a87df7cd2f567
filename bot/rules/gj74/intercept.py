"""Interception (GJ74 17): the side not acting may meet each air strike (not searches) with
fighters from its air bases (17.1), then air combat (17.2), then what is left of the strike
attacks (13.1, 16.1); or with the fighters of its carriers (17.1(6))."""

from __future__ import annotations

from bot.rules.core import Dice, Event, RuleViolation, t
from bot.rules.core.text import die
from bot.rules.gj74 import air, board, optional
from bot.rules.gj74.actions import Intercept, StrikeLosses
from bot.rules.gj74.state import GJ74State, Side, Strike, Unit
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
        flying = _carriers(state, side, strike.hex, a.distance, a.origin)
        for u in flying:
            events += show(u)  # 17.1(6)1: shown to intercept, turned back after
        cap = sum(board.ship(u.cls).air_intercept for u in flying)
        lowest = min(unit_tech(state, u) for u in flying)
    else:
        if a.origin:
            raise RuleViolation("gj74.order.fields", "GJ74 17.1(6)", field="origin")
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
        # 17.2(1)2: the escorts fire first; the fighters left fire at the strike, and the
        # interceptor deals the losses (the owner of the fighters has no choice to make:
        # they are alike).
        hits, shown = _fire(dice, escorts, tech(state, strike.side, theirs.asp_tech), strike.side)
        lost = min(hits, fighters)
        back, shown2 = _fire(dice, fighters - lost, tech(state, side, mine.asp_tech), side)
        chooser = side
    else:
        # 17.2(1)1: both fire at once; each owner deals his own losses.
        hits, shown = _fire(dice, escorts, tech(state, strike.side, theirs.asp_tech), strike.side)
        back, shown2 = _fire(dice, fighters, tech(state, side, mine.asp_tech), side)
        lost = min(hits, fighters)
        chooser = strike.side
    strike_lost = min(back, escorts + attack)
    _lose(state, side, lost)
    state.intercepted -= lost
    _lose(state, strike.side, strike_lost)
    if state.air is not None:
        state.air.aircraft_used -= strike_lost
    events.append(
        Event(
            kind="gj74.air_combat",
            params={"escorts": shown, "fighters": shown2, "lost": lost, "strike_lost": strike_lost},
        )
    )
    low, high = loss_range(strike, strike_lost)
    if low == high:
        return events + air.resolve(state, dice, attack - low)
    strike.lost = strike_lost
    strike.split_by = chooser  # 17.2(1): a choice, asked (prompts_air.losses_prompt)
    return events


def loss_range(strike: Strike, lost: int) -> tuple[int, int]:
    """17.2(1): how many of ``lost`` striking aircraft may be attack aircraft (the rest are
    escorts)."""
    attack = strike.aircraft - strike.escorts
    return max(0, lost - strike.escorts), min(lost, attack)


def losses_default(strike: Strike) -> int:
    """The split a deadline takes: the striker's owner keeps his attack aircraft (escorts lost
    first, 17.2(1)1); the interceptor takes the attack aircraft (17.2(1)2: that is the point
    of going for them)."""
    low, high = loss_range(strike, strike.lost)
    return low if strike.split_by == strike.side else high


def split(state: GJ74State, side: Side, a: StrikeLosses, dice: Dice) -> list[Event]:
    """17.2(1): the split of the striking side's losses, by the player the rule names; what is
    left of the attack aircraft then attacks (13.2, 16)."""
    strike = state.strike
    if strike is None or strike.split_by != side:
        raise RuleViolation("gj74.losses.nothing", "GJ74 17.2(1)")
    low, high = loss_range(strike, strike.lost)
    if not low <= a.attack <= high:
        raise RuleViolation("gj74.losses.range", "GJ74 17.2(1)", low=low, high=high)
    strike.split_by = None
    event = Event(
        kind="gj74.strike_losses",
        params={"side": strike.side, "attack": a.attack, "escorts": strike.lost - a.attack},
    )
    return [event, *air.resolve(state, dice, strike.aircraft - strike.escorts - a.attack)]


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


def carrier_hexes(
    state: GJ74State, side: Side, hex_id: str, distance: int
) -> dict[str, list[Unit]]:
    """17.1(6)2: the hexes whose carriers may intercept, each with its carriers."""
    pools: dict[str, list[Unit]] = {}
    for u in carriers_for(state, side, hex_id, distance):
        pools.setdefault(u.hex or "", []).append(u)
    return pools


def _carriers(state: GJ74State, side: Side, hex_id: str, distance: int, origin: str) -> list[Unit]:
    """17.1(6)2: the carriers of one hex intercept together, up to their summed interception
    air; the defender names the hex (left out: the only one in range). Ruling: one hex's
    carriers, since 17.1(6)2 sums the interception air of carriers sharing a hex only."""
    pools = carrier_hexes(state, side, hex_id, distance)
    if not pools:
        raise RuleViolation("gj74.intercept.no_carriers", "GJ74 17.1(6)", n=distance)
    if not origin and len(pools) == 1:
        origin = next(iter(pools))
    if origin not in pools:
        raise RuleViolation("gj74.intercept.origin", "GJ74 17.1(6)", hex=origin or "-", n=distance)
    return pools[origin]


def _lose(state: GJ74State, side: Side, n: int) -> None:
    """17.2(2)2-3: aircraft hit go to the damaged box, never the sunk box."""
    state.aircraft[side] -= n
    state.aircraft_lost[side] = state.aircraft_lost.get(side, 0) + n
