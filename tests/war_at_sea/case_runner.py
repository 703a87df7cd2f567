"""A small runner for the rule-case TOML files (tests/cases/war_at_sea), in the shared format
that ``python -m bot case run`` reads: set-up with scripted dice, state overrides, steps
(accepted, refused with a code, or a seat's default), expectations on state, events, prompts.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from bot.rules.core import Event, RuleViolation, ScriptedDice
from bot.rules.core.registry import get

MISSING = object()


def _walk(doc: Any, path: str) -> Any:
    node = doc
    for part in path.split("."):
        if isinstance(node, list):
            index = int(part)
            if index >= len(node):
                return MISSING
            node = node[index]
        elif isinstance(node, dict):
            if part not in node:
                return MISSING
            node = node[part]
        else:
            return MISSING
    return node


def _assign(doc: Any, path: str, value: Any) -> None:
    parts = path.split(".")
    node = doc
    for part in parts[:-1]:
        node = node[int(part)] if isinstance(node, list) else node[part]
    last = parts[-1]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value


def _subset(params: dict[str, Any], want: dict[str, Any]) -> bool:
    return all(k in params and params[k] == v for k, v in want.items())


def run_case(path: Path) -> None:
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    ruleset = get(case["ruleset"])
    dice = ScriptedDice(case.get("dice", []))
    options = ruleset.parse_options(case.get("options", {}))
    outcome = ruleset.setup(case.get("scenario", "standard"), options, dice)
    state = outcome.state
    events: list[Event] = list(outcome.events)
    if case.get("set"):
        doc = state.model_dump(mode="json")
        for item in case["set"]:
            _assign(doc, item["path"], item["value"])
        state = ruleset.load_state(doc)
    for n, step in enumerate(case.get("step", []), 1):
        seat = step["seat"]
        if step.get("default"):
            prompt = next((p for p in ruleset.prompts(state) if p.seat == seat), None)
            assert prompt is not None, f"{path.name} step {n}: {seat} has no prompt"
            raw = prompt.default
        else:
            raw = step["action"]
        before = state.model_dump(mode="json")
        try:
            action = ruleset.parse_action(raw)
            result = ruleset.apply(state, seat, action, dice)
        except RuleViolation as exc:
            expected = step.get("refused")
            assert expected == exc.code, f"{path.name} step {n}: refused {exc.code} {exc.params}"
            assert exc.section.startswith("War at Sea") or exc.section == "Referee"
            assert state.model_dump(mode="json") == before
            continue
        assert "refused" not in step, f"{path.name} step {n}: accepted, expected a refusal"
        state = result.state
        events += result.events
    final = state.model_dump(mode="json")
    for item in case.get("expect", []):
        got = _walk(final, item["path"])
        where = f"{path.name}: {item['path']}"
        if item.get("absent"):
            assert got is MISSING or got is None, f"{where} = {got!r}, expected absent"
            continue
        assert got is not MISSING, f"{where} missing"
        if "equals" in item:
            assert got == item["equals"], f"{where} = {got!r}, expected {item['equals']!r}"
        if "contains" in item:
            assert item["contains"] in got, f"{where} = {got!r}, expected to contain"
        if "length" in item:
            assert len(got) == item["length"], f"{where} has length {len(got)}"
    for item in case.get("expect_event", []):
        want = item.get("params", {})
        found = any(e.kind == item["kind"] and _subset(e.params, want) for e in events)
        kinds = [(e.kind, e.params) for e in events if e.kind == item["kind"]]
        assert found, f"{path.name}: no event {item['kind']} {want}; saw {kinds[:5]}"
    prompts = ruleset.prompts(state)
    for item in case.get("expect_prompt", []):
        kinds = [(p.seat, p.kind) for p in prompts]
        assert (item["seat"], item["kind"]) in kinds, f"{path.name}: prompts are {kinds}"
