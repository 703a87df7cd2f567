"""The production bot against the fake Discord: a running bot on a real SQLite file, an
injected clock, and the steps of a Vaults game as users do them (slash commands, lobby
buttons, DM selects), plus the leak check every test ends with."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.client import RefereeBot
from bot.rules.core.registry import get as get_ruleset
from bot.settings import Settings
from bot.store import GameRecord
from tests.fakediscord import FakeDiscord, FakeUser, FakeWorld, SentMessage
from tests.vaults import RULESET

START = 1_700_000_000.0
SEATS = ("north", "south")


@dataclass
class Clock:
    """The bot's and the referee's time: tests move it instead of waiting."""

    now: float = START

    def __call__(self) -> float:
        return self.now

    def advance(self, hours: float) -> None:
        self.now += hours * 3600


@dataclass
class Env:
    world: FakeWorld
    database: Path
    clock: Clock = field(default_factory=Clock)
    bot: RefereeBot | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    cogs_package: str = "cogs"
    _runner: contextlib.AbstractAsyncContextManager[RefereeBot] | None = None

    @property
    def fake(self) -> FakeDiscord:
        return self.world.fake

    @property
    def running(self) -> RefereeBot:
        assert self.bot is not None, "no bot is running"
        return self.bot

    def settings(self) -> Settings:
        values: dict[str, Any] = {
            "database": self.database,
            "delivery_poll_seconds": 0.05,
            "delivery_retry_seconds": 0.05,
            "tick_seconds": 3600.0,  # the tests tick by hand, with the clock they set
            "shutdown_grace_seconds": 3.0,
            # The tests drive the bot flat out: its map workers keep the test's priority (the
            # default's lower one, replies before maps, is measured by `python -m bot bench`).
            "map_nice": 0,
        }
        return Settings(**(values | self.overrides))

    @contextlib.asynccontextmanager
    async def run_bot(self) -> AsyncIterator[RefereeBot]:
        bot = RefereeBot(
            self.settings(),
            clock=self.clock,
            cogs_package=self.cogs_package,
            connector=self.fake.connector(),
            guild_ready_timeout=0.05,
        )
        self.bot = bot
        try:
            async with self.fake.run(bot):
                yield bot
        finally:
            self.bot = None

    async def start_bot(self) -> RefereeBot:
        runner = self.run_bot()
        bot = await runner.__aenter__()
        self._runner = runner
        return bot

    async def stop_bot(self) -> None:
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.__aexit__(None, None, None)

    async def restart(self) -> RefereeBot:
        """Close this process's bot and start a new one on the same database."""
        await self.stop_bot()
        return await self.start_bot()

    # --- waiting for the outbox ---------------------------------------------------------------
    async def settle(self, timeout: float = 5.0) -> None:
        """Until everything the referee queued is delivered (or kept as a notice)."""
        bot = self.running
        deadline = asyncio.get_running_loop().time() + timeout
        while True:
            await bot.delivery.deliver_pending()
            if not await bot.store.pending():
                return
            if asyncio.get_running_loop().time() > deadline:
                raise AssertionError(f"undelivered: {await bot.store.pending()}")
            await asyncio.sleep(0.02)

    # --- a game, as its players do it -----------------------------------------------------------
    async def new_game(self, user: FakeUser | None = None, **options: Any) -> GameRecord:
        user = user or self.world.alice
        handle = await self.fake.slash(
            user, self.world.channel, "game new", {"ruleset": "vaults", **options}
        )
        reply = await handle.response()
        assert not reply.ephemeral, reply.content
        guild = str(self.world.guild.id)
        records = await self.running.store.games(guild)
        record = records[-1]
        assert record.id in reply.content
        # The thread's id is recorded just before Discord makes the thread: the game is ready
        # once both are there and the thread's welcome is posted (a busy machine may take seconds).
        loop = asyncio.get_running_loop()
        deadline = loop.time() + 60
        while loop.time() < deadline:
            record = await self.running.referee.game(record.id)
            threads = {str(t.id): t for t in self.fake.threads_in(self.world.channel)}
            opened = threads.get(record.thread_id or "")
            if opened is not None and self.fake.messages_in(opened):
                return record
            await asyncio.sleep(0.01)
        raise AssertionError("the game's thread was not opened")

    def lobby_message(self, game: GameRecord) -> SentMessage:
        assert game.thread_id is not None
        return self.fake.message(int(game.thread_id))

    async def take_seats(self, game: GameRecord) -> None:
        lobby = self.lobby_message(game)
        for user, seat in ((self.world.alice, "north"), (self.world.bob, "south")):
            handle = await self.fake.click(user, lobby, f"ref:lobby:{game.id}:seat:{seat}")
            await handle.response()
            await handle.wait_followups(1)

    async def start(self, game: GameRecord, user: FakeUser | None = None) -> None:
        handle = await self.fake.click(
            user or self.world.alice, self.lobby_message(game), f"ref:lobby:{game.id}:start"
        )
        reply = await handle.response()
        assert reply.type == 7, reply  # the lobby message itself is updated
        await handle.wait_followups(1)

    async def holders(self, game: GameRecord) -> dict[str, FakeUser]:
        seats = await self.running.store.seats(game.id)
        users = {str(u.id): u for u in (self.world.alice, self.world.bob)}
        return {seat: users[uid] for seat, uid in seats.items() if uid in users}

    def open_dm(self, user: FakeUser, game: GameRecord, seat: str) -> SentMessage | None:
        """The newest DM carrying order controls of this seat (answered ones lose them)."""
        prefixes = (f"ref:os:{game.id}:{seat}:", f"ref:ob:{game.id}:{seat}:")
        for message in reversed(self.fake.dms_to(user)):
            if any(c.startswith(prefixes) for c in message.custom_ids()):
                return message
        return None

    async def answer(
        self, user: FakeUser, message: SentMessage, *, prefer_pass: bool = False
    ) -> None:
        """Answer the controls of a message: pick the first vault offered, or pass."""
        ids = message.custom_ids()
        passes = [c for c in ids if c.startswith("ref:ob:")]
        selects = [c for c in ids if c.startswith("ref:os:")]
        if (prefer_pass and passes) or not selects:
            handle = await self.fake.click(user, message, passes[0])
        else:
            options = message.component(selects[0])
            assert options is not None
            value = options["options"][0]["value"]
            handle = await self.fake.select(user, message, selects[0], [value])
        assert "✅" in await handle.answer(), handle.text()

    async def play_to_end(self, game: GameRecord, *, max_steps: int = 40) -> None:
        """Each seat answers its own DM controls until the game is over."""
        referee, holders = self.running.referee, await self.holders(game)
        for step in range(max_steps):
            await self.settle()
            await self.assert_no_leak(game)
            _, state = await referee.state(game.id)
            if state.result is not None:
                return
            for prompt in RULESET.prompts(state):
                user = holders[prompt.seat]
                message = await self._wait_dm(user, game, prompt.seat)
                await self.answer(user, message, prefer_pass=step % 3 == 2)
        raise AssertionError("the game did not end")

    async def _wait_dm(self, user: FakeUser, game: GameRecord, seat: str) -> SentMessage:
        await self.fake.wait_until(
            lambda: self.open_dm(user, game, seat) is not None, what=f"a DM prompt for {seat}"
        )
        message = self.open_dm(user, game, seat)
        assert message is not None
        return message

    # --- the check every test ends with ------------------------------------------------------
    async def assert_no_leaks_anywhere(self) -> None:
        """Every game in the database, whatever its ruleset, against what the fake recorded:
        run after every end-to-end test (tests/e2e/conftest.py)."""
        store = self.running.store
        for record in await store.games():
            if record.status == "lobby":
                continue  # nothing is hidden before the set-up
            _, state = await self.running.referee.state(record.id)
            ruleset = get_ruleset(record.ruleset)
            holders = await store.seats(record.id)
            audiences: list[tuple[Any, str | None]] = [(None, None)]
            audiences += [(int(uid), seat) for seat, uid in holders.items()]
            for user, seat in audiences:
                text = self.fake.all_text_for_audience(user)
                for secret in ruleset.secrets(state, seat):
                    assert secret not in text, f"{secret!r} leaked to {seat or 'the public'}"

    async def assert_no_leak(self, game: GameRecord) -> None:
        """Nothing an audience may not know is anywhere it can read: the public (thread,
        channel) and each player (their DMs and ephemerals too) against Vaults' secrets."""
        _, state = await self.running.referee.state(game.id)
        holders = await self.holders(game)
        audiences: list[tuple[FakeUser | None, str | None]] = [(None, None)]
        audiences += [(user, seat) for seat, user in holders.items()]
        for user, seat in audiences:
            text = self.fake.all_text_for_audience(user)
            for secret in RULESET.secrets(state, seat):
                assert secret not in text, f"{secret!r} leaked to {seat or 'the public'}"
