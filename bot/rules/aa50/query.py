"""Questions the rules ask of a position: who is where, what is friendly or hostile (2.2, 2.3),
what a unit can do now (7)."""

from __future__ import annotations

from bot.rules.aa50 import board
from bot.rules.aa50.components import CARRIER_CAPACITY
from bot.rules.aa50.state import Aa50State, Unit

Occupancy = dict[str, list[Unit]]
"""Units by the space they stand in: built once for a menu or a check (``occupancy``)."""


def occupancy(state: Aa50State) -> Occupancy:
    out: Occupancy = {}
    for u in state.units.values():
        out.setdefault(u.at, []).append(u)
    return out


def at(state: Aa50State, where: str, occ: Occupancy | None = None) -> list[Unit]:
    if occ is not None:
        return occ.get(where, [])
    return [u for u in state.units.values() if u.at == where]


def enemies_at(
    state: Aa50State, where: str, power: str, occ: Occupancy | None = None
) -> list[Unit]:
    return [u for u in at(state, where, occ) if not board.allied(u.owner, power)]


def hostile_sea(state: Aa50State, zone: str, power: str, occ: Occupancy | None = None) -> bool:
    """2.3: a sea zone with an enemy surface warship (submarines and transports do not count)."""
    return any(
        u.type in board.SURFACE_WARSHIPS and not u.carried_by
        for u in enemies_at(state, zone, power, occ)
    )


def enemy_destroyer(state: Aa50State, zone: str, power: str, occ: Occupancy | None = None) -> bool:
    return any(u.type == "destroyer" for u in enemies_at(state, zone, power, occ))


def friendly_land(state: Aa50State, tid: str, power: str) -> bool:
    """2.2: a territory controlled by your side."""
    owner = state.owners.get(tid)
    return owner is not None and board.allied(owner, power)


def enemy_land(state: Aa50State, tid: str, power: str) -> bool:
    owner = state.owners.get(tid)
    return owner is not None and not board.allied(owner, power)


def friendly_at_start(state: Aa50State, tid: str, power: str) -> bool:
    """5.6.1.2, 5.7: friendly at the start of this turn, and not taken since."""
    owner = state.start_owners.get(tid)
    return (
        owner is not None
        and board.allied(owner, power)
        and friendly_land(state, tid, power)
        and tid not in state.conquered
    )


def china_may_enter(state: Aa50State, tid: str) -> bool:
    """Rule 4: Chinese units go only into the Chinese territories (note 13); Kwangtung, never
    China's, only while the Axis holds it, to take it back (for the UK)."""
    if tid not in board.CHINA_TERRITORIES:
        return False
    return tid != "kwangtung" or enemy_land(state, tid, "chinese")


def has(state: Aa50State, power: str, advance: str) -> bool:
    return advance in state.tech.get(power, [])


def move_range(state: Aa50State, unit: Unit) -> int:
    """7: a unit's movement; Long-range Aircraft adds 2 to fighters and bombers (5.2.3)."""
    base = board.unit_type(unit.type).move
    if unit.type in board.AIR_UNITS and has(state, unit.owner, "long_range_aircraft"):
        base += 2
    return base


def cargo(state: Aa50State, ship: Unit) -> list[Unit]:
    return [u for u in state.units.values() if u.carried_by == ship.id]


def deck_room(state: Aa50State, zone: str, power: str) -> int:
    """7.3.2: room left for fighters on your side's carriers in a sea zone."""
    carriers = [u for u in at(state, zone) if u.type == "carrier" and board.allied(u.owner, power)]
    fighters = [u for u in at(state, zone) if u.type == "fighter" and board.allied(u.owner, power)]
    return CARRIER_CAPACITY * len(carriers) - len(fighters)


def own_deck_room(state: Aa50State, zone: str, power: str) -> int:
    """5.7.1: room for new fighters on ``power``'s own carriers in a zone (not an ally's)."""
    return sum(
        CARRIER_CAPACITY - len(cargo(state, c))
        for c in at(state, zone)
        if c.type == "carrier" and c.owner == power
    )


def factory_at(state: Aa50State, tid: str) -> Unit | None:
    return next((u for u in at(state, tid) if u.type == "factory"), None)


def combatants(state: Aa50State, where: str, power: str) -> list[Unit]:
    """A battle's attacking units: the attacker's own, not cargo (5.5.4: allies never join)."""
    return [
        u
        for u in at(state, where)
        if u.owner == power
        and u.type not in ("factory", "aa_gun")
        and not u.bombed  # a raiding bomber fights in no other battle (5.5.1)
        and not u.submerged
        and not u.withdrawn  # retreated aircraft (5.5.2.3)
        and (u.carried_by is None or u.type == "fighter")  # own fighters take off (5.4.5)
    ]


def defenders(state: Aa50State, where: str, power: str) -> list[Unit]:
    """5.5.4.1: every enemy unit there defends together; cargo on transports does not fight
    (7.3.6), fighters on carriers do (7.3.2); factories and AA guns are not battle units."""
    out = []
    for u in enemies_at(state, where, power):
        if u.type in ("factory", "aa_gun"):
            continue
        if (u.carried_by is not None and u.type != "fighter") or u.submerged:
            continue
        out.append(u)
    return out


def victory_cities(state: Aa50State) -> dict[str, int]:
    """2.7: victory cities each side controls."""
    out = {"axis": 0, "allies": 0}
    for tid, owner in state.owners.items():
        if board.territory(tid).victory_city:
            out[board.alliance(owner)] += 1
    return out


def capital_held(state: Aa50State, power: str) -> bool:
    """5.5.3.8: a power whose capital the enemy holds collects nothing and buys nothing."""
    cap = board.capitals().get(power)
    return cap is None or state.owners.get(cap) == power
