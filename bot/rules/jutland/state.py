"""The whole game, secrets included: only the referee holds it (views are built from it)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.core import GameState
from bot.rules.jutland.advanced.state import AdvancedState
from bot.rules.jutland.scenarios.state import PlayState
from bot.rules.jutland.tournament.battle_state import SmokeScreen, Weather
from bot.rules.jutland.tournament.search_state import TSearchState

Side = Literal["german", "british"]
SIDES: tuple[Side, ...] = ("german", "british")
Phase = Literal[
    "deploy", "initial", "steam", "plot", "search_german", "search_british", "submarine",
    "contact", "battle", "over",
]  # fmt: skip
"""The set-up orders of the Tournament modules chosen (21.4-21.6), Jutland 3.2 (initial
movement, then the four steam hours), 3.3 items 1-5 (plot, the German search, the British
search, the submarine actions of 21.5, the battle determination and the hour marked), the
battle (3.4, 4), the end (2)."""
BattleStep = Literal["maneuver", "fire_german", "fire_british"]
"""Jutland 4.1: both sides maneuver (sealed: 14.4 item 1), the Germans fire, the British fire."""
Turn = Literal["succession", "together", "turn_away"]


class TaskForce(BaseModel):
    """A task force on the search sheet. ``ships`` is its identity; every other field is what
    it is doing (its appearance, traded by ``hiding.swap``)."""

    model_config = ConfigDict(extra="forbid")

    id: str
    side: Side
    ships: list[str]
    hex: str | None
    """None while off the map (Jutland 5)."""
    left_at: int | None = None
    """The hour it left its base (fuel, Jutland 13.5); None in a base."""
    plotted: str | None = None
    """This hour's sealed plot: a hex, "stay", or "off" (leaving by an exit)."""
    columns: int | None = None
    """The Fleet Makeup's columns (1.4 item 4); None: the referee's default formation."""
    interval: int | None = None
    """The Fleet Makeup's yards between columns (1.4 item 4), with ``columns``."""
    came_from: str | None = None
    """The hex it entered its present hex from: the hex side it enters a battle by (3.4)."""
    exit_hex: str | None = None
    exit_hour: int | None = None
    dead: bool = False
    """Out of fuel: dead in the water (Jutland 13.5 item 3)."""
    moved_at: int | None = None
    """The hour it last moved a hex on the sheet: a slow force rests the next (13.1)."""
    track: list[str] = Field(default_factory=list)
    """The hexes it has been in, oldest first: the pencil line of Jutland 3.1."""

    def copy_(self) -> TaskForce:
        """A copy with its own lists (every other field is immutable): quicker than a
        model copy, for the state's copy before every order."""
        twin = self.__copy__()
        twin.__dict__["ships"], twin.__dict__["track"] = list(self.ships), list(self.track)
        return twin


