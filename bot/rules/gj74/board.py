"""The components the GJ74 rules look things up in, cached: the hex map (2.2), the ship
classes (2.11), the Air Operations Table, and the scenarios of chapters 19 and 20 (data/gj74/)."""

from __future__ import annotations

from collections import deque
from functools import cache, lru_cache
from typing import Literal

from pydantic import Field

from bot.rules.core.data import data_dir
from bot.rules.core.sourced import DataError, Id, Loader, Sourced
from bot.rules.gj74.components import Components, ShipClass, load_components
from bot.rules.gj74.state import Side

SOUTH_COLUMN = 30
"""The south map edge (the stand-in grid's columns run north to south, NOTES.md 2)."""


class ScenarioData(Sourced):
    id: str
    first_turn: int = Field(ge=1)
    last_turn: int = Field(ge=1)
    first: Side
    blue_nations: tuple[str, ...]
    red_nations: tuple[str, ...]
    blue_aircraft: int = Field(ge=0)
    red_aircraft: int = Field(ge=0)
    blue_groups: int = Field(ge=1)
    red_groups: int = Field(ge=1)
    no_air_chits: bool = False
    sosus: bool = True
    end_of_day: bool = True
    no_landing_bonus: int = 0
    no_landing_place: str | None = None
    no_landing_side: Side | None = None
    hold_hex: str | None = None
    hold_vp: int = 0
    goal_name: str | None = None
    goal_hex: str | None = None
    goal_side: Side | None = None

    def nations(self, side: Side) -> tuple[str, ...]:
        return self.blue_nations if side == "blue" else self.red_nations


class Force(Sourced):
    scenario: str
    side: Side
    at: str | None = None
    also: tuple[str, ...] = ()
    within: int = Field(default=0, ge=0)
    entry: Literal["south"] | None = None
    types: tuple[str, ...]
    tech: int | None = None
    names: tuple[str, ...] = ()
    count: int = Field(ge=1)
    supply: int = Field(default=0, ge=0)


class LandingHex(Sourced):
    scenario: str
    side: Side | Literal["any"]
    place: Id
    supply: int = Field(ge=1)
    vp: int = Field(ge=1)


@cache
def comps() -> Components:
    return load_components()


@cache
def scenario_data() -> tuple[dict[str, ScenarioData], list[Force], list[LandingHex]]:
    ld = Loader(
        data_dir() / "gj74", {"scenarios.toml": frozenset({"scenarios", "forces", "landings"})}
    )
    scenarios = ld.records("scenarios.toml", "scenarios", ScenarioData)
    forces = ld.rows("scenarios.toml", "forces", Force)
    landings = ld.rows("scenarios.toml", "landings", LandingHex)
    places = comps().places
    for f in forces:
        if f.scenario not in scenarios:
            ld.problem("scenarios.toml", f"forces {f.scenario}", "no such scenario")
        for at in ([f.at] if f.at else []) + list(f.also):
            if at not in places and at not in comps().hexes:
                ld.problem("scenarios.toml", f"forces {f.scenario}", f"{at} is no place or hex")
        if (f.at is None) == (f.entry is None):
            ld.problem("scenarios.toml", f"forces {f.scenario}", "a force is placed or enters")
    for lh in landings:
        if lh.place not in places:
            ld.problem("scenarios.toml", f"landings {lh.scenario}", f"no place {lh.place}")
    if ld.problems:
        raise DataError(ld.problems, "GJ74")
    return scenarios, forces, landings


def scenario(sid: str) -> ScenarioData:
    return scenario_data()[0][sid]


def ship(cls: str) -> ShipClass:
    return comps().classes[cls]


def hex_of(place_or_hex: str) -> str:
    place = comps().places.get(place_or_hex)
    return place.hex if place is not None else place_or_hex


