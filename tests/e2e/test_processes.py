"""Two bot processes on one PostgreSQL database, each running its own shard against the fake
Discord (tests/e2e/shard_process.py: the production bot, real discord.py, real cogs).

Games are created in two guilds, one per shard. Then 1,000 orders are sent from the players'
DM controls, each interaction to a process chosen at random (Discord itself sends a guild's
interactions to its shard and DMs to shard 0; random routing is stricter: both processes act on
the same game at once); meanwhile a few games are left to their deadlines, and one process or
the other is killed with SIGKILL at random moments (at least 20 times) and started again.
A player waits for the answer to each order: an interaction left unanswered is allowed only
when the process it was sent to died (it may have deferred it first: a defer says "received",
never "given"). Afterwards: every order whose own answer said it was given (✅) is in its game's
log once, every log is gapless and verifies, every outbox message was delivered (by both
processes) and no text was shown twice in Discord (a resend after a takeover carries the first
send's nonce), and the deadline games ended through their deadlines, each reminder sent once.
(The order of a lane's messages across processes is tested on the store's claims,
tests/store/test_shared_store.py.)
"""

from __future__ import annotations

import asyncio
import os
import random
import re
import signal
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest

import tests.vaults
from bot.delivery import nonce
from bot.referee import Referee
from bot.referee.verify import verify
from bot.rules.core import Prompt
from bot.store import OutboxMessage, Store
from cogs._orders import prompt_hash
from tests.fakediscord import FakeDiscord
from tests.fakediscord.model import FakeChannel, FakeGuild, FakeUser
from tests.pg import Cluster

REPO = Path(__file__).resolve().parents[2]
VAULTS = tests.vaults.RULESET
SHARDS = 2
ORDERS = int(os.environ.get("REFEREE_TEST_ORDERS", "1000"))
KILLS = int(os.environ.get("REFEREE_TEST_KILLS", "20"))
PLAYED_GAMES = 110  # Vaults with 6 raids a seat: up to 14 orders a game
DEADLINE_GAMES = 4
TABLES = 12  # games played at the same time
WAIT = 60.0  # bound of every wait (a lost message fails the test instead of hanging it)

pytestmark = [
    pytest.mark.slow,
]


class Fleet:
    """The bot processes, one per shard, restarted after each kill."""

    def __init__(self, port: int, database: str, logs: Path) -> None:
        self.port, self.database, self.logs = port, database, logs
        self.procs: dict[int, asyncio.subprocess.Process] = {}
        self.generation = 0
        self.kills = 0

    async def start(self, shard: int) -> None:
        self.generation += 1
        log = (self.logs / f"shard{shard}-{self.generation}.log").open("w")
        proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "tests.e2e.shard_process",
            str(self.port),
            str(shard),
            str(SHARDS),
            self.database,
            "--generation",
            str(self.generation),
            cwd=REPO,
            stdout=asyncio.subprocess.PIPE,
            stderr=log,
        )
        self.procs[shard] = proc
        assert proc.stdout is not None
        line = await asyncio.wait_for(proc.stdout.readline(), WAIT)
        assert line.strip() == b"READY", f"shard {shard} did not start: {self.logs}"

    async def kill(self, shard: int) -> None:
        proc = self.procs[shard]
        os.kill(proc.pid, signal.SIGKILL)
        assert await proc.wait() == -signal.SIGKILL
        self.kills += 1

    async def stop(self) -> None:
        for proc in self.procs.values():
            if proc.returncode is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs.values():
            try:
                await asyncio.wait_for(proc.wait(), 15)
            except TimeoutError:
                proc.kill()
                await proc.wait()


def _guilds(fake: FakeDiscord, alice: FakeUser, bob: FakeUser) -> dict[int, FakeChannel]:
    """A guild (with a #general) on each shard."""
    channels: dict[int, FakeChannel] = {}
    while len(channels) < SHARDS:
        guild: FakeGuild = fake.add_guild(name="Wargames", owner=alice, members=[alice, bob])
        shard = (guild.id >> 22) % SHARDS
        channel = fake.add_channel(guild, "general")
        channels.setdefault(shard, channel)
    return channels


