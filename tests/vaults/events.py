"""The parameters of every Vaults event, typed per kind (bot/rules/core/events.py): the toy
game builds its events from these models (``Gem(gem=...).event(audience=seat)``)."""

from __future__ import annotations

from typing import ClassVar

from bot.rules.core.events import EventParams, SeatParam

Side = SeatParam


class Gem(EventParams):
    event_kind: ClassVar[str] = "vaults.gem"
    gem: str


class Hidden(EventParams):
    event_kind: ClassVar[str] = "vaults.hidden"
    seat: Side


class HiddenAt(EventParams):
    event_kind: ClassVar[str] = "vaults.hidden_at"
    vault: int


class RaidsBegin(EventParams):
    event_kind: ClassVar[str] = "vaults.raids_begin"
    seat: Side


class Raided(EventParams):
    """A raid's roll (Vaults 3), whatever came of it."""

    seat: Side
    target: Side
    vault: int
    die: int


class Repelled(Raided):
    event_kind: ClassVar[str] = "vaults.repelled"


class Empty(Raided):
    event_kind: ClassVar[str] = "vaults.empty"


class Captured(Raided):
    event_kind: ClassVar[str] = "vaults.captured"
    gem: str


class Passed(EventParams):
    event_kind: ClassVar[str] = "vaults.passed"
    seat: Side


class Draw(EventParams):
    event_kind: ClassVar[str] = "vaults.draw"
