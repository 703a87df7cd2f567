"""The Discord client: loads the cogs, syncs the commands (with their translations), routes
persistent components, and runs the outbox delivery and the deadline ticks.

Components and modals carry everything they need in their custom_id (``ref:<kind>:<args>``)
and are routed here to the handler a cog registered for ``kind``; no ``discord.ui.View`` holds
game state, so buttons sent before a restart keep working after it.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import pkgutil
import signal
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.delivery import Delivery
from bot.i18n import lang_for, tr
from bot.i18n.translator import RefereeTranslator
from bot.interactions import answer_error, payload
from bot.logging import configure
from bot.referee import Referee
from bot.referee.cache import settle_heap
from bot.referee.deadlines import TickReport
from bot.settings import Settings
from bot.store import Store

log = logging.getLogger(__name__)

NO_TOKEN_MESSAGE: dict[str, str] = {lang: tr("discord.cli.no_token", lang) for lang in ("en", "zh")}
"""Printed by ``python -m bot run`` (in the terminal's language) when no token is configured;
the bot then does not start."""

PREFIX = "ref"
ComponentHandler = Callable[[discord.Interaction, list[str]], Awaitable[None]]


class RefereeBot(commands.Bot):
    def __init__(
        self,
        settings: Settings,
        *,
        store: Store | None = None,
        clock: Callable[[], float] = time.time,
        cogs_package: str = "cogs",
        **options: Any,
    ) -> None:
        intents = discord.Intents.default()  # guilds and DMs; no privileged intent is needed
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=intents,
            help_command=None,
            **(shard_options(settings) | options),
        )
        self.settings = settings
        self.clock = clock
        self.cogs_package = cogs_package
        self._store = store
        self._owns_store = store is None
        self._referee: Referee | None = None
        self.delivery = Delivery(
            self,
            poll_seconds=settings.delivery_poll_seconds,
            retry_seconds=settings.delivery_retry_seconds,
            max_attempts=settings.delivery_max_attempts,
            lanes=settings.delivery_lanes,
            merge_seconds=settings.delivery_merge_seconds,
            map_pool=settings.map_pool,
            map_workers=settings.map_workers,
            map_nice=settings.map_nice,
            lease_seconds=settings.delivery_lease_seconds,
            owner=settings.instance,
        )
        self.components: dict[str, ComponentHandler] = {}
        self.loaded: list[str] = []
        self.broken: dict[str, str] = {}
        self._locales: dict[str, str] = {}
        self._guild_locales: dict[str, str] = {}
        self._notices_checked: set[str] = set()
        self._notice_users: set[str] = set()
        self._tasks: list[asyncio.Task[None]] = []
        self._background: set[asyncio.Task[Any]] = set()
        self._closing = False

    # --- wiring ---------------------------------------------------------------------------
    @property
    def store(self) -> Store:
        if self._store is None:
            raise RuntimeError("the store is opened in setup_hook")
        return self._store

    @property
    def referee(self) -> Referee:
        if self._referee is None:
            raise RuntimeError("the referee is created in setup_hook")
        return self._referee

    async def setup_hook(self) -> None:
        if self._store is None:
            self._store = await Store.open(self.settings.database)
        self._referee = Referee(self._store, clock=self.clock)
        await self.tree.set_translator(RefereeTranslator())
        self.tree.error(self.on_tree_error)
        await self.load_cogs()
        await self.sync_commands()
        self._tasks = [
            asyncio.create_task(self.delivery.run(), name="referee-delivery"),
            asyncio.create_task(self._tick_loop(), name="referee-deadlines"),
        ]
        self.delivery.wake()  # whatever a previous process left undelivered goes out now
        settle_heap()  # the collector leaves alone what start-up made (issue 9)

    async def load_cogs(self) -> None:
        """Every module of the cogs package (not starting with _); a broken one is logged and
        skipped, the others still load."""
        package = importlib.import_module(self.cogs_package)
        for module in sorted(m.name for m in pkgutil.iter_modules(package.__path__)):
            if module.startswith("_"):
                continue
            name = f"{self.cogs_package}.{module}"
            try:
                await self.load_extension(name)
            except Exception as exc:
                self.broken[name] = repr(exc)
                log.exception("cog failed to load", extra={"cog": name})
            else:
                self.loaded.append(name)
        log.info("cogs loaded", extra={"loaded": ",".join(self.loaded), "broken": len(self.broken)})

    async def sync_commands(self) -> None:
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)
        else:
            await self.tree.sync()

    def register_component(self, kind: str, handler: ComponentHandler) -> None:
        self.components[kind] = handler

    def custom_id(self, kind: str, *args: object) -> str:
        return ":".join([PREFIX, kind, *(str(a) for a in args)])

    # --- languages ------------------------------------------------------------------------
    def guild_lang(self, guild_id: str | int | None) -> str:
        guild = self.get_guild(int(guild_id)) if guild_id and str(guild_id).isdigit() else None
        if guild is None and guild_id is not None:  # a guild of another shard (see learn_guild)
            return lang_for(self._guild_locales.get(str(guild_id)))
        return lang_for(str(guild.preferred_locale) if guild else None)

    async def learn_guild(self, guild_id: str) -> None:
        """A sharded process delivers every game's messages, also of guilds another shard
        holds: it asks Discord once for such a guild's language, so a message reads the same
        whichever process sends it."""
        if not guild_id.isdigit() or guild_id in self._guild_locales:
            return
        if self.get_guild(int(guild_id)) is not None:
            return
        try:
            guild = await self.fetch_guild(int(guild_id), with_counts=False)
        except discord.HTTPException:
            return  # the default language; asked again next time
        self._guild_locales[guild_id] = str(guild.preferred_locale)

    async def user_lang(self, user_id: str, guild_id: str | None = None) -> str:
        """The user's language for a message outside an interaction (a DM): the locale of
        their last interaction (kept in the store across restarts), else the guild's."""
        locale = self._locales.get(user_id) or await self.store.user_locale(user_id)
        if locale is None:
            return self.guild_lang(guild_id)
        return lang_for(locale)

    def _remember_locale(self, interaction: discord.Interaction) -> None:
        user_id, locale = str(interaction.user.id), str(interaction.locale)
        if self._locales.get(user_id) == locale:
            return
        self._locales[user_id] = locale
        self.spawn(self.store.set_user_locale(user_id, locale))

    # --- notices of undelivered DMs -------------------------------------------------------
    def noted(self, user_id: str) -> None:
        """A notice was stored for this user (their DM was refused)."""
        self._notice_users.add(user_id)

    def may_have_notices(self, user_id: str) -> bool:
        """Whether the store may hold notices for this user: yes if one was stored since,
        or if this process has not looked yet (one written before a restart). Spares a
        write transaction on every other interaction."""
        return user_id in self._notice_users or user_id not in self._notices_checked

    def notices_taken(self, user_id: str) -> None:
        self._notices_checked.add(user_id)
        self._notice_users.discard(user_id)

    def spawn(self, work: Awaitable[Any]) -> None:
        task = asyncio.ensure_future(work)
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # --- events ---------------------------------------------------------------------------
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if self._store is not None:
            self._remember_locale(interaction)
        if interaction.type not in (
            discord.InteractionType.component,
            discord.InteractionType.modal_submit,
        ):
            return
        custom_id = str(payload(interaction).get("custom_id", ""))
        prefix, _, rest = custom_id.partition(":")
        if prefix != PREFIX:
            return
        kind, *args = rest.split(":")
        handler = self.components.get(kind)
        if handler is None:
            log.warning("no handler for component", extra={"custom_id": custom_id})
            return
        await handler(interaction, args)

    async def on_tree_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        # The cogs answer their own errors (cogs/_common.guard); this catches what happens
        # before a command runs (a failed check or an option Discord sent malformed).
        await answer_error(interaction, getattr(error, "original", error))

    # --- background work ------------------------------------------------------------------
    async def tick_once(self, now: float | None = None) -> TickReport:
        report = await self.referee.tick(now)
        if (
            report.reminded
            or report.applied
            or report.paused
            or report.notified
            or report.autopilot
        ):
            self.delivery.wake()
        return report

    async def _tick_loop(self) -> None:
        while True:
            try:
                await self.tick_once()
            except Exception:
                log.exception("deadline tick failed")
            else:
                self._heartbeat()
            await asyncio.sleep(self.settings.tick_seconds)

    def _heartbeat(self) -> None:
        """Touch the heartbeat file after a tick that reached the database (a container's
        health check reads its age; see compose.yaml)."""
        path = self.settings.heartbeat_file
        if path is not None:
            try:
                path.touch()
            except OSError:
                log.warning("heartbeat file not writable", extra={"path": str(path)})

    async def close(self) -> None:
        """Stop the loops, deliver what is pending (bounded), then close Discord and the store."""
        if self._closing:
            return
        self._closing = True
        grace = self.settings.shutdown_grace_seconds
        self.delivery.stop_soon()
        for task in self._tasks:
            if task.get_name() != "referee-delivery":
                task.cancel()  # a deadline tick is one transaction at a time: safe to cut
        if self._tasks:
            # asyncio.wait neither raises the tasks' errors nor swallows our own cancellation.
            _, late = await asyncio.wait(self._tasks, timeout=grace)
            for task in late:
                task.cancel()
        if self._store is not None and not self.delivery.paused and not self.is_closed():
            try:
                await asyncio.wait_for(self.delivery.deliver_pending(), grace)
            except Exception:
                log.exception("final delivery incomplete")
        await self.delivery.close()
        background = self._background - {asyncio.current_task()}
        if background:  # pending locale writes: let them land before the store closes
            await asyncio.wait(background, timeout=1.0)
        if self._store is not None:
            with contextlib.suppress(Exception):  # another process takes over at once
                await self._store.release(self.delivery.owner)
        await super().close()
        if self._store is not None and self._owns_store:
            await self._store.close()
            self._store = None


def shard_options(settings: Settings) -> dict[str, Any]:
    """discord.py's sharding options: one shard (``shard_id``) or several (``shard_ids``, for
    which the bot is built on AutoShardedBot, see ``bot_class``)."""
    if settings.shard_count is None:
        return {}
    if len(settings.shard_ids) == 1:
        return {"shard_id": settings.shard_ids[0], "shard_count": settings.shard_count}
    ids = list(settings.shard_ids or range(settings.shard_count))
    return {"shard_ids": ids, "shard_count": settings.shard_count}


class ShardedRefereeBot(RefereeBot, commands.AutoShardedBot):
    """The bot running several shards in one process (one gateway connection each)."""


def bot_class(settings: Settings) -> type[RefereeBot]:
    return ShardedRefereeBot if "shard_ids" in shard_options(settings) else RefereeBot


async def run(settings: Settings) -> None:
    """Run the bot until interrupted (``python -m bot run``). The CLI checks for a token
    first and prints NO_TOKEN_MESSAGE instead of calling this without one."""
    if settings.token is None:
        raise SystemExit(NO_TOKEN_MESSAGE["en"])
    configure(settings.log_level, settings.log_format)
    bot = bot_class(settings)(settings)
    loop = asyncio.get_running_loop()
    closing: list[asyncio.Task[None]] = []  # keeps the closing task referenced
    # `docker stop` sends SIGTERM: close cleanly (deliver what is pending, close the store).
    with contextlib.suppress(NotImplementedError):  # no signal handlers on Windows
        loop.add_signal_handler(
            signal.SIGTERM, lambda: closing.append(loop.create_task(bot.close()))
        )
    async with bot:
        await bot.start(settings.token.get_secret_value())
