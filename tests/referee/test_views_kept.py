"""Views built once per state (issue 9): ``Ruleset.view_with`` reuses the prompts already
computed and must show exactly what ``view`` shows, for every game that ships, at every step of
random games; the referee keeps each audience's view beside its cached state, one per version."""

from __future__ import annotations

import random
from typing import Any

import pytest

from bot.autoplay import random_action
from bot.referee import Referee
from bot.referee.fairdice import FairDice
from bot.rules.core import GameState, RuleViolation
from bot.rules.core.registry import get

STEPS = 25


def shipping() -> list[str]:
    from bot.benches.stored import shipping as rulesets

    return rulesets()


@pytest.mark.parametrize("ruleset_id", shipping())
def test_view_with_the_states_prompts_is_the_view(ruleset_id: str) -> None:
    ruleset = get(ruleset_id)
    dice = FairDice(b"view-with-seed-00000000000000001", ruleset_id, 0)
    scenario = ruleset.scenarios()[0].id
    state = ruleset.setup(scenario, ruleset.parse_options({}), dice).state
    rng = random.Random(5)
    checked = 0
    for _ in range(STEPS):
        prompts = ruleset.prompts(state)
        for audience in [None, *ruleset.seats]:
            assert ruleset.view_with(state, audience, prompts) == ruleset.view(state, audience)
            checked += 1
        if state.result is not None or not prompts:
            break
        state = _step(ruleset, state, prompts, dice, rng)
    assert checked > len(ruleset.seats)  # more than the set-up was compared


def _step(ruleset: Any, state: GameState, prompts: list[Any], dice: Any, rng: Any) -> GameState:
    prompt = rng.choice(prompts)
    for _ in range(3):
        try:
            action = ruleset.parse_action(random_action(prompt, rng))
            return ruleset.apply(state, prompt.seat, action, dice, prompts).state  # type: ignore[no-any-return]
        except RuleViolation:
            continue
    action = ruleset.parse_action(prompt.default or {})
    return ruleset.apply(state, prompt.seat, action, dice, prompts).state  # type: ignore[no-any-return]


async def test_the_referee_builds_a_view_once_per_version(referee: Referee) -> None:
    created = await referee.create("war-at-sea", guild_id="g1", created_by="alice")
    game = created.id
    await referee.join(game, "alice", "allies")
    await referee.join(game, "bob", "axis")
    await referee.start(game, "alice")
    record, state = await referee.state(game)
    first = await referee.view(game, None)
    assert await referee.view(game, None) is first  # kept, not built again
    assert referee.view_of(record, state, None) is first
    ruleset = get(record.ruleset)
    assert first == ruleset.view(state, None)
    seat = ruleset.seats[0]
    assert referee.view_of(record, state, seat) == ruleset.view(state, seat)
    assert referee.view_of(record, state, seat) is not first  # one per audience
    # A copy of the state (not the cached one) is never answered from the cache.
    other = state.model_copy(deep=True)
    assert referee.view_of(record, other, None) is not first

    _, _, prompts = await referee.open_prompts(game)
    prompt = prompts[0]
    seats = await referee.seats(game)
    await referee.submit(game, seats[prompt.seat], prompt.default or {}, "k1", seat=prompt.seat)
    record, state = await referee.state(game)
    after = await referee.view(game, None)
    assert after is not first and after == ruleset.view(state, None)