async def _new_game(
    fake: FakeDiscord, store: Store, channel: FakeChannel, users: dict[str, FakeUser]
) -> str:
    handle = await fake.slash(users["north"], channel, "game new", {"ruleset": "vaults"})
    reply = await handle.response(WAIT)
    records = [g for g in await store.games(str(channel.guild_id)) if g.id in reply.content]
    assert len(records) == 1, reply.content
    game_id = records[0].id
    thread_id = await _wait(lambda: _thread(store, game_id), "the game's thread")
    lobby = fake.message(int(thread_id))
    for seat, user in users.items():
        click = await fake.click(user, lobby, f"ref:lobby:{game_id}:seat:{seat}")
        await click.response(WAIT)
    return game_id


async def _thread(store: Store, game_id: str) -> str | None:
    record = await store.game(game_id)
    return record.thread_id if record else None


async def _wait(probe: Any, what: str, bound: float = WAIT) -> Any:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + bound
    while True:
        found = await probe()
        if found:
            return found
        assert loop.time() < deadline, f"waited {bound}s for {what}"
        await asyncio.sleep(0.05)


def _controls(fake: FakeDiscord, user: FakeUser, game: str, prompt: Prompt) -> Any:
    """The newest DM to ``user`` carrying controls for this very prompt."""
    prefixes = tuple(f"ref:{k}:{game}:{prompt.seat}:{prompt_hash(prompt)}:" for k in ("os", "ob"))
    for message in reversed(fake.dms_to(user)):
        ids = [c for c in message.custom_ids() if c.startswith(prefixes)]
        if ids:
            return message, ids
    return None


class Players:
    """Each seat of each played game answers its own prompts from its DM controls."""

    def __init__(self, fake: FakeDiscord, store: Store, users: dict[str, FakeUser]) -> None:
        self.fake, self.store, self.users = fake, store, users
        self.referee = Referee(store)
        self.sent = 0
        self.accepted: list[tuple[str, str]] = []
        self.lost = 0

    async def table(self, queue: list[str]) -> None:
        """Play the queued games one after another to their end, both seats at once."""
        while self.sent < ORDERS and queue:
            game = queue.pop()
            await asyncio.gather(
                *(self.seat(game, seat, random.Random(f"{game}{seat}")) for seat in self.users)
            )

    async def seat(self, game: str, seat: str, rng: random.Random) -> None:
        user = self.users[seat]
        while self.sent < ORDERS:
            _, state = await self.referee.state(game)
            if state.result is not None:
                return
            prompt = next((p for p in VAULTS.prompts(state) if p.seat == seat), None)
            found = _controls(self.fake, user, game, prompt) if prompt else None
            if prompt is None or found is None:
                await asyncio.sleep(0.05)  # the other seat's turn, or the DM is on its way
                continue
            message, ids = found
            self.sent += 1
            selects = [c for c in ids if c.startswith("ref:os:")]
            if selects and rng.random() < 0.8:
                options = message.component(selects[0])["options"]
                value = rng.choice(options)["value"]
                handle = await self.fake.select(user, message, selects[0], [value])
            else:
                buttons = [c for c in ids if c.startswith("ref:ob:")] or selects
                if buttons[0].startswith("ref:os:"):  # a select only: pick from it
                    value = message.component(buttons[0])["options"][0]["value"]
                    handle = await self.fake.select(user, message, buttons[0], [value])
                else:
                    handle = await self.fake.click(user, message, rng.choice(buttons))
            if not await self.answer(handle):
                self.lost += 1  # its process was killed: the player tries again
                continue
            # Accepted: this interaction's own answer says the order was given (a deferred
            # acknowledgement says only that it was received; another interaction's edit of the
            # same message says nothing about this one).
            if "✅" in handle.own_text():
                self.accepted.append((game, f"discord:{handle.id}"))

    async def answer(self, handle: Any) -> bool:
        """Wait for the bot's answer to ``handle``; False if the process it was sent to died
        first (its shard's gateway has a new session), or if no process was connected to take it.
        A live process must answer: no answer within WAIT fails the test."""
        gateway = self.fake.shards[handle.shard]

        async def done() -> bool:
            gone = handle.session is None or gateway.session_id != handle.session
            return handle.answered() or gone

        await _wait(done, f"an answer to interaction {handle.id}")
        return bool(handle.answered())


async def _killer(fleet: Fleet, players: Players, rng: random.Random) -> None:
    """SIGKILL one process or the other at random moments, at least KILLS times, spread over
    the orders (each kill costs a restart, so no more than that)."""
    while fleet.kills < KILLS:
        if players.sent < ORDERS:
            await asyncio.sleep(rng.uniform(0.5, 1.5) + 2.0 * ORDERS / 1000)
        else:
            await asyncio.sleep(rng.uniform(0.2, 1.0))
        shard = rng.randrange(SHARDS)
        await fleet.kill(shard)
        await fleet.start(shard)


