"""A Jutland battle to test with: the German TF1 (from P15) and the British TF3 (from P17)
meet in P16 at 10:00, placed by the rules (3.4), with the options given."""

from __future__ import annotations

from typing import Any

from bot.referee.fairdice import FairDice
from bot.rules.core.registry import get
from bot.rules.jutland.battle import placement


def battle_state(seed: bytes = b"jutland-battle-test-seed-0000001", **options: Any) -> Any:
    ruleset = get("jutland")
    dice = FairDice(seed, "t", 0)
    state: Any = ruleset.setup("basic", ruleset.parse_options(options), dice).state
    state.phase, state.hour, state.contact = "battle", 10, "P16"
    for tf, came in (("de1", "P15"), ("gb3", "P17")):
        state.task_forces[tf].hex, state.task_forces[tf].came_from = "P16", came
        state.task_forces[tf].left_at = 0
    state.battle = placement.new_battle(state, "P16")
    return state
