"""The only place with SQL: an aiosqlite store with numbered migrations."""

from __future__ import annotations

from bot.store.records import (
    Commit,
    Deadline,
    GameRecord,
    GameStatus,
    LoadedGame,
    LogEntry,
    OutboxMessage,
)
from bot.store.sqlite import StaleVersion, Store

__all__ = [
    "Commit",
    "Deadline",
    "GameRecord",
    "GameStatus",
    "LoadedGame",
    "LogEntry",
    "OutboxMessage",
    "StaleVersion",
    "Store",
]
