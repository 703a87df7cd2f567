"""The battlefield and the tiles as the rules look them up (Pocket Battles 1.1): cached
components and named queries, so no rule module hard-codes a zone or a factor."""

from __future__ import annotations

from functools import cache

from bot.rules.pocket_battles.components import Components, Tile, Zone, load_components
from bot.rules.pocket_battles.state import SIDES, PocketBattlesState, Side, Unit


@cache
def comps() -> Components:
    return load_components()


def tile(tile_id: str) -> Tile:
    return comps().tiles[tile_id]


def zone(zone_id: str) -> Zone:
    return comps().zones[zone_id]


def zone_ids() -> tuple[str, ...]:
    return tuple(comps().zones)


def enemy(side: Side) -> Side:
    return SIDES[1 - SIDES.index(side)]


def zone_at(owner: Side | None, row: str, column: int) -> str:
    """The zone of ``owner`` (None: the shared engagement zones) in this row and sector."""
    for z in comps().zones.values():
        if z.owner == owner and z.row == row and z.column == column:
            return z.id
    raise KeyError((owner, row, column))


def own_zones(side: Side) -> tuple[str, ...]:
    """A side's six deployment zones (Pocket Battles 4.2: not the engagement zones)."""
    return tuple(z.id for z in comps().zones.values() if z.owner == side)


def is_engagement(zone_id: str) -> bool:
    return zone(zone_id).row == "engagement"


def neighbours(zone_id: str) -> frozenset[str]:
    """Orthogonally adjacent zones (Pocket Battles 5.1: no diagonal moves)."""
    return comps().neighbours[zone_id]


def adjacent_columns(column: int) -> tuple[int, ...]:
    """The sectors next to this one (1.2: a unit fights in its own sector unless a rule says
    otherwise)."""
    return tuple(c for c in (column - 1, column + 1) if 1 <= c <= 3)


def tiles_of(unit: Unit) -> list[Tile]:
    return [tile(t.tile) for t in unit.troops]


def living(state: PocketBattlesState, side: Side | None = None) -> list[Unit]:
    """Units on the battlefield (placed, not destroyed), of one side or both."""
    return [
        u
        for u in state.units.values()
        if not u.destroyed and u.zone is not None and (side is None or u.side == side)
    ]


def units_in(state: PocketBattlesState, zone_id: str, side: Side | None = None) -> list[Unit]:
    return [u for u in living(state, side) if u.zone == zone_id]


@cache
def _trait_ids(tile_id: str) -> frozenset[str]:
    return frozenset(ref.id for ref in tile(tile_id).traits)


def has_trait(unit: Unit, trait_id: str) -> bool:
    """A trait of any troop counts for the whole unit (NOTES.md: as Fast does, SD)."""
    return any(trait_id in _trait_ids(t.tile) for t in unit.troops)


def trait_x(unit: Unit, trait_id: str) -> int:
    """The sum of the +X of a trait over the unit's troops (9.10-9.12)."""
    total = 0
    for t in unit.troops:
        ref = tile(t.tile).trait(trait_id)
        if ref is not None and ref.x is not None:
            total += ref.x
    return total


def engagement_numbers(unit: Unit) -> list[int]:
    return [n for t in tiles_of(unit) for n in t.engagement]


def shooting_numbers(unit: Unit) -> list[int]:
    return [n for t in tiles_of(unit) for n in t.shooting]


def formation_limit(tile_ids: list[str]) -> int:
    """Pocket Battles 3.3: the lowest formation value among the unit's tiles."""
    return min(tile(t).formation for t in tile_ids)


def unit_points(unit: Unit) -> int:
    return sum(tile(t.tile).points for t in unit.troops)


def wounds_on(unit: Unit) -> int:
    return sum(t.damage for t in unit.troops)
