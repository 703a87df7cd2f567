"""The only place with SQL: one Store interface over SQLite (embedded, the default) or
PostgreSQL (several processes), with numbered migrations in both dialects."""

from __future__ import annotations

from bot.store.base import StaleVersion, Store, is_postgres
from bot.store.records import (
    Commit,
    Deadline,
    GameRecord,
    GameStatus,
    LoadedGame,
    LogEntry,
    OutboxMessage,
)

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
    "is_postgres",
]
