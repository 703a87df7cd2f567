"""War at Sea component data: the board, the counters and the turn track (data/war_at_sea/*.toml).

Every record carries its provenance (`status`, `source`); `fields` overrides it for single values.
`load_components` reads all files, checks them together and raises one `DataError` naming every
problem, so a broken data edit is fixed in one pass instead of one error per run.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.core.data import data_dir as default_data_dir
from bot.rules.core.sourced import (
    DataError,
    Id,
    Loader,
    Report,
    Sourced,
    check_adjacency,
)

GAME_DIR = "war_at_sea"
MAX_UBOATS = 7  # War at Sea 8.6

Side = Literal["allies", "axis"]
PortSide = Literal["allies", "axis", "neutral"]
Nationality = Literal["british", "american", "soviet", "german", "italian"]
UnitType = Literal[
    "battleship",
    "battlecruiser",
    "pocket_battleship",
    "heavy_cruiser",
    "carrier",
    "convoy",
    "uboat",
    "land_based_air",
]
TrackEvent = Literal[
    "france_opens", "ussr_joins", "us_entry_rolls", "france_closes", "italian_defection_check"
]
TurnNo = Annotated[int, Field(ge=1)]
Roll = Annotated[int, Field(ge=1, le=6)]

SIDE_OF: dict[str, Side] = {
    "british": "allies",
    "american": "allies",
    "soviet": "allies",
    "german": "axis",
    "italian": "axis",
}
WARSHIPS = frozenset({"battleship", "battlecruiser", "pocket_battleship", "heavy_cruiser"})
# War at Sea 8.2: each warship counts 1 for ASW, carriers and convoys 3.
ASW_BY_TYPE: dict[str, int] = {
    **dict.fromkeys(WARSHIPS, 1),
    "carrier": 3,
    "convoy": 3,
    "uboat": 0,
    "land_based_air": 0,
}
NOT_ON_MAP = frozenset({"land_based_air"})  # an air-strike marker, never in a port


class SeaArea(Sourced):
    id: Id
    name: str = Field(min_length=1)
    name_zh: str = Field(min_length=1)
    poc_axis: int = Field(ge=0)
    poc_allies: int = Field(ge=0)
    adjacent: tuple[Id, ...] = Field(min_length=1)
    air_strike_allies: bool  # white aircraft symbol, War at Sea 9.1
    air_strike_axis: bool  # red aircraft symbol


class Port(Sourced):
    id: Id
    name: str = Field(min_length=1)
    name_zh: str = Field(min_length=1)
    side: PortSide
    repair: int = Field(ge=0)  # damage points repaired per turn, War at Sea 15.2
    areas: tuple[Id, ...] = Field(min_length=1)
    air_strike_allies: bool
    air_strike_axis: bool
    open_from_turn: TurnNo = 1
    closed_from_turn: TurnNo | None = None

    def is_open(self, turn: int) -> bool:
        closed = self.closed_from_turn is not None and turn >= self.closed_from_turn
        return turn >= self.open_from_turn and not closed


class ReturnRule(Sourced):
    """A printed map exception to 'return to an adjacent friendly port' (12.3, 7.3)."""

    id: Id
    area: Id
    nationalities: tuple[Nationality, ...] = Field(min_length=1)
    ships: Literal["all", "intact", "disabled"]
    mode: Literal["must", "may"]  # must: only these ports; may: these ports are added
    ports: tuple[Id, ...] = Field(min_length=1)
    first_turn: TurnNo
    last_turn: TurnNo

    def applies(self, area: str, nationality: str, turn: int, disabled: bool) -> bool:
        ships_match = self.ships == "all" or (self.ships == "disabled") == disabled
        return (
            area == self.area
            and nationality in self.nationalities
            and self.first_turn <= turn <= self.last_turn
            and ships_match
        )


class Unit(Sourced):
    id: Id
    name: str = Field(min_length=1)
    nationality: Nationality
    side: Side
    type: UnitType
    gunnery: int = Field(ge=0)
    armor: int = Field(ge=0)
    speed: int = Field(ge=0)
    air: int = Field(ge=0)
    asw: int = Field(ge=0)
    arrival_turn: TurnNo | None = None  # 1: at setup; 2-8: reinforcement; None: U-boat pool

    @property
    def reinforcement(self) -> bool:
        """Name underlined on the counter (War at Sea 4.2)."""
        return self.arrival_turn is not None and self.arrival_turn > 1


class Turn(Sourced):
    number: TurnNo
    reinforcements: tuple[Id, ...] = ()
    uboat_flotillas: int = Field(ge=0)  # turn 1: flotillas at setup; later: arriving (8.6)
    refuel_max_roll: int = Field(ge=0, le=6)  # War at Sea 14.3; 0 = no refuelling at sea
    events: tuple[TrackEvent, ...] = ()


class Placement(Sourced):
    """Where a nationality's counters set up (4.3) and where its reinforcements appear."""

    id: Id
    nationality: Nationality
    unit_types: tuple[UnitType, ...] = ()  # empty: every type not matched by a narrower entry
    setup_ports: tuple[Id, ...] = ()
    reinforcement_port: Id | None = None

    def matches(self, unit: Unit) -> bool:
        return unit.nationality == self.nationality and (
            not self.unit_types or unit.type in self.unit_types
        )


