"""`bench core`: two processes' combined throughput on one database. Each process plays random
legal orders in games of its own through its own referee and store; the figure is the orders
per second of two processes at once (their orders over the time the slower took), beside its
floor, one process alone on a database of its own, measured in the same run. SQLite serialises
writers on the file; PostgreSQL lets them proceed together (each game's lock is its own).

Run as a worker: ``python -m bot.benches.processes TARGET RULESET ORDERS SEED``.
"""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
TABLES = 4  # games each worker plays in turn (a server's players act in several games at once)


async def _worker(target: str, ruleset_id: str, orders: int, seed: int) -> None:
    from bot.benches import stored
    from bot.referee import Referee
    from bot.rules.core.registry import get as get_ruleset
    from bot.store import Store

    store = await Store.open(target)
    try:
        referee = Referee(store)
        ruleset = get_ruleset(ruleset_id)
        seats = {s: stored.user(100 * seed + i) for i, s in enumerate(ruleset.seats)}
        rng = random.Random(seed)
        games = [await stored.new_game(referee, ruleset_id, seats) for _ in range(TABLES)]
        for game in games:  # warm-up: imports, data and caches loaded before the clock
            await stored.order(referee, game, rng)
        print("READY", flush=True)
        sys.stdin.readline()  # the parent starts every worker at once
        done = 0
        started = time.perf_counter()
        while done < orders:
            game = games[done % TABLES]
            _, state, _ = await referee.open_prompts(game)
            if state.result is not None:  # over: a new game in its place
                games[done % TABLES] = await stored.new_game(referee, ruleset_id, seats)
                continue
            await stored.order(referee, game, rng)
            done += 1
        print(f"DONE {done} {time.perf_counter() - started:.6f}", flush=True)
    finally:
        await store.close()


def _run(target: str, ruleset_id: str, workers: int, orders: int) -> tuple[int, float]:
    """Start ``workers`` processes on ``target``, let them go together; (orders, seconds of the
    slowest)."""
    worker = [sys.executable, "-m", "bot.benches.processes", target, ruleset_id, str(orders)]
    procs = [
        subprocess.Popen(
            [*worker, str(n)],
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for n in range(1, workers + 1)
    ]
    try:
        for proc in procs:
            assert proc.stdout is not None
            line = proc.stdout.readline().strip()
            if line != "READY":
                raise RuntimeError(f"a bench worker did not start (said {line!r})")
        for proc in procs:
            assert proc.stdin is not None
            proc.stdin.write("go\n")
            proc.stdin.flush()
        total, slowest = 0, 0.0
        for proc in procs:
            out, _ = proc.communicate(timeout=900)
            _, count, seconds = out.split()[-3:]
            total, slowest = total + int(count), max(slowest, float(seconds))
        return total, slowest
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


def bench_processes(one: str, two: str, ruleset_id: str, orders: int) -> None:
    """``one`` and ``two``: two new migrated databases of the same backend (one process on the
    first, two on the second)."""
    alone, alone_s = _run(one, ruleset_id, 1, orders)
    both, both_s = _run(two, ruleset_id, 2, orders)
    single, double = alone / alone_s, both / both_s
    print(f"two processes, {ruleset_id}, random legal orders in {TABLES} games each:")
    print(
        f"  two processes on one database          {double:.0f} orders/s combined"
        f" ({both} orders in {both_s:.2f} s), {double / single:.2f}x one process"
    )
    print(
        f"  floor: one process alone               {single:.0f} orders/s"
        f" ({alone} orders in {alone_s:.2f} s)"
    )


if __name__ == "__main__":
    asyncio.run(_worker(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
