"""Benchmark: drawing the War at Sea public map against encoding a PNG of the same size.

Usage: ``python -m bot.benches.war_at_sea_render [REPEATS] [--actions N] [--game G]``. Plays a
seeded random game with variant 18.2 to mid-game, then prints the median time of
``rendering.war_at_sea.render`` (view to PNG bytes, encoding included) warm (the renderer's
caches filled, as in a running bot) and cold (its drawing caches emptied first: counters,
icons, layers, text masks; fonts, loaded once a process, stay loaded), the median time of
``encode_png`` of the very same picture, and their ratios. The goal is a warm ratio of 3 or
less; the figures are printed, not asserted.
"""

from __future__ import annotations

import argparse
import io
import statistics
import time
from collections.abc import Callable


def _median_ms(
    repeats: int, work: Callable[[], object], before: Callable[[], None]
) -> tuple[float, float]:
    """Median wall and CPU milliseconds (CPU time is what a shared machine does not inflate)."""
    times, cpus = [], []
    for _ in range(repeats):
        before()
        started, cpu = time.perf_counter(), time.process_time()
        work()
        times.append(time.perf_counter() - started)
        cpus.append(time.process_time() - cpu)
    return statistics.median(times) * 1000, statistics.median(cpus) * 1000


def _clear() -> None:
    from rendering import cache, counters, text
    from rendering.war_at_sea import icons, pieces

    counters._render.cache_clear()
    pieces._tile_image.cache_clear()
    cache.clear_layers()
    cache.PICTURES.clear()
    text.clear_cache()
    for cached in (icons.aircraft, icons.air_strike_marker, icons.passage, icons.gate):
        cached.cache_clear()


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench war-at-sea-render")
    parser.add_argument("repeats", nargs="?", type=int, default=20)
    parser.add_argument("--actions", type=int, default=None, help="orders played before drawing")
    parser.add_argument("--game", type=int, default=None, help="which sample game")
    args = parser.parse_args(argv)
    from PIL import Image

    from rendering.png import encode_png
    from rendering.war_at_sea import render, sample

    actions = args.actions if args.actions is not None else sample.ACTIONS
    game = args.game if args.game is not None else sample.SAMPLE_GAME
    view = sample.mid_game_views(actions, game)["public"]
    data = render(view)  # warm the caches once
    with Image.open(io.BytesIO(data)) as png:
        picture = png.copy()  # the same size and content as the rendered map

    def nothing() -> None:
        return None

    warm, warm_cpu = _median_ms(args.repeats, lambda: render(view), nothing)
    cold, cold_cpu = _median_ms(args.repeats, lambda: render(view), _clear)
    encode, encode_cpu = _median_ms(args.repeats, lambda: encode_png(picture), nothing)
    print(
        f"war-at-sea map, public view of turn {view['turn']} ({view['phase']}), "
        f"{picture.width}x{picture.height}, {len(data)} bytes, median of {args.repeats}"
        " (wall / CPU):\n"
        f"  render (view to PNG bytes): {warm:.1f} / {warm_cpu:.1f} ms warm,"
        f" {cold:.1f} / {cold_cpu:.1f} ms cold\n"
        f"  encode_png of the same picture: {encode:.1f} / {encode_cpu:.1f} ms\n"
        f"  ratio render/encode: {warm / encode:.2f}x warm, {cold / encode:.2f}x cold"
        " (goal <= 3x)"
    )


if __name__ == "__main__":
    import sys

    run(sys.argv[1:])
