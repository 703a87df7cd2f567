"""`bench core`, part 4: two processes' combined throughput on one database. Each process
submits random legal orders to games of its own through its own referee and store; the figure
is orders per second of one process alone, then of two at once (their orders over the time the
slower took). SQLite serialises writers on the file; PostgreSQL lets them proceed together.

Run as a worker: ``python -m bot.benches.core_processes TARGET SUBMITS SEED``.
"""

from __future__ import annotations

import asyncio
import random
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


async def _worker(target: str, submits: int, seed: int) -> None:
    from bot.benches.core import Sample, _play, _vaults
    from bot.referee import Referee
    from bot.store import Store

    vaults = _vaults()
    store = await Store.open(target)
    try:
        referee = Referee(store)
        await _play(referee, vaults, random.Random(seed), 20, Sample())  # warm-up
        print("READY", flush=True)
        sys.stdin.readline()  # the parent starts every worker at once
        sample = Sample()
        started = time.perf_counter()
        await _play(referee, vaults, random.Random(seed + 1), submits, sample)
        print(f"DONE {len(sample.times)} {time.perf_counter() - started:.6f}", flush=True)
    finally:
        await store.close()


def _run(target: str, workers: int, submits: int) -> tuple[int, float]:
    """Start ``workers`` processes, let them go together; (orders, seconds of the slowest)."""
    procs = [
        subprocess.Popen(
            [sys.executable, "-m", "bot.benches.core_processes", target, str(submits), str(n)],
            cwd=REPO,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for n in range(workers)
    ]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "READY"
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    orders, slowest = 0, 0.0
    for proc in procs:
        out, _ = proc.communicate(timeout=600)
        _, count, seconds = out.split()[-3:]
        orders, slowest = orders + int(count), max(slowest, float(seconds))
    return orders, slowest


def bench_processes(one: str, two: str, submits: int) -> None:
    """``one`` and ``two``: two new databases of the same kind (one process on the first, two
    on the second)."""
    alone, alone_s = _run(one, 1, submits)
    both, both_s = _run(two, 2, submits)
    single, double = alone / alone_s, both / both_s
    print(f"one process: {alone} orders in {alone_s:.2f} s, {single:.0f} orders/s")
    print(
        f"two processes on one database: {both} orders in {both_s:.2f} s, {double:.0f} orders/s"
        f" combined ({double / single:.2f}x one process)"
    )


if __name__ == "__main__":
    asyncio.run(_worker(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