class Announcement(BaseModel):
    """One side's search (Jutland 3.3 items 2-3): the hexes it announced and, for each, whether
    the other side said it has forces there. Both players hear it all."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hour: int
    side: Side
    answers: dict[str, bool]
    kinds: dict[str, str] = Field(default_factory=dict)
    """Advanced 16.6: for each hex found, the general type there ("capital" or "light")."""


def _no_losses() -> dict[Side, list[str]]:
    return {"german": [], "british": []}


class BattleShip(BaseModel):
    """A counter on the battle surface: yards from the Battle Area Marker (x east, y north on
    the search sheet's compass), heading in degrees clockwise from north."""

    model_config = ConfigDict(extra="forbid")

    id: str
    side: Side
    tf: str
    x: float
    y: float
    heading: float
    sunk: bool = False
    hit: bool = False
    """Sunk by the German fire of this turn: it still fires in the British phase (4.1)."""


class Formation(BaseModel):
    """One task force's formation (Jutland 4.2): columns of ship ids, leader first. In line
    ahead each column follows its leader's track (the turning points, newest last); after a
    turn together the ships sail abreast, each on its own heading, until they turn back."""

    model_config = ConfigDict(extra="forbid")

    tf: str
    side: Side
    columns: list[list[str]]
    tracks: list[list[tuple[float, float]]]
    abreast: float = 0.0
    """The angle of the turns together not yet turned back (0: in line ahead)."""
    plotted: Maneuver | None = None


class Maneuver(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    turn: Turn
    angle: int
    speed: int
    then: int = 0
    """4.2 item 4: a second change of direction, at the end of the straight run."""


class Battle(BaseModel):
    model_config = ConfigDict(extra="forbid")

    hex: str
    night: bool
    turn: int = 1
    step: BattleStep = "maneuver"
    ships: dict[str, BattleShip] = Field(default_factory=dict)
    formations: dict[str, Formation] = Field(default_factory=dict)
    done: list[Side] = Field(default_factory=list)
    """Sides that held the rest of their fire this turn (4.3 item 11)."""
    fired: list[str] = Field(default_factory=list)
    """Ships that fired this turn (4.3 items 6-7: one target, one shot)."""
    lines: list[tuple[str, str]] = Field(default_factory=list)
    """This turn's lines of fire, (firer, target), drawn on the battle surface."""
    visibility: float | None = None
    """The maximum visibility in yards where a scenario or the weather sets it (23.1: 36,000
    yards; the Tournament's Visibility Table, 22.1); None: the rules' 24,000 by day, 6,000 at
    night (3.4)."""
    markers: dict[str, tuple[float, float]] = Field(default_factory=dict)
    """3.4 item 3: the extra Battle Area Markers of neighbouring hexes holding forces not in
    the battle, by hex, 36,000 yards off in that hex's direction."""
    weather: Weather | None = None
    """Tournament 22.1 (an option): the weather of this battle (the wind; ``visibility``
    holds the rolled visibility)."""
    smoke: list[SmokeScreen] = Field(default_factory=list)
    """Tournament 22.2 (an option): the smoke screens standing."""


Formation.model_rebuild()


class JutlandState(GameState):
    hour: int = 0
    """Hours since 30 May 00:00: the turn being played (the Time Record, Jutland 3.2)."""
    phase: Phase = "initial"
    steam_left: int = 0
    regroups: dict[str, int] = Field(default_factory=dict)
    """Regrouping orders given this hour, per side (3.3 item 5): part of its prompt's id."""
    task_forces: dict[str, TaskForce] = Field(default_factory=dict)
    announcements: list[Announcement] = Field(default_factory=list)
    spotted: list[tuple[int, str]] = Field(default_factory=list)
    """(hour, hex) where the coastal patrols saw a German force (Jutland 3.1)."""
    contact: str | None = None
    battle: Battle | None = None
    """The battle being fought now."""
    battles: list[Battle] = Field(default_factory=list)
    """The other battles going on, each by its own Battle Area Marker (4.1: the battles of an
    hour are fought one after another, then the hour is marked and they go on)."""
    fought: list[str] = Field(default_factory=list)
    """The hexes whose battle has had its six turns (or ended) this hour (4.1)."""
    contacts: list[tuple[int, str]] = Field(default_factory=list)
    """(hour, hex) of every battle begun: both players saw the fleets meet (3.3 item 4c)."""
    sunk: dict[Side, list[str]] = Field(default_factory=_no_losses)
    advanced: AdvancedState | None = None
    """The Advanced Game's records (Jutland 11-17): None in a Basic game."""
    play: PlayState | None = None
    """The play variants' records (Jutland 23): None in the campaign game."""
    movement: dict[str, int] = Field(default_factory=dict)
    """A ship's present movement factor where it is below its counter's (torpedo or flotation
    hits, Jutland 13.1; towing, 15.4 item 2b): the Advanced Game's damage writes it."""
    tsearch: TSearchState | None = None
    """The Tournament's search modules (Jutland 21): None when none is chosen."""

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> JutlandState:
        """A deep copy by hand: every mutable part copied, frozen parts shared (announcements,
        the result). Ruleset.apply copies the state before every order; walking it
        generically was most of an order's time (as in Pocket Battles)."""
        fields = dict(self.__dict__)
        fields["regroups"] = dict(self.regroups)
        fields["task_forces"] = {k: tf.copy_() for k, tf in self.task_forces.items()}
        fields["announcements"] = list(self.announcements)
        fields["spotted"] = list(self.spotted)
        fields["battle"] = self.battle.model_copy(deep=True) if self.battle is not None else None
        fields["battles"] = [b.model_copy(deep=True) for b in self.battles]
        fields["fought"] = list(self.fought)
        fields["contacts"] = list(self.contacts)
        fields["sunk"] = {k: list(v) for k, v in self.sunk.items()}
        if self.advanced is not None:
            fields["advanced"] = self.advanced.model_copy(deep=True)
        fields["movement"] = dict(self.movement)
        if self.tsearch is not None:
            fields["tsearch"] = self.tsearch.copy_()
        if self.play is not None:
            fields["play"] = self.play.model_copy(deep=True)
        return type(self).model_construct(_fields_set=set(self.model_fields_set), **fields)
