"""Carrier air operations (GJ74 7.3): with the TF chit a side may use its carriers' aircraft
instead of moving ships (7.1(2)). The range is declared from the carriers (7.3(2)), one die
is read in the carrier column plus the lowest tech level of the carriers used (7.3(3)-(4));
each carrier (or the carriers of one hex together, 7.3.1(4)) launches no more anti-ship
actions than its anti-ship air factor and no more ASW actions than its ASW air factor
(7.3.1(1)-(3)). Aircraft from one hex's carriers strike as one group (23.0 example 3)."""

from __future__ import annotations

from bot.rules.core import Dice, Event, RuleViolation, t
from bot.rules.core.text import die
from bot.rules.gj74 import board
from bot.rules.gj74.actions import CarrierRange
from bot.rules.gj74.state import AirOp, GJ74State, Side, Unit
from bot.rules.gj74.units import show, unit_tech

SECTION = "GJ74 7.3"


def is_carrier(u: Unit) -> bool:
    """2.11(1): a surface ship with air factors (CV, DDH, some LST and the LHD)."""
    c = board.ship(u.cls)
    return not u.sub and (c.air_anti_ship > 0 or c.air_asw > 0)


def ready(state: GJ74State, side: Side) -> list[Unit]:
    return sorted(
        (
            u
            for u in state.units.values()
            if u.side == side and u.status == "map" and not u.acted and is_carrier(u)
        ),
        key=lambda u: u.id,
    )


def declare(state: GJ74State, side: Side, a: CarrierRange, dice: Dice) -> list[Event]:
    if state.surface_air is not None:
        raise RuleViolation("gj74.surface.air_chosen", "GJ74 7.1(2)")
    mine = {u.id: u for u in ready(state, side)}
    if (
        not a.carriers
        or not set(a.carriers) <= set(mine)
        or len(set(a.carriers)) != len(a.carriers)
    ):
        raise RuleViolation("gj74.carrier.not_yours", SECTION)
    used = [mine[x] for x in a.carriers]
    tech = min(unit_tech(state, u) for u in used)  # 22.4 too
    face = dice.roll(t("gj74.die.carrier_ops", side=t(f"gj74.seat.{side}").model_dump()))
    from bot.rules.gj74.optional import air_modifier

    bonus = tech - (2 if board.night(state.turn) else 0) + air_modifier(state, side)  # 22.3
    actions = board.comps().air_actions("carrier_air_ops", a.distance, face + bonus)
    if actions is None:
        raise RuleViolation("gj74.carrier.too_far", SECTION, n=a.distance)
    origins: dict[str, list[int]] = {}
    events: list[Event] = []
    for u in used:
        c = board.ship(u.cls)
        pool = origins.setdefault(u.hex or "", [0, 0])
        pool[0] += c.air_anti_ship
        pool[1] += c.air_asw
        u.acted = True
        events += show(u)  # 7.3(1): shown to act, turned back after
    state.surface_air = True
    state.air = AirOp(carrier=True, distance=a.distance, actions=actions, origins=origins)
    return [
        *events,
        Event(
            kind="gj74.carrier_actions",
            params={
                "side": side,
                "distance": a.distance,
                "die": die(face, bonus=bonus),
                "n": actions,
            },
        ),
    ]


def take(op: AirOp, origin: str, hex_id: str, sub: bool, n: int) -> None:
    """7.3.1(2)-(3): within range of the launching carriers, and within their air factor."""
    pool = op.origins.get(origin)
    if pool is None:
        raise RuleViolation("gj74.carrier.origin", SECTION, hex=origin)
    if op.distance is None or board.distance(origin, hex_id) > op.distance:
        raise RuleViolation("gj74.air.out_of_range", "GJ74 7.3.1", hex=hex_id, n=op.distance or 0)
    k = 1 if sub else 0
    if n > pool[k]:
        raise RuleViolation("gj74.carrier.factor", "GJ74 7.3.1", n=pool[k])
    pool[k] -= n
