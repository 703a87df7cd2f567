"""Benchmark: the engine time of whole random Pocket Battles battles, and the render ratio.

Usage: ``python -m bot bench pocket-battles [BATTLES] [--sizes 60,100] [--repeats N]``.

Engine: battles played to the end (no I/O) at each battle size: the ready-made armies, then
random legal orders, never a concession. Beside each median stands its floor, measured in the
same run on the same battles: one deep copy of the state per order (``Ruleset.apply``
copies the state before resolving an order, so no engine can referee the battle for less).

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
from typing import Any

from bot.benches.timing import median_ms

SEED = b"pocket-battles-benchmark-seed-01"


def _play(ruleset: Any, state: Any, dice: Any, rng: random.Random) -> tuple[Any, int, Any]:
    """A battle to its end: the ready-made armies (the building prompt's default), then random
    legal orders, never a concession (a conceded battle is not a battle's worth of work). The
    final state, the orders given and a state of the second round (to draw)."""
    from bot.autoplay import random_action
    from bot.rules.core import RuleViolation

    orders, mid = 0, None
    while state.result is None and orders < 5000:
        prompt = ruleset.prompts(state)[0]
        action = random_action(prompt, rng)
        if prompt.kind == "pb.build" or action["type"] == "concede":
            action = dict(prompt.default)
        try:
            state = ruleset.apply(state, prompt.seat, ruleset.parse_action(action), dice).state
        except RuleViolation:
            default = ruleset.parse_action(dict(prompt.default))
            state = ruleset.apply(state, prompt.seat, default, dice).state
        orders += 1
        if mid is None and state.round >= 2 and state.phase == "order":
            mid = state
    return state, orders, mid or state


def _battle(size: int, n: int) -> tuple[float, float, int, Any]:
    """(engine seconds, floor seconds, orders, a mid-battle state) of one random battle."""
    from bot.referee.fairdice import FairDice
    from bot.rules.core.registry import get

    ruleset = get("pocket-battles")
    dice = FairDice(SEED, f"bench-{size}-{n}", 0)
    started = time.perf_counter()
    state = ruleset.setup("battle", ruleset.parse_options({"size": size}), dice).state
    _final, orders, mid = _play(ruleset, state, dice, random.Random(n))
    engine = time.perf_counter() - started
    # The floor: one deep copy of a state of this battle per order given.
    started = time.perf_counter()
    for _ in range(orders):
        mid.model_copy(deep=True)
    floor = time.perf_counter() - started
    return engine, floor, orders, mid


def _clear() -> None:
    from rendering.pocket_battles import tiles, units

    tiles._tile.cache_clear()
    tiles.back_image.cache_clear()
    units.draw_unit.cache_clear()


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
    warm = median_ms(repeats, lambda: render(view))
    cold = median_ms(repeats, lambda: render(view), _clear)
    encode = median_ms(repeats, lambda: encode_png(picture))
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
