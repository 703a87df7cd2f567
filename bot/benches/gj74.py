"""Benchmark: the engine time of whole random GJ74 games per scenario, and the map's render
ratio.

Usage: ``python -m bot bench gj74 [GAMES] [--scenarios 19.1,20.1] [--repeats N]``.

Engine: games played to the end (no I/O): random legal orders, an operation's end or a
decision's default one time in five. Beside each median per order stands its floor, measured
in the same run on the same games: one deep copy of the state per order (``Ruleset.apply``
copies the state before resolving an order, so no engine can referee the game for less).

Render: ``rendering.gj74.render`` (view to PNG bytes) of a mid-game public view, warm (the
static map layer and counters cached, as in a running bot) and cold (those caches dropped),
against the floor of ``encode_png`` of the very same picture. Figures are printed, not
asserted.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time
from typing import Any

from bot.benches.timing import median_ms

SEED = b"gj74-benchmark-seed-000000000001"
SCENARIOS = ("19.1", "19.2", "19.3", "19.4", "20.1")


def _game(sid: str, n: int) -> tuple[float, float, int, Any]:
    """(engine seconds, floor seconds, orders, a mid-game state) of one random game."""
    from bot.autoplay import random_action
    from bot.referee.fairdice import FairDice
    from bot.rules.core import RuleViolation
    from bot.rules.core.registry import get

    ruleset = get("gj74")
    rng = random.Random(f"{sid}-{n}")
    dice = FairDice(SEED, f"bench-{sid}-{n}", 0)
    started = time.perf_counter()
    state = ruleset.setup(sid, ruleset.parse_options({}), dice).state
    orders, mid = 0, None
    while state.result is None and orders < 5000:
        prompts = ruleset.prompts(state)
        prompt = rng.choice(prompts)
        raw = dict(prompt.default or {})
        if rng.random() < 0.8 and prompt.kind != "gj74.deploy":
            raw = random_action(prompt, rng)
        try:
            out = ruleset.apply(state, prompt.seat, ruleset.parse_action(raw), dice, prompts)
        except RuleViolation:
            default = ruleset.parse_action(dict(prompt.default or {}))
            out = ruleset.apply(state, prompt.seat, default, dice, prompts)
        state = out.state
        orders += 1
        if mid is None and state.turn >= 2 and state.phase != "draw":
            mid = state
    engine = time.perf_counter() - started
    mid = mid or state
    started = time.perf_counter()
    for _ in range(orders):
        mid.model_copy(deep=True)
    floor = time.perf_counter() - started
    return engine, floor, orders, mid


def _clear() -> None:
    from rendering import cache, counters
    from rendering.gj74 import geometry

    cache.clear_layers()
    counters._render.cache_clear()
    geometry.layout.cache_clear()
    geometry.extent.cache_clear()


def render_ratio(state: Any, repeats: int) -> str:
    from PIL import Image

    from bot.rules.core.registry import get
    from rendering.gj74 import render
    from rendering.png import encode_png

    view = get("gj74").view(state, None).model_dump(mode="json")
    data = render(view)
    with Image.open(io.BytesIO(data)) as png:
        picture = png.copy()
    warm = median_ms(repeats, lambda: render(view))
    cold = median_ms(repeats, lambda: render(view), _clear)
    encode = median_ms(repeats, lambda: encode_png(picture))
    return (
        f"gj74 map, public view of {view['scenario']} turn {view['turn']} ({view['phase']}), "
        f"{picture.width}x{picture.height}, {len(data)} bytes, median of {repeats}:\n"
        f"  render (view to PNG bytes): {warm:.1f} ms warm, {cold:.1f} ms cold\n"
        f"  floor, encode_png of the same picture: {encode:.1f} ms\n"
        f"  ratio render/encode: {warm / encode:.2f}x warm, {cold / encode:.2f}x cold"
    )


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench gj74")
    parser.add_argument("games", nargs="?", type=int, default=5, help="games per scenario")
    parser.add_argument("--scenarios", default=",".join(SCENARIOS))
    parser.add_argument("--repeats", type=int, default=7, help="renders timed")
    args = parser.parse_args(argv)
    mid = None
    print(f"GJ74 engine: {args.games} random games per scenario (floor: a state copy per order)")
    for sid in args.scenarios.split(","):
        per_order, floors, lengths, totals = [], [], [], []
        for n in range(args.games):
            engine, floor, orders, state = _game(sid, n)
            per_order.append(1000 * engine / max(orders, 1))
            floors.append(1000 * floor / max(orders, 1))
            lengths.append(orders)
            totals.append(engine)
            if sid == "20.1" or mid is None:
                mid = state
        print(
            f"  {sid}: {statistics.median(lengths):.0f} orders a game, "
            f"{statistics.median(totals):.2f} s a game, "
            f"{statistics.median(per_order):.2f} ms an order "
            f"(floor {statistics.median(floors):.2f} ms)"
        )
    if mid is not None:
        print(render_ratio(mid, args.repeats))
