"""The Fleet Makeup's form (Jutland 1.4 item 4): the columns a force may form and, for each
count, the intervals that keep the formation within 8,000 yards (the Placement Diagram, note
2); every pair it offers is accepted, a pair it does not offer is refused naming the rule."""

from __future__ import annotations

from typing import Any

import pytest

from bot.referee.fairdice import FairDice
from bot.rules.core import Prompt, RuleViolation
from bot.rules.core.registry import get

RULES = get("jutland")


def _state() -> Any:
    dice = FairDice(b"jutland-prompt-test-seed-0000001", "p", 0)
    state: Any = RULES.setup("basic", RULES.parse_options({}), dice).state
    state.phase, state.hour = "plot", 8
    state.task_forces["de2"].hex, state.task_forces["de2"].left_at = "P15", 0
    return state


def _regroup(state: Any) -> Prompt:
    return next(p for p in RULES.prompts(state) if p.kind == "jut.regroup" and p.seat == "german")


def _offered(prompt: Prompt, name: str, **answers: Any) -> list[str]:
    form = next(f for f in prompt.forms if f.type == "makeup")
    choice = next(c for c in form.asked(answers) if c.name == name)
    return list(choice.values())


def test_the_makeup_form_offers_what_the_rules_allow() -> None:
    prompt = _regroup(_state())
    assert _offered(prompt, "columns", tf="de2") == [str(n) for n in range(1, 8)]  # 22 ships
    assert _offered(prompt, "columns", tf="de1") == ["1"]  # five battlecruisers: one line
    assert _offered(prompt, "interval", tf="de2", columns="1") == ["0"]
    three = _offered(prompt, "interval", tf="de2", columns="3")
    assert three[0] == "1000" and three[-1] == "4000"  # 2 x 4,000 = 8,000 yards wide
    assert _offered(prompt, "interval", tf="de2", columns="7")[-1] == "1000"  # 6 x 1,000


@pytest.mark.parametrize("columns", [1, 2, 3, 5, 7])
def test_every_offered_makeup_is_accepted_and_a_wider_one_refused(columns: int) -> None:
    state = _state()
    dice = FairDice(b"jutland-prompt-test-seed-0000001", "p", 0)
    for interval in _offered(_regroup(state), "interval", tf="de2", columns=str(columns)):
        action = {"type": "makeup", "tf": "de2", "columns": columns, "interval": int(interval)}
        after = RULES.apply(state, "german", RULES.parse_action(action), dice).state
        assert after.task_forces["de2"].interval == int(interval)
    if columns > 2:  # two columns may be 8,000 yards apart, the most an order can say
        wide = 8000 // (columns - 1) + 500
        action = {"type": "makeup", "tf": "de2", "columns": columns, "interval": wide}
        with pytest.raises(RuleViolation) as refused:
            RULES.apply(state, "german", RULES.parse_action(action), dice)
        assert refused.value.code == "jut.regroup.interval"
