"""Rule cases: a starting position, scripted dice, orders by seat, and what must follow.

The format is documented in tests/cases/README.md; `python -m bot case run FILE...` and the
test suite both run cases through ``run_case``, which returns the failed expectations.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from bot.rules.core import DiceExhausted, Event, GameState, RuleViolation, ScriptedDice
from bot.rules.core.registry import get as get_ruleset

MISSING = object()


def walk(doc: Any, path: str) -> Any:
    node = doc
    for part in path.split("."):
        if isinstance(node, list):
            if not part.lstrip("-").isdigit() or int(part) >= len(node):
                return MISSING
            node = node[int(part)]
        elif isinstance(node, dict) and part in node:
            node = node[part]
        else:
            return MISSING
    return node


def assign(doc: Any, path: str, value: Any) -> None:
    *parents, last = path.split(".")
    node = doc
    for part in parents:
        node = node[int(part)] if isinstance(node, list) else node[part]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value


def _subset(params: dict[str, Any], want: dict[str, Any]) -> bool:
    return all(k in params and params[k] == v for k, v in want.items())


def run_case(path: Path) -> list[str]:
    """Every failed expectation of the case at ``path`` (empty: the case passes)."""
    try:
        case = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        return [f"cannot read the case: {exc}"]
    for key in ("ruleset", "section", "title"):
        if key not in case:
            return [f"the case has no '{key}'"]
    try:
        return _run(case)
    except (RuleViolation, DiceExhausted, KeyError, ValueError, IndexError) as exc:
        return [f"{type(exc).__name__}: {exc}"]


def _run(case: dict[str, Any]) -> list[str]:
    ruleset = get_ruleset(case["ruleset"])
    dice = ScriptedDice(case.get("dice", []))
    options = ruleset.parse_options(case.get("options", {}))
    scenario = case.get("scenario") or ruleset.scenarios()[0].id
    outcome = ruleset.setup(scenario, options, dice)
    state: GameState = outcome.state
    events: list[Event] = list(outcome.events)
    if case.get("set"):
        doc = state.model_dump(mode="json")
        for item in case["set"]:
            assign(doc, item["path"], item["value"])
        state = ruleset.load_state(doc)
    failures: list[str] = []
    for n, step in enumerate(case.get("step", []), 1):
        seat = step["seat"]
        if step.get("default"):
            prompt = next((p for p in ruleset.prompts(state) if p.seat == seat), None)
            if prompt is None or prompt.default is None:
                return [*failures, f"step {n}: {seat} has no prompt with a default"]
            raw = prompt.default
        else:
            raw = step["action"]
        before = state.model_dump_json()
        try:
            result = ruleset.apply(state, seat, ruleset.parse_action(raw), dice)
        except RuleViolation as exc:
            expected = step.get("refused")
            if expected != exc.code:
                return [*failures, f"step {n}: refused {exc.code} ({exc.section}) {exc.params}"]
            if state.model_dump_json() != before:
                failures.append(f"step {n}: the refusal changed the state")
            continue
        if "refused" in step:
            return [*failures, f"step {n}: accepted, expected refusal {step['refused']}"]
        state = result.state
        events += result.events
    failures += _expectations(case, ruleset, state, events)
    if case.get("dice_left") is not None and len(dice.remaining) != case["dice_left"]:
        failures.append(f"{len(dice.remaining)} scripted dice left, expected {case['dice_left']}")
    return failures


def _expectations(
    case: dict[str, Any], ruleset: Any, state: GameState, events: list[Event]
) -> list[str]:
    failures: list[str] = []
    final = state.model_dump(mode="json")
    for item in case.get("expect", []):
        got, where = walk(final, item["path"]), item["path"]
        if item.get("absent"):
            if got is not MISSING and got is not None:
                failures.append(f"{where} = {got!r}, expected absent")
            continue
        if got is MISSING:
            failures.append(f"{where} is missing")
            continue
        if "equals" in item and got != item["equals"]:
            failures.append(f"{where} = {got!r}, expected {item['equals']!r}")
        if "contains" in item and item["contains"] not in got:
            failures.append(f"{where} = {got!r}, expected to contain {item['contains']!r}")
        if "length" in item and len(got) != item["length"]:
            failures.append(f"{where} has length {len(got)}, expected {item['length']}")
    for item in case.get("expect_event", []):
        want = item.get("params", {})
        if not any(e.kind == item["kind"] and _subset(e.params, want) for e in events):
            seen = [e.params for e in events if e.kind == item["kind"]][:3]
            failures.append(f"no event {item['kind']} with {want}; saw {seen}")
    for item in case.get("expect_no_event", []):
        if any(e.kind == item["kind"] for e in events):
            failures.append(f"unexpected event {item['kind']}")
    prompts = [(p.seat, p.kind) for p in ruleset.prompts(state)]
    for item in case.get("expect_prompt", []):
        if (item["seat"], item["kind"]) not in prompts:
            failures.append(f"no prompt {item['kind']} for {item['seat']}; open: {prompts}")
    return failures


def section_of(path: Path) -> str:
    return str(tomllib.loads(path.read_text(encoding="utf-8")).get("section", ""))
