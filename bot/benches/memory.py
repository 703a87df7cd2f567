"""Memory of one process serving many active games (goal: 1,000 active games <= 250 MB RSS),
beside the same process before it touched them. Run in a child process of ``bench core`` so
the figure is the bot's alone: ``python -m bot.benches.memory DATABASE RULESET GAMES``."""

from __future__ import annotations

import asyncio
import random
import resource
import subprocess
import sys
from pathlib import Path

from bot.benches import stored
from bot.benches.targets import Targets


def rss_mb(field: str = "VmRSS") -> float:
    """This process's resident memory now (VmRSS) or at its highest (VmHWM). Not ru_maxrss:
    Linux keeps it across exec, so a child would report its parent's peak."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


async def bench_memory(targets: Targets, sources: stored.Sources, active: int) -> None:
    store = await targets.sources(sources, "memory")
    try:
        await stored.fill(store, sources, active, live=active)
        await store.checkpoint()
    finally:
        await store.close()
    child = [sys.executable, "-m", "bot.benches.memory", store.target, sources.ruleset, str(active)]
    done = await asyncio.to_thread(subprocess.run, child, capture_output=True, text=True)
    print(done.stdout.rstrip() or done.stderr[-2000:])


async def _child(path: str, ruleset_id: str, active: int) -> None:
    from bot.referee import Referee
    from bot.rules.core.registry import get as get_ruleset
    from bot.store import Store

    get_ruleset(ruleset_id)
    store = await Store.open(path)
    referee = Referee(store)
    live = [g for g in await store.games(stored.GUILD, ("active",))][:active]
    await referee.state(live[0].id)  # the engine's imports and data loaded: the floor
    before = rss_mb()
    rng = random.Random(5)
    for record in live:  # every game: a player looks (a click) and gives an order
        holder = next(iter((await referee.seats(record.id)).values()))
        await referee.seated(record.id, holder)
        await stored.order(referee, record.id, rng)
    after = rss_mb()
    peak = rss_mb("VmHWM")
    await store.close()
    print(
        f"memory, {ruleset_id}, {len(live)} active games each looked at and given an order"
        f" in one process:\n"
        f"  RSS {after:.0f} MB (peak {peak:.0f} MB)   (goal <= 250 MB)\n"
        f"  floor: the same process before the games {before:.0f} MB;"
        f" states cached {len(referee._cache)} (bound {referee._cache.size}),"
        f" game locks kept {len(referee._locks)}"
    )


if __name__ == "__main__":
    asyncio.run(_child(sys.argv[1], sys.argv[2], int(sys.argv[3])))
