"""Axis & Allies 50th Anniversary component data (data/aa50/*.toml, written by
scripts/convert_aa50.py from TripleA's game files and checked against the rulebook).

`load_components` reads every file, cross-checks them (adjacency symmetric, every placed unit
legal where it stands, each scenario's IPCs and victory cities as rulebook 3.1/3.2 print them)
and raises one `DataError` naming every problem.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.core.data import data_dir as default_data_dir
from bot.rules.core.sourced import DataError, Id, Loader, Report, Sourced, check_adjacency

GAME_DIR = "aa50"
Alliance = Literal["axis", "allies"]
UnitKind = Literal["land", "air", "sea", "building"]
SCENARIOS = ("1941", "1942")
CARRIER_CAPACITY = 2  # rulebook 7.3.2: a carrier carries up to 2 fighters
# Rulebook 7.3.6: a transport carries 2 land units, at most 1 of them other than infantry.
TRANSPORT_CAPACITY, TRANSPORT_OTHERS = 2, 1
# Rulebook 3.1 / 3.2: victory cities each side holds at the start.
START_CITIES: dict[str, dict[Alliance, int]] = {
    "1941": {"axis": 6, "allies": 12},
    "1942": {"axis": 8, "allies": 10},
}
# Rulebook 3.1: the starting IPCs of the 1941 set-up table (3.2 repeats them: see units.toml).
RULEBOOK_1941_IPCS = {
    "germans": 31,
    "japanese": 17,
    "italians": 10,
    "americans": 40,
    "british": 43,
    "russians": 30,
}


class Power(Sourced):
    id: Id
    name: str = Field(min_length=1)
    name_zh: str = Field(min_length=1)
    alliance: Alliance
    colour: str = Field(pattern=r"^#[0-9a-f]{6}$")


class Territory(Sourced):
    id: Id
    name: str = Field(min_length=1)
    name_zh: str = Field(min_length=1)
    sea: bool
    ipc: int = Field(ge=0)
    island: bool = False
    impassable: bool = False
    capital_of: Id | None = None
    victory_city: str | None = None
    victory_city_zh: str | None = None
    adjacent: tuple[Id, ...] = Field(min_length=1)


class Canal(Sourced):
    id: Id
    name: str = Field(min_length=1)
    name_zh: str = Field(min_length=1)
    sea_zones: tuple[Id, Id]
    controlled_by: tuple[Id, ...] = Field(min_length=1)


class UnitType(Sourced):
    id: Id
    name: str = Field(min_length=1)
    name_zh: str = Field(min_length=1)
    kind: UnitKind
    cost: int = Field(ge=1)
    attack: int = Field(ge=0)
    defense: int = Field(ge=0)
    move: int = Field(ge=0)
    hits: int = Field(ge=1)
    shipyards_cost: int | None = Field(default=None, ge=1)


class Objective(Sourced):
    id: Id
    power: Id
    value: int = Field(ge=1)
    territories: tuple[Id, ...] = Field(min_length=1)
    count: int = Field(ge=1)
    no_allied_units: bool = False
    no_enemy_surface_ships: tuple[Id, ...] = ()


class Advance(Sourced):
    id: Id
    chart: Literal["chart_1", "chart_2"]
    roll: int = Field(ge=1, le=6)
    name: str = Field(min_length=1)
    name_zh: str = Field(min_length=1)


class ScenarioHead(Sourced):
    id: Literal["1941", "1942"]
    turn_order: tuple[Id, ...] = Field(min_length=1)


class StartingIpcs(Sourced):
    power: Id
    ipcs: int = Field(ge=0)


class Owner(Sourced):
    territory: Id
    power: Id
    original: Id | None = None  # the original owner when another power holds it at the start


class Placement(Sourced):
    territory: Id
    power: Id
    unit: Id
    count: int = Field(ge=1)


class Scenario(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    turn_order: tuple[str, ...]
    ipcs: dict[str, int]
    owners: dict[str, Owner]
    placements: tuple[Placement, ...]


class Components(BaseModel):
    model_config = ConfigDict(frozen=True)

    powers: dict[str, Power]
    territories: dict[str, Territory]
    canals: dict[str, Canal]
    units: dict[str, UnitType]
    objectives: dict[str, Objective]
    advances: dict[str, Advance]
    scenarios: dict[str, Scenario]

    def alliance(self, power: str) -> Alliance:
        return self.powers[power].alliance


FILES: dict[str, frozenset[str]] = {
    "powers.toml": frozenset({"powers"}),
    "map.toml": frozenset({"territories", "canals"}),
    "units.toml": frozenset({"units"}),
    "objectives.toml": frozenset({"objectives"}),
    "tech.toml": frozenset({"advances"}),
    **{
        f"scenario_{y}.toml": frozenset({"scenario", "starting_ipcs", "owners", "placements"})
        for y in SCENARIOS
    },
}


def load_components(data_dir: Path | None = None) -> Components:
    """Read and cross-check every AA50 data file; raise DataError listing all problems."""
    root = (data_dir if data_dir is not None else default_data_dir()) / GAME_DIR
    ld = Loader(root, FILES)
    powers = ld.records("powers.toml", "powers", Power)
    territories = ld.records("map.toml", "territories", Territory)
    canals = ld.records("map.toml", "canals", Canal)
    units = ld.records("units.toml", "units", UnitType)
    objectives = ld.records("objectives.toml", "objectives", Objective)
    advances = ld.records("tech.toml", "advances", Advance)
    _check_map(ld.problem, territories, canals, powers)
    _check_objectives(ld.problem, objectives, territories, powers)
    _check_advances(ld.problem, advances)
    scenarios: dict[str, Scenario] = {}
    for year in SCENARIOS:
        file = f"scenario_{year}.toml"
        head = ld.single(file, "scenario", ScenarioHead)
        ipcs = ld.records(file, "starting_ipcs", StartingIpcs, key="power")
        owners = ld.records(file, "owners", Owner, key="territory")
        placements = tuple(ld.rows(file, "placements", Placement))
        if head is None:
            continue
        scenario = Scenario(
            id=year,
            turn_order=head.turn_order,
            ipcs={p: r.ipcs for p, r in ipcs.items()},
            owners=owners,
            placements=placements,
        )
        _check_scenario(ld.problem, file, scenario, territories, powers, units)
        scenarios[year] = scenario
    if ld.problems:
        raise DataError(ld.problems, "AA50")
    return Components(
        powers=powers,
        territories=territories,
        canals=canals,
        units=units,
        objectives=objectives,
        advances=advances,
        scenarios=scenarios,
    )


def _check_map(
    report: Report,
    territories: dict[str, Territory],
    canals: dict[str, Canal],
    powers: dict[str, Power],
) -> None:
    check_adjacency(
        report, "map.toml", "territories", {i: t.adjacent for i, t in territories.items()}
    )
    for t in territories.values():
        label = f"territories {t.id}"
        if t.sea and (t.ipc or t.capital_of or t.victory_city or t.island or t.impassable):
            report("map.toml", label, "a sea zone with land properties")
        if t.capital_of is not None and t.capital_of not in powers:
            report("map.toml", label, f"capital of unknown power {t.capital_of!r}")
        touches_land = any(
            o in territories and not territories[o].sea for o in t.adjacent if o != t.id
        )
        if not t.sea and t.island == touches_land:
            report("map.toml", label, "island flag disagrees with its land neighbours")
    for c in canals.values():
        label = f"canals {c.id}"
        a, b = c.sea_zones
        if not all(z in territories and territories[z].sea for z in c.sea_zones):
            report("map.toml", label, "canal joins something other than two sea zones")
        elif b not in territories[a].adjacent:
            report("map.toml", label, "the canal's sea zones are not adjacent")
        for land in c.controlled_by:
            if land not in territories or territories[land].sea:
                report("map.toml", label, f"controlling territory {land!r} is not land")


def _check_objectives(
    report: Report,
    objectives: dict[str, Objective],
    territories: dict[str, Territory],
    powers: dict[str, Power],
) -> None:
    for o in objectives.values():
        label = f"objectives {o.id}"
        if o.power not in powers:
            report("objectives.toml", label, f"unknown power {o.power!r}")
        for t in (*o.territories, *o.no_enemy_surface_ships):
            if t not in territories:
                report("objectives.toml", label, f"unknown territory {t!r}")
        if o.count > len(o.territories):
            report("objectives.toml", label, "count above the number of territories")


def _check_advances(report: Report, advances: dict[str, Advance]) -> None:
    rows: dict[str, set[int]] = defaultdict(set)
    for a in advances.values():
        if a.roll in rows[a.chart]:
            report("tech.toml", f"advances {a.id}", f"row {a.roll} of {a.chart} used twice")
        rows[a.chart].add(a.roll)
    for chart in ("chart_1", "chart_2"):
        if advances and rows[chart] != set(range(1, 7)):
            report("tech.toml", chart, "a chart needs rows 1 to 6")


def _check_scenario(
    report: Report,
    file: str,
    s: Scenario,
    territories: dict[str, Territory],
    powers: dict[str, Power],
    units: dict[str, UnitType],
) -> None:
    for power in s.turn_order:
        if power not in powers:
            report(file, "scenario", f"unknown power {power!r} in the turn order")
    for owner in s.owners.values():
        t = territories.get(owner.territory)
        if t is None or t.sea or t.impassable:
            report(file, f"owners {owner.territory}", "only passable land has an owner")
        for p in (owner.power, owner.original):
            if p is not None and p not in powers:
                report(file, f"owners {owner.territory}", f"unknown power {p!r}")
    # Rulebook 3.1/3.2: each power's IPCs are the value of what it holds at the start (China
    # collects none, rule 4); the 1941 table's figures are checked as printed.
    held: dict[str, int] = defaultdict(int)
    for owner in s.owners.values():
        if owner.territory in territories:
            held[owner.power] += territories[owner.territory].ipc
    for power, ipcs in s.ipcs.items():
        expected = 0 if power == "chinese" else held[power]
        if ipcs != expected:
            report(
                file, f"starting_ipcs {power}", f"{ipcs}, but its territories are worth {expected}"
            )
        if s.id == "1941" and power in RULEBOOK_1941_IPCS and ipcs != RULEBOOK_1941_IPCS[power]:
            report(
                file, f"starting_ipcs {power}", f"rulebook 3.1 prints {RULEBOOK_1941_IPCS[power]}"
            )
    cities: dict[str, int] = defaultdict(int)
    for owner in s.owners.values():
        t = territories.get(owner.territory)
        if t is not None and t.victory_city and owner.power in powers:
            cities[powers[owner.power].alliance] += 1
    for side, n in START_CITIES[s.id].items():
        if cities[side] != n:
            report(file, "victory cities", f"{side} hold {cities[side]}, rulebook 3.x prints {n}")
    _check_placements(report, file, s, territories, powers, units)


def _check_placements(
    report: Report,
    file: str,
    s: Scenario,
    territories: dict[str, Territory],
    powers: dict[str, Power],
    units: dict[str, UnitType],
) -> None:
    fighters: dict[str, int] = defaultdict(int)
    decks: dict[str, int] = defaultdict(int)
    aboard: dict[str, int] = defaultdict(int)  # land units at sea ride transports (7.3.6)
    others: dict[str, int] = defaultdict(int)
    transports: dict[str, int] = defaultdict(int)
    for i, p in enumerate(s.placements, start=1):
        label = f"placements #{i} ({p.count} {p.unit} in {p.territory})"
        t, u = territories.get(p.territory), units.get(p.unit)
        if t is None or u is None or p.power not in powers:
            report(file, label, "unknown territory, unit or power")
            continue
        if t.impassable:
            report(file, label, "units on an impassable neutral")
        if u.kind == "sea" and not t.sea:
            report(file, label, "a ship on land")
        if u.kind == "building" and t.sea:
            report(file, label, "an industrial complex at sea")
        if u.kind == "building" and t.ipc == 0:
            report(file, label, "an industrial complex on a territory worth no IPC (7.1.5)")
        if not t.sea:
            holder = s.owners.get(t.id)
            if holder is None or powers[holder.power].alliance != powers[p.power].alliance:
                report(file, label, "units in a territory their side does not hold")
        if t.sea and p.unit == "fighter":
            fighters[t.id] += p.count
        if t.sea and p.unit == "carrier":
            decks[t.id] += p.count * CARRIER_CAPACITY
        if t.sea and p.unit == "transport":
            transports[t.id] += p.count
        if t.sea and u.kind == "land":
            aboard[t.id] += p.count
            others[t.id] += 0 if p.unit == "infantry" else p.count
    for zone, n in fighters.items():
        if n > decks[zone]:
            report(file, f"sea zone {zone}", f"{n} fighters but room on carriers for {decks[zone]}")
    for zone, n in aboard.items():
        room = transports[zone]
        if n > room * TRANSPORT_CAPACITY or others[zone] > room * TRANSPORT_OTHERS:
            report(file, f"sea zone {zone}", f"{n} land units aboard {room} transport(s)")