class SovietEntry(Sourced):
    turn: TurnNo
    sortie_min_roll: Roll  # War at Sea 16.1


class AmericanEntry(Sourced):
    turn: TurnNo
    min_roll: dict[TurnNo, Roll]  # War at Sea 16.2: roll needed, per turn, to join


class Components(BaseModel):
    model_config = ConfigDict(frozen=True)

    areas: dict[str, SeaArea]
    ports: dict[str, Port]
    return_rules: dict[str, ReturnRule]
    units: dict[str, Unit]
    turns: tuple[Turn, ...]
    placements: dict[str, Placement]
    soviet_entry: SovietEntry
    american_entry: AmericanEntry

    @property
    def turn_count(self) -> int:
        return len(self.turns)

    def turn(self, number: int) -> Turn:
        return self.turns[number - 1]

    def adjacent(self, a: str, b: str) -> bool:
        return b in self.areas[a].adjacent

    def ports_of(self, area: str) -> tuple[Port, ...]:
        return tuple(p for p in self.ports.values() if area in p.areas)

    def units_where(
        self, side: Side | None = None, nationality: str | None = None, type: str | None = None
    ) -> tuple[Unit, ...]:
        return tuple(
            u
            for u in self.units.values()
            if (side is None or u.side == side)
            and (nationality is None or u.nationality == nationality)
            and (type is None or u.type == type)
        )

    def starting_units(self) -> tuple[Unit, ...]:
        return tuple(u for u in self.units.values() if u.arrival_turn == 1)

    def reinforcements(self, turn: int) -> tuple[Unit, ...]:
        return tuple(self.units[i] for i in self.turn(turn).reinforcements)

    def placement(self, unit_id: str) -> Placement | None:
        return _placement_for(self.placements, self.units[unit_id])

    def return_rules_for(
        self, area: str, nationality: str, turn: int, disabled: bool
    ) -> tuple[ReturnRule, ...]:
        return tuple(
            r for r in self.return_rules.values() if r.applies(area, nationality, turn, disabled)
        )


def _placement_for(placements: dict[str, Placement], unit: Unit) -> Placement | None:
    found = [p for p in placements.values() if p.matches(unit)]
    # A placement naming unit types is narrower than a whole-nationality one.
    found.sort(key=lambda p: not p.unit_types)
    return found[0] if found else None


FILES: dict[str, frozenset[str]] = {
    "map.toml": frozenset({"areas", "ports", "field_defaults"}),
    "map_exceptions.toml": frozenset({"return_rules", "field_defaults"}),
    "units.toml": frozenset({"units", "field_defaults"}),
    "turns.toml": frozenset(
        {"turns", "placements", "soviet_entry", "american_entry", "field_defaults"}
    ),
}


def _resolve_root(data_dir: Path | None) -> Path:
    return (data_dir if data_dir is not None else default_data_dir()) / GAME_DIR


