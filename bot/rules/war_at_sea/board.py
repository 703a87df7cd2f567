"""The engine's questions about the board and the counters, answered from components.py.

Everything printed on the map or the counters (areas, ports, adjacency, symbols, the turn
track, factors) comes from ``load_components()``; this module only caches it and names the
look-ups the rules need.
"""

from __future__ import annotations

from functools import lru_cache

from bot.rules.war_at_sea.components import Components, Port, SeaArea, load_components
from bot.rules.war_at_sea.state import Side

SIDES: tuple[Side, ...] = ("allies", "axis")
NEUTRAL_PORT = "south_america"  # War at Sea 2.3
BALTIC = "baltic_sea"
NORTH_ATLANTIC = "north_atlantic"
SOUTH_ATLANTIC = "south_atlantic"
BARENTS = "barents_sea"
MEDITERRANEAN = "mediterranean"
NORTH_SEA = "north_sea"
GERMANY = "germany"
ENGLAND = "england"
MALTA = "malta"
USA = "usa"
ITALY = "italy"
FRANCE = "france"
RUSSIA = "russia"
LENINGRAD = "leningrad"
MAX_UBOATS = 7  # War at Sea 8.6
MED_HOLD = 4  # War at Sea 16.4: turns in a row the Axis holds the Mediterranean


@lru_cache(maxsize=1)
def comps() -> Components:
    return load_components()


def other(side: Side) -> Side:
    return "axis" if side == "allies" else "allies"


def is_area(loc: str | None) -> bool:
    return loc is not None and loc in comps().areas


def is_port(loc: str | None) -> bool:
    return loc is not None and loc in comps().ports


def area(area_id: str) -> SeaArea:
    return comps().areas[area_id]


def port(port_id: str) -> Port:
    return comps().ports[port_id]


def areas() -> list[str]:
    return list(comps().areas)


def ports() -> list[str]:
    return list(comps().ports)


def locations() -> list[str]:
    return areas() + ports()


def adjacent_areas(loc: str) -> tuple[str, ...]:
    """Sea areas one move away: neighbours of an area, or the areas a port borders."""
    if is_area(loc):
        return area(loc).adjacent
    return port(loc).areas


def ports_bordering(area_id: str) -> list[str]:
    return [p.id for p in comps().ports_of(area_id)]


def air_symbol(loc: str, side: Side) -> bool:
    """War at Sea 9.1: white aircraft for the Allies, red for the Axis."""
    rec = area(loc) if is_area(loc) else port(loc)
    return rec.air_strike_allies if side == "allies" else rec.air_strike_axis


def air_symbol_locations(side: Side) -> list[str]:
    return [loc for loc in locations() if air_symbol(loc, side)]


def lba_strength(side: Side) -> int:
    """War at Sea 3.4, 9.1: each side's land-based air has strength 3."""
    for unit in comps().units.values():
        if unit.type == "land_based_air" and unit.side == side:
            return unit.air
    return 0


def turn_count() -> int:
    return comps().turn_count


@lru_cache(maxsize=1)
def _location_set() -> frozenset[str]:
    return frozenset(locations())


def is_location(loc: object) -> bool:
    return isinstance(loc, str) and loc in _location_set()
