"""Typed rows the store hands out and takes in."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.core import Event, Roll

GameStatus = Literal["lobby", "active", "paused", "over", "abandoned"]


class GameRecord(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    guild_id: str
    channel_id: str | None = None
    thread_id: str | None = None
    ruleset: str
    scenario: str
    options: dict[str, Any]
    settings: dict[str, Any]
    status: GameStatus
    version: int = 0
    next_roll: int = 0
    seed: bytes
    commitment: str
    created_by: str
    created_at: float
    updated_at: float


class LogEntry(BaseModel):
    model_config = ConfigDict(frozen=True)

    n: int
    seat: str | None
    user_id: str | None
    key: str
    action: dict[str, Any]
    events: list[Event]
    rolls: list[Roll] = Field(default_factory=list)
    reveals: bool = False
    undone: bool = False
    created_at: float


class Deadline(BaseModel):
    model_config = ConfigDict(frozen=True)

    game_id: str
    seat: str
    prompt_id: str
    due_at: float
    remind_at: float | None = None
    reminded: bool = False
    fired: bool = False


class OutboxMessage(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: int = 0
    game_id: str
    audience: str
    kind: str
    payload: dict[str, Any]
    dedupe: str
    created_at: float = 0.0
    delivered_at: float | None = None
    attempts: int = 0
    run_end: int | None = None
    """Set before a run of messages is sent as one: the id of the run's last message."""


class Commit(BaseModel):
    """Everything one accepted action writes, in one transaction."""

    model_config = ConfigDict(frozen=True)

    game_id: str
    expected_version: int
    entry: LogEntry
    snapshot: str | None = None  # state JSON, stored every N actions
    status: GameStatus | None = None
    deadlines: list[Deadline] = Field(default_factory=list)  # replaces the game's deadlines
    outbox: list[OutboxMessage] = Field(default_factory=list)
    fired_deadline: tuple[str, str] | None = None  # (seat, prompt_id) this commit expires
    judged: GameRecord | None = None
    """The game as the order was judged on it when it was not read in this submission (the
    referee kept it from its own last commit, issue 9): ``Store.commit_read`` checks that the
    game and its seats are still exactly ``judged`` and ``seats``, else writes nothing."""
    seats: dict[str, str] | None = None


class LoadedGame(BaseModel):
    """A game record, its seats, the newest snapshot and the live log entries after it."""

    model_config = ConfigDict(frozen=True)

    record: GameRecord
    seats: dict[str, str]
    snapshot_n: int | None
    snapshot: str | None
    tail: list[LogEntry]
