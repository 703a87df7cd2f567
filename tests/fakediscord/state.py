"""The fake's state: the world it serves and everything the bot sent, with payload builders."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from . import model as m
from .faults import Faults
from .model import FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser, snowflake_of
from .records import EPHEMERAL, Attachment, Notifier, RecordedRequest, SentMessage

if TYPE_CHECKING:
    from .handle import InteractionHandle

Upload = tuple[int, str, bytes, "str | None"]  # (files[N] index, filename, bytes, content type)


class FakeState:
    """World (users, guilds, channels) and records; FakeDiscord adds the server on top."""

    def __init__(self, *, token: str, bot_name: str, timeout: float) -> None:
        self.ids = m.Snowflakes()
        self.token = token
        self.timeout = timeout
        self.base_url = ""
        self.gateway_url = ""
        self.users: dict[int, FakeUser] = {}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, SentMessage] = {}
        self.uploads: dict[int, Attachment] = {}
        self.requests: list[RecordedRequest] = []
        self.unknown_requests: list[RecordedRequest] = []
        self.errors: list[str] = []  # exceptions inside the fake's own handlers
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.command_syncs: list[tuple[int | None, list[dict[str, Any]]]] = []
        self.refused_dms: list[tuple[int, dict[str, Any]]] = []
        self.duplicate_nonces: list[str] = []  # sends Discord answered with an earlier message
        self.interactions: dict[int, InteractionHandle] = {}
        self.reactions: list[tuple[int, int, str]] = []  # (channel, message, emoji)
        self.notifier = Notifier()
        self.faults = Faults()
        self.ack_deadline: float | None = 3.0
        self.modals: dict[str, dict[str, Any]] = {}
        self.bot = FakeUser(self.ids.next(), bot_name, bot=True)
        self.owner = FakeUser(self.ids.next(), "app-owner")
        self.application_id = self.bot.id
        self.users[self.bot.id] = self.bot
        self.users[self.owner.id] = self.owner

    async def emit(self, event: str, data: dict[str, Any], intent: int | None = None) -> None:
        """Send a gateway DISPATCH to the bot (if it asked for ``intent``); FakeDiscord does it."""

    # ----------------------------------------------------------------- building the world
    def add_user(
        self,
        id: int | None = None,
        name: str | None = None,
        *,
        locale: str = "en-US",
        global_name: str | None = None,
        dms_open: bool = True,
        bot: bool = False,
    ) -> FakeUser:
        uid = id or self.ids.next()
        user = FakeUser(uid, name or f"user{uid % 10000}", locale, global_name, bot, dms_open)
        self.users[uid] = user
        return user

    def add_guild(
        self,
        id: int | None = None,
        name: str = "Test Guild",
        *,
        owner: Any = None,
        locale: str = "en-US",
        members: Iterable[Any] = (),
    ) -> FakeGuild:
        gid = id or self.ids.next()
        owner_id = snowflake_of(owner) if owner is not None else self.owner.id
        guild = FakeGuild(gid, name, owner_id, preferred_locale=locale)
        guild.roles[gid] = FakeRole(gid, gid, "@everyone", m.EVERYONE_PERMISSIONS)
        bot_role = FakeRole(self.ids.next(), gid, self.bot.name, 8, position=1)  # administrator
        guild.roles[bot_role.id] = bot_role
        self.guilds[gid] = guild
        guild.members[self.bot.id] = FakeMember(self.bot, gid, [bot_role.id])
        for user in members:
            self.add_member(guild, user)
        return guild

    def add_role(
        self, guild: Any, name: str, *, permissions: int = 0, id: int | None = None
    ) -> FakeRole:
        g = self.guild(guild)
        role = FakeRole(id or self.ids.next(), g.id, name, permissions, position=len(g.roles))
        g.roles[role.id] = role
        return role

    def add_member(
        self, guild: Any, user: Any, *, roles: Iterable[Any] = (), nick: str | None = None
    ) -> FakeMember:
        g = self.guild(guild)
        u = self.user(user)
        member = FakeMember(u, g.id, [snowflake_of(r) for r in roles], nick)
        g.members[u.id] = member
        return member

    def add_channel(
        self,
        guild: Any,
        name: str = "general",
        *,
        type: int = m.TEXT,
        id: int | None = None,
        parent: Any = None,
        topic: str | None = None,
    ) -> FakeChannel:
        g = self.guild(guild)
        parent_id = snowflake_of(parent) if parent is not None else None
        channel = FakeChannel(
            id or self.ids.next(),
            name,
            type,
            g.id,
            parent_id,
            position=len(g.channel_ids),
            topic=topic,
        )
        self.channels[channel.id] = channel
        g.channel_ids.append(channel.id)
        return channel

    def close_dms(self, user: Any) -> None:
        """The user refuses DMs: sending them a message fails with 403 / 50007."""
        self.user(user).dms_open = False

    def open_dms(self, user: Any) -> None:
        self.user(user).dms_open = True

    # ----------------------------------------------------------------- lookups
    def user(self, user: Any) -> FakeUser:
        uid = snowflake_of(user)
        if uid not in self.users:
            raise KeyError(f"unknown user {uid}; add it with add_user()")
        return self.users[uid]

    def guild(self, guild: Any) -> FakeGuild:
        gid = snowflake_of(guild)
        if gid not in self.guilds:
            raise KeyError(f"unknown guild {gid}; add it with add_guild()")
        return self.guilds[gid]

    def channel(self, channel: Any) -> FakeChannel:
        cid = snowflake_of(channel)
        if cid not in self.channels:
            raise KeyError(f"unknown channel {cid}")
        return self.channels[cid]

    def thread(self, thread: Any) -> FakeChannel:
        return self.channel(thread)

    def message(self, message: Any) -> SentMessage:
        mid = snowflake_of(message)
        if mid not in self.messages:
            raise KeyError(f"unknown message {mid}")
        return self.messages[mid]

    def guild_channels(self, guild: Any) -> list[FakeChannel]:
        gid = snowflake_of(guild)
        return [c for c in self.channels.values() if c.guild_id == gid]

    def dm_channel(self, user: Any) -> FakeChannel:
        """The DM channel between the bot and this user (created on first use)."""
        u = self.user(user)
        for channel in self.channels.values():
            if channel.type == m.DM and channel.recipient_id == u.id:
                return channel
        channel = FakeChannel(self.ids.next(), "", m.DM, recipient_id=u.id)
        self.channels[channel.id] = channel
        return channel

    def member_permissions(self, guild: FakeGuild, user_id: int) -> int:
        if user_id == guild.owner_id:
            return m.ALL_PERMISSIONS
        member = guild.members.get(user_id)
        perms = guild.everyone.permissions
        for role_id in member.roles if member else []:
            role = guild.roles.get(role_id)
            perms |= role.permissions if role else 0
        return m.ALL_PERMISSIONS if perms & 8 else perms

    # ----------------------------------------------------------------- payloads
    def channel_payload(self, channel: FakeChannel) -> dict[str, Any]:
        recipient = self.users.get(channel.recipient_id or 0)
        return channel.payload(recipient)

    def message_payload(self, msg: SentMessage) -> dict[str, Any]:
        author = self.users[msg.author_id]
        data: dict[str, Any] = {
            "id": str(msg.id),
            "channel_id": str(msg.channel_id),
            "author": author.payload(),
            "content": msg.content,
            "timestamp": msg.created,
            "edited_timestamp": m.iso() if msg.edits else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in msg.attachments],
            "embeds": msg.embeds,
            "reactions": [],
            "pinned": False,
            "type": 19 if msg.message_reference else 0,
            "flags": msg.flags,
            "components": msg.components,
        }
        if msg.guild_id is not None:
            data["guild_id"] = str(msg.guild_id)
            member = self.guilds[msg.guild_id].members.get(msg.author_id)
            if member is not None:
                data["member"] = member.payload(with_user=False)
        if msg.interaction_id is not None:
            handle = self.interactions.get(msg.interaction_id)
            data["webhook_id"] = str(self.application_id)
            data["application_id"] = str(self.application_id)
            if handle is not None:
                if handle.type == 2 and msg.id == handle.original_id:
                    data["type"] = 20
                data["interaction_metadata"] = {
                    "id": str(handle.id),
                    "type": handle.type,
                    "user": self.users[handle.user_id].payload(),
                    "authorizing_integration_owners": {},
                }
        if msg.message_reference:
            data["message_reference"] = msg.message_reference
        if msg.thread_id is not None and msg.thread_id in self.channels:
            data["thread"] = self.channel_payload(self.channels[msg.thread_id])
        return data

    # ----------------------------------------------------------------- storing messages
    def build_attachments(
        self,
        declared: list[dict[str, Any]] | None,
        uploads: list[Upload],
        channel_id: int,
        existing: Sequence[Attachment] = (),
    ) -> list[Attachment]:
        """Kept existing attachments plus new uploads, following the payload's attachment list."""
        by_index = {index: up for index, up in enumerate(uploads)}
        by_field = {up[0]: up for up in uploads}
        old = {a.id: a for a in existing}
        result: list[Attachment] = []
        used: set[int] = set()
        for entry in declared if declared is not None else []:
            ident = int(entry.get("id", -1))
            if ident in old:
                result.append(old[ident])
                continue
            up = by_field.get(ident) or by_index.get(ident)
            if up is None:
                continue
            used.add(up[0])
            result.append(self._new_attachment(up, channel_id, entry.get("description")))
        if declared is None:
            result.extend(existing)
        result.extend(self._new_attachment(up, channel_id) for up in uploads if up[0] not in used)
        return result

    def _new_attachment(self, up: Upload, channel_id: int, desc: str | None = None) -> Attachment:
        aid = self.ids.next()
        url = f"{self.base_url}/attachments/{channel_id}/{aid}/{up[1]}"
        att = Attachment(aid, up[1], up[2], up[3], desc, url)
        self.uploads[aid] = att
        return att

    def store_message(
        self,
        channel: FakeChannel,
        payload: dict[str, Any],
        uploads: list[Upload],
        *,
        kind: str,
        author_id: int | None = None,
        interaction_id: int | None = None,
        audience_user_id: int | None = None,
        extra_flags: int = 0,
    ) -> SentMessage:
        flags = int(payload.get("flags") or 0) | extra_flags
        msg = SentMessage(
            id=self.ids.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author_id=author_id or self.bot.id,
            content=str(payload.get("content") or ""),
            embeds=list(payload.get("embeds") or []),
            components=list(payload.get("components") or []),
            flags=flags,
            kind=kind,
            interaction_id=interaction_id,
            audience_user_id=audience_user_id if flags & EPHEMERAL else None,
            message_reference=payload.get("message_reference"),
            allowed_mentions=payload.get("allowed_mentions"),
            created=m.iso(),
        )
        msg.attachments = self.build_attachments(payload.get("attachments"), uploads, channel.id)
        msg.first_content = msg.content
        self.messages[msg.id] = msg
        if not msg.ephemeral:
            channel.last_message_id = msg.id
            channel.message_count += 1
        self.notifier.notify()
        return msg

    def edit_message(
        self, msg: SentMessage, payload: dict[str, Any], uploads: list[Upload]
    ) -> None:
        msg.edits.append(dict(payload))
        for key in ("content", "embeds", "components"):
            if key in payload:
                value = payload[key]
                setattr(msg, key, (value or "") if key == "content" else list(value or []))
        if "flags" in payload and payload["flags"] is not None:
            msg.flags = (msg.flags & EPHEMERAL) | (int(payload["flags"]) & ~EPHEMERAL)
        if "attachments" in payload or uploads:
            msg.attachments = self.build_attachments(
                payload.get("attachments"), uploads, msg.channel_id, msg.attachments
            )
        self.notifier.notify()
