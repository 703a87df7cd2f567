"""Random legal play of both scenarios to the round limit or a victory, with the invariants of
tests/aa50/helpers.py after every order (IPCs, units and units waiting to be placed accounted
for by the events, every unit where it may stand, capacities, factory damage caps), and every
prompt's default legal.

The suite plays 12 games (3 per scenario and option set, to round 4). The full count the
issue asks for is the same test with more games, kept out of the suite's time budget and run
by CI beside the suite (scripts/long-play.txt):
``AA50_GAMES=13 AA50_ROUNDS=6 pytest tests/aa50/test_random_play.py -s`` plays 52 games."""

from __future__ import annotations

import os
import random
import time

import pytest

from bot.autoplay import play
from bot.referee.fairdice import FairDice
from bot.rules.aa50 import RULESET
from bot.rules.aa50.state import Aa50State
from tests.aa50.helpers import Books

ROUNDS = int(os.environ.get("AA50_ROUNDS", "4"))
OPTION_SETS = [
    {"round_limit": ROUNDS},
    {
        "round_limit": ROUNDS,
        "research": False,
        "national_objectives": False,
        "victory_cities": 13,
        "china_first": True,
        "surprise_every_round": True,
    },
]
GAMES = int(os.environ.get("AA50_GAMES", "3"))  # per scenario and option set: 12 games


@pytest.mark.slow
@pytest.mark.parametrize("scenario", ["1941", "1942"])
@pytest.mark.parametrize("options", OPTION_SETS, ids=["rulebook", "basic"])
def test_random_games_reach_a_result_with_the_books_balanced(
    scenario: str, options: dict[str, object]
) -> None:
    started = time.perf_counter()
    orders = battles = captures = victories = china = 0
    for n in range(GAMES):
        game = f"aa50-random-{scenario}-{sorted(options)}-{n}"
        dice = FairDice(b"aa50-random-play-seed-0000000001", game, 0)
        state = RULESET.setup(scenario, RULESET.parse_options(options), dice).state
        assert isinstance(state, Aa50State)
        books = Books(state)
        report = play(RULESET, state, dice, random.Random(game), invariant=books)
        assert report.state.result is not None, f"game {n} did not end"
        orders += report.actions
        victories += report.state.result.summary is not None and (
            report.state.result.summary.key == "aa50.result.victory"
        )
        battles += sum(1 for e in report.events if e.kind == "aa50.battle")
        captures += sum(1 for e in report.events if e.kind == "aa50.captured")
        china += sum(1 for e in report.events if e.kind == "aa50.china")
    elapsed = time.perf_counter() - started
    print(
        f"AA50 random play {scenario} {options}: {GAMES} games ({victories} won, the rest at "
        f"the round limit), {orders} orders, {battles} battles, "
        f"{captures} captures in {elapsed:.1f} s ({1000 * elapsed / max(orders, 1):.1f} ms/order)"
    )
    assert battles > 0
    assert china > 0  # rule 4: China's phases came inside the US turns
