"""Plumbing shared by the REST modules: the app key, body parsing, recording, faults, auth."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

import aiohttp
from aiohttp import web

from .faults import discord_error, json_response
from .queries import RecordQueries
from .records import Attachment, RecordedRequest
from .state import Upload

_log = logging.getLogger(__name__)
API_PREFIX = "/api/v10"
FAKE_KEY: web.AppKey[RecordQueries] = web.AppKey("fake", RecordQueries)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
_INDEX = re.compile(r"(\d+)")
NO_AUTH_PREFIXES = ("/webhooks/", "/interactions/", "/gateway")
# aiohttp >= 3.13 wants typed request keys; older versions only know strings
_REQUEST_KEY: Any = getattr(web, "RequestKey", None)
PAYLOAD_KEY: Any = _REQUEST_KEY("payload", object) if _REQUEST_KEY else "payload"
UPLOADS_KEY: Any = _REQUEST_KEY("uploads", list) if _REQUEST_KEY else "uploads"


def fake_of(request: web.Request) -> RecordQueries:
    return request.app[FAKE_KEY]


def payload_of(request: web.Request) -> dict[str, Any]:
    payload = request.get(PAYLOAD_KEY)
    return payload if isinstance(payload, dict) else {}


def uploads_of(request: web.Request) -> list[Upload]:
    return list(request.get(UPLOADS_KEY, []))


def ok(data: Any, status: int = 200) -> web.Response:
    return json_response(data, status=status)


def no_content() -> web.Response:
    return web.Response(status=204)


def snowflake_param(request: web.Request, name: str) -> int:
    """A snowflake from the URL; ``@me`` is the bot itself."""
    raw = request.match_info[name]
    if raw == "@me":
        return fake_of(request).bot.id
    return int(raw)


async def parse_body(request: web.Request) -> tuple[Any, list[Upload]]:
    """JSON body, or a multipart body (payload_json + files[N]) as discord.py sends it."""
    if request.content_type.startswith("multipart/"):
        payload: dict[str, Any] = {}
        uploads: list[Upload] = []
        reader = await request.multipart()
        while True:
            part = await reader.next()
            if part is None:
                break
            if not isinstance(part, aiohttp.BodyPartReader):  # nested multipart: unused
                continue
            data = bytes(await part.read(decode=False))
            name = part.name or ""
            if name == "payload_json":
                payload = json.loads(data or b"{}")
            elif part.filename is not None:
                found = _INDEX.search(name)
                index = int(found.group(1)) if found else len(uploads)
                uploads.append((index, part.filename, data, part.headers.get("Content-Type")))
            else:
                payload[name] = data.decode("utf-8", "replace")
        return payload, uploads
    body = await request.read()
    if not body:
        return None, []
    try:
        return json.loads(body), []
    except ValueError:
        return body.decode("utf-8", "replace"), []


@web.middleware
async def fake_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    if not request.path.startswith(API_PREFIX):
        return await handler(request)
    fake = fake_of(request)
    path = request.path[len(API_PREFIX) :] or "/"
    payload, uploads = await parse_body(request)
    request[PAYLOAD_KEY] = payload
    request[UPLOADS_KEY] = uploads
    files = [Attachment(i, name, data, ctype) for i, name, data, ctype in uploads]
    rec = RecordedRequest(request.method, path, dict(request.query), payload, files)
    fake.requests.append(rec)
    try:
        rule = fake.faults.take(request.method, path)
        if rule is not None:
            rec.injected = True
            response: web.StreamResponse = rule.response()
        elif (
            not path.startswith(NO_AUTH_PREFIXES)
            and request.headers.get("Authorization") != f"Bot {fake.token}"
        ):
            response = discord_error(401, 0, "401: Unauthorized")
        elif request.match_info.http_exception is not None:
            fake.unknown_requests.append(rec)
            response = discord_error(
                404, 0, f"404: Not Found (the fake has no {request.method} {path})"
            )
        else:
            response = await handler(request)
    except Exception as exc:
        # A bug in the fake: answer 400 (discord.py does not retry it, so the test fails fast)
        # and keep the error for FakeDiscord's exit check.
        _log.exception("fake Discord failed on %s %s", request.method, path)
        fake.errors.append(f"{request.method} {path}: {exc!r}")
        response = discord_error(400, 0, f"fake Discord internal error: {exc!r}")
    rec.status = response.status
    fake.notifier.notify()
    return response


def add_api_routes(app: web.Application, routes: list[tuple[str, str, Handler]]) -> None:
    for method, path, handler in routes:
        app.router.add_route(method, API_PREFIX + path, handler)
