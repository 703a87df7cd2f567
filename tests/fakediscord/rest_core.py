"""REST: login, application, gateway discovery, commands, fetching users/guilds/channels, echo."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .faults import discord_error
from .model import application_payload
from .restbase import (
    PAYLOAD_KEY,
    Handler,
    fake_of,
    no_content,
    ok,
    payload_of,
    snowflake_param,
)
from .state import FakeState


async def get_me(request: web.Request) -> web.Response:
    fake = fake_of(request)
    return ok(fake.bot.payload() | {"verified": True, "mfa_enabled": False, "email": None})


async def get_application(request: web.Request) -> web.Response:
    fake = fake_of(request)
    return ok(application_payload(fake.application_id, fake.bot, fake.owner))


async def get_gateway(request: web.Request) -> web.Response:
    return ok({"url": fake_of(request).gateway_url})


async def get_gateway_bot(request: web.Request) -> web.Response:
    limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
    return ok({"url": fake_of(request).gateway_url, "shards": 1, "session_start_limit": limit})


def _command_out(fake: FakeState, cmd: dict[str, Any], guild_id: int | None) -> dict[str, Any]:
    previous = {(c["name"], c.get("type", 1)): c["id"] for c in fake.commands.get(guild_id, [])}
    out = dict(cmd)
    out.setdefault("type", 1)
    out.setdefault("description", "")
    out.setdefault("options", [])
    out.setdefault("default_member_permissions", None)
    out.setdefault("nsfw", False)
    out["id"] = previous.get((out["name"], out["type"])) or str(fake.ids.next())
    out["application_id"] = str(fake.application_id)
    out["version"] = str(fake.ids.next())
    if guild_id is not None:
        out["guild_id"] = str(guild_id)
    return out


def _scope(request: web.Request) -> int | None:
    raw = request.match_info.get("guild_id")
    return int(raw) if raw else None


async def put_commands(request: web.Request) -> web.Response:
    fake = fake_of(request)
    guild_id = _scope(request)
    body = request.get(PAYLOAD_KEY)
    if not isinstance(body, list):
        return discord_error(400, 50035, "Invalid Form Body: expected a list of commands")
    names = [(c.get("name"), c.get("type", 1)) for c in body]
    if len(set(names)) != len(names):
        return discord_error(400, 50035, "Invalid Form Body: duplicate command names")
    out = [_command_out(fake, c, guild_id) for c in body]
    fake.commands[guild_id] = out
    fake.command_syncs.append((guild_id, out))
    return ok(out)


async def get_commands(request: web.Request) -> web.Response:
    return ok(fake_of(request).commands.get(_scope(request), []))


async def post_command(request: web.Request) -> web.Response:
    fake = fake_of(request)
    guild_id = _scope(request)
    out = _command_out(fake, payload_of(request), guild_id)
    current = [c for c in fake.commands.get(guild_id, []) if c["id"] != out["id"]]
    fake.commands[guild_id] = [*current, out]
    return ok(out, status=201)


async def delete_command(request: web.Request) -> web.Response:
    fake = fake_of(request)
    guild_id = _scope(request)
    cid = request.match_info["command_id"]
    fake.commands[guild_id] = [c for c in fake.commands.get(guild_id, []) if c["id"] != cid]
    return no_content()


async def get_user(request: web.Request) -> web.Response:
    fake = fake_of(request)
    user = fake.users.get(snowflake_param(request, "user_id"))
    if user is None:
        return discord_error(404, 10013, "Unknown User")
    return ok(user.payload())


async def get_guild(request: web.Request) -> web.Response:
    fake = fake_of(request)
    guild = fake.guilds.get(int(request.match_info["guild_id"]))
    if guild is None:
        return discord_error(404, 10004, "Unknown Guild")
    data = guild.payload([], full=False)
    data["approximate_member_count"] = len(guild.members)
    return ok(data)


async def get_guild_channels(request: web.Request) -> web.Response:
    fake = fake_of(request)
    gid = int(request.match_info["guild_id"])
    if gid not in fake.guilds:
        return discord_error(404, 10004, "Unknown Guild")
    return ok([c.payload() for c in fake.guild_channels(gid) if not c.is_thread])


async def get_guild_roles(request: web.Request) -> web.Response:
    fake = fake_of(request)
    guild = fake.guilds.get(int(request.match_info["guild_id"]))
    if guild is None:
        return discord_error(404, 10004, "Unknown Guild")
    return ok([r.payload() for r in guild.roles.values()])


async def get_member(request: web.Request) -> web.Response:
    fake = fake_of(request)
    guild = fake.guilds.get(int(request.match_info["guild_id"]))
    if guild is None:
        return discord_error(404, 10004, "Unknown Guild")
    member = guild.members.get(snowflake_param(request, "user_id"))
    if member is None:
        return discord_error(404, 10007, "Unknown Member")
    return ok(member.payload())


async def get_members(request: web.Request) -> web.Response:
    fake = fake_of(request)
    guild = fake.guilds.get(int(request.match_info["guild_id"]))
    if guild is None:
        return discord_error(404, 10004, "Unknown Guild")
    limit = int(request.query.get("limit", "1"))
    after = int(request.query.get("after", "0"))
    members = sorted(
        (m for m in guild.members.values() if m.user.id > after), key=lambda m: m.user.id
    )
    return ok([m.payload() for m in members[:limit]])


async def get_channel(request: web.Request) -> web.Response:
    fake = fake_of(request)
    channel = fake.channels.get(int(request.match_info["channel_id"]))
    if channel is None:
        return discord_error(404, 10003, "Unknown Channel")
    return ok(fake.channel_payload(channel))


async def get_attachment(request: web.Request) -> web.Response:
    fake = fake_of(request)
    att = fake.uploads.get(int(request.match_info["attachment_id"]))
    if att is None:
        return web.Response(status=404)
    return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")


async def echo(request: web.Request) -> web.Response:
    """Answers with what it was sent: the fake's own round trip, for latency benchmarks."""
    body = await request.read()
    return web.Response(body=body, content_type="application/json")


