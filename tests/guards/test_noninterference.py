"""Non-interference over random games of every registered ruleset (tests/guards/
noninterference.py), and proof that the check catches side channels planted on purpose."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tests.vaults  # noqa: F401  (registers the test-only game: it has hidden things)
from bot.autoplay import random_action
from bot.referee.fairdice import FairDice
from bot.rules.core import Ruleset
from bot.rules.core.registry import available, get
from tests.guards.noninterference import SEED, Leak, check_order, run
from tests.guards.tally import TALLY

HIDDEN_OPTIONS: dict[str, list[tuple[dict[str, Any], int]]] = {
    # War at Sea hides things only under 18.2: games with it alone and with every variant.
    "war-at-sea": [
        ({"variant_18_2": True}, 2),
        ({f"variant_18_{i}": True for i in range(1, 7)}, 1),
    ],
}
"""Options under which a game has hidden things, and how many random games of each; a game
not listed plays its defaults, two games."""


def play_checked(
    ruleset: Ruleset,  # type: ignore[type-arg]
    options: dict[str, Any],
    game: str,
    *,
    pairs_per_step: int = 2,
    images: int = 1,
    max_steps: int = 400,
) -> int:
    """A random game in which every order given (refused ones too) is checked."""
    rng = random.Random(game)
    dice = FairDice(SEED, game, 0)
    scenario = ruleset.scenarios()[0].id
    state = ruleset.setup(scenario, ruleset.parse_options(options), dice).state
    next_roll, compared, steps = len(dice.rolls), 0, 0
    while state.result is None and steps < max_steps:
        prompt = rng.choice(ruleset.prompts(state))
        attempts = [random_action(prompt, rng) for _ in range(3)] + [prompt.default or {}]
        for raw in attempts:
            real = run(ruleset, state, prompt.seat, raw, game, next_roll)
            compared += check_order(
                ruleset,
                state,
                prompt.seat,
                raw,
                real,
                game,
                next_roll,
                rng,
                pairs_per_step=pairs_per_step,
                images=images if steps % 25 == 0 else 0,
            )
            if real.refusal is None:
                break
        assert real.refusal is None, f"the default {prompt.default} was refused"
        state, next_roll, steps = real.state, next_roll + len(real.rolls), steps + 1
    return compared


@pytest.mark.parametrize("ruleset_id", available())
def test_hidden_identities_change_nothing_others_read(ruleset_id: str) -> None:
    ruleset = get(ruleset_id)
    compared = 0
    for options, games in HIDDEN_OPTIONS.get(ruleset_id, [({}, 2)]):
        for n in range(games):
            compared += play_checked(ruleset, options, f"{ruleset_id}-{n}-{sorted(options)}")
    print(f"{ruleset_id}: {compared} look-alike pairs checked")
    TALLY[f"non-interference: {ruleset_id} pairs"] += compared
    assert compared > 0 or not any(
        ruleset.lookalikes(ruleset.setup(ruleset.scenarios()[0].id, ruleset.parse_options({}),
                                         FairDice(SEED, "probe", 0)).state, None)
        for _ in [0]
    )
