"""The Advanced Game's data (data/jutland/advanced/*.toml, described in its README.md): the
tables the rulebook prints (light-ship weapons, torpedoes, range bands, victory points,
flotation hits), the Gunnery Damage Table stand-in and the light-ship counters. Every record
carries its provenance; the loader reports every problem at once."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.core.data import data_dir as default_data_dir
from bot.rules.core.sourced import DataError, Id, Loader, Sourced
from bot.rules.jutland.components import Side, comps

GAME_DIR = "jutland/advanced"
Effect = Literal["none", "gunnery", "torpedo"]
Weapon = Literal["capital_guns", "cl_guns", "dd_guns", "torpedo"]
TargetKind = Literal["capital", "cl", "dd"]
Die = Annotated[int, Field(ge=1, le=6)]
Hits = Annotated[int, Field(ge=0, le=99)]
TORPEDO_COLUMNS = 10
DAMAGE_COLUMNS = 40


class Constants(Sourced):
    """Numbers the Advanced rules state in words (their sections in the file)."""

    gunnery_loss_per_hit: int
    movement_loss_per_flotation_hit: int
    slow_movement: int
    tow_min_boxes: int
    tow_movement: int
    torpedo_range: int
    torpedo_close: int
    turn_away: int
    search_min_capital: int
    bow_arc: int


class WeaponRow(Sourced):
    weapon: Weapon
    capital: Effect
    cl: Effect
    dd: Effect

    def against(self, kind: TargetKind) -> Effect:
        effect: Effect = getattr(self, kind)
        return effect


class Band(Sourced):
    """A range band: from ``low`` (included) to ``high`` yards; hits times
    numerator / denominator, fractions rounded up."""

    id: Annotated[str, Field(pattern=r"^b\d$")]
    low: int
    high: int | None = None
    numerator: int = Field(ge=1)
    denominator: int = Field(ge=1)


class DieRow(Sourced):
    """One die face of a table: hits by column (factor 1 first), or ``again``: roll again."""

    die: Die
    hits: tuple[Hits, ...] = ()
    again: bool = False


class VictoryRow(Sourced):
    id: Id
    points: int = Field(ge=0)
    per_protection: int = Field(default=0, ge=0)


class FlotationRow(Sourced):
    die: tuple[Die, ...]
    effect: Literal["bulkhead", "steam_pipe", "engine_room_flooded", "engine_room_hit", "list"]
    turns: int = 0
    movement: int = 0


class CriticalSub(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    die: tuple[Die, ...]
    effect: str
    boxes: int = 0
    turns_by_die: bool = False


class CriticalRow(Sourced):
    """A line of the Tournament's Critical Hit Table (its effects named, not yet played)."""

    die: tuple[Die, ...]
    effect: Literal[
        "magazine", "engine_room", "director", "steering", "fire_control", "ammunition_hoist"
    ]
    turns: int = 0
    german_turns: int = 0
    sub: tuple[CriticalSub, ...] = ()


class LightShip(Sourced):
    """A light-ship counter (12.3): gunnery, movement and the hit boxes left to right; a DD's
    torpedo factor is its highest unmarked box."""

    id: Id
    name: str
    side: Side
    kind: Literal["CL", "DD"]
    gunnery: Annotated[int, Field(ge=0, le=30)]
    movement: Annotated[int, Field(ge=1, le=30)]
    boxes: tuple[Annotated[int, Field(ge=0, le=30)], ...] = Field(min_length=1)
    task_force: int
    extra: bool = False
    """One of the extra British forces: only with that Tournament option."""
    ships: int | None = None
    tubes: int | None = None
    speed_kn: float | None = None

    @property
    def torpedo(self) -> int:
        return self.boxes[0] if self.kind == "DD" else 0


class Advanced(BaseModel):
    model_config = ConfigDict(frozen=True)

    rules: Constants
    weapons: dict[str, WeaponRow]
    bands: tuple[Band, ...]
    torpedo: dict[int, DieRow]
    damage: dict[int, DieRow]
    victory: dict[str, VictoryRow]
    flotation: tuple[FlotationRow, ...]
    critical: tuple[CriticalRow, ...]
    light: dict[str, LightShip]