@lru_cache(maxsize=4096)
def axial(hex_id: str) -> tuple[int, int]:
    """Axial coordinates of the stand-in grid (even columns shifted toward higher rows)."""
    c, r = int(hex_id[:2]), int(hex_id[2:])
    return r - (c + (c & 1)) // 2, c


def distance(a: str, b: str) -> int:
    (q1, c1), (q2, c2) = axial(a), axial(b)
    dq, dc = q1 - q2, c1 - c2
    return (abs(dq) + abs(dc) + abs(dq + dc)) // 2


def within(center: str, radius: int) -> list[str]:
    return list(_within(center, radius))


@lru_cache(maxsize=4096)
def _within(center: str, radius: int) -> tuple[str, ...]:
    """Static map geometry, so cached (the menus ask it for every counter)."""
    return tuple(sorted(h for h in comps().hexes if distance(center, h) <= radius))


def belligerents(sid: str) -> frozenset[str]:
    s = scenario(sid)
    return frozenset(s.blue_nations + s.red_nations)


def navigable(sid: str, hex_id: str) -> bool:
    """A hex a ship may be in (8(4)): sea or coastal, never a neutral coast."""
    h = comps().hexes.get(hex_id)
    if h is None or h.terrain == "land":
        return False
    return h.terrain == "sea" or h.nation in belligerents(sid)


@lru_cache(maxsize=65536)
def step_ok(sid: str, a: str, b: str) -> bool:
    """One hex of movement (8(1), 8(4)): a neighbour, not across a land hexside."""
    return (
        b in comps().neighbours.get(a, frozenset())
        and navigable(sid, b)
        and frozenset((a, b)) not in comps().land_hexsides
    )


def south_edge(sid: str) -> list[str]:
    return list(_south_edge(sid))


@lru_cache(maxsize=16)
def _south_edge(sid: str) -> tuple[str, ...]:
    return tuple(h for h in comps().hexes if int(h[:2]) == SOUTH_COLUMN and navigable(sid, h))


def is_port(hex_id: str, nations: tuple[str, ...]) -> bool:
    return any(p.kind == "port" and p.owner in nations for p in comps().places_at(hex_id))


def enemy_coast(sid: str, side: Side, hex_id: str) -> bool:
    """A coastal hex of the enemy's colour (9.2(2)3, 9.3(2)2)."""
    h = comps().hexes[hex_id]
    enemy = scenario(sid).nations("red" if side == "blue" else "blue")
    return h.terrain == "coastal" and h.nation in enemy


def enemy_sosus(sid: str, side: Side, hex_id: str) -> bool:
    """A SOSUS hex of the enemy (9.2(2)4, 9.3(2)3); plain sea in 19.4(5)3."""
    s = scenario(sid)
    if not s.sosus:
        return False
    enemy = s.nations("red" if side == "blue" else "blue")
    return any(p.kind == "sosus" and p.owner in enemy for p in comps().places_at(hex_id))


@cache
def air_reach(sid: str, side: Side) -> dict[str, int]:
    """Hexes within 10 of a friendly air base, counted without passing a neutral coast
    (5.2(2)); the stand-in daytime range (NOTES.md 2)."""
    s = scenario(sid)
    starts = [
        p.hex for p in comps().places.values() if p.kind == "airbase" and p.owner in s.nations(side)
    ]
    seen = dict.fromkeys(starts, 0)
    queue = deque(starts)
    while queue:
        here = queue.popleft()
        if seen[here] >= 10:
            continue
        for there in comps().neighbours[here]:
            h = comps().hexes[there]
            if there in seen or (h.terrain == "coastal" and h.nation not in belligerents(sid)):
                continue
            seen[there] = seen[here] + 1
            queue.append(there)
    return seen


def night(turn: int) -> bool:
    """4.3: the fifth and sixth turns of each day (21:00-24:00, 01:00-04:00)."""
    return (turn - 1) % 6 >= 4


def place_hex(place: str) -> str:
    return comps().places[place].hex
