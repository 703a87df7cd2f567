"""REST: DM channels, channel and thread messages (with files), edits, threads, reactions."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from . import model as m
from .faults import discord_error
from .model import FakeChannel
from .records import SentMessage
from .restbase import (
    Handler,
    fake_of,
    no_content,
    ok,
    payload_of,
    snowflake_param,
    uploads_of,
)
from .state import FakeState, Upload

GUILDS, GUILD_MESSAGES, DIRECT_MESSAGES = 1 << 0, 1 << 9, 1 << 12
MAX_CONTENT = 2000


def message_intent(channel: FakeChannel) -> int:
    return DIRECT_MESSAGES if channel.is_dm else GUILD_MESSAGES


def validate_message(payload: dict[str, Any], uploads: list[Upload]) -> web.Response | None:
    """Discord's own refusals for a new message: empty, or content too long."""
    content = payload.get("content") or ""
    if len(str(content)) > MAX_CONTENT:
        return discord_error(
            400, 50035, f"Invalid Form Body: content must be {MAX_CONTENT} or fewer in length"
        )
    if len(payload.get("embeds") or []) > 10:
        return discord_error(400, 50035, "Invalid Form Body: embeds must be 10 or fewer")
    keys = ("content", "embeds", "components", "sticker_ids", "poll", "attachments")
    if not uploads and not any(payload.get(k) for k in keys):
        return discord_error(400, 50006, "Cannot send an empty message")
    return None


def _channel(fake: FakeState, request: web.Request) -> FakeChannel | None:
    return fake.channels.get(int(request.match_info["channel_id"]))


def _message(fake: FakeState, request: web.Request) -> SentMessage | None:
    msg = fake.messages.get(int(request.match_info["message_id"]))
    if msg is None or msg.deleted or msg.channel_id != int(request.match_info["channel_id"]):
        return None
    return msg


async def create_dm(request: web.Request) -> web.Response:
    fake = fake_of(request)
    recipient = payload_of(request).get("recipient_id")
    if recipient is None or int(recipient) not in fake.users:
        return discord_error(400, 50035, "Invalid Form Body: unknown recipient_id")
    return ok(fake.channel_payload(fake.dm_channel(int(recipient))))


async def post_message(request: web.Request) -> web.Response:
    fake = fake_of(request)
    channel = _channel(fake, request)
    if channel is None:
        return discord_error(404, 10003, "Unknown Channel")
    payload, uploads = payload_of(request), uploads_of(request)
    if (refusal := validate_message(payload, uploads)) is not None:
        return refusal
    if channel.is_dm:
        recipient = fake.users.get(channel.recipient_id or 0)
        if recipient is None or not recipient.dms_open:
            fake.refused_dms.append((channel.recipient_id or 0, payload))
            fake.notifier.notify()
            return discord_error(403, 50007, "Cannot send messages to this user")
    if channel.is_thread and (channel.archived or channel.locked):
        if channel.locked:
            return discord_error(400, 50083, "Thread is archived")
        channel.archived = False  # sending to an archived (unlocked) thread unarchives it
    nonce = str(payload["nonce"]) if payload.get("nonce") is not None else None
    if nonce and payload.get("enforce_nonce"):
        # Discord: with enforce_nonce, a second message of the same author with the same nonce
        # (within a few minutes) returns the first one and creates nothing.
        for earlier in fake.messages.values():
            if earlier.nonce == nonce and earlier.author_id == fake.bot.id:
                fake.duplicate_nonces.append(nonce)
                return ok(fake.message_payload(earlier))
    msg = fake.store_message(channel, payload, uploads, kind="dm" if channel.is_dm else "channel")
    msg.nonce = nonce
    data = fake.message_payload(msg)
    await fake.emit("MESSAGE_CREATE", data, message_intent(channel))
    return ok(data)


async def get_message(request: web.Request) -> web.Response:
    fake = fake_of(request)
    msg = _message(fake, request)
    if msg is None or msg.ephemeral:
        return discord_error(404, 10008, "Unknown Message")
    return ok(fake.message_payload(msg))