def load_components(data_dir: Path | None = None) -> Components:
    """Read and cross-check every War at Sea data file; raise DataError listing all problems.

    `data_dir` is the repository's data/ folder (default: REFEREE_DATA_DIR or ./data).
    """
    ld = Loader(_resolve_root(data_dir), FILES)
    areas = ld.records("map.toml", "areas", SeaArea)
    ports = ld.records("map.toml", "ports", Port)
    rules = ld.records("map_exceptions.toml", "return_rules", ReturnRule)
    units = ld.records("units.toml", "units", Unit)
    turns = ld.records("turns.toml", "turns", Turn, key="number")
    placements = ld.records("turns.toml", "placements", Placement)
    soviet = ld.single("turns.toml", "soviet_entry", SovietEntry)
    american = ld.single("turns.toml", "american_entry", AmericanEntry)

    n_turns = len(turns)
    _check_map(ld.problem, areas, ports)
    _check_return_rules(ld.problem, rules, areas, ports, n_turns)
    _check_units(ld.problem, units, n_turns)
    _check_turns(ld.problem, turns, units)
    _check_placements(ld.problem, placements, ports, units)
    _check_track_events(ld.problem, turns, ports, soviet, american)
    if ld.problems or soviet is None or american is None:
        raise DataError(ld.problems, "War at Sea")
    return Components(
        areas=areas,
        ports=ports,
        return_rules=rules,
        units=units,
        turns=tuple(turns[n] for n in sorted(turns)),
        placements=placements,
        soviet_entry=soviet,
        american_entry=american,
    )


def _check_map(report: Report, areas: dict[str, SeaArea], ports: dict[str, Port]) -> None:
    for ident in sorted(set(areas) & set(ports)):
        report("map.toml", f"ports {ident}", "id also used by a sea area")
    check_adjacency(report, "map.toml", "areas", {i: a.adjacent for i, a in areas.items()})
    for port in ports.values():
        label = f"ports {port.id}"
        for area_id in port.areas:
            if area_id not in areas:
                report("map.toml", label, f"bordering area {area_id!r} does not exist")
        if port.closed_from_turn is not None and port.closed_from_turn <= port.open_from_turn:
            report("map.toml", label, "closed_from_turn must come after open_from_turn")
        # Air strikes hit enemy ships (9.1); none in the neutral port (15.5).
        own = {"allies": port.air_strike_allies, "axis": port.air_strike_axis}
        if port.side == "neutral" and any(own.values()):
            report("map.toml", label, "neutral port cannot carry an air-strike symbol")
        elif port.side != "neutral" and own[port.side]:
            report("map.toml", label, f"{port.side} port carries its own side's air symbol")


def _check_return_rules(
    report: Report,
    rules: dict[str, ReturnRule],
    areas: dict[str, SeaArea],
    ports: dict[str, Port],
    n_turns: int,
) -> None:
    for rule in rules.values():
        label = f"return_rules {rule.id}"
        if rule.area not in areas:
            report("map_exceptions.toml", label, f"area {rule.area!r} does not exist")
        for port_id in rule.ports:
            if port_id not in ports:
                report("map_exceptions.toml", label, f"port {port_id!r} does not exist")
        if not rule.first_turn <= rule.last_turn <= max(n_turns, 1):
            report("map_exceptions.toml", label, "turn range outside the turn track")


