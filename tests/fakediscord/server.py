"""FakeDiscord: a small Discord (REST + gateway) on 127.0.0.1 for a real discord.py bot."""

from __future__ import annotations

import asyncio
import contextlib
import json
import statistics
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Any

import discord
import yarl
from aiohttp import web
from discord.gateway import DiscordWebSocket
from discord.http import Route

from . import rest_core, rest_interactions, rest_messages
from .faults import FaultRule
from .gateway import Gateway
from .interactions import InteractionsMixin
from .model import snowflake_of
from .net import LoopbackConnector, loopback_session
from .records import SentMessage, T
from .restbase import FAKE_KEY, add_api_routes, fake_middleware

_ACTIVE: list[FakeDiscord] = []  # the one instance patched into discord.py, if any


@dataclass(frozen=True)
class EchoStats:
    """Round trips of the fake's echo endpoint, in seconds."""

    samples: int
    min: float
    median: float
    p95: float
    mean: float


class FakeDiscord(InteractionsMixin):
    """Start with ``async with FakeDiscord() as fake:``; see README.md for the whole API."""

    def __init__(
        self,
        *,
        token: str = "fake-bot-token",
        bot_name: str = "Referee",
        timeout: float = 5.0,
        ack_deadline: float | None = 3.0,
        heartbeat_interval: float = 41.25,
        patch_discord: bool = True,
        strict: bool = True,
    ) -> None:
        super().__init__(token=token, bot_name=bot_name, timeout=timeout)
        self.ack_deadline = ack_deadline
        self.gateway = Gateway(self, heartbeat_interval=heartbeat_interval)
        self.shards: dict[int, Gateway] = {}
        """Sessions of sharded bot processes, by shard (connected to ``/shard/N``)."""
        self.route_interactions: Callable[[int | None], int] | None = None
        self.patch_discord = patch_discord
        self.strict = strict
        self.port = 0
        self._runner: web.AppRunner | None = None
        self._saved: tuple[str, yarl.URL] | None = None

    # ----------------------------------------------------------------- lifecycle
    async def start(self) -> FakeDiscord:
        app = web.Application(middlewares=[fake_middleware], client_max_size=64 * 1024 * 1024)
        app[FAKE_KEY] = self
        for module in (rest_core, rest_messages, rest_interactions):
            add_api_routes(app, module.API_ROUTES)
        for method, path, handler in rest_core.PLAIN_ROUTES:
            app.router.add_route(method, path, handler)
        app.router.add_get("/", self.gateway.handle)
        app.router.add_get("/shard/{shard}", self._shard_handle)
        self._runner = web.AppRunner(
            app, handle_signals=False, shutdown_timeout=1.0, access_log=None
        )
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.gateway_url = f"ws://127.0.0.1:{self.port}/"
        if self.patch_discord:
            self._patch()
        return self

    async def _shard_handle(self, request: web.Request) -> web.WebSocketResponse:
        shard = int(request.match_info["shard"])
        if shard not in self.shards:
            self.shards[shard] = Gateway(self, heartbeat_interval=41.25, path=f"shard/{shard}")
        return await self.shards[shard].handle(request)

    def shard_gateway_url(self, shard: int) -> str:
        """The gateway URL a bot process running shard ``shard`` connects to (several bot
        processes, each its own shard: see ``gateway_for``)."""
        return f"{self.gateway_url}shard/{shard}"

    def _patch(self) -> None:
        if _ACTIVE:
            raise RuntimeError("another FakeDiscord is already patched into discord.py")
        _ACTIVE.append(self)
        self._saved = (Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY)
        Route.BASE = self.api_base
        DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(self.gateway_url)

    def _unpatch(self) -> None:
        if self._saved is not None:
            Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = self._saved
            self._saved = None
            _ACTIVE.clear()

    async def close(self) -> None:
        try:
            await self.gateway.close_all()
            for gateway in self.shards.values():
                await gateway.close_all()
            if self._runner is not None:
                await self._runner.cleanup()
                self._runner = None
        finally:
            self._unpatch()

    async def __aenter__(self) -> FakeDiscord:
        return await self.start()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.close()
        if exc_type is None and self.strict:
            self.check()

    def check(self) -> None:
        """Raise if the bot called routes the fake lacks or the fake itself failed."""
        problems = [f"unimplemented route {r.method} {r.path}" for r in self.unknown_requests]
        problems += [f"fake error {e}" for e in self.errors]
        if problems:
            raise AssertionError("fake Discord: " + "; ".join(problems))

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` is set to while the fake runs."""
        return f"{self.base_url}/api/v10"

    def connector(self) -> LoopbackConnector:
        """A new loopback-only connector for ``discord.Client(connector=...)``."""
        return LoopbackConnector()

    @contextlib.asynccontextmanager
    async def run(self, client: discord.Client, *, wait_ready: bool = True) -> AsyncIterator[None]:
        """Run ``client`` against the fake for the block; closes it (bounded) afterwards."""
        task = asyncio.create_task(client.start(self.token), name="fake-discord-client")
        try:
            if wait_ready:
                ready = asyncio.create_task(client.wait_until_ready())
                done, _ = await asyncio.wait(
                    {task, ready}, timeout=self.timeout, return_when=asyncio.FIRST_COMPLETED
                )
                if task in done:
                    ready.cancel()
                    task.result()  # raises the client's error
                if ready not in done:
                    ready.cancel()
                    raise AssertionError(f"the bot was not ready within {self.timeout}s")
            yield
        finally:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(client.close(), timeout=self.timeout)
            if not task.done():
                task.cancel()
            with contextlib.suppress(BaseException):
                await asyncio.wait_for(task, timeout=self.timeout)

    # ----------------------------------------------------------------- gateway
    async def emit(self, event: str, data: dict[str, Any], intent: int | None = None) -> None:
        gateway = self.gateway_for(data.get("guild_id"))
        if not gateway.ready:
            return
        if intent is None or gateway.intents & intent:
            await gateway.dispatch(event, data)

    async def dispatch(self, event: str, data: dict[str, Any]) -> int:
        """Send any gateway event to the bot; returns its sequence number."""
        await self.wait_ready()
        return await self.gateway.dispatch(event, data)

    async def announce_guild(self, guild: Any, *, joined: bool = False) -> None:
        """Send GUILD_CREATE for a guild added (or changed) after the bot was ready. With
        ``joined``, as Discord sends it when the bot is added to a server: without the
        ``unavailable`` field (discord.py then dispatches on_guild_join)."""
        g = self.guild(guild)
        data = g.payload(self.guild_channels(g))
        if joined:
            data.pop("unavailable", None)
        await self.dispatch("GUILD_CREATE", data)

    async def drop_gateway(self, code: int = 4000) -> None:
        """Close the bot's websocket; discord.py reconnects and RESUMEs (missed events replayed)."""
        resumes = self.gateway.resumes
        await self.gateway.drop(code)
        await self.wait_until(lambda: self.gateway.resumes > resumes, what="the bot to RESUME")

    async def user_message(self, user: Any, channel: Any, content: str) -> SentMessage:
        """A user writes in a channel (MESSAGE_CREATE to the bot)."""
        await self.wait_ready()
        ch = self.channel(channel)
        msg = self.store_message(
            ch, {"content": content}, [], kind="user", author_id=snowflake_of(user)
        )
        await self.gateway.dispatch("MESSAGE_CREATE", self.message_payload(msg))
        return msg

    # ----------------------------------------------------------------- faults and waits
    def fail_next(
        self,
        method: str,
        path_regex: str,
        status: int = 429,
        count: int = 1,
        *,
        retry_after: float = 0.05,
        is_global: bool = False,
        code: int = 0,
        message: str | None = None,
    ) -> FaultRule:
        """Answer the next ``count`` requests matching method ("*" for any) and a regex searched
        in the path after /api/v10 (e.g. r"^/channels/\\d+/messages$") with ``status``: a 429
        carries retry_after and Discord's rate-limit headers; other statuses a Discord error
        body with ``code``."""
        return self.faults.add(
            method,
            path_regex,
            status,
            count,
            retry_after=retry_after,
            is_global=is_global,
            code=code,
            message=message,
        )

    async def wait_until(
        self,
        predicate: Callable[[], T | None],
        timeout: float | None = None,
        what: str = "condition",
    ) -> T:
        """Wait (bounded) until predicate() is truthy after something was recorded; returns it."""
        return await self.notifier.wait_until(predicate, timeout or self.timeout, what)

    async def wait_for_message(
        self,
        channel: Any,
        predicate: Callable[[SentMessage], bool] | None = None,
        timeout: float | None = None,
        *,
        count: int = 1,
    ) -> SentMessage:
        """The ``count``-th message in a channel matching predicate (ephemeral ones excluded)."""

        def found() -> SentMessage | None:
            hits = [m for m in self.messages_in(channel) if predicate is None or predicate(m)]
            return hits[count - 1] if len(hits) >= count else None

        return await self.wait_until(found, timeout, f"message #{count} in channel {channel}")

    async def wait_for_dm(
        self,
        user: Any,
        predicate: Callable[[SentMessage], bool] | None = None,
        timeout: float | None = None,
        *,
        count: int = 1,
    ) -> SentMessage:
        def found() -> SentMessage | None:
            hits = [m for m in self.dms_to(user) if predicate is None or predicate(m)]
            return hits[count - 1] if len(hits) >= count else None

        return await self.wait_until(found, timeout, f"DM #{count} to user {user}")

    # ----------------------------------------------------------------- benchmark support
    async def echo_round_trip(self, samples: int = 50, payload_size: int = 512) -> EchoStats:
        """Time POSTs to the fake's echo endpoint through a loopback session: the floor against
        which interaction latency (``InteractionHandle.latency``) can be compared."""
        body = json.dumps({"pad": "x" * payload_size})
        times: list[float] = []
        async with loopback_session() as session:
            for _ in range(max(1, samples)):
                start = time.perf_counter()
                async with session.post(f"{self.base_url}/__fake/echo", data=body) as resp:
                    await resp.read()
                times.append(time.perf_counter() - start)
        times.sort()
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        return EchoStats(
            len(times), times[0], statistics.median(times), p95, statistics.fmean(times)
        )
