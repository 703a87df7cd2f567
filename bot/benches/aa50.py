"""Benchmark: the AA50 engine's time per round and per whole game.

Usage: ``python -m bot bench aa50 [GAMES] [--rounds N] [--scenarios 1941,1942]``.

Each game is random legal play (``bot.autoplay``) from the set-up to the round limit or a
victory, no I/O. Printed per scenario: the median time of a whole game, of one round, and of
one order. Beside them stand floors measured in the same run on the same games, the least an
engine could spend: one deep copy of a mid-game state per order (``Ruleset.apply`` copies the
state before resolving an order) and one bare apply of an order that changes nothing but the
step (a standing casualty order set again, the cheapest order a power can give), plus the open
prompts of a mid-game position (the menus every order is chosen from). Figures are printed,
never asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

SEED = b"aa50-benchmark-seed-000000000001"


def _game(scenario: str, n: int, rounds: int) -> dict[str, Any]:
    from bot.autoplay import play
    from bot.referee.fairdice import FairDice
    from bot.rules.aa50 import RULESET

    dice = FairDice(SEED, f"bench-{scenario}-{n}", 0)
    options = RULESET.parse_options({"round_limit": rounds})
    started = time.perf_counter()
    state = RULESET.setup(scenario, options, dice).state
    mid: list[Any] = []

    def keep(st: Any, events: list[Any]) -> None:
        if not mid and st.round >= 2 and st.phase == "purchase":
            mid.append(st)

    report = play(RULESET, state, dice, random.Random(n), invariant=keep)
    engine = time.perf_counter() - started
    final: Any = report.state
    return {
        "engine": engine,
        "rounds": final.round,
        "orders": report.actions,
        "mid": mid[0] if mid else report.state,
        "ended": report.state.result is not None,
    }


def _floors(state: Any, orders: int) -> tuple[float, float, float]:
    """(copies, no-op applies, prompts) in seconds for ``orders`` orders on ``state``."""
    from bot.referee.fairdice import FairDice
    from bot.rules.aa50 import RULESET

    started = time.perf_counter()
    for _ in range(orders):
        state.model_copy(deep=True)
    copies = time.perf_counter() - started
    seat = "americans" if state.power == "chinese" else state.power
    noop = RULESET.parse_action(
        {"type": "casualty_order", "power": state.power, "ranks": [], "auto": False}
    )
    dice = FairDice(SEED, "floor", 0)
    started = time.perf_counter()
    for _ in range(orders):
        RULESET.apply(state, seat, noop, dice)
    applies = time.perf_counter() - started
    started = time.perf_counter()
    for _ in range(orders):
        state._prompts = None
        RULESET.prompts(state)
    prompts = time.perf_counter() - started
    return copies, applies, prompts


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench aa50")
    parser.add_argument("games", nargs="?", type=int, default=5, help="games per scenario")
    parser.add_argument("--rounds", type=int, default=6, help="round limit of each game")
    parser.add_argument("--scenarios", default="1941,1942")
    args = parser.parse_args(argv)
    for scenario in args.scenarios.split(","):
        games = [_game(scenario, n, args.rounds) for n in range(args.games)]
        per_game = statistics.median(g["engine"] for g in games)
        per_round = statistics.median(g["engine"] / g["rounds"] for g in games)
        orders = sum(g["orders"] for g in games)
        per_order = 1000 * sum(g["engine"] for g in games) / max(1, orders)
        mid = games[0]["mid"]
        n = max(1, orders // len(games))
        copies, applies, prompts = _floors(mid, n)
        print(
            f"AA50 {scenario}: {len(games)} games to round {args.rounds} or a victory "
            f"({sum(g['ended'] for g in games)} ended), {orders} orders\n"
            f"  engine, median: {per_game:.2f} s per game, {1000 * per_round:.0f} ms per round, "
            f"{per_order:.2f} ms per order\n"
            f"  floor on a round-{mid.round} state, per game of {n} orders: "
            f"{copies:.2f} s deep copies, {applies:.2f} s no-op applies, "
            f"{prompts:.2f} s open prompts ({1000 * prompts / n:.2f} ms each)\n"
            f"  ratio game/no-op applies: {per_game / max(applies, 1e-9):.1f}x"
        )
