"""AA50 board look-ups: the component data cached once and the questions the rules ask of it:
the board (2.1), territories and neutrals (2.2), sea zones (2.3), moving between adjacent
spaces (2.4), islands (2.5), canals (2.6); the units (7)."""

from __future__ import annotations

from functools import cache
from typing import Literal, get_args

from bot.rules.aa50.components import Components, Territory, UnitType, load_components

Power = Literal["germans", "russians", "japanese", "british", "italians", "americans", "chinese"]
"""The six powers and China (rulebook 1.3, 4), by the data's ids."""
Seat = Literal["germans", "russians", "japanese", "british", "italians", "americans"]
"""The seats: one per power; China is played by the US player (rulebook 4)."""
UnitId = Literal[
    "infantry",
    "artillery",
    "armour",
    "aa_gun",
    "factory",
    "fighter",
    "bomber",
    "battleship",
    "carrier",
    "cruiser",
    "destroyer",
    "submarine",
    "transport",
]
POWERS: tuple[Power, ...] = get_args(Power)
SEATS: tuple[Seat, ...] = get_args(Seat)
UNIT_TYPES: tuple[UnitId, ...] = get_args(UnitId)
LAND_UNITS = frozenset({"infantry", "artillery", "armour", "aa_gun"})
AIR_UNITS = frozenset({"fighter", "bomber"})
SEA_UNITS = frozenset({"battleship", "carrier", "cruiser", "destroyer", "submarine", "transport"})
# 7.3: battleships, carriers, cruisers and destroyers are "surface warships".
SURFACE_WARSHIPS = frozenset({"battleship", "carrier", "cruiser", "destroyer"})
# Rule 4, footnote 13: the ten territories Chinese units may enter and that count for China's
# infantry (Kwangtung only when the Axis holds it). Ruling: kept beside the board as the
# rulebook prints it; the converter has no China table yet.
CHINA_TERRITORIES = frozenset(
    {
        "manchuria",
        "kiangsu",
        "suiyuan",
        "ningxia",
        "chinghai",
        "fukien",
        "hupeh",
        "sikang",
        "kwangtung",
        "yunnan",
    }
)


@cache
def comps() -> Components:
    return load_components()


def seat_of(power: Power) -> Seat:
    """Rule 4: the US player plays China."""
    return "americans" if power == "chinese" else power


@cache  # static data; the engine asks these hundreds of thousands of times a game
def alliance(power: str) -> str:
    return comps().powers[power].alliance


@cache  # static data; the engine asks these hundreds of thousands of times a game
def allied(a: str, b: str) -> bool:
    return alliance(a) == alliance(b)


def territory(tid: str) -> Territory:
    return comps().territories[tid]


def unit_type(uid: str) -> UnitType:
    return comps().units[uid]


@cache  # static data; the engine asks these hundreds of thousands of times a game
def is_sea(tid: str) -> bool:
    return comps().territories[tid].sea


@cache  # static data; the engine asks these hundreds of thousands of times a game
def adjacent(tid: str) -> tuple[str, ...]:
    return comps().territories[tid].adjacent


@cache  # static data; the engine asks these hundreds of thousands of times a game
def passable(tid: str) -> bool:
    """2.2: neutrals may be neither entered nor flown over."""
    return not comps().territories[tid].impassable


def canal_between(a: str, b: str) -> tuple[str, ...] | None:
    """2.6: the territories that control the canal between two sea zones, if there is one."""
    for c in comps().canals.values():
        if set(c.sea_zones) == {a, b}:
            return c.controlled_by
    return None


@cache
def territory_ids() -> tuple[str, ...]:
    return tuple(sorted(comps().territories))


@cache
def distances(start: str, air: bool) -> dict[str, int]:
    """Shortest distance from ``start`` to every space an aircraft (any passable space) or a
    ship (sea zones only, canals ignored) could reach, for range checks (7.2)."""
    out = {start: 0}
    frontier = [start]
    while frontier:
        nxt: list[str] = []
        for here in frontier:
            for there in adjacent(here):
                if there in out or not passable(there):
                    continue
                if not air and not is_sea(there):
                    continue
                out[there] = out[here] + 1
                nxt.append(there)
        frontier = nxt
    return out


@cache
def capitals() -> dict[str, str]:
    """5.5.3.8: each power's capital (China has none, rule 4), from the map data."""
    return {t.capital_of: t.id for t in comps().territories.values() if t.capital_of}
