"""Everything a player reads, rendered as they read it: no catalog keys, no raw ids or enum
values, and in Chinese no English words but the game's proper names.

Random games of every registered game (with its variants off, then all on) produce events,
die labels, prompts, views and refusals; each is rendered in both languages and checked.
A new game is covered as soon as it registers: its catalogs must be complete.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import tests.vaults  # noqa: F401  (registers the test-only game)
from bot.autoplay import play, random_action, random_answer
from bot.i18n import SEAT_PARAMS, cite, event_text, render, violation
from bot.referee.fairdice import FairDice
from bot.rules.core import GameState, NoDice, OrderForm, Prompt, Ruleset, RuleViolation
from bot.rules.core.registry import available
from bot.rules.core.registry import get as get_ruleset

KEY = re.compile(r"(?<![\w/])[a-z][a-z0-9_-]*(?:\.[a-z0-9_]+)+(?![\w/])")  # was.setup
ID = re.compile(r"^[a-z][a-z0-9_]*$")  # north_sea, asw, arrived
LATIN = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")


WITH_FLAGS: dict[str, dict[str, Any]] = {"jutland": {"rules": "advanced"}}
"""What every flag on needs beside it (Jutland's Tournament options need the Advanced rules,
22.2)."""


def _options(ruleset: Ruleset) -> list[dict[str, Any]]:  # type: ignore[type-arg]
    flags = [
        name
        for name, field in ruleset.options_model.model_fields.items()
        if field.annotation is bool
    ]
    # A game with no end by default is given one (AA50 plays until a side holds its victory
    # cities, rulebook 1.4; a random game may never get there): the benches' options.
    ends = dict(ruleset.bench_options)
    every = {**dict.fromkeys(flags, True), **WITH_FLAGS.get(ruleset.id, {}), **ends}
    return [ends, every] if flags else [ends]


def _texts(node: object) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        if set(node) == {"key", "params"} and isinstance(node["key"], str):
            yield node
            return
        for value in node.values():
            yield from _texts(value)
    elif isinstance(node, list):
        for value in node:
            yield from _texts(value)


SENTINEL = "zzrawzz"


class Seen:
    """What one game showed: (what it is, params printed as raw ids, text in en, in zh)."""

    def __init__(self, ruleset: Ruleset) -> None:  # type: ignore[type-arg]
        self.ruleset = ruleset
        self.names = ruleset.names()
        self.items: list[tuple[str, list[str], str, str]] = []
        self.forms: dict[str, OrderForm] = {}
        self._done: set[str] = set()

    def add(
        self, what: str, params: dict[str, Any], show: Callable[[dict[str, Any], str], str]
    ) -> None:
        """``show(params, lang)`` renders the item. An id-valued parameter (``asw``,
        ``north_sea``) that is not a seat or a named thing must not reach the text as it is:
        it is swapped for a sentinel, which must then not appear."""
        signature = json.dumps([what, params], sort_keys=True, default=str)
        if signature in self._done:
            return
        self._done.add(signature)
        raw = []
        for key, value in params.items():
            if key in SEAT_PARAMS or not _is_id(value) or _named(value, self.names):
                continue
            probe = {**params, key: [SENTINEL] if isinstance(value, list) else SENTINEL}
            if any(SENTINEL in show(probe, lang) for lang in ("en", "zh")):
                raw.append(key)
        self.items.append((what, raw, show(params, "en"), show(params, "zh")))

    def text(self, text: dict[str, Any], what: str) -> None:
        key = text["key"]
        self.add(
            what, text["params"], lambda params, lang: render({"key": key, "params": params}, lang)
        )

    def prompt(self, prompt: Prompt) -> None:
        section = prompt.section
        self.add(f"section of {prompt.kind}", {}, lambda _, lang: cite(section, lang))
        for text in _texts(prompt.model_dump(mode="json")):
            self.text(text, f"prompt {prompt.kind}: {text['key']}")

    def step(self, state: GameState, events: list[Any]) -> None:
        rid = self.ruleset.id
        for e in events:
            kind = e.kind
            self.add(
                f"event {kind}",
                e.model_dump(mode="json")["params"],
                lambda params, lang, kind=kind: event_text(
                    {"kind": kind, "params": params}, lang, rid
                ),
            )
        for p in self.ruleset.prompts(state):
            self.prompt(p)
            self.forms.update((f.type, f) for f in p.forms)
        for text in _texts(self.ruleset.view(state, None).model_dump(mode="json")):
            self.text(text, f"view: {text['key']}")

    def refusal(self, exc: RuleViolation) -> None:
        if exc.code == "core.action.malformed":
            return  # a form always builds a well-formed order; pydantic's detail is English

        def show(params: dict[str, Any], lang: str) -> str:
            copy = RuleViolation(exc.code, exc.section, **params)
            copy.ruleset = exc.ruleset
            return violation(copy, lang)

        self.add(f"refusal {exc.code}", exc.params, show)


def _is_id(value: Any) -> bool:
    if isinstance(value, list):
        return bool(value) and all(isinstance(v, str) and ID.match(v) for v in value)
    return isinstance(value, str) and bool(ID.match(value))


def _named(value: Any, names: dict[str, Any]) -> bool:
    values = value if isinstance(value, list) else [value]
    return all(v in names for v in values)


def _wrong_orders(ruleset: Ruleset, state: GameState, seen: Seen) -> None:  # type: ignore[type-arg]
    """The refusals of the referee's own checks: a seat that owes nothing gives an order,
    a seat gives an order of another phase (a form seen earlier in the game)."""
    prompts = ruleset.prompts(state)
    if not prompts:
        return
    rng = random.Random(len(seen.items))
    first = prompts[0]
    attempts = [
        (s, random_action(first, rng)) for s in ruleset.seats if s not in {p.seat for p in prompts}
    ]
    open_types = {f.type for p in prompts if p.seat == first.seat for f in p.forms}
    foreign = [f for t, f in sorted(seen.forms.items()) if t not in open_types]
    if foreign:
        form = rng.choice(foreign)
        attempts.append((first.seat, form.build(random_answer(form, rng))))
    for seat, raw in attempts:
        try:
            ruleset.apply(state, seat, ruleset.parse_action(raw), NoDice())
        except RuleViolation as exc:
            seen.refusal(exc)


def _play(ruleset_id: str) -> Seen:
    ruleset = get_ruleset(ruleset_id)
    seen = Seen(ruleset)
    scenario = ruleset.scenarios()[0].id
    for n, options in enumerate(_options(ruleset) * 2):
        dice = FairDice(b"wording-test-seed-00000000000001", f"{ruleset_id}-{n}", 0)
        outcome = ruleset.setup(scenario, ruleset.parse_options(options), dice)
        seen.step(outcome.state, outcome.events)

        def each(state: GameState, events: list[Any]) -> None:
            seen.step(state, events)
            if random.Random(len(seen.items)).random() < 0.05:
                _wrong_orders(ruleset, state, seen)

        report = play(ruleset, outcome.state, dice, random.Random(n), invariant=each)
        for roll in dice.rolls:
            seen.text(roll.label.model_dump(mode="json"), f"die label {roll.label.key}")
        for exc in report.refusals:
            seen.refusal(exc)
        if report.state.result is not None and report.state.result.summary is not None:
            seen.text(report.state.result.summary.model_dump(mode="json"), "result")
    return seen


def _proper_names(ruleset: Ruleset) -> list[str]:  # type: ignore[type-arg]
    """Names the game declares proper (plain strings in names()): shown as is everywhere."""
    return sorted((v for v in ruleset.names().values() if isinstance(v, str)), key=len)[::-1]


def _problems(seen: Seen) -> list[str]:
    names = _proper_names(seen.ruleset)
    problems: list[str] = []
    for what, raw, en, zh in seen.items:
        if raw:
            problems.append(f"{what}: {raw} shown as raw ids: {en}")
        for lang, text in (("en", en), ("zh", zh)):
            if KEY.search(text) or re.search(r"\{[a-z_]+\}", text):
                problems.append(f"{lang} {what}: a raw key or placeholder: {text}")
        bare = zh
        for name in names:
            bare = bare.replace(name, "")
        english = LATIN.findall(bare)
        if english:
            problems.append(f"zh {what}: English {english}: {zh}")
    return sorted(set(problems))


def _shipped() -> list[str]:
    """Every game the bot ships (test-only games, such as Vaults, name seats by their ids)."""
    games = {"war-at-sea", *available()}
    return sorted(g for g in games if type(get_ruleset(g)).__module__.startswith("bot.rules."))


@pytest.mark.parametrize("ruleset_id", _shipped())
def test_everything_a_game_says_is_worded_in_both_languages(ruleset_id: str) -> None:
    seen = _play(ruleset_id)
    kinds = {what.split(":")[0] for what, *_ in seen.items}
    assert any(k.startswith("event") for k in kinds) and any(k.startswith("refusal") for k in kinds)
    problems = _problems(seen)
    assert problems == [], f"{len(problems)} problems:\n" + "\n".join(problems[:60])


def test_the_checks_catch_what_they_are_for() -> None:
    """The checks, on the faults this test exists for (as the texts read before the fix)."""
    seen = Seen(get_ruleset("war-at-sea"))
    seen.add("old battle", {"kind": "asw"}, lambda p, lang: f"Combat ({p['kind']}) in North Sea")
    seen.add("old refusal", {}, lambda p, lang: "waiting for a different decision (was.setup)")
    seen.add("old die", {}, lambda p, lang: "Allied land-based air 空袭 Bismarck")
    seen.add("named", {"ship": "hood"}, lambda p, lang: "Hood 沉没")
    seen.add("seat", {"side": "allies"}, lambda p, lang: "盟军 控制北海")
    problems = _problems(seen)
    assert any(p.startswith("old battle: ['kind'] shown as raw ids") for p in problems), problems
    assert any("raw key" in p and "was.setup" in p for p in problems)
    assert any("English ['Allied', 'land-based', 'air']" in p for p in problems)
    assert not any("named" in p or "seat" in p for p in problems), problems


def test_a_terminal_menu_says_how_many_of_how_many() -> None:
    from bot.local.menu import _answer
    from bot.rules.core import Choice, Option

    ships = tuple(Option(value=f"s{i}", label=f"Ship {i}") for i in range(1, 6))
    choice = Choice(name="ships", label="Ships", kind="many", options=ships, max=25)
    asked: list[str] = []

    def ask(question: str) -> str:
        asked.append(question)
        return "2 5"

    assert _answer(choice, ask, lambda _: None, "en") == ["s2", "s5"]
    assert asked[0].startswith("Choose 1 to 5 of the 5 items above")  # never "1 to 25"
    _answer(choice, ask, lambda _: None, "zh")
    assert asked[1].startswith("从以上 5 项中选 1 到 5 项")
