"""The parameters of every War at Sea combat event (7-11), typed per kind (see
bot/rules/war_at_sea/events.py for the shared shapes)."""

from __future__ import annotations

from typing import ClassVar

from bot.rules.core import Label, Text
from bot.rules.core.events import EventParams
from bot.rules.war_at_sea.events import At, Group, Ship, SideParam
from bot.rules.war_at_sea.state import CombatKind


# --- the combat phase and its battles (7) -------------------------------------------------------
class CombatBegins(EventParams):
    event_kind: ClassVar[str] = "was.combat_begins"


class CombatOver(EventParams):
    event_kind: ClassVar[str] = "was.combat_over"


class BattleBegins(At):
    event_kind: ClassVar[str] = "was.battle"
    kind: CombatKind
    kind_name: Text


class BattleOver(At):
    event_kind: ClassVar[str] = "was.battle_over"
    kind: CombatKind


class Round(At):
    event_kind: ClassVar[str] = "was.round"
    round: int
    group: int | None


class Fire(At):
    event_kind: ClassVar[str] = "was.fire"
    side: SideParam
    shooter: str
    shooter_name: Label
    target: str
    target_name: Label
    dice: list[int]
    bonus: int
    damage: list[int]
    disables: bool
    rolls: list[Text]
    bonus_note: Label


class Sunk(Ship, At):
    event_kind: ClassVar[str] = "was.sunk"


class Damaged(Ship):
    event_kind: ClassVar[str] = "was.damaged"
    damage: int


class Disabled(Ship, At):
    event_kind: ClassVar[str] = "was.disabled"


# --- ASW (8) ------------------------------------------------------------------------------------
class Asw(At):
    event_kind: ClassVar[str] = "was.asw"
    dice: list[int]
    strength: int
    sunk: int
    disabled: int
    rolls: list[Text]


# --- air strikes (9) ----------------------------------------------------------------------------
class AirMarker(At):
    event_kind: ClassVar[str] = "was.air_marker"
    side: SideParam


class NoAirStrike(EventParams):
    event_kind: ClassVar[str] = "was.no_air_strike"
    side: SideParam


class AirTargetsSet(EventParams):
    event_kind: ClassVar[str] = "was.air_targets_set"
    targets: list[str]


class AirDeclined(At):
    event_kind: ClassVar[str] = "was.air_declined"
    side: SideParam


# --- surface combat (10) ------------------------------------------------------------------------
class CarrierQuestion(At):
    event_kind: ClassVar[str] = "was.carrier_question"


class CarrierAnswer(EventParams):
    event_kind: ClassVar[str] = "was.carrier_answer"
    fire: bool


class TargetsSet(EventParams):
    event_kind: ClassVar[str] = "was.targets_set"
    ships: list[str]
    target: str


class ConvoyFireVoid(At):
    event_kind: ClassVar[str] = "was.convoy_fire_void"
    ships: list[str]


class Stalemate(At):
    event_kind: ClassVar[str] = "was.stalemate"


# --- escape and pursuit (11) --------------------------------------------------------------------
class EscapeDeclared(EventParams):
    event_kind: ClassVar[str] = "was.escape_declared"
    escape: bool


class EscapeSealed(EventParams):
    event_kind: ClassVar[str] = "was.escape_sealed"
    side: SideParam


class EscapeRevealed(At):
    event_kind: ClassVar[str] = "was.escape_revealed"
    allies: bool
    axis: bool


class EscapeGroup(Group):
    event_kind: ClassVar[str] = "was.escape_group"
    speed: int
    ships: list[str]


class Pursuit(Group):
    event_kind: ClassVar[str] = "was.pursuit"
    ships: list[str]


class PursuitFight(Group, At):
    event_kind: ClassVar[str] = "was.pursuit_fight"
    pursuers: list[Label]


class Escaped(Group, At):
    event_kind: ClassVar[str] = "was.escaped"
    ships: list[str]


class GroupLost(Group):
    event_kind: ClassVar[str] = "was.group_lost"


class BrokeOff(EventParams):
    event_kind: ClassVar[str] = "was.broke_off"
    ship: str
    name: Label
    forced: bool
