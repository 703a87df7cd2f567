"""`python -m bot bench discord`: interaction -> first reply through the fake Discord for the
commands players use most, on War at Sea with 1,000 games stored and delivery running (the
orders given here make maps to draw and post meanwhile), beside the floor measured at the same
time: a discord.py bot with the same commands that answers at once, on the same fake Discord
code (bot/benches/instant.py, in a process of its own, so it sees the same load on the machine
without sharing the real bot's event loop). Goal: p99 <= 3x the instant bot's p99, per command.
Each block of rounds is timed beside its own floor; several blocks print the spread. Printed,
not asserted. Needs the repository's tests/ (the fake Discord).

Usage: ``python -m bot bench discord [--rounds N] [--blocks N] [--stored N] [--finished N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.benches import stored
from bot.benches.instant import COMMANDS
from bot.referee import Referee
from bot.rules.core import Prompt, ReplayDice, RuleViolation
from bot.rules.core.registry import get as get_ruleset
from bot.store import Store

RULESET = "war-at-sea"
REPO = Path(__file__).resolve().parents[2]


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


async def _move_order(store: Store, game_id: str) -> dict[str, Any]:
    """A move the engine accepts in this game's state (tried on the pure engine first)."""
    ruleset = get_ruleset(RULESET)
    _, state, prompts = await Referee(store).open_prompts(game_id)
    prompt = next(p for p in prompts if p.seat == "allies" and p.kind == "was.move")
    rng = random.Random(3)
    from bot.autoplay import random_action

    for _ in range(200):
        raw = random_action(prompt, rng)
        if raw.get("type") != "move":
            continue
        try:
            ruleset.apply(state, "allies", ruleset.parse_action(raw), ReplayDice([]), prompts)
        except (RuleViolation, IndexError, ValueError):
            continue  # refused, or it would roll a die (a speed roll): pick a plainer one
        return raw
    raise RuntimeError("no plain move found")


def _moving(prompts: list[Prompt]) -> bool:
    return any(p.seat == "allies" and p.kind == "was.move" for p in prompts)


async def _prepare(path: Path, guild: str, channel: str, users: dict[str, str], args: Any) -> Any:
    store = await Store.open(path)
    try:
        sources = await stored.play_sources(store, RULESET, args.finished)
        referee = Referee(store)
        source = await stored.new_game(referee, RULESET, users)
        await stored.play_until(referee, source, random.Random(2), _moving)
        move = await _move_order(store, source)
        await stored.fill(store, sources, args.stored, live=0)  # the server's history
        timed = [f"t{n:05d}" for n in range(2 * args.timed)]  # two games a round
        await store.copy_games(
            [
                (source, game, {"guild_id": guild, "channel_id": channel, "thread_id": None}, users)
                for game in timed
            ]
        )
        for message in await store.pending(100_000):  # the history was delivered long ago
            await store.delivered(message.id)
        await store.checkpoint()
        return timed, move
    finally:
        await store.close()


async def one_round(
    fake: Any,
    world: Any,
    games: list[str],
    move: dict[str, Any],
    samples: dict[str, list[float]],
    pause: float = 0.0,
) -> None:
    """One of each: /orders and a click on its 'done' button in one game, /was move and
    /game status in another (each game starts with the Allies to move). Each interaction is
    answered in full before the next is sent (then ``pause`` seconds), so each is timed behind
    delivery alone. The instant bot's process runs the same rounds (bot/benches/instant.py)."""
    handle = await fake.slash(world.alice, world.channel, "orders", {"game": games[0]})
    await handle.answer()
    samples["/orders"].append(handle.latency)
    message = handle.original
    done = [c for c in message.custom_ids() if c.startswith("ref:ob:") and c.endswith(":2")]
    if not done:
        raise RuntimeError(f"no button order in the reply: {message.content}")
    await asyncio.sleep(pause)
    handle = await fake.click(world.alice, message, done[0])
    await handle.answer()
    samples["button order"].append(handle.latency)
    await asyncio.sleep(pause)
    ships = ",".join(move["ships"])
    options = {"ships": ships, "to": move["to"], "fallback": move["fallback"], "game": games[1]}
    handle = await fake.slash(world.alice, world.channel, "was move", options)
    await handle.answer()
    samples["/was move"].append(handle.latency)
    await asyncio.sleep(pause)
    handle = await fake.slash(world.bob, world.channel, "game status", {"game": games[1]})
    await handle.answer()
    samples["/game status"].append(handle.latency)
    await asyncio.sleep(pause)


class Instant:
    """The instant bot's process (bot/benches/instant.py), timed beside a block of rounds."""

    def __init__(self, pause: float) -> None:
        self.pause = pause
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot.benches.instant",
            str(self.pause),
            cwd=REPO,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        assert self.proc.stdout is not None
        line = (await self.proc.stdout.readline()).decode().strip()
        if line != "READY":
            raise RuntimeError(f"the instant bot did not start (said {line!r})")

    async def say(self, word: str) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(f"{word}\n".encode())
        await self.proc.stdin.drain()

    async def samples(self) -> dict[str, list[float]]:
        assert self.proc is not None
        out, _ = await self.proc.communicate(b"stop\n")
        found: dict[str, list[float]] = json.loads(out.decode().strip().splitlines()[-1])
        return found


