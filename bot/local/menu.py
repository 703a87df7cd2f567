"""Numbered terminal menus built from a prompt's order forms."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n import render, tr
from bot.rules.core import Choice, OrderForm, Prompt

Ask = Callable[[str], str]


class Cancelled(Exception):
    """The player backed out of a menu (to undo, or to quit)."""


def pick(ask: Ask, say: Callable[[str], None], title: str, labels: list[str], lang: str) -> int:
    say(title)
    for i, label in enumerate(labels, 1):
        say(f"  {i}. {label}")
    while True:
        answer = ask(tr("local.menu.pick", lang, n=len(labels))).strip().lower()
        if answer in ("u", "q"):
            raise Cancelled(answer)
        if answer.isdigit() and 1 <= int(answer) <= len(labels):
            return int(answer) - 1
        say(tr("local.menu.invalid", lang))


def _answer(choice: Choice, ask: Ask, say: Callable[[str], None], lang: str) -> Any:
    label = render(choice.label, lang)
    names = [render(o.label, lang) for o in choice.options]
    if choice.kind == "one":
        return choice.options[pick(ask, say, label, names, lang)].value
    if choice.kind == "many":
        say(label)
        for i, name in enumerate(names, 1):
            say(f"  {i}. {name}")
        while True:
            most = min(choice.max, len(names))
            raw = ask(
                tr("local.menu.pick_many", lang, min=choice.min, max=most, count=len(names))
            ).strip()
            if raw.lower() in ("u", "q"):
                raise Cancelled(raw.lower())
            parts = [p for p in raw.replace(",", " ").split() if p]
            if all(p.isdigit() and 1 <= int(p) <= len(names) for p in parts) and (
                choice.min <= len(set(parts)) <= choice.max
            ):
                return [choice.options[int(p) - 1].value for p in dict.fromkeys(parts)]
            say(tr("local.menu.invalid", lang))
    if choice.kind == "number":
        while True:
            raw = ask(f"{label} ({choice.min}-{choice.max}): ").strip()
            if raw.lower() in ("u", "q"):
                raise Cancelled(raw.lower())
            if raw.lstrip("-").isdigit() and choice.min <= int(raw) <= choice.max:
                return int(raw)
            say(tr("local.menu.invalid", lang))
    yes = tr("core.yes", lang)
    return pick(ask, say, label, [yes, tr("core.no", lang)], lang) == 0


def build_order(prompt: Prompt, ask: Ask, say: Callable[[str], None], lang: str) -> dict[str, Any]:
    """Ask for one of the prompt's order forms, then for each of its inputs."""
    forms: tuple[OrderForm, ...] = prompt.forms
    form = (
        forms[0]
        if len(forms) == 1
        else forms[
            pick(ask, say, render(prompt.title, lang), [render(f.label, lang) for f in forms], lang)
        ]
    )
    answers = {choice.name: _answer(choice, ask, say, lang) for choice in form.inputs}
    return form.build(answers)
