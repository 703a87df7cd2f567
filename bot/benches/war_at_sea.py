"""Benchmark: the engine time of one whole random game of War at Sea (no I/O).

Usage: ``python -m bot bench war-at-sea [GAMES] [--options 18_2,18_6]``. Prints the median,
fastest and slowest game and the actions per game; the goal is well under a second a game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bot.autoplay import play
from bot.referee.fairdice import FairDice


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench war-at-sea")
    parser.add_argument("games", nargs="?", type=int, default=20)
    parser.add_argument("--options", default="", help="variants, e.g. 18_2,18_6")
    args = parser.parse_args(argv)
    from bot.rules.war_at_sea import RULESET

    options = {f"variant_{v.strip()}": True for v in args.options.split(",") if v.strip()}
    times: list[float] = []
    actions: list[int] = []
    for n in range(args.games):
        dice = FairDice(b"war-at-sea-benchmark-seed-000001", f"bench-{n}", 0)
        started = time.perf_counter()
        state = RULESET.setup("standard", RULESET.parse_options(options), dice).state
        report = play(RULESET, state, dice, random.Random(n))
        times.append(time.perf_counter() - started)
        actions.append(report.actions)
    print(
        f"war-at-sea: {args.games} random games, options {sorted(options) or 'none'}: "
        f"median {statistics.median(times) * 1000:.0f} ms a game "
        f"(fastest {min(times) * 1000:.0f} ms, slowest {max(times) * 1000:.0f} ms), "
        f"{statistics.median(actions):.0f} actions a game, "
        f"{statistics.median(times) / max(statistics.median(actions), 1) * 1e6:.0f} us an action"
    )


if __name__ == "__main__":
    import sys

    run(sys.argv[1:])
