"""Lookups every interaction makes, with 100 and with 10,000 games stored (goal: flat, the
large database at most 1.2x the small one), beside the road cogs took before issue 9 (every
game of the server read to find the one of a thread). Part of ``python -m bot bench core``."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Awaitable, Callable
from typing import Any

from bot.benches import stored
from bot.benches.targets import Targets
from bot.referee import LIVE, Referee
from bot.store import Store

Lookup = Callable[[Referee, stored.Filled, random.Random], Awaitable[Any]]


def _thread(filled: stored.Filled, rng: random.Random) -> str:
    return str(300000000000000000 + rng.randrange(filled.games))


async def _by_thread(referee: Referee, filled: stored.Filled, rng: random.Random) -> Any:
    found = await referee.game_here(stored.GUILD, _thread(filled, rng), stored.user(1))
    assert found is not None
    return found


async def _server_live(referee: Referee, filled: stored.Filled, rng: random.Random) -> Any:
    return await referee.games(stored.GUILD, LIVE, newest=20)


async def _user_live(referee: Referee, filled: stored.Filled, rng: random.Random) -> Any:
    game = rng.choice(filled.live)
    return await referee.games_of_user(filled.user_of_live[game], stored.GUILD)


async def _click(referee: Referee, filled: stored.Filled, rng: random.Random) -> Any:
    game = rng.choice(filled.live)
    seated = await referee.seated(game, filled.user_of_live[game], stored.GUILD)
    assert seated.state is not None
    return seated


async def _old_thread_scan(referee: Referee, filled: stored.Filled, rng: random.Random) -> Any:
    thread = _thread(filled, rng)
    return next(g for g in await referee.store.games(stored.GUILD) if g.thread_id == thread)


LOOKUPS: list[tuple[str, Lookup, int]] = [
    ("game of a thread (a command in a game's thread)", _by_thread, 1000),
    ("a server's live games, newest 20 (/game list)", _server_live, 1000),
    ("a user's live games here (/orders, autocomplete)", _user_live, 1000),
    ("game + seats + open prompts, cached state (a click)", _click, 1000),
    ("before: reading every game of the server (old Ctx.game)", _old_thread_scan, 10),
]


async def bench_lookups(
    targets: Targets, sources: stored.Sources, small: int, large: int, repeat: int = 1000
) -> None:
    """``repeat``: at most this many of each lookup (and of the empty trip)."""
    from bot.benches.core import ms

    stores: dict[int, Store] = {}
    filled: dict[int, stored.Filled] = {}
    try:
        for games in (small, large):
            stores[games] = store = await targets.sources(sources, f"lookups-{games}")
            filled[games] = await stored.fill(store, sources, games)
            await store.checkpoint()
            size = await store.size_bytes()
            print(
                f"  made {games} games ({len(filled[games].live)} live) in"
                f" {filled[games].seconds:.1f} s, {size / 1e6:.0f} MB on disk"
            )
        referees = {games: Referee(store) for games, store in stores.items()}
        for games, referee in referees.items():  # warm: the live games' states cached
            for game in filled[games].live:
                await referee.seated(game, filled[games].user_of_live[game])
        print(f"lookups, {sources.ruleset}, {small} games stored -> {large} (median):")
        for label, lookup, count in LOOKUPS:
            times: dict[int, list[float]] = {games: [] for games in stores}
            rng = {games: random.Random(11) for games in stores}
            # Interleaved, so the machine's drift hits both alike.
            for _ in range(min(count, repeat)):
                for games, referee in referees.items():
                    started = time.perf_counter()
                    await lookup(referee, filled[games], rng[games])
                    times[games].append(time.perf_counter() - started)
            a, b = (statistics.median(times[g]) for g in (small, large))
            goal = "" if label.startswith("before") else "   (goal <= 1.2x)"
            print(f"  {label}: {ms(a)} -> {ms(b)}, {b / a:.2f}x{goal}")
        trips: dict[int, list[float]] = {games: [] for games in stores}
        for _ in range(repeat):
            for games, store in stores.items():
                started = time.perf_counter()
                await store.user_version()
                trips[games].append(time.perf_counter() - started)
        a, b = (statistics.median(trips[g]) for g in (small, large))
        print(f"  floor: a store trip that reads nothing: {ms(a)} -> {ms(b)}")
    finally:
        for store in stores.values():
            await store.close()
