"""Benchmark: exact AA50 battle odds against a Monte Carlo of the same battle (issue 18).

Usage: ``python -m bot bench aa50-odds [--runs 2000] [--agree-runs 100000] [--repeats 3]``.
For a set of battles from 2 to 60 units a side, prints the time of the exact odds
(``bot.rules.aa50.odds``) and of a ``--runs`` Monte Carlo (TripleA's default is 2,000) of
the very same battle in the same run, and their ratio (goal: exact at least 10x faster).
Then the agreement check: a Monte Carlo of ``--agree-runs`` battles on a few battles, each
probability within 4 standard errors of the exact one. Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import math
import random
import time

from bot.benches.timing import median_ms
from bot.rules.aa50.odds import BattleSpec, Side, montecarlo, odds


def _land(att: dict[str, int], dfn: dict[str, int], **kw: object) -> BattleSpec:
    return BattleSpec.model_validate(
        {"kind": "land", "attacker": Side(units=att), "defender": Side(units=dfn), **kw}
    )


def _sea(att: dict[str, int], dfn: dict[str, int], **kw: object) -> BattleSpec:
    return BattleSpec.model_validate(
        {"kind": "sea", "attacker": Side(units=att), "defender": Side(units=dfn), **kw}
    )


BATTLES: list[tuple[str, BattleSpec]] = [
    ("1 inf + 1 art vs 2 inf", _land({"infantry": 1, "artillery": 1}, {"infantry": 2})),
    ("2 sub vs 2 transports", _sea({"submarine": 2}, {"transport": 2})),
    (
        "5 v 5 land, AA",
        _land(
            {"infantry": 2, "armour": 2, "fighter": 1}, {"infantry": 4, "fighter": 1}, aa_gun=True
        ),
    ),
    (
        "6 v 7 sea, subs",
        _sea(
            {"submarine": 2, "destroyer": 1, "fighter": 2, "battleship": 1},
            {"submarine": 1, "carrier": 1, "fighter": 2, "cruiser": 1, "transport": 2},
        ),
    ),
    (
        "10 v 10 amphibious",
        _land(
            {"infantry": 6, "armour": 2, "fighter": 2},
            {"infantry": 8, "artillery": 2},
            amphibious=4,
            bombard={"battleship": 1, "cruiser": 1},
        ),
    ),
    (
        "20 v 20 land",
        _land(
            {"infantry": 8, "artillery": 4, "armour": 5, "fighter": 2, "bomber": 1},
            {"infantry": 14, "armour": 3, "fighter": 3},
            aa_gun=True,
        ),
    ),
    (
        "20 v 18 sea",
        _sea(
            {"submarine": 6, "destroyer": 4, "cruiser": 2, "battleship": 2, "fighter": 6},
            {
                "submarine": 3,
                "destroyer": 3,
                "carrier": 3,
                "fighter": 6,
                "battleship": 1,
                "transport": 2,
            },
        ),
    ),
    (
        "40 v 40 land",
        _land(
            {"infantry": 18, "artillery": 8, "armour": 10, "fighter": 3, "bomber": 1},
            {"infantry": 28, "armour": 6, "fighter": 6},
        ),
    ),
    (
        "60 v 60 land",
        _land(
            {"infantry": 28, "artillery": 10, "armour": 15, "fighter": 5, "bomber": 2},
            {"infantry": 40, "armour": 10, "fighter": 10},
        ),
    ),
]

AGREE = [0, 2, 3, 4]
"""Indexes of ``BATTLES`` checked against the large Monte Carlo."""
FLOOR = 10.0
"""The goal (issue 18): exact odds at least this many times faster than the Monte Carlo."""


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="bench aa50-odds")
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--agree-runs", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=3, help="median of this many timings")
    args = parser.parse_args(argv)
    odds(BATTLES[0][1])  # load the unit data once, outside the timings
    print(
        f"exact odds (every outcome, nothing dropped) vs a {args.runs}-run Monte Carlo of the"
        f" same battle, CPU ms (median of {args.repeats}); floor: exact >= {FLOOR:g}x faster"
    )
    print(
        f"  {'battle':22} {'positions':>9} {'exact ms':>9} {'monte carlo ms':>14}"
        f" {'ratio':>7} {'floor':>6}"
    )
    ratios: list[float] = []
    for name, spec in BATTLES:
        rng = random.Random(18)

        def timed_exact(spec: BattleSpec = spec) -> object:
            return odds(spec)

        def timed_sample(spec: BattleSpec = spec, rng: random.Random = rng) -> object:
            return montecarlo.odds(spec, args.runs, rng.random)

        exact_ms = median_ms(args.repeats, timed_exact, clock=time.process_time)
        mc_ms = median_ms(args.repeats, timed_sample, clock=time.process_time)
        ratios.append(mc_ms / max(exact_ms, 1e-3))
        verdict = "met" if ratios[-1] >= FLOOR else "NOT met"
        print(
            f"  {name:22} {odds(spec).states:9d} {exact_ms:9.1f} {mc_ms:14.1f}"
            f" {ratios[-1]:6.1f}x {FLOOR:5g}x {verdict}"
        )
    mean = math.prod(ratios) ** (1 / len(ratios))
    met = sum(r >= FLOOR for r in ratios)
    print(
        f"  faster than the Monte Carlo by {min(ratios):.1f}x at worst, {mean:.0f}x geometric"
        f" mean; floor met on {met} of {len(ratios)} battles"
    )
    runs = args.agree_runs
    print(f"agreement with a {runs}-run Monte Carlo (each probability within 4 sigma):")
    for i in AGREE:
        name, spec = BATTLES[i]
        exact = odds(spec)
        sampled = montecarlo.odds(spec, runs, random.Random(1800 + i).random)
        worst = 0.0
        for field in ("attacker_wins", "defender_wins", "draw", "retreat", "captures"):
            p, q = getattr(exact, field), getattr(sampled, field)
            sigma = math.sqrt(max(p * (1 - p), 1e-12) / runs)
            worst = max(worst, abs(q - p) / sigma)
        verdict = "agrees" if worst <= 4 else "DISAGREES"
        print(
            f"  {name:24} exact win {exact.attacker_wins:.4f} sampled {sampled.attacker_wins:.4f};"
            f" worst {worst:.2f} sigma: {verdict}"
        )


if __name__ == "__main__":
    import sys

    run(sys.argv[1:])
