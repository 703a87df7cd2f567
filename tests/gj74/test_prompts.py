"""GJ74 prompt identity (bot/rules/core/prompt.py): one id never names two different
decisions in a game, and every prompt is for a seat its step owes, with a legal default."""

from __future__ import annotations

import json
import random

from bot.autoplay import random_action
from bot.referee.fairdice import FairDice
from bot.rules.core import RuleViolation
from bot.rules.core.registry import get
from bot.rules.gj74.turn import TABLE

RULESET = get("gj74")


def test_an_id_names_one_decision_and_defaults_are_legal() -> None:
    kinds: set[str] = set()
    for game, sid in enumerate(("19.1", "19.2", "19.4")):
        seen: dict[tuple[str, str], str] = {}  # ids are per game
        rng = random.Random(game)
        dice = FairDice(b"gj74-prompt-identity-seed-000001", sid, 0)
        state = RULESET.setup(sid, RULESET.parse_options({}), dice).state
        while state.result is None:
            prompts = RULESET.prompts(state)
            for p in prompts:
                assert p.seat in TABLE.current(state).owes
                body = json.dumps(p.model_dump(mode="json"), sort_keys=True)
                assert seen.setdefault((p.seat, p.id), body) == body, f"{p.id} named two decisions"
                kinds.add(p.kind)
                assert p.default is not None
                RULESET.apply(state, p.seat, RULESET.parse_action(p.default), dice.__class__(
                    b"gj74-prompt-identity-seed-000001", "probe", 0))  # fmt: skip
            prompt = rng.choice(prompts)
            try:
                raw = random_action(prompt, rng)
                state = RULESET.apply(state, prompt.seat, RULESET.parse_action(raw), dice).state
            except RuleViolation:
                state = RULESET.apply(
                    state, prompt.seat, RULESET.parse_action(prompt.default or {}), dice
                ).state
    assert {"gj74.deploy", "gj74.sub_op", "gj74.surface_op", "gj74.air_range"} <= kinds
