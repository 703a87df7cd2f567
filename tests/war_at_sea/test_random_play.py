"""Random legal play to the end of the game, with invariants after every action."""

from __future__ import annotations

import random
import time

import pytest

from bot.autoplay import play
from bot.referee.fairdice import FairDice
from bot.rules.war_at_sea import RULESET
from tests.war_at_sea.helpers import check_invariants, new_game

OPTION_SETS = [
    {},
    {"variant_18_2": True},
    {"variant_18_1": True, "variant_18_3": True, "variant_18_4": True},
    {"variant_18_5": True, "variant_18_6": True},
    {f"variant_18_{i}": True for i in range(1, 7)},
]
GAMES_PER_SET = 42  # 210 games in all


@pytest.mark.slow
@pytest.mark.parametrize("options", OPTION_SETS, ids=lambda o: "+".join(sorted(o)) or "basic")
def test_random_games_end_with_a_result(options: dict[str, bool]) -> None:
    started = time.perf_counter()
    actions = 0
    winners: dict[str | None, int] = {}
    for n in range(GAMES_PER_SET):
        game_id = f"random-{sorted(options)}-{n}"
        dice = FairDice(b"war-at-sea-random-play-seed-0001", game_id, 0)
        state = new_game(dice, **options)
        report = play(RULESET, state, dice, random.Random(game_id), invariant=check_invariants)
        assert report.state.result is not None, f"game {n} did not end"
        actions += report.actions
        winner = report.state.result.winner
        winners[winner] = winners.get(winner, 0) + 1
    elapsed = time.perf_counter() - started
    print(f"{options}: {GAMES_PER_SET} games, {actions} actions, {elapsed:.1f}s, {winners}")
    assert actions > GAMES_PER_SET * 20


@pytest.mark.parametrize("options", [{}, {"variant_18_2": True}], ids=["basic", "hidden"])
def test_defaults_alone_play_a_whole_game(options: dict[str, bool]) -> None:
    """What deadlines apply: every prompt's default is legal, and defaults end the game."""
    for n in range(3):
        dice = FairDice(b"war-at-sea-defaults-seed-0000001", f"defaults-{n}", 0)
        state = new_game(dice, **options)
        report = play(
            RULESET,
            state,
            dice,
            random.Random(n),
            invariant=check_invariants,
            prefer_default=1.0,
        )
        assert report.state.result is not None
        assert report.refused == 0
        assert report.defaults == report.actions
