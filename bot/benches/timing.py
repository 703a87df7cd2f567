"""The one timing helper the game benches share (render, encode and engine figures)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable


def median_ms(
    repeats: int,
    work: Callable[[], object],
    before: Callable[[], None] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> float:
    """Median milliseconds of ``work`` over ``repeats`` runs; ``before`` runs untimed ahead of
    each (e.g. clearing caches for a cold figure); ``clock`` may be CPU time on a shared machine."""
    times = []
    for _ in range(repeats):
        if before is not None:
            before()
        started = clock()
        work()
        times.append(clock() - started)
    return statistics.median(times) * 1000
