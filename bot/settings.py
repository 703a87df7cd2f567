"""Process settings, read from the environment (prefix ``REFEREE_``; ``DISCORD_TOKEN`` too)."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.referee.settings import ExpiryPolicy


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="REFEREE_", extra="ignore", populate_by_name=True)

    token: SecretStr | None = Field(
        default=None, validation_alias=AliasChoices("REFEREE_TOKEN", "DISCORD_TOKEN")
    )
    database: Path = Path("referee.sqlite3")
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
    map_pool: Literal["process", "thread"] = "thread"
    """Where maps are drawn off the event loop (`python -m bot bench delivery` compares)."""
    map_workers: int | None = Field(default=None, ge=1)
    """Maps drawn at once (default: the CPU count, at most 4)."""
    tick_seconds: float = Field(default=30.0, gt=0)
    """How often deadlines are checked (reminders, expiry)."""
    shutdown_grace_seconds: float = Field(default=10.0, ge=0)

    def game_defaults(self) -> dict[str, object]:
        return {
            "deadline_hours": self.deadline_hours,
            "remind_before_hours": self.remind_before_hours,
            "on_expiry": self.on_expiry,
        }
