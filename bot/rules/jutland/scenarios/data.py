"""The mini-scenarios' data (data/jutland/scenarios/*.toml, Jutland 23.1): each scenario's
order of battle, set-up, suggested options, special rules and victory. Every record carries
its provenance; the loader reports every problem at once."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field

from bot.rules.core.data import data_dir as default_data_dir
from bot.rules.core.sourced import DataError, Id, Loader, Sourced
from bot.rules.jutland import board
from bot.rules.jutland.advanced.components import adv
from bot.rules.jutland.components import Side, comps
from bot.rules.jutland.state import JutlandState

GAME_DIR = "jutland/scenarios"
Victory = Literal["dogger_bank", "battlecruisers", "hit_and_run"]


class ScenarioHead(Sourced):
    id: Id
    hex: str | None = None
    """The battle's search-sheet hex (a scenario without search)."""
    hour: int = Field(ge=0)
    search: bool
    """False: no search; the game opens with the battle (23.1)."""
    visibility: int
    """Yards: the battles open at it (special rules: 36,000)."""
    wind: Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
    """Where the wind blows from (special rules)."""
    line_ahead: bool = False
    """Each side's capital ships in one line ahead (Dogger Bank special rule b)."""
    crossed: dict[str, int] = Field(default_factory=dict)
    """Boxes marked before play (Dogger Bank note 2)."""
    unscored: list[str] = Field(default_factory=list)
    """Counters whose marked boxes score no points (Dogger Bank note 2)."""
    must_show: bool = False
    window: int | None = None
    german_bonus: int = 0
    british_bonus: int = 0
    victory: Victory
    defaults: dict[str, Any] = Field(default_factory=dict)
    """The suggested options (23.1 rules item 1), the scenario's defaults: "both weather
    variables" are the options ``visibility`` and ``wind`` (the weather tables). Ruling: one
    the options model does not have yet is skipped (``setup.defaults``)."""


class Force(Sourced):
    side: Side
    came_from: str | None = None
    ships: list[str]
    light: list[str]
    extra_light: list[str] | None = None
    """With the extra British forces option (Dogger Bank note 3)."""


class Zone(Sourced):
    id: Literal["A", "B", "C", "D"]
    rows: list[str]
    multiplier: int = Field(ge=0, le=4)
    bonus: int = Field(ge=0)


class Spec(Sourced):
    head: ScenarioHead
    forces: list[Force]
    zones: list[Zone]

    def force(self, side: Side) -> Force:
        return next(f for f in self.forces if f.side == side)


def load(root: Path | None = None) -> dict[str, Spec]:
    root = (root or default_data_dir()) / GAME_DIR
    files = sorted(p.name for p in root.glob("*.toml"))
    load = Loader(root, {name: frozenset({"scenario", "force", "zone"}) for name in files})
    c, light = comps(), adv().light
    out: dict[str, Spec] = {}
    for name in files:
        head = load.single(name, "scenario", ScenarioHead)
        forces = load.rows(name, "force", Force)
        zones = load.rows(name, "zone", Zone)
        if head is None:
            continue
        for f in forces:
            for s in f.ships:
                if s not in c.ships or c.ships[s].side != f.side:
                    load.problem(name, f"force {f.side}", f"{s} is no {f.side} capital ship")
            for u in [*f.light, *(f.extra_light or [])]:
                if u not in light or light[u].side != f.side:
                    load.problem(name, f"force {f.side}", f"{u} is no {f.side} light ship")
            for h in (f.came_from, head.hex):
                if h is not None and h not in c.hexes:
                    load.problem(name, "scenario", f"hex {h} is not on the sheet")
                elif h is not None and not board.enterable(f.side, h):
                    load.problem(name, "scenario", f"hex {h} is no sea hex for the {f.side}")
        if {f.side for f in forces} != {"german", "british"}:
            load.problem(name, "force", "a force for each side")
        out[head.id] = Spec(
            head=head, forces=forces, zones=zones, status=head.status, source=head.source
        )
    if load.problems:
        raise DataError(load.problems, "Jutland scenarios")
    return out


@cache
def specs() -> dict[str, Spec]:
    return load()


def spec(scenario: str) -> Spec | None:
    return specs().get(scenario)


def must_show(state: JutlandState) -> bool:
    """23.1 Hit-and-Run special rule a: the German may not end his initial movement by
    choice; it goes on until he shows himself in a British coastal hex (the coastal patrols
    see him, 3.1) or is intercepted."""
    s = spec(state.scenario) if state.play is not None else None
    return s is not None and s.head.must_show
