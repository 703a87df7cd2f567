"""REST: interaction callbacks, followups, and the original response (webhook routes)."""

from __future__ import annotations

import time
from typing import Any

from aiohttp import web

from .faults import discord_error
from .handle import InteractionHandle
from .records import EPHEMERAL, LOADING, Attachment, Callback, SentMessage
from .rest_messages import message_intent, validate_message
from .restbase import Handler, fake_of, no_content, ok, payload_of, uploads_of
from .state import FakeState

PONG, MESSAGE, DEFER, DEFER_UPDATE, UPDATE, AUTOCOMPLETE, MODAL = 1, 4, 5, 6, 7, 8, 9
# interaction type -> callback types Discord accepts for it
ALLOWED = {
    1: {PONG},
    2: {MESSAGE, DEFER, MODAL},
    3: {MESSAGE, DEFER, DEFER_UPDATE, UPDATE, MODAL},
    4: {AUTOCOMPLETE},
    5: {MESSAGE, DEFER, DEFER_UPDATE, UPDATE},
}


def _by_token(fake: FakeState, token: str) -> InteractionHandle | None:
    for handle in reversed(fake.interactions.values()):
        if handle.token == token:
            return handle
    return None


async def _store_in_channel(
    fake: FakeState,
    handle: InteractionHandle,
    payload: dict[str, Any],
    uploads: list[Any],
    *,
    kind: str,
    extra_flags: int = 0,
) -> SentMessage:
    channel = fake.channels[handle.channel_id]
    msg = fake.store_message(
        channel,
        payload,
        uploads,
        kind=kind,
        interaction_id=handle.id,
        audience_user_id=handle.user_id,
        extra_flags=extra_flags,
    )
    if not msg.ephemeral and not msg.loading:
        await fake.emit("MESSAGE_CREATE", fake.message_payload(msg), message_intent(channel))
    return msg


def _refuse(handle: InteractionHandle, status: int, code: int, why: str) -> web.Response:
    handle.refused_callbacks.append((status, why))
    return discord_error(status, code, why)


async def post_callback(request: web.Request) -> web.Response:
    fake = fake_of(request)
    handle = fake.interactions.get(int(request.match_info["interaction_id"]))
    if handle is None or handle.token != request.match_info["token"]:
        return discord_error(404, 10062, "Unknown interaction")
    if handle.callbacks:
        return _refuse(handle, 400, 40060, "Interaction has already been acknowledged.")
    late = time.perf_counter() - handle.dispatched_at
    if fake.ack_deadline is not None and late > fake.ack_deadline:
        return _refuse(handle, 404, 10062, f"Unknown interaction (acknowledged after {late:.2f}s)")
    payload, uploads = payload_of(request), uploads_of(request)
    ctype = int(payload.get("type", 0))
    data: dict[str, Any] = payload.get("data") or {}
    if ctype not in ALLOWED.get(handle.type, set()):
        why = f"Interaction callback type {ctype} is not valid for interaction type {handle.type}"
        return _refuse(handle, 400, 50035, why)
    if ctype == MESSAGE and (refusal := validate_message(data, uploads)) is not None:
        return refusal
    files = [Attachment(i, name, blob, ctype_) for i, name, blob, ctype_ in uploads]
    callback = Callback(ctype, data, files)
    message: SentMessage | None = None
    if ctype == MESSAGE:
        message = await _store_in_channel(fake, handle, data, uploads, kind="interaction")
        handle.original_id = message.id
    elif ctype == DEFER:
        flags = {"flags": int(data.get("flags") or 0) & EPHEMERAL}
        message = await _store_in_channel(
            fake, handle, flags, [], kind="interaction", extra_flags=LOADING
        )
        handle.original_id = message.id
    elif ctype in (DEFER_UPDATE, UPDATE) and handle.message_id is not None:
        handle.original_id = handle.message_id
        message = fake.messages.get(handle.message_id)
        if message is not None:
            handle.edits_at_callback = len(message.edits)
        if ctype == UPDATE and message is not None:
            fake.edit_message(message, data, uploads)
    elif ctype == MODAL:
        fake.modals[str(data.get("custom_id"))] = data
    handle.callbacks.append(callback)
    fake.notifier.notify()
    if "with_response" not in request.query:
        return no_content()
    resource: dict[str, Any] = {"type": ctype}
    if message is not None:
        resource["message"] = fake.message_payload(message)
    return ok(
        {
            "interaction": {
                "id": str(handle.id),
                "type": handle.type,
                "activity_instance_id": None,
                "response_message_id": str(message.id) if message is not None else None,
                "response_message_loading": ctype == DEFER,
                "response_message_ephemeral": bool(message and message.ephemeral),
            },
            "resource": resource,
        }
    )


