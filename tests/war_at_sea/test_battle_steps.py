"""The battle's step table (combat/steps.py) is the one place that says which step asks whom
for what: rule modules build one seat's prompt and never branch on the step, and every
decision a battle opens is the one its step's entry names, for the seats it names."""

from __future__ import annotations

import random
import re
from pathlib import Path

from bot.autoplay import random_action
from bot.referee.fairdice import FairDice
from bot.rules.core import RuleViolation
from bot.rules.war_at_sea import RULESET
from bot.rules.war_at_sea.combat.steps import STEPS
from bot.rules.war_at_sea.state import WarAtSeaState

COMBAT = Path(__file__).resolve().parents[2] / "bot" / "rules" / "war_at_sea" / "combat"
KIND = {
    "uboat_targets": "was.targets",
    "air_allies": "was.air_targets",
    "air_axis": "was.air_targets",
    "targets_allies": "was.targets",
    "carrier_question": "was.carrier_question",
    "targets_axis": "was.targets",
    "escape": "was.escape",
    "groups": "was.escape_groups",
    "pursuit": "was.pursuit",
    "break_off": "was.break_off",
}
"""What each decision step asks (War at Sea 8.4, 9.3, 10.2, 10.6, 11.8, 11.3, 11.4, 11.5)."""


def test_rule_modules_do_not_dispatch_on_the_step() -> None:
    for path in COMBAT.glob("*.py"):
        if path.name == "steps.py":
            continue
        src = path.read_text(encoding="utf-8")
        ladders = re.findall(r"battle\.step\s*(?:==|!=|in\b|not in\b)", src)
        assert not ladders, f"{path.name} branches on the battle step: {ladders}"


def test_decision_steps_are_the_table_entries_that_prompt() -> None:
    assert {s.name for s in STEPS.steps if s.prompts is not None} == set(KIND)


def test_every_battle_decision_is_its_steps_for_the_seats_it_owes() -> None:
    seen: set[str] = set()
    for n in range(8):
        dice = FairDice(b"battle-steps-seed-00000000000001", f"b{n}", 0)
        options = RULESET.parse_options({"variant_18_2": bool(n % 2)})
        state = RULESET.setup("standard", options, dice).state
        rng = random.Random(n)
        while state.result is None:
            assert isinstance(state, WarAtSeaState)
            prompts = RULESET.prompts(state)
            battle = state.combat.battle
            if battle is not None and state.phase == "combat" and battle.step in KIND:
                step = STEPS[battle.step]
                assert prompts, f"step {battle.step} asks nobody"
                for p in prompts:
                    assert p.kind == KIND[battle.step] and p.seat in step.owes
                    assert p.section == step.section
                seen.add(battle.step)
            prompt = rng.choice(prompts)
            try:
                action = RULESET.parse_action(random_action(prompt, rng))
                state = RULESET.apply(state, prompt.seat, action, dice).state
            except RuleViolation:
                action = RULESET.parse_action(prompt.default or {})
                state = RULESET.apply(state, prompt.seat, action, dice).state
    assert seen == set(KIND)  # these seeded games reach every decision step
