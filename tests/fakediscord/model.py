"""The fake's world: users, guilds, roles, members and channels, and their Discord payloads."""

from __future__ import annotations

import datetime as dt
import itertools
import time
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000
ALL_PERMISSIONS = (1 << 51) - 1
# view channel, send messages, embed links, attach files, read history, use app commands, threads
EVERYONE_PERMISSIONS = (
    (1 << 10) | (1 << 11) | (1 << 14) | (1 << 15) | (1 << 16) | (1 << 31) | (1 << 35) | (1 << 38)
)

# channel types
TEXT, DM, CATEGORY, NEWS, FORUM = 0, 1, 4, 5, 15
NEWS_THREAD, PUBLIC_THREAD, PRIVATE_THREAD = 10, 11, 12
THREAD_TYPES = frozenset({NEWS_THREAD, PUBLIC_THREAD, PRIVATE_THREAD})


def iso(ts: float | None = None) -> str:
    """An ISO 8601 timestamp as Discord sends them."""
    moment = dt.datetime.fromtimestamp(time.time() if ts is None else ts, tz=dt.UTC)
    return moment.isoformat()


class Snowflakes:
    """Unique, roughly time-ordered Discord ids."""

    def __init__(self) -> None:
        self._counter = itertools.count(1)
        self._last = 0

    def next(self) -> int:
        ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        value = (ms << 22) | (next(self._counter) & 0xFFF)
        self._last = max(value, self._last + 1)
        return self._last


def snowflake_of(obj: Any) -> int:
    """An id from an int, a numeric string or any object with an ``id``."""
    if isinstance(obj, int):
        return obj
    if isinstance(obj, str):
        return int(obj)
    ident = getattr(obj, "id", None)
    if ident is None:
        raise TypeError(f"expected an id or an object with .id, got {obj!r}")
    return int(ident)


@dataclass
class FakeUser:
    id: int
    name: str
    locale: str = "en-US"
    global_name: str | None = None
    bot: bool = False
    dms_open: bool = True

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
            "locale": self.locale,
        }


@dataclass
class FakeRole:
    id: int
    guild_id: int
    name: str
    permissions: int = 0
    position: int = 0
    color: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "color": self.color,
            "colors": {
                "primary_color": self.color,
                "secondary_color": None,
                "tertiary_color": None,
            },
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class FakeMember:
    user: FakeUser
    guild_id: int
    roles: list[int] = field(default_factory=list)
    nick: str | None = None
    joined_at: str = field(default_factory=iso)

    def payload(self, *, with_user: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "roles": [str(r) for r in self.roles],
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        return data


@dataclass
class FakeChannel:
    id: int
    name: str
    type: int = TEXT
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    recipient_id: int | None = None  # DM channels
    owner_id: int | None = None  # threads
    thread_members: set[int] = field(default_factory=set)
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    created_at: str = field(default_factory=iso)
    last_message_id: int | None = None
    message_count: int = 0

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        return self.type == DM

    def payload(self, recipient: FakeUser | None = None) -> dict[str, Any]:
        last = str(self.last_message_id) if self.last_message_id else None
        if self.type == DM:
            return {
                "id": str(self.id),
                "type": DM,
                "last_message_id": last,
                "recipients": [recipient.payload()] if recipient else [],
                "flags": 0,
            }
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "parent_id": str(self.parent_id) if self.parent_id else None,
            "nsfw": False,
            "flags": 0,
            "rate_limit_per_user": 0,
            "last_message_id": last,
        }
        if self.is_thread:
            data |= {
                "owner_id": str(self.owner_id),
                "message_count": self.message_count,
                "total_message_sent": self.message_count,
                "member_count": len(self.thread_members),
                "thread_metadata": {
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": self.created_at,
                    "locked": self.locked,
                    "invitable": self.invitable,
                    "create_timestamp": self.created_at,
                },
            }
            return data
        data |= {"position": self.position, "permission_overwrites": [], "topic": self.topic}
        if self.type == FORUM:
            data |= {
                "available_tags": [],
                "default_reaction_emoji": None,
                "default_sort_order": None,
                "default_forum_layout": 0,
                "default_thread_rate_limit_per_user": 0,
            }
        return data


@dataclass
class FakeGuild:
    id: int
    name: str
    owner_id: int
    preferred_locale: str = "en-US"
    roles: dict[int, FakeRole] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)

    @property
    def everyone(self) -> FakeRole:
        return self.roles[self.id]

    def payload(self, channels: list[FakeChannel], *, full: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "vanity_url_code": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.preferred_locale,
            "nsfw_level": 0,
            "max_members": 500000,
            "premium_progress_bar_enabled": False,
        }
        if full:
            data |= {
                "unavailable": False,
                "large": False,
                "joined_at": iso(),
                "member_count": len(self.members),
                "members": [m.payload() for m in self.members.values()],
                "channels": [c.payload() for c in channels if not c.is_thread],
                "threads": [c.payload() for c in channels if c.is_thread and not c.archived],
                "voice_states": [],
                "presences": [],
                "stage_instances": [],
                "guild_scheduled_events": [],
                "soundboard_sounds": [],
            }
        return data


def application_payload(app_id: int, bot: FakeUser, owner: FakeUser) -> dict[str, Any]:
    return {
        "id": str(app_id),
        "name": bot.name,
        "icon": None,
        "description": "",
        "rpc_origins": [],
        "bot_public": True,
        "bot_require_code_grant": False,
        "bot": bot.payload(),
        "owner": owner.payload(),
        "summary": "",
        "verify_key": "0" * 64,
        "team": None,
        "flags": 0,
        "tags": [],
        "interactions_endpoint_url": None,
        "redirect_uris": [],
        "approximate_guild_count": 1,
    }
