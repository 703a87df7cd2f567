"""Prompt identity (bot/rules/core/prompt.py): an unchanged decision keeps its id, a new one
gets a new id; sealed building answers do not touch the other seat's prompt."""

from __future__ import annotations

import random

from bot.autoplay import random_answer
from bot.referee.fairdice import FairDice
from bot.rules.core import Prompt, RuleViolation
from bot.rules.core.registry import get

SEED = b"pocket-battles-prompt-identity!!"


def _ids(prompts: list[Prompt]) -> dict[str, tuple[str, str]]:
    return {p.seat: (p.id, p.model_dump_json()) for p in prompts}


def test_sealed_building_leaves_the_other_seats_prompt_alone() -> None:
    ruleset = get("pocket-battles")
    dice = FairDice(SEED, "identity", 0)
    state = ruleset.setup("battle", ruleset.parse_options({}), dice).state
    before = _ids(ruleset.prompts(state))
    action = ruleset.parse_action({"type": "ready_made", "army": "standard"})
    state = ruleset.apply(state, "celts", action, dice).state
    after = _ids(ruleset.prompts(state))
    assert after["romans"] == before["romans"]
    assert after["celts"][0] != before["celts"][0]


def test_one_id_never_names_two_different_decisions() -> None:
    ruleset = get("pocket-battles")
    for n in range(4):
        rng = random.Random(n)
        dice = FairDice(SEED, f"identity-{n}", 0)
        state = ruleset.setup("battle", ruleset.parse_options({"size": 50}), dice).state
        named: dict[tuple[str, str], str] = {}
        while state.result is None and len(named) < 400:
            for p in ruleset.prompts(state):
                body = p.model_dump_json()
                assert named.setdefault((p.seat, p.id), body) == body, p.id
            prompt = rng.choice(ruleset.prompts(state))
            forms = [f for f in prompt.forms if f.type != "concede"]
            form = rng.choice(forms)
            try:
                action = ruleset.parse_action(form.build(random_answer(form, rng)))
                state = ruleset.apply(state, prompt.seat, action, dice).state
            except RuleViolation:
                assert prompt.default is not None
                default = ruleset.parse_action(prompt.default)
                state = ruleset.apply(state, prompt.seat, default, dice).state
