"""The referee: create, seat, start, submit, undo, deadlines and export (Discord-free)."""

from __future__ import annotations

from bot.referee.lookup import LIVE, Seated
from bot.referee.service import SYSTEM_USER, Referee, Submitted
from bot.referee.settings import GameSettings

__all__ = ["LIVE", "SYSTEM_USER", "GameSettings", "Referee", "Seated", "Submitted"]
