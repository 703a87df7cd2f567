"""A fuzzer of bad answers for every prompt kind of a ruleset (every game gets it by
registering: tests/guards/test_fuzz.py runs it over ``registry.available()``).

For states reached by random play, each open prompt gets generated bad answers: duplicates,
huge lists and strings, wrong types, unicode tricks, the other side's ids, values legal for
another prompt, stray and missing fields, numbers out of range. Each must be refused with a
code that both catalogs word, in a refusal that fits one Discord message and quotes only an
excerpt of what was typed, and the state must be exactly as before (its JSON compared).
"""

from __future__ import annotations

import random
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.autoplay import random_action, random_answer
from bot.cases import assign
from bot.i18n import LANGS, catalogs, violation
from bot.referee.fairdice import FairDice
from bot.rules.core import (
    Choice,
    DiceExhausted,
    GameState,
    OrderForm,
    Prompt,
    Ruleset,
    RuleViolation,
    ScriptedDice,
)
from tests.guards.tally import TALLY

DISCORD_LIMIT = 2000
HUGE = 100_000
JUNK = "Ω" * HUGE
UNICODE = ["", " ", "\x00", "\u202eetouq", "船\u200b", "💥" * 3, "ｈｏｏｄ", "HOOD", "hood "]
SEED = b"fuzz-bad-answers-seed-0000000001"
CASES = Path(__file__).resolve().parents[1] / "cases"


class Accepted(AssertionError):
    """A bad answer was accepted, or refused badly (no wording, too long, state touched)."""


@dataclass
class Seen:
    """States to fuzz per prompt kind, and the option values each seat was offered."""

    states: dict[str, list[tuple[GameState, Prompt]]] = field(default_factory=dict)
    values: dict[str, set[str]] = field(default_factory=dict)


def explore(
    ruleset: Ruleset,  # type: ignore[type-arg]
    options: dict[str, Any],
    game: str,
    per_kind: int = 2,
    max_steps: int = 400,
    seen: Seen | None = None,
) -> Seen:
    """Random play, keeping up to ``per_kind`` states for each prompt kind met."""
    seen = seen or Seen()
    rng = random.Random(game)
    dice = FairDice(SEED, game, 0)
    state = ruleset.setup(ruleset.scenarios()[0].id, ruleset.parse_options(options), dice).state
    for _ in range(max_steps):
        prompts = ruleset.prompts(state)
        if state.result is not None or not prompts:
            break
        for p in prompts:
            kept = seen.states.setdefault(p.kind, [])
            if not kept or (len(kept) < per_kind and rng.random() < 0.2):
                kept.append((state, p))
            values = seen.values.setdefault(p.seat, set())
            values.update(v for f in p.forms for c in f.inputs for v in c.values())
        prompt = rng.choice(prompts)
        for raw in [random_action(prompt, rng), random_action(prompt, rng), prompt.default or {}]:
            try:
                state = ruleset.apply(state, prompt.seat, ruleset.parse_action(raw), dice).state
                break
            except RuleViolation:
                continue
    return seen


def case_states(
    ruleset: Ruleset,  # type: ignore[type-arg]
    seen: Seen,
    cases: Path = CASES,
) -> Seen:
    """States from the game's rule cases (tests/cases), for prompt kinds that random play
    rarely reaches: each case's position, then after each of its steps."""
    for path in sorted(cases.rglob("*.toml")):
        case = tomllib.loads(path.read_text(encoding="utf-8"))
        if case.get("ruleset") != ruleset.id:
            continue
        dice = ScriptedDice([*case.get("dice", []), *[3] * 50])
        options = ruleset.parse_options(case.get("options", {}))
        try:
            state = ruleset.setup(case.get("scenario", "standard"), options, dice).state
            if case.get("set"):
                doc = state.model_dump(mode="json")
                for item in case["set"]:
                    assign(doc, item["path"], item["value"])
                state = ruleset.load_state(doc)
            for step in [*case.get("step", []), None]:
                for p in ruleset.prompts(state):
                    if not seen.states.get(p.kind):
                        seen.states.setdefault(p.kind, []).append((state, p))
                if step is None:
                    break
                if "refused" in step:
                    continue
                raw = step.get("action")
                if step.get("default"):
                    raw = next(p.default for p in ruleset.prompts(state) if p.seat == step["seat"])
                action = ruleset.parse_action(raw or {})
                state = ruleset.apply(state, step["seat"], action, dice).state
        except (RuleViolation, DiceExhausted, ValueError):
            continue  # a case that needs more than this replay gives: its first states count
    return seen


