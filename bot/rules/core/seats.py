"""Seats, sides and audiences: the types the core speaks and each game narrows.

The core and the referee know a seat only as a string (``Seat``); a game names its seats as a
``Literal`` (War at Sea: ``Side = Literal["allies", "axis"]``) and narrows the seat it is given
at its door with :func:`narrow`, so inside the rules a misspelt side is a type error.
An ``Audience`` is who a view or an event is for: a seat, or ``None`` for the public.
"""

from __future__ import annotations

from typing import TypeAlias, TypeVar

from bot.rules.core.errors import RuleViolation

Seat: TypeAlias = str
"""A seat id as the referee stores it; each game narrows it to its own ``Literal``."""

Audience: TypeAlias = Seat | None
"""Who a view is for: one seat, or None for the public (every seat and every spectator)."""

SeatT = TypeVar("SeatT", bound=str)


def narrow(seat: Seat, seats: tuple[SeatT, ...]) -> SeatT:
    """The game's own typed seat for this string, refusing a seat the game does not have."""
    for candidate in seats:
        if candidate == seat:
            return candidate
    raise RuleViolation("core.seat.unknown", "Referee", seat=seat)
