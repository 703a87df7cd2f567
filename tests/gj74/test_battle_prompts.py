"""The decisions of an attack on ships as prompts (bot/rules/gj74/battle.py), driven through
23.0 example 4 (tests/cases/gj74/23_0_example_4.toml): each decision is asked of the side the
rule names, with the track left as its bound, a new id per target and the same id after a
refusal, and a default a deadline may apply."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import pytest

from bot.cases import ScriptedDice, assign
from bot.rules.core import RuleViolation
from bot.rules.core.registry import get
from bot.rules.gj74.state import GJ74State

RULESET = get("gj74")
CASE = Path(__file__).resolve().parents[1] / "cases" / "gj74" / "23_0_example_4.toml"


def start() -> tuple[GJ74State, ScriptedDice, list[dict[str, Any]]]:
    case = tomllib.loads(CASE.read_text(encoding="utf-8"))
    dice = ScriptedDice(case["dice"])
    state = RULESET.setup(case["scenario"], RULESET.parse_options({}), dice).state
    doc = state.model_dump(mode="json")
    for item in case["set"]:
        assign(doc, item["path"], item["value"])
    loaded = RULESET.load_state(doc)
    assert isinstance(loaded, GJ74State)
    return loaded, dice, case["step"]


def test_each_decision_goes_to_the_side_the_rule_names_with_its_own_id() -> None:
    state, dice, steps = start()
    asked: list[tuple[str, str, str, int | None]] = []
    for step in steps:
        before = RULESET.prompts(state)
        try:
            out = RULESET.apply(state, step["seat"], RULESET.parse_action(step["action"]), dice)
        except RuleViolation:
            assert "refused" in step
            assert RULESET.prompts(state) == before  # the same decision, the same id
            continue
        state = out.state
        for p in RULESET.prompts(state):
            if p.kind.startswith("gj74.battle_"):
                bound = p.forms[0].inputs[0].max if p.kind == "gj74.battle_aa" else None
                asked.append((p.seat, p.kind, p.id, bound))
    kinds = [(seat, kind, bound) for seat, kind, _, bound in asked]
    # 15.2(3): China draws for each target from the track left (4, then 4, 3, then 3);
    # 15.2(4): Japan chooses which attackers lose anti-ship on targets 3 and 4.
    assert kinds == [
        ("red", "gj74.battle_aa", 4),
        ("red", "gj74.battle_aa", 4),
        ("red", "gj74.battle_aa", 3),
        ("blue", "gj74.battle_absorb", None),
        ("red", "gj74.battle_aa", 3),
        ("blue", "gj74.battle_absorb", None),
    ]
    ids = [i for _, _, i, _ in asked]
    assert len(set(ids)) == len(ids)
    assert state.battle is None


@pytest.mark.parametrize("answered", [0, 1, 2, 3])
def test_every_battle_default_is_legal(answered: int) -> None:
    """A deadline at any decision of the battle applies its default."""
    state, dice, steps = start()
    given = 0
    for step in steps:
        if "refused" in step:
            continue
        if given > answered:
            break
        state = RULESET.apply(state, step["seat"], RULESET.parse_action(step["action"]), dice).state
        given += 1
    while state.battle is not None:
        (p,) = RULESET.prompts(state)
        assert p.default is not None
        state = RULESET.apply(state, p.seat, RULESET.parse_action(p.default), dice).state
