"""`python -m bot bench discord`: slash commands through the fake Discord, timed from the
INTERACTION_CREATE the fake sends to the first callback the bot posts, next to the fake's own
HTTP echo round trip measured in the same run (the floor: goal p99 <= 10x echo). Printed, not
asserted. Needs the repository's tests/ (the fake Discord and the test-only Vaults game).
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import tempfile
import time
from pathlib import Path


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


async def _bench(count: int, warmup: int) -> None:
    import tests.vaults  # noqa: F401  (the test-only game the bench plays)
    from bot.client import RefereeBot
    from bot.settings import Settings
    from tests.fakediscord import FakeDiscord, make_world

    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            database=Path(folder) / "bench.sqlite3",
            delivery_poll_seconds=0.5,
            tick_seconds=3600.0,
        )
        async with FakeDiscord(timeout=10.0) as fake:
            world = make_world(fake)
            bot = RefereeBot(settings, connector=fake.connector(), guild_ready_timeout=0.05)
            async with fake.run(bot):
                game = await bot.referee.create(
                    "vaults",
                    guild_id=str(world.guild.id),
                    created_by=str(world.alice.id),
                    channel_id=str(world.channel.id),
                )
                await bot.referee.join(game.id, str(world.alice.id))
                await bot.referee.join(game.id, str(world.bob.id))
                await bot.referee.start(game.id, str(world.alice.id))
                commands = [
                    (world.alice, "orders", {}),
                    (world.bob, "game status", {"game": game.id}),
                    (world.alice, "game list", {}),
                ]
                latencies: list[float] = []
                failures = 0
                started = time.perf_counter()
                for i in range(warmup + count):
                    user, name, options = commands[i % len(commands)]
                    handle = await fake.slash(user, world.channel, name, options)
                    answer = await handle.response()
                    # An error answer is fast too: count it, so a broken command cannot pass.
                    failures += "incident" in (answer.content or "") or "事件" in (
                        answer.content or ""
                    )
                    if i >= warmup and handle.latency is not None:
                        latencies.append(handle.latency)
                elapsed = time.perf_counter() - started
                echo = await fake.echo_round_trip(samples=200)
    ms = 1000.0
    median, p99 = statistics.median(latencies), _percentile(latencies, 0.99)
    print(f"discord bench: {len(latencies)} slash commands (/orders, /game status, /game list)")
    print(
        f"  interaction -> first callback: median {median * ms:.2f} ms, "
        f"p95 {_percentile(latencies, 0.95) * ms:.2f} ms, p99 {p99 * ms:.2f} ms, "
        f"max {max(latencies) * ms:.2f} ms"
    )
    print(
        f"  fake echo round trip:          median {echo.median * ms:.2f} ms, "
        f"p95 {echo.p95 * ms:.2f} ms ({echo.samples} samples)"
    )
    ratio = p99 / echo.median if echo.median else float("inf")
    verdict = "within" if ratio <= 10 else "ABOVE"
    print(
        f"  p99 / echo median = {ratio:.1f}x ({verdict} the 10x goal); "
        f"{len(latencies) / elapsed:.0f} commands/s overall"
    )


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot bench discord", description=__doc__)
    parser.add_argument("--count", type=int, default=500, help="slash commands to time")
    parser.add_argument("--warmup", type=int, default=20, help="untimed commands first")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    logging.getLogger("discord").setLevel(logging.ERROR)
    asyncio.run(_bench(args.count, args.warmup))
