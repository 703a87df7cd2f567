"""AA50 7.2 (suicide runs and carrier pick-ups): in the combat move a power may declare that
one of its carriers will pick fighters up in a sea zone in the noncombat move. The declared
zone then counts as a landing place for its fighters' routes (5.4.2); the carrier may not
move in the combat move, and in the noncombat move only to that zone.

5.4.2 and its note 26: a carrier bought this turn may be declared (``NEW``) for a sea zone
where one of the power's factories can place it; fighters may attack counting on it, and it
is placed there when the mobilization opens, whatever became of them (``place_declared``).

Rulings:
- The carrier must be the power's own: an ally's carrier moves in its own turn.
- The zone must be one the carrier could reach in the noncombat move from where it stands.
- The rulebook binds the carrier to its declaration; the engine keeps it: when the noncombat
  move ends with the carrier elsewhere, it sails to its zone by itself (if it still can), so
  ending the move is always legal and no declaration is left unkept by a deadline."""

from __future__ import annotations

from bot.rules.aa50 import board, mobilize, movement
from bot.rules.aa50.actions import Pickup, Place
from bot.rules.aa50.board import Power
from bot.rules.aa50.state import Aa50State
from bot.rules.aa50.words import ev
from bot.rules.core import Event, RuleViolation

SECTION = "AA50 7.2"


NEW = "new"
"""The ``carrier`` of a pick-up declared for a carrier bought this turn (5.4.2, note 26)."""


def carriers(state: Aa50State, power: str) -> dict[str, list[str]]:
    """Own carriers that may still be declared, each with the zones it could pick up in; a
    carrier bought this turn (``NEW``) with the zones it could be placed in."""
    out: dict[str, list[str]] = {}
    for u in state.units.values():
        if u.owner != power or u.type != "carrier" or u.moved or u.id in state.pickups:
            continue
        zones = sorted({u.at, *movement.paths(state, u, False)})
        out[u.id] = zones
    seas = new_zones(state, power)
    if seas:
        out[NEW] = seas
    return out


def new_zones(state: Aa50State, power: str) -> list[str]:
    """5.4.2: sea zones where a carrier bought and not yet declared may be placed: beside a
    factory of the power's that can place one more unit than the carriers declared near it
    (5.7.1)."""
    if state.pending.get(power, {}).get("carrier", 0) <= len(state.new_decks):
        return []
    out: set[str] = set()
    for f in state.units.values():
        if f.type != "factory" or f.owner != power:
            continue
        seas = [z for z in board.adjacent(f.at) if board.is_sea(z)]
        near = sum(1 for z in state.new_decks if z in seas)
        if mobilize.capacity(state, f.at) > near:
            out.update(seas)
    return sorted(out)


def place_declared(state: Aa50State) -> list[Event]:
    """Note 26: each carrier declared in the combat move is placed in its zone (it must be,
    even if the fighters that counted on it were lost)."""
    events: list[Event] = []
    for zone in state.new_decks:
        if state.pending.get(state.power, {}).get("carrier", 0) <= 0:
            break
        if zone in mobilize.spots(state, "carrier"):
            events += mobilize.place(state, Place(unit="carrier", count=1, where=zone))
    state.new_decks = []
    return events


def declare(state: Aa50State, power: Power, action: Pickup) -> list[Event]:
    if state.phase != "combat_move":
        raise RuleViolation("aa50.pickup.not_now", SECTION)
    zones = carriers(state, power).get(action.carrier)
    if zones is None:
        raise RuleViolation("aa50.pickup.no_carrier", SECTION)
    if action.zone not in zones:
        raise RuleViolation("aa50.pickup.out_of_reach", SECTION, to=action.zone)
    if action.carrier == NEW:
        state.new_decks.append(action.zone)
    else:
        state.pickups[action.carrier] = action.zone
    return [ev("aa50.pickup", power=power, where=action.zone)]


def keep(state: Aa50State) -> list[Event]:
    """The noncombat move ends: a declared carrier not in its zone sails there now."""
    events: list[Event] = []
    for cid, zone in sorted(state.pickups.items()):
        c = state.units.get(cid)
        if c is None or c.at == zone or c.owner != state.power:
            continue
        route = movement.paths(state, c, False).get(zone)
        if route is None:
            continue  # it cannot get there any more: the fighters waiting crash (5.6.1.2)
        movement.sail(state, c, zone, len(route))
        events.append(ev("aa50.moved", power=c.owner, units=[cid], to=zone))
    return events