async def test_two_processes_one_database_kill_9(pg_cluster: Cluster, tmp_path: Path) -> None:
    database = pg_cluster.new_database()
    rng = random.Random(20261124)
    async with FakeDiscord(patch_discord=False, ack_deadline=None, timeout=WAIT) as fake:
        alice = fake.add_user(name="alice", locale="en-US")
        bob = fake.add_user(name="bob", locale="zh-CN")
        users = {"north": alice, "south": bob}
        channels = _guilds(fake, alice, bob)
        fleet = Fleet(fake.port, database, tmp_path)
        store = await Store.open(database)
        try:
            await asyncio.gather(*(fleet.start(shard) for shard in range(SHARDS)))
            await fake.wait_ready()
            games, deadline_games = await _set_up(fake, store, channels, users)
            players = Players(fake, store, users)
            fake.route_interactions = lambda _guild: rng.randrange(SHARDS)
            queue = list(games)
            await asyncio.gather(
                _killer(fleet, players, random.Random(7)),
                *(players.table(queue) for _ in range(TABLES)),
            )
            await _deadline_games_end(store, deadline_games)
            await _drained(store)
            await _check(fake, store, players, games, deadline_games)
            assert fleet.kills >= KILLS
            print(
                f"orders sent {players.sent}, acknowledged {len(players.accepted)}, "
                f"lost with a killed process {players.lost}, kills {fleet.kills}, "
                f"resends Discord deduplicated {len(fake.duplicate_nonces)}"
            )
        finally:
            fake.route_interactions = None
            await fleet.stop()
            await store.close()


async def _set_up(
    fake: FakeDiscord,
    store: Store,
    channels: dict[int, FakeChannel],
    users: dict[str, FakeUser],
) -> tuple[list[str], list[str]]:
    referee = Referee(store)
    games: list[str] = []
    deadline_games: list[str] = []

    async def one(n: int) -> None:
        game = await _new_game(fake, store, channels[n % SHARDS], users)
        await referee.update_options(game, {"raids": 6})
        if n >= PLAYED_GAMES:  # nobody plays these: their deadlines (2 s) apply the defaults
            await referee.update_settings(
                game, {"deadline_hours": 2 / 3600, "remind_before_hours": 1 / 3600}
            )
            deadline_games.append(game)
        else:
            await referee.update_settings(game, {"deadline_hours": 0})
            games.append(game)
        lobby = fake.message(int(await _thread(store, game) or 0))
        start = await fake.click(users["north"], lobby, f"ref:lobby:{game}:start")
        await start.response(WAIT)

    total = PLAYED_GAMES + DEADLINE_GAMES
    for first in range(0, total, 8):
        await asyncio.gather(*(one(n) for n in range(first, min(first + 8, total))))
    return games, deadline_games


async def _deadline_games_end(store: Store, games: list[str]) -> None:
    async def ended() -> bool:
        records = [await store.game(g) for g in games]
        return all(r is not None and r.status == "over" for r in records)

    await _wait(ended, "the deadline games to end")


async def _shown_runs(
    fake: FakeDiscord, store: Store, outbox: list[dict[str, Any]]
) -> dict[tuple[str, str], dict[int, tuple[int, ...]]]:
    """For each lane (game, audience): the runs of outbox ids shown, by the Discord id of their
    first message. A message's nonce is recomputed from its candidate runs (bot.delivery.nonce:
    contiguous messages of one lane, the part's number and text)."""
    lanes: dict[tuple[str, str], list[OutboxMessage]] = defaultdict(list)
    for row in outbox:
        lanes[(row["game_id"], row["audience"])].append(
            OutboxMessage(
                id=row["id"], game_id=row["game_id"], audience=row["audience"],
                kind=row["kind"], payload={}, dedupe=row["dedupe"],
            )
        )  # fmt: skip
    threads = {g.thread_id: g.id for g in await store.games() if g.thread_id}
    shown: dict[tuple[str, str], dict[int, tuple[int, ...]]] = defaultdict(dict)
    # Where each lane's next run should start (after the last run matched), and that last run's
    # start (a split text's later parts): tried first, so a message costs a few hashes; any
    # other run of the lane is still tried after (a run out of order is found, and then fails
    # the order check).
    cursors: dict[tuple[str, str], tuple[int, int]] = defaultdict(lambda: (0, 0))
    for message in sorted(fake.messages.values(), key=lambda m: m.id):
        if not message.nonce or message.author_id != fake.bot.id:
            continue
        text = message.first_content  # a DM's controls are retired by an edit after the answer
        named = re.search(r"game `(\w+)`", text)
        game = threads.get(str(message.channel_id)) or (named.group(1) if named else None)
        candidates = [lane for lane in lanes if game is None or lane[0] == game]
        found = _match(message.nonce, text, candidates, lanes, cursors)
        if found is None:
            continue  # not an outbox message (a lobby, an interaction's reply)
        lane, start, run = found
        if run not in shown[lane].values():  # the later parts of a split text
            shown[lane][message.id] = run
            cursors[lane] = (start + len(run), start)
    return shown


