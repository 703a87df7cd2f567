"""AA50 7.3.6 transports: loading and unloading (5.4.3 amphibious assaults, 5.4.8, 5.5.4.2
allied transports, 5.6.1.3)."""

from __future__ import annotations

from bot.rules.aa50 import board, query
from bot.rules.aa50.actions import Load, Unload
from bot.rules.aa50.components import TRANSPORT_CAPACITY, TRANSPORT_OTHERS
from bot.rules.aa50.state import Aa50State, Unit
from bot.rules.aa50.words import ev
from bot.rules.core import Event, RuleViolation


def can_carry(state: Aa50State, ship: Unit, units: list[Unit]) -> bool:
    """7.3.6: two land units, at most one of them other than infantry."""
    aboard = [*query.cargo(state, ship), *units]
    others = sum(1 for u in aboard if u.type != "infantry")
    return len(aboard) <= TRANSPORT_CAPACITY and others <= TRANSPORT_OTHERS


def loadable(state: Aa50State, power: str, combat: bool) -> list[Unit]:
    """Land units that may board now: not moved this turn (loading is their move, 7.3.6),
    not Chinese (rule 4), no AA gun in the combat move (7.1.4)."""
    return [
        u
        for u in state.units.values()
        if u.owner == power
        and power != "chinese"
        and u.type in board.LAND_UNITS
        and u.carried_by is None
        and u.moved == 0
        and not u.captured
        and not (combat and u.type == "aa_gun")
        and not board.is_sea(u.at)
    ]


def ships(state: Aa50State, power: str) -> list[Unit]:
    """Transports of your side that may take cargo (in a zone without enemy warships, not
    unloaded this turn): your own in your turn, an ally's too (5.5.4.2)."""
    return [
        s
        for s in state.units.values()
        if s.type == "transport"
        and board.allied(s.owner, power)
        and not s.unloaded
        and not query.hostile_sea(state, s.at, power)
    ]


def load(state: Aa50State, power: str, action: Load, combat: bool) -> list[Event]:
    section = "AA50 7.3.6"
    ship = state.units.get(action.transport)
    ok = {u.id for u in loadable(state, power, combat)}
    if ship is None or ship.id not in {s.id for s in ships(state, power)}:
        raise RuleViolation("aa50.load.no_transport", section)
    units = [state.units[i] for i in action.units if i in ok]
    if len(units) != len(action.units):
        raise RuleViolation("aa50.load.not_loadable", section)
    if any(ship.at not in board.adjacent(u.at) for u in units):
        raise RuleViolation("aa50.load.not_adjacent", section)
    if not can_carry(state, ship, units):
        raise RuleViolation("aa50.load.full", section)
    for u in units:
        u.came_from = u.at  # where it boarded from (take_back)
        u.at, u.carried_by, u.loaded = ship.at, ship.id, True
        u.moved = board.unit_type(u.type).move
        u.combat = u.combat or combat
    return [ev("aa50.loaded", units=action.units, transport=ship.id)]


def unloadable(state: Aa50State, power: str) -> list[Unit]:
    """Transports holding cargo of yours that may unload now (once a turn, 7.3.6)."""
    out = []
    for s in state.units.values():
        if s.type != "transport" or s.unloaded or not board.allied(s.owner, power):
            continue
        mine = [c for c in query.cargo(state, s) if c.owner == power and c.assault is None]
        # 5.5.4.2: cargo on an ally's transport lands in its own next turn, not the turn it
        # boarded.
        if mine and not (s.owner != power and any(c.loaded for c in mine)):
            out.append(s)
    return out


def targets(state: Aa50State, ship: Unit, power: str, combat: bool) -> list[str]:
    """Where a transport may unload: a coastal territory next to it; in the combat move an
    enemy one (an amphibious assault, 5.4.3), in the noncombat move a friendly one."""
    out = []
    for t in board.adjacent(ship.at):
        if board.is_sea(t) or not board.passable(t):
            continue
        enemy = query.enemy_land(state, t, power)
        if (combat and enemy) or (not combat and query.friendly_land(state, t, power)):
            out.append(t)
    return out


def unload(state: Aa50State, power: str, action: Unload, combat: bool) -> list[Event]:
    section = "AA50 7.3.6"
    ship = state.units.get(action.transport)
    if ship is None or ship.id not in {s.id for s in unloadable(state, power)}:
        raise RuleViolation("aa50.unload.no_transport", section)
    if action.to not in targets(state, ship, power, combat):
        raise RuleViolation("aa50.unload.bad_target", section, to=action.to)
    if not combat and query.hostile_sea(state, ship.at, power):
        raise RuleViolation("aa50.unload.hostile_zone", section)
    cargo = [c for c in query.cargo(state, ship) if c.owner == power]
    if action.units and set(action.units) != {c.id for c in cargo}:
        # 7.3.6: part of the cargo only from your own transport, and only units aboard since
        # the turn began (what was loaded this turn goes ashore whole, note 62).
        free = {c.id for c in cargo if not c.loaded} if ship.owner == power else set()
        if not set(action.units) <= free:
            raise RuleViolation("aa50.unload.part", section)
        cargo = [c for c in cargo if c.id in action.units]
    for c in cargo:
        c.moved = board.unit_type(c.type).move
        c.combat = c.combat or combat
        if combat:
            c.assault = action.to  # lands when the battle is fought (5.5.2)
        else:
            c.at, c.carried_by = action.to, None
    ship.unloaded = True
    if combat:
        ship.combat = True
        if action.to not in state.battles:
            state.battles.append(action.to)
        zones = state.assaults.setdefault(action.to, [])
        if ship.at not in zones:
            zones.append(ship.at)  # 5.5.2: its sea combat comes first (combat/order.py)
    return [ev("aa50.unloaded", transport=ship.id, to=action.to)]


def take_back(state: Aa50State, power: str) -> list[Event]:
    """Note 62 (7.3.6): land units that board in the combat move must land in an amphibious
    assault this turn. When the combat move ends, those still aboard with no landing declared,
    in a zone where no sea battle is to be fought, were never to land. Ruling: their boarding
    is taken back (they stand where they boarded from, unmoved), since the rulebook forbids
    the move without saying what then; refusing the end of the phase would leave a deadline
    nothing legal to do. In a zone with a sea battle the transport must retreat from it
    (7.3.6; combat/battle.must_retreat)."""
    back = []
    for c in state.units.values():
        if c.owner != power or not (c.loaded and c.combat) or c.carried_by is None:
            continue
        ship = state.units[c.carried_by]
        if c.assault is not None or query.defenders(state, ship.at, power):
            continue
        if c.came_from is None or not query.friendly_land(state, c.came_from, power):
            continue
        c.at, c.carried_by, c.came_from = c.came_from, None, None
        c.loaded, c.combat, c.moved = False, False, 0
        back.append(c.id)
    return [ev("aa50.taken_back", units=sorted(back))] if back else []
