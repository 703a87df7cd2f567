"""Benchmark: the engine time of whole random Pocket Battles battles, and the render ratio.

Usage: ``python -m bot bench pocket-battles [BATTLES] [--sizes 60,100] [--repeats N]``.

Engine: battles played to the end with random legal orders (no I/O), from army building to
victory, at each battle size. Beside each median stands its floor, measured in the same run on
the same battles: one deep copy of the state per order (``Ruleset.apply`` copies the state
before resolving an order, so no engine can referee the battle for less).

Render: ``rendering.pocket_battles.render`` (view to PNG bytes) of a mid-battle public view,
warm (caches filled, as in a running bot) and cold (tile pictures dropped), against the floor
of ``encode_png`` of the very same picture. Figures are printed, not asserted.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

SEED = b"pocket-battles-benchmark-seed-01"


def _battle(size: int, n: int) -> tuple[float, float, int, Any]:
    """(engine seconds, floor seconds, orders, a mid-battle state) of one random battle."""
    from bot.autoplay import play
    from bot.referee.fairdice import FairDice
    from bot.rules.core.registry import get

    RULESET = get("pocket-battles")

    dice = FairDice(SEED, f"bench-{size}-{n}", 0)
    started = time.perf_counter()
    state = RULESET.setup("battle", RULESET.parse_options({"size": size}), dice).state
    report = play(RULESET, state, dice, random.Random(n))
    engine = time.perf_counter() - started
    # The floor: one deep copy of a state of this battle per order given.
    final = report.state
    started = time.perf_counter()
    for _ in range(report.actions):
        final.model_copy(deep=True)
    floor = time.perf_counter() - started
    mid = play(
        RULESET,
        state,
        FairDice(SEED, f"bench-{size}-{n}", 0),
        random.Random(n),
        max_actions=max(1, report.actions // 2),
    ).state
    return engine, floor, report.actions, mid


def _median_ms(repeats: int, work: Callable[[], object], before: Callable[[], None]) -> float:
    times = []
    for _ in range(repeats):
        before()
        started = time.perf_counter()
        work()
        times.append(time.perf_counter() - started)
    return statistics.median(times) * 1000


def _clear() -> None:
    from rendering.pocket_battles import tiles

    tiles._tile.cache_clear()
    tiles.back_image.cache_clear()


def render_ratio(state: Any, repeats: int) -> str:
    from PIL import Image

    from bot.rules.core.registry import get

    RULESET = get("pocket-battles")
    from rendering.png import encode_png
    from rendering.pocket_battles import render

    view = RULESET.view(state, None).model_dump(mode="json")
    data = render(view)
    with Image.open(io.BytesIO(data)) as png:
        picture = png.copy()
    warm = _median_ms(repeats, lambda: render(view), lambda: None)
    cold = _median_ms(repeats, lambda: render(view), _clear)
    encode = _median_ms(repeats, lambda: encode_png(picture), lambda: None)
    return (
        f"pocket-battles picture, public view of round {view['round']} ({view['phase']}), "
        f"{picture.width}x{picture.height}, {len(data)} bytes, median of {repeats}:\n"
        f"  render (view to PNG bytes): {warm:.1f} ms warm, {cold:.1f} ms cold\n"
        f"  floor, encode_png of the same picture: {encode:.1f} ms\n"
        f"  ratio render/encode: {warm / encode:.2f}x warm, {cold / encode:.2f}x cold"
    )


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench pocket-battles")
    parser.add_argument("battles", nargs="?", type=int, default=10, help="battles per size")
    parser.add_argument("--sizes", default="50,80,100")
    parser.add_argument("--repeats", type=int, default=10, help="renders timed")
    args = parser.parse_args(argv)
    mid = None
    for size in (int(s) for s in args.sizes.split(",") if s.strip()):
        runs = [_battle(size, n) for n in range(args.battles)]
        engine = statistics.median(r[0] for r in runs)
        floor = statistics.median(r[1] for r in runs)
        orders = statistics.median(r[2] for r in runs)
        mid = runs[0][3]
        print(
            f"pocket-battles size {size}: {args.battles} random battles: median "
            f"{engine * 1000:.1f} ms a battle (fastest {min(r[0] for r in runs) * 1000:.1f}, "
            f"slowest {max(r[0] for r in runs) * 1000:.1f}), {orders:.0f} orders a battle; "
            f"floor (a deep copy of the state per order) {floor * 1000:.1f} ms, "
            f"ratio {engine / max(floor, 1e-9):.1f}x"
        )
    if mid is not None:
        print(render_ratio(mid, args.repeats))


if __name__ == "__main__":
    import sys

    run(sys.argv[1:])
