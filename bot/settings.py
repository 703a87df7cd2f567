"""Process settings, read from the environment (prefix ``REFEREE_``; ``DISCORD_TOKEN`` too) or
from a ``.env`` file in the working directory."""

from __future__ import annotations

import os
import secrets
import socket
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from bot.referee.settings import ExpiryPolicy


class Settings(BaseSettings):
    # A `.env` file in the working directory is read too (the environment wins over it).
    model_config = SettingsConfigDict(
        env_prefix="REFEREE_",
        env_file=".env",
        env_file_encoding="utf-8",
        extra="ignore",
        populate_by_name=True,
    )

    token: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("REFEREE_TOKEN", "DISCORD_TOKEN")
    )
    database: str = "referee.sqlite3"
    """A SQLite file (a path, or sqlite:///path), or postgresql://user:pass@host/db to share the
    games between several bot processes (needs the optional extra ``postgres``)."""
    dev_guild_id: int | None = Field(
        default=None, validation_alias=AliasChoices("REFEREE_DEV_GUILD_ID", "DEV_GUILD_ID")
    )
    """Sync the commands to this guild only (instant, for development); else globally."""
    manager_role: str = "Referee"
    """Members with this role may pause, resume, abandon and substitute, like Manage Server."""
    log_level: str = "INFO"
    log_format: Literal["kv", "json"] = "kv"

    # Defaults of every new game (a game's own settings may change them).
    deadline_hours: float = Field(default=48.0, ge=0)
    remind_before_hours: float = Field(default=12.0, ge=0)
    on_expiry: ExpiryPolicy = "default"

    delivery_poll_seconds: float = Field(default=2.0, gt=0)
    """How often the outbox is polled; deliveries are also woken at once by every change."""
    delivery_retry_seconds: float = Field(default=2.0, gt=0)
    """First back-off after a transient failure (5xx, network); doubles up to 10 minutes."""
    delivery_max_attempts: int = Field(default=10, ge=1)
    delivery_lanes: int = Field(default=16, ge=1)
    """Threads and DMs sent to at once (each keeps its own order)."""
    delivery_merge_seconds: float = Field(default=60.0, ge=0)
    """A thread holds the steps of a side that keeps moving this long, to post them as one."""
    map_pool: Literal["process", "thread"] = "process"
    """Where maps are drawn off the event loop: processes draw on the other cores and leave the
    event loop its own (`python -m bot bench delivery`, two runs on a shared 2-core machine:
    processes 4.3 and 4.0 orders/s, threads 4.5 and 2.6)."""
    map_workers: int | None = Field(default=None, ge=1)
    """Maps drawn at once (default: one less than the cores, 1 to 4, so the event loop keeps a
    core: bot/maps.py)."""
    map_nice: int = Field(default=5, ge=0, le=19)
    """How much lower the map workers' priority is than the event loop's (Linux nice): an
    interaction's reply takes a core before a map (first-reply p99 while delivering, issue 9).
    Linux weighs nice within an autogroup (a session, a service), so the workers give way to
    the bot's own event loop, not to other programs. 5 from the benches (README: Performance):
    first replies as at 10, delivery slowed less (at 10, a busy event loop starves the maps)."""
    tick_seconds: float = Field(default=30.0, gt=0)
    """How often deadlines are checked (reminders, expiry)."""
    shutdown_grace_seconds: float = Field(default=10.0, ge=0)
    delivery_lease_seconds: float = Field(default=60.0, gt=0)
    """How long an outbox message stays with the process delivering it; a process that dies
    holds its messages this long before another takes them over."""

    # Sharding: N processes split the guilds (Discord sends a guild's events to shard
    # (guild_id >> 22) % shard_count). Every process delivers any game's messages.
    shard_count: int | None = Field(default=None, ge=1)
    shard_ids: Annotated[tuple[int, ...], NoDecode] = ()
    """The shards this process runs (REFEREE_SHARD_IDS=0 or 0,1); empty: all of shard_count."""
    instance: str = Field(
        default_factory=lambda: f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}"
    )
    """This process's name in the outbox leases (unique per running process)."""

    heartbeat_file: Path | None = None
    """Touched after every deadline tick that reached the database (health checks)."""

    @field_validator("database", mode="before")
    @classmethod
    def _database_text(cls, value: Any) -> Any:
        return str(value) if isinstance(value, Path) else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: Any) -> Any:
        if isinstance(value, str):
            return tuple(int(part) for part in value.replace(" ", "").split(",") if part)
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        if self.shard_ids and self.shard_count is None:
            raise ValueError("REFEREE_SHARD_IDS needs REFEREE_SHARD_COUNT")
        if self.shard_count is not None and any(
            not 0 <= i < self.shard_count for i in self.shard_ids
        ):
            raise ValueError("every shard id must be below REFEREE_SHARD_COUNT")
        return self

    def game_defaults(self) -> dict[str, object]:
        return {
            "deadline_hours": self.deadline_hours,
            "remind_before_hours": self.remind_before_hours,
            "on_expiry": self.on_expiry,
        }