async def get_messages(request: web.Request) -> web.Response:
    fake = fake_of(request)
    channel = _channel(fake, request)
    if channel is None:
        return discord_error(404, 10003, "Unknown Channel")
    limit = int(request.query.get("limit", "50"))
    before = int(request.query.get("before", str(1 << 63)))
    after = int(request.query.get("after", "0"))
    found = [msg for msg in fake.messages_in(channel) if after < msg.id < before]
    found = found[:limit] if "after" in request.query else found[-limit:]
    return ok([fake.message_payload(msg) for msg in reversed(found)])


async def patch_message(request: web.Request) -> web.Response:
    fake = fake_of(request)
    msg = _message(fake, request)
    if msg is None:
        return discord_error(404, 10008, "Unknown Message")
    if msg.author_id != fake.bot.id and set(payload_of(request)) - {"flags"}:
        return discord_error(403, 50005, "Cannot edit a message authored by another user")
    fake.edit_message(msg, payload_of(request), uploads_of(request))
    data = fake.message_payload(msg)
    channel = fake.channels[msg.channel_id]
    await fake.emit("MESSAGE_UPDATE", data, message_intent(channel))
    return ok(data)


async def delete_message(request: web.Request) -> web.Response:
    fake = fake_of(request)
    msg = _message(fake, request)
    if msg is None:
        return discord_error(404, 10008, "Unknown Message")
    msg.deleted = True
    fake.notifier.notify()
    channel = fake.channels[msg.channel_id]
    event = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
    if msg.guild_id is not None:
        event["guild_id"] = str(msg.guild_id)
    await fake.emit("MESSAGE_DELETE", event, message_intent(channel))
    return no_content()


async def typing(request: web.Request) -> web.Response:
    return no_content()


def new_thread(
    fake: FakeState,
    parent: FakeChannel,
    payload: dict[str, Any],
    *,
    thread_id: int | None = None,
    default_type: int = m.PUBLIC_THREAD,
) -> FakeChannel:
    thread = FakeChannel(
        thread_id or fake.ids.next(),
        str(payload.get("name") or "thread"),
        int(payload.get("type") or default_type),
        parent.guild_id,
        parent.id,
        owner_id=fake.bot.id,
        thread_members={fake.bot.id},
        auto_archive_duration=int(payload.get("auto_archive_duration") or 1440),
        invitable=bool(payload.get("invitable", True)),
    )
    fake.channels[thread.id] = thread
    return thread


async def post_thread(request: web.Request) -> web.Response:
    fake = fake_of(request)
    parent = _channel(fake, request)
    if parent is None:
        return discord_error(404, 10003, "Unknown Channel")
    payload, uploads = payload_of(request), uploads_of(request)
    if parent.type == m.FORUM:
        thread = new_thread(fake, parent, payload)
        data = fake.channel_payload(thread) | {"newly_created": True}
        await fake.emit("THREAD_CREATE", data, GUILDS)
        first = payload.get("message") or {}
        msg = fake.store_message(thread, first, uploads, kind="channel")
        return ok(fake.channel_payload(thread) | {"message": fake.message_payload(msg)}, 201)
    if parent.type not in (m.TEXT, m.NEWS) or not payload.get("name"):
        return discord_error(
            400, 50035, "Invalid Form Body: a thread needs a name and a text parent"
        )
    thread = new_thread(fake, parent, payload, default_type=m.PRIVATE_THREAD)
    data = fake.channel_payload(thread)
    await fake.emit("THREAD_CREATE", data | {"newly_created": True}, GUILDS)
    fake.notifier.notify()
    return ok(data, 201)


async def post_thread_from_message(request: web.Request) -> web.Response:
    fake = fake_of(request)
    parent = _channel(fake, request)
    msg = _message(fake, request)
    if parent is None or msg is None:
        return discord_error(404, 10008, "Unknown Message")
    if msg.thread_id is not None:
        return discord_error(400, 160004, "A thread has already been created for this message")
    payload = payload_of(request) | {"type": m.PUBLIC_THREAD}
    thread = new_thread(fake, parent, payload, thread_id=msg.id)
    msg.thread_id = thread.id
    data = fake.channel_payload(thread)
    await fake.emit("THREAD_CREATE", data | {"newly_created": True}, GUILDS)
    fake.notifier.notify()
    return ok(data, 201)