def _webhook_handle(request: web.Request) -> InteractionHandle | None:
    fake = fake_of(request)
    if int(request.match_info["application_id"]) != fake.application_id:
        return None
    return _by_token(fake, request.match_info["token"])


async def post_followup(request: web.Request) -> web.Response:
    fake = fake_of(request)
    handle = _webhook_handle(request)
    if handle is None or not handle.acknowledged:
        return discord_error(404, 10015, "Unknown Webhook")
    payload, uploads = payload_of(request), uploads_of(request)
    if (refusal := validate_message(payload, uploads)) is not None:
        return refusal
    original = handle.original
    first_after_defer = (
        handle.first is not None
        and handle.first.type == DEFER
        and original is not None
        and original.loading
        and not handle.followups
    )
    if first_after_defer and original is not None:
        # Discord: the first followup after a "thinking" defer replaces the loading message and
        # keeps the defer's ephemeral setting.
        original.flags &= ~LOADING
        fake.edit_message(original, {k: v for k, v in payload.items() if k != "flags"}, uploads)
        msg = original
        if not msg.ephemeral:
            channel = fake.channels[msg.channel_id]
            await fake.emit("MESSAGE_CREATE", fake.message_payload(msg), message_intent(channel))
    else:
        msg = await _store_in_channel(fake, handle, payload, uploads, kind="followup")
    handle.followups.append(msg)
    fake.notifier.notify()
    if request.query.get("wait", "false").lower() not in ("true", "1"):
        return no_content()
    return ok(fake.message_payload(msg))


def _target(request: web.Request) -> tuple[InteractionHandle | None, SentMessage | None]:
    fake = fake_of(request)
    handle = _webhook_handle(request)
    if handle is None:
        return None, None
    raw = request.match_info["message_id"]
    if raw == "@original":
        return handle, handle.original
    mid = int(raw)
    if mid == handle.original_id or any(f.id == mid for f in handle.followups):
        return handle, fake.messages.get(mid)
    return handle, None


async def get_webhook_message(request: web.Request) -> web.Response:
    handle, msg = _target(request)
    if handle is None:
        return discord_error(404, 10015, "Unknown Webhook")
    if msg is None or msg.deleted:
        return discord_error(404, 10008, "Unknown Message")
    return ok(fake_of(request).message_payload(msg))


async def patch_webhook_message(request: web.Request) -> web.Response:
    fake = fake_of(request)
    handle, msg = _target(request)
    if handle is None:
        return discord_error(404, 10015, "Unknown Webhook")
    if msg is None or msg.deleted:
        return discord_error(404, 10008, "Unknown Message")
    was_loading = msg.loading
    msg.flags &= ~LOADING
    handle.token_edits.append(payload_of(request))
    fake.edit_message(msg, handle.token_edits[-1], uploads_of(request))
    data = fake.message_payload(msg)
    if not msg.ephemeral:
        event = "MESSAGE_CREATE" if was_loading else "MESSAGE_UPDATE"
        await fake.emit(event, data, message_intent(fake.channels[msg.channel_id]))
    return ok(data)


async def delete_webhook_message(request: web.Request) -> web.Response:
    fake = fake_of(request)
    handle, msg = _target(request)
    if handle is None:
        return discord_error(404, 10015, "Unknown Webhook")
    if msg is None or msg.deleted:
        return discord_error(404, 10008, "Unknown Message")
    msg.deleted = True
    fake.notifier.notify()
    return no_content()


HOOK = "/webhooks/{application_id}/{token}"
API_ROUTES: list[tuple[str, str, Handler]] = [
    ("POST", "/interactions/{interaction_id}/{token}/callback", post_callback),
    ("POST", HOOK, post_followup),
    ("GET", HOOK + "/messages/{message_id}", get_webhook_message),
    ("PATCH", HOOK + "/messages/{message_id}", patch_webhook_message),
    ("DELETE", HOOK + "/messages/{message_id}", delete_webhook_message),
]
