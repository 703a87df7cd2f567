"""The gateway websocket: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats, RESUME, chunks.

discord.py 2.7 connects with ``?v=10&encoding=json&compress=zlib-stream`` (or ``zstd-stream``
when a zstd module is importable) and sets ``"compress": true`` in IDENTIFY. It decompresses only
*binary* frames: text frames are parsed as plain JSON. So the fake ignores the requested transport
compression and always sends uncompressed text frames, which discord.py accepts.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from typing import Any

import aiohttp
from aiohttp import web

from .state import FakeState

DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE, VOICE, RESUME = 0, 1, 2, 3, 4, 6
RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 7, 8, 9, 10, 11
BACKLOG = 2000


class Gateway:
    """One bot session at a time; events sent while it is disconnected are replayed on RESUME."""

    def __init__(
        self, fake: FakeState, *, heartbeat_interval: float = 41.25, path: str = ""
    ) -> None:
        self.fake = fake
        self.path = path  # "" for the unsharded gateway, "shard/N" for shard N (see shards)
        self.shard: tuple[int, int] | None = None  # [id, count] from IDENTIFY
        self.heartbeat_interval_ms = int(heartbeat_interval * 1000)
        self.ws: web.WebSocketResponse | None = None
        self.sockets: set[web.WebSocketResponse] = set()
        self.session_id: str | None = None
        self.seq = 0
        self.backlog: list[tuple[int, str]] = []
        self.identify: dict[str, Any] | None = None
        self.intents = 0
        self.query: dict[str, str] = {}  # of the last connection: v, encoding, compress
        self.connections = 0
        self.identifies = 0
        self.resumes = 0
        self.heartbeats = 0
        self.presence: dict[str, Any] | None = None
        self.ready = False
        self._lock = asyncio.Lock()

    # ----------------------------------------------------------------- server side
    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(compress=False, max_msg_size=0, autoping=True)
        await ws.prepare(request)
        self.sockets.add(ws)
        self.connections += 1
        self.query = dict(request.query)
        old, self.ws = self.ws, ws
        if old is not None and not old.closed:
            await old.close(code=4000, message=b"replaced by a new connection")
        try:
            await self._send(
                ws, {"op": HELLO, "d": {"heartbeat_interval": self.heartbeat_interval_ms}}
            )
            async for msg in ws:
                if msg.type in (aiohttp.WSMsgType.TEXT, aiohttp.WSMsgType.BINARY):
                    await self._on_message(ws, json.loads(msg.data))
        finally:
            self.sockets.discard(ws)
            if self.ws is ws:
                self.ws = None
        return ws

    async def _send(self, ws: web.WebSocketResponse, payload: dict[str, Any]) -> None:
        # a socket closing underneath us loses nothing: RESUME replays the backlog
        if not ws.closed:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await ws.send_str(json.dumps(payload))

    async def _on_message(self, ws: web.WebSocketResponse, msg: dict[str, Any]) -> None:
        op, data = msg.get("op"), msg.get("d")
        if op == HEARTBEAT:
            self.heartbeats += 1
            await self._send(ws, {"op": HEARTBEAT_ACK})
        elif op == IDENTIFY:
            await self._identify(ws, data or {})
        elif op == RESUME:
            await self._resume(ws, data or {})
        elif op == REQUEST_MEMBERS:
            await self._members(data or {})
        elif op == PRESENCE:
            self.presence = data

    async def _identify(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> None:
        fake = self.fake
        if data.get("token") != fake.token:
            await ws.close(code=4004, message=b"Authentication failed.")
            return
        self.identify = data
        self.identifies += 1
        if isinstance(data.get("shard"), list):
            self.shard = (int(data["shard"][0]), int(data["shard"][1]))
        self.intents = int(data.get("intents") or 0)
        self.session_id = secrets.token_hex(16)
        async with self._lock:
            self.seq = 0
            self.backlog.clear()
        ready: dict[str, Any] = {
            "v": 10,
            "user": fake.bot.payload() | {"verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(g), "unavailable": True} for g in self._guilds()],
            "session_id": self.session_id,
            "session_type": "normal",
            "resume_gateway_url": fake.gateway_url + self.path,
            "application": {"id": str(fake.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "geo_ordered_rtc_regions": [],
        }
        if "shard" in data:
            ready["shard"] = data["shard"]
        await self.dispatch("READY", ready)
        for gid in self._guilds():
            guild = fake.guilds[gid]
            await self.dispatch("GUILD_CREATE", guild.payload(fake.guild_channels(guild)))
        self.ready = True
        fake.notifier.notify()

    def _guilds(self) -> list[int]:
        """The guilds of this session: all, or a shard's (Discord: (guild_id >> 22) % count)."""
        if self.shard is None:
            return list(self.fake.guilds)
        shard, count = self.shard
        return [g for g in self.fake.guilds if (g >> 22) % count == shard]

    async def _resume(self, ws: web.WebSocketResponse, data: dict[str, Any]) -> None:
        if data.get("token") != self.fake.token or data.get("session_id") != self.session_id:
            await self._send(ws, {"op": INVALID_SESSION, "d": False})
            return
        self.resumes += 1
        last = int(data.get("seq") or 0)
        async with self._lock:
            for seq, text in self.backlog:
                if seq > last and not ws.closed:
                    await ws.send_str(text)
        await self.dispatch("RESUMED", {})
        self.fake.notifier.notify()

    async def _members(self, data: dict[str, Any]) -> None:
        guild_ids = data.get("guild_id")
        for gid in guild_ids if isinstance(guild_ids, list) else [guild_ids]:
            guild = self.fake.guilds.get(int(gid or 0))
            if guild is None:
                continue
            wanted = {int(u) for u in data.get("user_ids") or []}
            query = str(data.get("query") or "").lower()
            members = [
                m
                for m in guild.members.values()
                if (not wanted or m.user.id in wanted) and m.user.name.lower().startswith(query)
            ]
            limit = int(data.get("limit") or 0)
            if limit:
                members = members[:limit]
            chunk = {
                "guild_id": str(guild.id),
                "members": [m.payload() for m in members],
                "chunk_index": 0,
                "chunk_count": 1,
                "not_found": [str(u) for u in wanted - {m.user.id for m in members}],
            }
            if data.get("nonce"):
                chunk["nonce"] = data["nonce"]
            await self.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    # ----------------------------------------------------------------- API used by the fake
    async def dispatch(self, event: str, data: dict[str, Any]) -> int:
        """Send a DISPATCH (op 0); returns its sequence number."""
        async with self._lock:
            self.seq += 1
            text = json.dumps({"op": DISPATCH, "t": event, "s": self.seq, "d": data})
            self.backlog.append((self.seq, text))
            del self.backlog[:-BACKLOG]
            ws = self.ws
            if ws is not None and not ws.closed:
                with contextlib.suppress(ConnectionError, RuntimeError):
                    await ws.send_str(text)
            return self.seq

    async def drop(self, code: int = 4000) -> None:
        """Close the bot's connection with ``code``; discord.py reconnects and RESUMEs."""
        ws = self.ws
        if ws is not None and not ws.closed:
            await ws.close(code=code, message=b"dropped by the fake")

    async def request_reconnect(self) -> None:
        """Send op 7 RECONNECT: discord.py closes and RESUMEs."""
        if self.ws is not None:
            await self._send(self.ws, {"op": RECONNECT, "d": None})

    async def close_all(self) -> None:
        for ws in list(self.sockets):
            await ws.close(code=1001, message=b"fake Discord shutting down")
