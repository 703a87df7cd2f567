"""Every War at Sea decision is answerable with the generic /orders components (the same ones
DMs carry): each order form gets a button, yes/no buttons, a select menu, a modal or its steps
(dependent inputs, long lists paged by the Discord layer), nothing is left for /order, and every
control of every step fits Discord's limits, in English and Chinese.

The prompts come from the campaign script (which asks every kind the engine has) and from
random games with and without variant 18.2."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, cast

import discord
import pytest

from bot.autoplay import random_action, random_pick
from bot.referee.fairdice import FairDice
from bot.rules.core import Prompt, RuleViolation
from bot.rules.war_at_sea import RULESET
from cogs import _orders as orders
from cogs import _steps as steps
from tests.e2e import was_director as director

GAME = "warsea42"


class _Bot:
    def custom_id(self, kind: str, *args: object) -> str:
        return ":".join(["ref", kind, *(str(a) for a in args)])


BOT = cast(Any, _Bot())


def _campaign_prompts() -> Iterator[Prompt]:
    for _, game in director.replay():
        yield from RULESET.prompts(game.state)


def _random_prompts(games: int = 6) -> Iterator[Prompt]:
    for n in range(games):
        dice = FairDice(b"war-at-sea-prompts-seed-00000001", f"p{n}", 0)
        options = {"variant_18_2": n % 2 == 0}
        state = RULESET.setup("standard", RULESET.parse_options(options), dice).state
        rng = random.Random(n)
        while state.result is None:
            prompts = RULESET.prompts(state)
            yield from prompts
            prompt = rng.choice(prompts)
            try:
                action = RULESET.parse_action(random_action(prompt, rng))
                state = RULESET.apply(state, prompt.seat, action, dice).state
            except RuleViolation:
                action = RULESET.parse_action(prompt.default or {})
                state = RULESET.apply(state, prompt.seat, action, dice).state


@pytest.fixture(scope="module")
def prompts() -> dict[str, list[Prompt]]:
    """Distinct prompts by kind (same kind, seat and forms count once)."""
    out: dict[str, dict[str, Prompt]] = {}
    for prompt in (*_campaign_prompts(), *_random_prompts()):
        key = prompt.model_dump_json(include={"seat", "forms"})
        out.setdefault(prompt.kind, {}).setdefault(key, prompt)
    return {kind: list(found.values()) for kind, found in out.items()}


def test_every_kind_of_decision_is_covered(prompts: dict[str, list[Prompt]]) -> None:
    assert set(prompts) == set(director.KINDS)


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("kind", director.KINDS)
def test_every_form_has_a_control_that_fits(
    prompts: dict[str, list[Prompt]], kind: str, lang: str
) -> None:
    for prompt in prompts[kind]:
        view, overflow = orders.prompts_view(BOT, GAME, [prompt], lang)
        assert view is not None and not overflow, (kind, prompt.id)
        rows = view.to_components()
        assert len(rows) <= 5 and sum(len(r["components"]) for r in rows) <= 25
        controls = [c for r in rows for c in r["components"]]
        base = f"{GAME}:{prompt.seat}:{orders.prompt_hash(prompt)}"
        for index, form in enumerate(prompt.forms):
            layout = orders.layout(form)
            assert layout in ("button", "flag", "select", "modal", "steps"), (kind, form.type)
            prefix = f"ref:{'os' if layout == 'select' else 'ob'}:{base}:{index}"
            mine = [c for c in controls if c["custom_id"].split(":")[:6] == prefix.split(":")]
            assert len(mine) == (2 if layout == "flag" else 1), (kind, form.type, index)
            if layout == "modal":
                _check_modal(orders.order_modal(BOT, GAME, prompt, index, lang))
            if layout == "steps":
                _check_steps(prompt, index, lang)
        for control in controls:
            _check_control(control)


def _check_control(control: dict[str, Any]) -> None:
    assert len(control["custom_id"]) <= 100
    if control["type"] == discord.ComponentType.button.value:
        assert 0 < len(control["label"]) <= 80
        return
    assert control["type"] == discord.ComponentType.select.value
    options = control["options"]
    assert 0 < len(options) <= 25
    assert len(control.get("placeholder", "")) <= 150
    assert control["min_values"] <= control["max_values"] <= len(options)
    assert len({o["value"] for o in options}) == len(options)
    for option in options:
        assert 0 < len(option["label"]) <= 100 and len(option["value"]) <= 100
        assert len(option.get("description") or "") <= 100


def _check_steps(prompt: Prompt, index: int, lang: str) -> None:
    """Walk the form's steps with random picks from what each step offers: every message
    fits, and once every input is answered it carries the button that gives the order."""
    form, rng = prompt.forms[index], random.Random(index)
    answers: dict[str, Any] = {}
    while True:
        _, view = steps.step_message(BOT, GAME, prompt, index, "h", answers, lang)
        rows = view.to_components()
        assert 0 < len(rows) <= 5 and all(len(r["components"]) <= 5 for r in rows)
        for control in (c for r in rows for c in r["components"]):
            _check_control(control)
        ids = [c["custom_id"] for r in rows for c in r["components"]]
        choice = form.next(answers)
        if choice is None:
            assert ids[-1] == f"ref:ob:{GAME}:{prompt.seat}:h:{index}:go"
            return
        assert not any(i.endswith(":go") for i in ids)
        assert choice.options or choice.kind in ("number", "flag"), (prompt.kind, choice.name)
        answers |= random_pick(choice, rng)


def _check_modal(modal: discord.ui.Modal) -> None:
    data = modal.to_dict()
    assert 0 < len(data["title"]) <= 45 and len(data["custom_id"]) <= 100
    assert 0 < len(data["components"]) <= 5
    for item in data["components"]:
        if item["type"] == discord.ComponentType.text_display.value:
            continue
        # A text input sits in an action row with its own label; a select in a Label.
        inner = item["component"] if "component" in item else item["components"][0]
        label = item.get("label") or inner.get("label", "")
        assert 0 < len(label) <= 45, item
        if inner["type"] == discord.ComponentType.select.value:
            _check_control(inner)