async def patch_channel(request: web.Request) -> web.Response:
    fake = fake_of(request)
    channel = _channel(fake, request)
    if channel is None:
        return discord_error(404, 10003, "Unknown Channel")
    payload = payload_of(request)
    for key in ("name", "topic", "archived", "locked", "invitable", "auto_archive_duration"):
        if key in payload:
            setattr(channel, key, payload[key])
    data = fake.channel_payload(channel)
    await fake.emit("THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE", data, GUILDS)
    fake.notifier.notify()
    return ok(data)


async def delete_channel(request: web.Request) -> web.Response:
    fake = fake_of(request)
    channel = _channel(fake, request)
    if channel is None:
        return discord_error(404, 10003, "Unknown Channel")
    data = fake.channel_payload(channel)
    del fake.channels[channel.id]
    await fake.emit("THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE", data, GUILDS)
    return ok(data)


def _thread_member(thread: FakeChannel, user_id: int) -> dict[str, Any]:
    return {
        "id": str(thread.id),
        "user_id": str(user_id),
        "join_timestamp": thread.created_at,
        "flags": 0,
    }


async def put_thread_member(request: web.Request) -> web.Response:
    fake = fake_of(request)
    thread = _channel(fake, request)
    uid = snowflake_param(request, "user_id")
    if thread is None or not thread.is_thread:
        return discord_error(404, 10003, "Unknown Channel")
    if uid not in fake.users:
        return discord_error(404, 10013, "Unknown User")
    thread.thread_members.add(uid)
    fake.notifier.notify()
    return no_content()


async def delete_thread_member(request: web.Request) -> web.Response:
    fake = fake_of(request)
    thread = _channel(fake, request)
    if thread is None or not thread.is_thread:
        return discord_error(404, 10003, "Unknown Channel")
    thread.thread_members.discard(snowflake_param(request, "user_id"))
    fake.notifier.notify()
    return no_content()


async def get_thread_members(request: web.Request) -> web.Response:
    fake = fake_of(request)
    thread = _channel(fake, request)
    if thread is None or not thread.is_thread:
        return discord_error(404, 10003, "Unknown Channel")
    return ok([_thread_member(thread, uid) for uid in sorted(thread.thread_members)])


async def get_thread_member(request: web.Request) -> web.Response:
    fake = fake_of(request)
    thread = _channel(fake, request)
    uid = snowflake_param(request, "user_id")
    if thread is None or uid not in thread.thread_members:
        return discord_error(404, 10007, "Unknown Member")
    return ok(_thread_member(thread, uid))


async def put_reaction(request: web.Request) -> web.Response:
    fake = fake_of(request)
    msg = _message(fake, request)
    if msg is None:
        return discord_error(404, 10008, "Unknown Message")
    fake.reactions.append((msg.channel_id, msg.id, request.match_info["emoji"]))
    fake.notifier.notify()
    return no_content()


async def pin(request: web.Request) -> web.Response:
    return no_content()


CH = "/channels/{channel_id}"
MSG = CH + "/messages/{message_id}"
API_ROUTES: list[tuple[str, str, Handler]] = [
    ("POST", "/users/@me/channels", create_dm),
    ("POST", CH + "/messages", post_message),
    ("GET", CH + "/messages", get_messages),
    ("GET", MSG, get_message),
    ("PATCH", MSG, patch_message),
    ("DELETE", MSG, delete_message),
    ("POST", CH + "/typing", typing),
    ("POST", CH + "/threads", post_thread),
    ("POST", MSG + "/threads", post_thread_from_message),
    ("PATCH", CH, patch_channel),
    ("DELETE", CH, delete_channel),
    ("GET", CH + "/thread-members", get_thread_members),
    ("GET", CH + "/thread-members/{user_id}", get_thread_member),
    ("PUT", CH + "/thread-members/{user_id}", put_thread_member),
    ("DELETE", CH + "/thread-members/{user_id}", delete_thread_member),
    ("PUT", MSG + "/reactions/{emoji}/@me", put_reaction),
    ("DELETE", MSG + "/reactions/{emoji}/@me", pin),
    ("PUT", CH + "/pins/{message_id}", pin),
    ("DELETE", CH + "/pins/{message_id}", pin),
    ("PUT", CH + "/messages/pins/{message_id}", pin),
    ("DELETE", CH + "/messages/pins/{message_id}", pin),
]
