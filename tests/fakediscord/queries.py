"""Read-only views of what the fake recorded: per channel, per user, per audience."""

from __future__ import annotations

import re
from typing import Any

from . import model as m
from .model import FakeChannel, snowflake_of
from .records import RecordedRequest, SentMessage
from .state import FakeState


class RecordQueries(FakeState):
    def messages_in(
        self,
        channel: Any,
        *,
        include_ephemeral: bool = False,
        include_deleted: bool = False,
    ) -> list[SentMessage]:
        """Messages in a channel or thread, oldest first (ephemeral ones only if asked)."""
        cid = snowflake_of(channel)
        return [
            msg
            for msg in self.messages.values()
            if msg.channel_id == cid
            and (include_ephemeral or not msg.ephemeral)
            and (include_deleted or not msg.deleted)
        ]

    def dms_to(self, user: Any, *, include_deleted: bool = False) -> list[SentMessage]:
        """Messages the bot sent in its DM channel with this user."""
        u = self.user(user)
        channel = self.dm_channel(u)
        return [
            msg
            for msg in self.messages_in(
                channel, include_ephemeral=True, include_deleted=include_deleted
            )
            if msg.author_id == self.bot.id
        ]

    def dm_refusals(self, user: Any) -> list[dict[str, Any]]:
        """Payloads of DMs that were refused because the user closed their DMs."""
        uid = snowflake_of(user)
        return [payload for who, payload in self.refused_dms if who == uid]

    def ephemerals_for(self, user: Any) -> list[SentMessage]:
        uid = snowflake_of(user)
        return [
            msg
            for msg in self.messages.values()
            if msg.ephemeral and msg.audience_user_id == uid and not msg.deleted
        ]

    def threads_in(self, channel: Any) -> list[FakeChannel]:
        cid = snowflake_of(channel)
        return [c for c in self.channels.values() if c.is_thread and c.parent_id == cid]

    def synced_commands(self, guild: Any = None) -> list[dict[str, Any]]:
        """The commands as last synced (global, or for one guild), with the ids the fake gave."""
        return list(self.commands.get(None if guild is None else snowflake_of(guild), []))

    def can_see(self, user_id: int | None, msg: SentMessage) -> bool:
        if msg.deleted:
            return False
        if msg.ephemeral:
            return user_id is not None and msg.audience_user_id == user_id
        channel = self.channels.get(msg.channel_id)
        if channel is None:
            return False
        if channel.type == m.DM:
            return user_id is not None and channel.recipient_id == user_id
        if channel.type == m.PRIVATE_THREAD:
            return user_id is not None and user_id in channel.thread_members
        return True

    def visible_messages(self, user: Any = None) -> list[SentMessage]:
        uid = None if user is None else snowflake_of(user)
        return [msg for msg in self.messages.values() if self.can_see(uid, msg)]

    def all_text_for_audience(self, user: Any = None) -> str:
        """All text a user (or, for None, the public) can read: guild channels, public threads,
        private threads they belong to, their DMs and their ephemeral replies."""
        return "\n".join(msg.text() for msg in self.visible_messages(user))

    def requests_to(self, method: str, path_regex: str) -> list[RecordedRequest]:
        pattern = re.compile(path_regex)
        return [r for r in self.requests if r.method == method.upper() and pattern.search(r.path)]