def _check_units(report: Report, units: dict[str, Unit], n_turns: int) -> None:
    uboats = [u for u in units.values() if u.type == "uboat"]
    if len(uboats) > MAX_UBOATS:
        report("units.toml", "units", f"{len(uboats)} U-boat flotillas, at most {MAX_UBOATS}")
    for unit in units.values():
        label = f"units {unit.id}"
        problems = []
        if unit.side != SIDE_OF[unit.nationality]:
            problems.append(f"side {unit.side!r} does not match nationality {unit.nationality!r}")
        if unit.asw != ASW_BY_TYPE[unit.type]:
            problems.append(f"asw {unit.asw}, War at Sea 8.2 gives {ASW_BY_TYPE[unit.type]}")
        if unit.type in ("carrier", "land_based_air") and unit.air < 1:
            problems.append("a carrier or air unit needs an air factor")
        if unit.type not in ("carrier", "land_based_air") and unit.air != 0:
            problems.append("only carriers and land-based air have an air factor")
        if unit.type == "uboat":
            if (unit.gunnery, unit.armor) != (1, 0):
                problems.append("U-boat flotillas are gunnery 1, armor 0 (8.3)")
            if unit.arrival_turn is not None:
                problems.append("U-boats arrive by count on the turn track, not by arrival_turn")
        elif unit.arrival_turn is None:
            problems.append("arrival_turn missing")
        elif unit.arrival_turn > n_turns:
            problems.append(f"arrival_turn {unit.arrival_turn} after the last turn")
        if unit.type not in ("uboat", "land_based_air") and unit.speed < 1:
            problems.append("surface ships have speed 1 or more (7.6)")
        for message in problems:
            report("units.toml", label, message)


def _check_turns(report: Report, turns: dict[int, Turn], units: dict[str, Unit]) -> None:
    if sorted(turns) != list(range(1, len(turns) + 1)):
        report("turns.toml", "turns", f"turn numbers {sorted(turns)} are not 1..{len(turns)}")
    placed: dict[str, int] = {}
    for turn in turns.values():
        label = f"turns {turn.number}"
        for unit_id in turn.reinforcements:
            unit = units.get(unit_id)
            if unit is None:
                report("turns.toml", label, f"reinforcement {unit_id!r} is not in units.toml")
            elif unit.arrival_turn != turn.number:
                report("turns.toml", label, f"{unit_id!r} has arrival_turn {unit.arrival_turn}")
            if unit_id in placed:
                report("turns.toml", label, f"{unit_id!r} also arrives on turn {placed[unit_id]}")
            placed[unit_id] = turn.number
    for unit in units.values():
        late = unit.arrival_turn is not None and unit.arrival_turn > 1
        if late and unit.id not in placed:
            report("units.toml", f"units {unit.id}", "reinforcement missing from the turn track")
    first = turns.get(1)
    n_uboats = sum(1 for u in units.values() if u.type == "uboat")
    if first is not None and first.uboat_flotillas > n_uboats:
        report("turns.toml", "turns 1", f"{first.uboat_flotillas} U-boats set up, {n_uboats} exist")


def _check_placements(
    report: Report, placements: dict[str, Placement], ports: dict[str, Port], units: dict[str, Unit]
) -> None:
    for pl in placements.values():
        for port_id in (*pl.setup_ports, *filter(None, [pl.reinforcement_port])):
            if port_id not in ports:
                report("turns.toml", f"placements {pl.id}", f"port {port_id!r} does not exist")
    for unit in units.values():
        if unit.type in NOT_ON_MAP:
            continue
        found = _placement_for(placements, unit)
        needs_setup = unit.arrival_turn == 1
        if found is None or (needs_setup and not found.setup_ports):
            report("units.toml", f"units {unit.id}", "no setup port for this unit (4.3)")
        elif not needs_setup and found.reinforcement_port is None:
            report("units.toml", f"units {unit.id}", "no port where this reinforcement appears")


def _check_track_events(
    report: Report,
    turns: dict[int, Turn],
    ports: dict[str, Port],
    soviet: SovietEntry | None,
    american: AmericanEntry | None,
) -> None:
    expected: dict[str, int | None] = {
        "ussr_joins": soviet.turn if soviet else None,
        "us_entry_rolls": american.turn if american else None,
        "france_opens": ports["france"].open_from_turn if "france" in ports else None,
        "france_closes": ports["france"].closed_from_turn if "france" in ports else None,
    }
    for event, turn in expected.items():
        on = [t.number for t in turns.values() if event in t.events]
        if turn is not None and on != [turn]:
            report("turns.toml", "turns", f"event {event!r} on turns {on}, expected [{turn}]")
    if american is not None:
        for turn in american.min_roll:
            if turn < american.turn or turn > len(turns):
                report("turns.toml", "american_entry", f"min_roll for turn {turn} out of range")