def _table(load: Loader, name: str, rows: list[DieRow], columns: int) -> dict[int, DieRow]:
    out: dict[int, DieRow] = {}
    for r in rows:
        if r.die in out:
            load.problem("tables.toml", f"{name} {r.die}", "die face given twice")
        if r.again != (len(r.hits) == 0):
            load.problem("tables.toml", f"{name} {r.die}", "either hits or again, not both")
        if r.hits and len(r.hits) != columns:
            load.problem("tables.toml", f"{name} {r.die}", f"{len(r.hits)} columns, not {columns}")
        if list(r.hits) != sorted(r.hits):
            load.problem("tables.toml", f"{name} {r.die}", "hits fall as the factor grows")
        out[r.die] = r
    if sorted(out) != list(range(1, 7)):
        load.problem("tables.toml", name, f"faces {sorted(out)}, not 1-6")
    return out


def load_advanced(root: Path | None = None) -> Advanced:
    root = (root or default_data_dir()) / GAME_DIR
    load = Loader(
        root,
        {
            "tables.toml": frozenset(
                {"rules", "weapon", "band", "torpedo", "damage", "victory", "flotation", "critical"}
            ),
            "light_ships.toml": frozenset({"light"}),
        },
    )
    rules = load.single("tables.toml", "rules", Constants)
    weapons = load.records("tables.toml", "weapon", WeaponRow, key="weapon")
    bands = load.rows("tables.toml", "band", Band)
    torpedo = _table(load, "torpedo", load.rows("tables.toml", "torpedo", DieRow), TORPEDO_COLUMNS)
    damage = _table(load, "damage", load.rows("tables.toml", "damage", DieRow), DAMAGE_COLUMNS)
    victory = load.records("tables.toml", "victory", VictoryRow)
    flotation = load.rows("tables.toml", "flotation", FlotationRow)
    critical = load.rows("tables.toml", "critical", CriticalRow)
    light = load.records("light_ships.toml", "light", LightShip)
    if sorted(weapons) != sorted(("capital_guns", "cl_guns", "dd_guns", "torpedo")):
        load.problem("tables.toml", "weapon", f"weapons {sorted(weapons)}")
    # The bands tile the range finder: each starts where the one before ends, the last open.
    for k, b in enumerate(bands):
        if b.id != f"b{k}":
            load.problem("tables.toml", f"band {b.id}", f"out of order (expected b{k})")
        start = 0 if k == 0 else bands[k - 1].high
        if b.low != start:
            load.problem("tables.toml", f"band {b.id}", f"starts at {b.low}, not {start}")
        if (b.high is None) != (k == len(bands) - 1):
            load.problem("tables.toml", f"band {b.id}", "only the last band is open")
    for name, rows in (("flotation", flotation), ("critical", critical)):
        faces = sorted(d for r in rows for d in r.die)
        if faces != list(range(1, 7)):
            load.problem("tables.toml", name, f"faces {faces}, not 1-6 once each")
    for c in critical:
        sub = sorted(d for s in c.sub for d in s.die)
        if c.sub and sub != list(range(1, 7)):
            load.problem("tables.toml", f"critical {c.effect}", f"second die {sub}, not 1-6")
    for u in light.values():
        if u.kind == "CL" and u.boxes[0] != u.gunnery:
            load.problem("light_ships.toml", f"light {u.id}", "a CL's first box is its gunnery")
        if u.kind == "DD" and len(u.boxes) != u.gunnery:
            load.problem("light_ships.toml", f"light {u.id}", "a DD loses 1 gunnery a box")
        if list(u.boxes) != sorted(u.boxes, reverse=True):
            load.problem("light_ships.toml", f"light {u.id}", "box values must not rise")
    if load.problems:
        raise DataError(load.problems, "Jutland Advanced")
    assert rules is not None
    return Advanced(
        rules=rules, weapons=weapons, bands=tuple(bands), torpedo=torpedo, damage=damage,
        victory=victory, flotation=tuple(flotation), critical=tuple(critical), light=light,
    )  # fmt: skip


@cache
def adv() -> Advanced:
    return load_advanced()


def name(ship: str) -> str:
    """A counter's printed name (a proper name, shown as it is in every language): what a
    reader sees where the rules name a ship; an unknown id as it is."""
    if ship in adv().light:
        return adv().light[ship].name
    known = comps().ships.get(ship)
    return known.name if known is not None else ship


def is_light(ident: str) -> bool:
    """A light-ship counter's id (it is also the id of its task force, Jutland 12.1)."""
    return ident in adv().light


def printed_movement(ship: str) -> int:
    """A capital ship's or a light ship's movement factor as printed on its counter."""
    light = adv().light.get(ship)
    return light.movement if light else comps().ships[ship].movement
