"""Benchmark: the engine time of whole random Jutland games, and the battle surface's render
ratio.

Usage: ``python -m bot bench jutland [GAMES] [--repeats N]``.

Engine: games played from set-up to 1 June 12:00 (no I/O) by random legal orders
(bot.autoplay.play). Beside each median stands its floor, measured in the same run on the same
games: one deep copy of the state per order (``Ruleset.apply`` copies the state before
resolving an order, so no engine can referee the game for less).

Render: ``rendering.jutland.render`` (view to PNG bytes) of a battle's public view, warm (the
printed sheet and glyphs cached, as in a running bot) against the floor of ``encode_png`` of
the very same picture. Figures are printed, not asserted.
"""

from __future__ import annotations

import argparse
import io
import random
import statistics
import time
from typing import Any

from bot.benches.timing import median_ms

SEED = b"jutland-benchmark-seed-000000001"


def _game(n: int) -> tuple[float, float, int, Any]:
    """(engine seconds, floor seconds, orders, a state of the game) of one random game."""
    from bot.autoplay import play
    from bot.referee.fairdice import FairDice
    from bot.rules.core.registry import get

    ruleset = get("jutland")
    dice = FairDice(SEED, f"bench-{n}", 0)
    started = time.perf_counter()
    state = ruleset.setup("basic", ruleset.parse_options({}), dice).state
    report = play(ruleset, state, dice, random.Random(n))
    engine = time.perf_counter() - started
    started = time.perf_counter()
    for _ in range(report.actions):
        state.model_copy(deep=True)
    floor = time.perf_counter() - started
    return engine, floor, report.actions, report.state


def _battle_state() -> Any:
    """A battle in mid North Sea, the fleets placed by the rules (3.4) and one turn fought."""
    from bot.autoplay import random_action
    from bot.referee.fairdice import FairDice
    from bot.rules.core import RuleViolation
    from bot.rules.core.registry import get

    ruleset = get("jutland")
    dice = FairDice(SEED, "render", 0)
    state: Any = ruleset.setup("basic", ruleset.parse_options({}), dice).state
    state.phase, state.hour = "plot", 14
    for tf, where in {"de1": "P15", "de2": "P14", "gb3": "P17", "gb1": "P18"}.items():
        state.task_forces[tf].hex, state.task_forces[tf].left_at = where, 0
    rng = random.Random(3)
    for _ in range(5000):
        if state.battle is not None and state.battle.lines:
            return state
        prompt = rng.choice(ruleset.prompts(state))
        try:
            action = ruleset.parse_action(random_action(prompt, rng))
            state = ruleset.apply(state, prompt.seat, action, dice).state
        except RuleViolation:
            assert prompt.default is not None  # random play checks every default is legal
            default = ruleset.parse_action(prompt.default)
            state = ruleset.apply(state, prompt.seat, default, dice).state
    return state


def render_ratio(repeats: int) -> str:
    from PIL import Image

    from bot.rules.core.registry import get
    from rendering.jutland import render
    from rendering.png import encode_png

    state = _battle_state()
    view = get("jutland").view(state, None).model_dump(mode="json")
    data = render(view)
    with Image.open(io.BytesIO(data)) as png:
        picture = png.copy()
    warm = median_ms(repeats, lambda: render(view))
    encode = median_ms(repeats, lambda: encode_png(picture))
    ships = len(view["battle"]["ships"]) if view.get("battle") else 0
    return (
        f"jutland battle surface, public view, {ships} counters, "
        f"{picture.width}x{picture.height}, {len(data)} bytes, median of {repeats}:\n"
        f"  render (view to PNG bytes): {warm:.1f} ms\n"
        f"  floor, encode_png of the same picture: {encode:.1f} ms\n"
        f"  ratio render/encode: {warm / encode:.2f}x"
    )


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench jutland")
    parser.add_argument("games", nargs="?", type=int, default=5, help="random games")
    parser.add_argument("--repeats", type=int, default=10, help="renders timed")
    args = parser.parse_args(argv)
    runs = [_game(n) for n in range(args.games)]
    engine = statistics.median(r[0] for r in runs)
    floor = statistics.median(r[1] for r in runs)
    orders = statistics.median(r[2] for r in runs)
    print(
        f"jutland: {args.games} random games to 1 June 12:00: median {engine * 1000:.0f} ms a "
        f"game (fastest {min(r[0] for r in runs) * 1000:.0f}, slowest "
        f"{max(r[0] for r in runs) * 1000:.0f}), {orders:.0f} orders a game, "
        f"{engine / orders * 1000:.2f} ms an order; floor (a deep copy of the state per "
        f"order) {floor * 1000:.0f} ms, ratio {engine / max(floor, 1e-9):.1f}x"
    )
    print(render_ratio(args.repeats))


if __name__ == "__main__":
    import sys

    run(sys.argv[1:])