def _match(
    sent: str,
    text: str,
    candidates: list[tuple[str, str]],
    lanes: dict[tuple[str, str], list[OutboxMessage]],
    cursors: dict[tuple[str, str], tuple[int, int]],
) -> tuple[tuple[str, str], int, tuple[int, ...]] | None:
    for likely in (True, False):
        for lane in candidates:
            messages = lanes[lane]
            starts = cursors[lane] if likely else range(len(messages))
            for i in dict.fromkeys(starts):
                for j in range(i + 1, min(len(messages), i + 12) + 1):
                    for part in range(4):
                        if nonce(messages[i:j], part, text) == sent:
                            return lane, i, tuple(m.id for m in messages[i:j])
    return None


def _outbox(url: str) -> list[dict[str, Any]]:
    import psycopg
    from psycopg.rows import dict_row

    with psycopg.connect(url, row_factory=dict_row) as conn:
        return conn.execute(
            "SELECT id, game_id, audience, kind, dedupe, delivered_at, last_error, claimed_by"
            " FROM outbox ORDER BY id"
        ).fetchall()


async def _drained(store: Store) -> None:
    async def empty() -> bool:
        return not await store.pending()

    await _wait(empty, "the outbox to drain", 240.0)


async def _check(
    fake: FakeDiscord,
    store: Store,
    players: Players,
    games: list[str],
    deadline_games: list[str],
) -> None:
    referee = Referee(store)
    # Every acknowledged order is in its game's log (keys are unique per game: once).
    for game, key in players.accepted:
        assert await store.action_for_key(game, key) is not None, (game, key)
    outbox = _outbox(store.target)
    owners = set()
    for row in outbox:
        assert row["delivered_at"] is not None and row["last_error"] is None, row
        owners.add(str(row["claimed_by"]).split(":")[0])
    # Both processes delivered (any game's messages, whichever shard holds its guild).
    assert owners == {f"shard{i}" for i in range(SHARDS)}, owners
    # Shown once, in order: every message Discord shows is matched to the run of its lane's
    # outbox messages it was sent for (its nonce); each outbox message is in exactly one run,
    # and a lane's runs appear in the order of the outbox.
    shown = await _shown_runs(fake, store, outbox)
    for lane, runs in shown.items():
        ids = [i for _, run in sorted(runs.items()) for i in run]
        expected = [r["id"] for r in outbox if (r["game_id"], r["audience"]) == lane]
        assert ids == expected, f"{lane}: shown {ids}, outbox {expected}"
    assert {(r["game_id"], r["audience"]) for r in outbox} == set(shown)
    # Every log is gapless, replays, and the finished games verify.
    over = 0
    for game in games + deadline_games:
        log = await store.log(game)
        assert [e.n for e in log] == list(range(len(log))), game
        record, _ = await referee.state(game)
        if record.status == "over":
            over += 1
            report = verify(await referee.export(game, None, full=True))
            assert report.problems == [] and report.replayed, game
    # The tables finish a game before taking the next: only the last few are left unfinished.
    assert over >= len(deadline_games) + min(len(games), players.sent // 14) - TABLES
    assert players.sent >= ORDERS or over == len(games) + len(deadline_games)
    for game in deadline_games:
        log = [e for e in await store.log(game) if e.seat is not None]
        assert log and all(e.user_id == "referee" for e in log), game
        reminders = [r for r in outbox if r["game_id"] == game and r["kind"] == "reminder"]
        assert reminders, f"{game}: no reminder"
        assert len({r["dedupe"] for r in reminders}) == len(reminders)
