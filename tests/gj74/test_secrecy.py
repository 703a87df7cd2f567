"""Non-interference (tests/guards/noninterference.py) through games that fight: the shared
guard's random forms seldom reach a battle, so here orders aimed at the enemy (searches,
strikes, attacks, interceptions) are checked against look-alike pairs, per step."""

from __future__ import annotations

import random

import pytest

from bot.autoplay import random_action
from bot.rules.core.registry import get
from tests.gj74.test_random_play import aimed
from tests.guards.noninterference import check_order, run

RULESET = get("gj74")


@pytest.mark.parametrize("sid", ["19.1", "19.2", "20.1"])
def test_aimed_play_tells_no_side_which_counter_is_which(sid: str) -> None:
    from bot.referee.fairdice import FairDice
    from tests.guards.noninterference import SEED

    game = f"gj74-secrecy-{sid}"
    rng = random.Random(game)
    dice = FairDice(SEED, game, 0)
    state = RULESET.setup(sid, RULESET.parse_options({}), dice).state
    next_roll, compared, steps = len(dice.rolls), 0, 0
    while state.result is None and steps < 160:
        prompt = rng.choice(RULESET.prompts(state))
        tries = [aimed(state, rng), random_action(prompt, rng), prompt.default or {}]
        for raw in [r for r in tries if r is not None]:
            real = run(RULESET, state, prompt.seat, raw, game, next_roll)
            compared += check_order(
                RULESET, state, prompt.seat, raw, real, game, next_roll, rng, pairs_per_step=1
            )
            if real.refusal is None:
                break
        assert real.refusal is None
        state, next_roll, steps = real.state, next_roll + len(real.rolls), steps + 1
    print(sid, steps, "orders,", compared, "look-alike pairs compared")
    assert compared > steps // 2