APP = "/applications/{application_id}"
API_ROUTES: list[tuple[str, str, Handler]] = [
    ("GET", "/users/@me", get_me),
    ("GET", "/oauth2/applications/@me", get_application),
    ("GET", "/applications/@me", get_application),
    ("GET", "/gateway", get_gateway),
    ("GET", "/gateway/bot", get_gateway_bot),
    ("PUT", APP + "/commands", put_commands),
    ("GET", APP + "/commands", get_commands),
    ("POST", APP + "/commands", post_command),
    ("DELETE", APP + "/commands/{command_id}", delete_command),
    ("PUT", APP + "/guilds/{guild_id}/commands", put_commands),
    ("GET", APP + "/guilds/{guild_id}/commands", get_commands),
    ("POST", APP + "/guilds/{guild_id}/commands", post_command),
    ("DELETE", APP + "/guilds/{guild_id}/commands/{command_id}", delete_command),
    ("GET", "/users/{user_id}", get_user),
    ("GET", "/guilds/{guild_id}", get_guild),
    ("GET", "/guilds/{guild_id}/channels", get_guild_channels),
    ("GET", "/guilds/{guild_id}/roles", get_guild_roles),
    ("GET", "/guilds/{guild_id}/members", get_members),
    ("GET", "/guilds/{guild_id}/members/{user_id}", get_member),
    ("GET", "/channels/{channel_id}", get_channel),
]
PLAIN_ROUTES: list[tuple[str, str, Handler]] = [
    ("GET", "/attachments/{channel_id}/{attachment_id}/{filename}", get_attachment),
    ("POST", "/__fake/echo", echo),
    ("GET", "/__fake/echo", echo),
]