def bad_answers(
    ruleset: Ruleset,  # type: ignore[type-arg]
    prompt: Prompt,
    seen: Seen,
    rng: random.Random,
) -> Iterator[dict[str, Any]]:
    """Answers no rule may accept, built around each of the prompt's forms (at most three)."""
    legal = {c.name: set() for f in prompt.forms for c in f.inputs}  # type: dict[str, set[str]]
    for f in prompt.forms:
        for c in f.inputs:
            legal[c.name].update(c.values())
    others = sorted(v for seat, vs in seen.values.items() if seat != prompt.seat for v in vs)
    mine_elsewhere = sorted(seen.values.get(prompt.seat, set()))
    yield {"type": "no-such-order"}
    yield {"type": JUNK}
    yield {"type": 7}
    for form in rng.sample(list(prompt.forms), min(3, len(prompt.forms))):
        base = form.build(random_answer(form, rng))
        yield {**base, "unused": "x"}
        yield {**base, "fallback" if "fallback" not in base else "unused2": JUNK}
        for choice in form.inputs:
            yield from _bad_inputs(ruleset, form, base, choice, legal, others, mine_elsewhere, rng)


def _parses(ruleset: Ruleset, raw: dict[str, Any]) -> bool:  # type: ignore[type-arg]
    try:
        ruleset.parse_action(raw)
    except RuleViolation:
        return False
    return True


def _bad_inputs(
    ruleset: Ruleset,  # type: ignore[type-arg]
    form: OrderForm,
    base: dict[str, Any],
    choice: Choice,
    legal: dict[str, set[str]],
    others: list[str],
    mine_elsewhere: list[str],
    rng: random.Random,
) -> Iterator[dict[str, Any]]:
    name = choice.name
    outside = [v for v in others + mine_elsewhere if v not in legal[name]]
    strangers = [*UNICODE, JUNK, *rng.sample(outside, min(4, len(outside)))]
    missing = {k: v for k, v in base.items() if k != name}
    if not _parses(ruleset, missing):  # leaving out an optional field is no fault
        yield missing
    for wrong in (None, {"a": 1}, 1.5, [[]], JUNK if choice.kind == "number" else 10**30):
        yield {**base, name: wrong}
    if choice.kind == "many":
        some = choice.values()[:1] or ["x"]
        yield {**base, name: some * 2}  # duplicates
        yield {**base, name: some * HUGE}  # a flood of one id
        yield {**base, name: [f"id{i}" for i in range(HUGE // 10)]}  # a flood of ids
        yield {**base, name: [JUNK]}
        yield {**base, name: JUNK}  # a string where a list goes
        for stranger in strangers:
            yield {**base, name: [stranger]}
    elif choice.kind == "number":
        for number in (choice.min - 1, choice.max + 1, -(10**30), "abc", "1e9"):
            yield {**base, name: number}
    elif choice.kind == "one":
        yield {**base, name: [*(choice.values()[:1] or ["x"])]}  # a list where one goes
        for stranger in strangers:
            yield {**base, name: stranger}


def check_refused(
    ruleset: Ruleset,  # type: ignore[type-arg]
    state: GameState,
    prompt: Prompt,
    raw: dict[str, Any],
    prompts: list[Prompt],
) -> str:
    """Give ``raw`` for ``prompt``'s seat; it must be refused well. Returns the code."""
    before = state.model_dump_json()
    dice = FairDice(SEED, "fuzz", 0)
    try:
        action = ruleset.parse_action(raw)
        ruleset.apply(state, prompt.seat, action, dice, prompts)
    except RuleViolation as exc:
        refusal = exc
    else:
        raise Accepted(f"{prompt.kind}: accepted {_short(raw)}")
    if state.model_dump_json() != before:
        raise Accepted(f"{prompt.kind}: refusing {_short(raw)} changed the state")
    if not refusal.code or not refusal.section:
        raise Accepted(f"{prompt.kind}: refusal without a code or a rule: {refusal}")
    for lang in LANGS:
        if f"violation.{refusal.code}" not in catalogs()[lang]:
            raise Accepted(f"{lang} catalog has no wording for {refusal.code}")
        text = violation(refusal, lang)
        if len(text) > DISCORD_LIMIT:
            raise Accepted(f"{refusal.code} in {lang} is {len(text)} characters")
        if "Ω" * 200 in text or "id9999" in text:
            raise Accepted(f"{refusal.code} in {lang} quotes more than an excerpt")
    TALLY["fuzzer: bad answers refused"] += 1
    return refusal.code


def _short(raw: dict[str, Any]) -> str:
    return repr({k: (v[:3] if isinstance(v, list | str) else v) for k, v in raw.items()})[:300]