class RealBot:
    """The real bot's process (bot/benches/bot_process.py), talking to this process's fake."""

    def __init__(self, port: int, database: Path) -> None:
        self.port, self.database = port, database
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot.benches.bot_process",
            str(self.port),
            str(self.database),
            cwd=REPO,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
        )
        await self._expect("READY")

    async def _expect(self, word: str | None = None) -> str:
        assert self.proc is not None and self.proc.stdout is not None
        line = (await self.proc.stdout.readline()).decode().strip()
        if word is not None and line != word:
            raise RuntimeError(f"the bot's process said {line!r}, not {word}")
        return line

    async def say(self, line: str) -> None:
        assert self.proc is not None and self.proc.stdin is not None
        self.proc.stdin.write(f"{line}\n".encode())
        await self.proc.stdin.drain()

    async def warm(self, games: list[str]) -> None:
        await self.say(f"warm {','.join(games)}")
        await self._expect("WARM")

    async def delivered(self) -> int:
        await self.say("count")
        return int(await self._expect())

    async def stop(self) -> None:
        if self.proc is not None and self.proc.returncode is None:
            await self.say("stop")
            await self.proc.wait()


async def _bench(args: Any) -> None:
    from tests.fakediscord import FakeDiscord, make_world

    ms = 1000.0
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        # The fake serves the real bot's process (patch_discord=False: nothing here connects).
        async with FakeDiscord(timeout=30.0, patch_discord=False) as fake:
            world = make_world(fake)
            users = {"allies": str(world.alice.id), "axis": str(world.bob.id)}
            started = time.perf_counter()
            args.timed = args.rounds * args.blocks
            timed, move = await _prepare(
                path, str(world.guild.id), str(world.channel.id), users, args
            )
            print(
                f"discord bench: {args.stored} finished {RULESET} games stored and"
                f" {len(timed)} in progress (made in {time.perf_counter() - started:.0f} s);"
                f" {args.blocks} blocks of {args.rounds} rounds; the bot in a process of its"
                f" own (as in production: the fake Discord is served by the bench's process),"
                f" each block beside the instant bot running at the same time in another"
            )
            bot = RealBot(fake.port, path)
            ratios: dict[str, list[float]] = {c: [] for c in COMMANDS}
            await bot.start()
            try:
                await bot.say("pause" if args.no_delivery else "resume")
                for block in range(args.blocks):
                    games = timed[2 * args.rounds * block : 2 * args.rounds * (block + 1)]
                    await bot.warm(games)  # games being played: their states cached
                    instant = Instant(args.pause)
                    await instant.start()
                    real: dict[str, list[float]] = {c: [] for c in COMMANDS}
                    delivered = await bot.delivered()
                    await instant.say("go")
                    for n in range(0, len(games), 2):
                        await one_round(fake, world, games[n : n + 2], move, real, args.pause)
                    floor = await instant.samples()
                    delivered = await bot.delivered() - delivered
                    print(
                        f"  block {block + 1}: interaction -> first reply, {args.rounds} of each"
                        f" (delivery sent {delivered} meanwhile; the instant bot answered"
                        f" {len(floor[COMMANDS[0]])} of each):"
                    )
                    for command in COMMANDS:
                        ours, instant_ = real[command], floor[command]
                        ratio = _p(ours, 0.99) / _p(instant_, 0.99)
                        ratios[command].append(ratio)
                        print(
                            f"    {command:13} median {statistics.median(ours) * ms:6.2f} ms,"
                            f" p99 {_p(ours, 0.99) * ms:6.2f} ms | instant bot: median"
                            f" {statistics.median(instant_) * ms:5.2f} ms, p99"
                            f" {_p(instant_, 0.99) * ms:5.2f} ms | p99 {ratio:.1f}x"
                            f" (goal <= 3x)"
                        )
            finally:
                await bot.stop()
    if args.blocks > 1:
        print("  p99 ratios by block (goal <= 3x):")
        for command in COMMANDS:
            shown = ", ".join(f"{r:.1f}" for r in ratios[command])
            met = sum(r <= 3 for r in ratios[command])
            print(f"    {command:13} {shown}  (met in {met} of {args.blocks})")


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot bench discord", description=__doc__)
    parser.add_argument("--rounds", type=int, default=100, help="of each command, per block")
    parser.add_argument("--blocks", type=int, default=1, help="blocks, each beside its floor")
    parser.add_argument("--pause", type=float, default=0.01, help="seconds after each reply")
    parser.add_argument("--stored", type=int, default=1000, help="finished games stored")
    parser.add_argument("--finished", type=int, default=2, help="finished games to copy")
    parser.add_argument("--no-delivery", action="store_true", help="pause delivery meanwhile")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    logging.getLogger("discord").setLevel(logging.ERROR)
    logging.getLogger("bot").setLevel(logging.CRITICAL)  # the undelivered rest at shutdown
    asyncio.run(_bench(args))
