"""Numbered terminal menus built from a prompt's order forms: one input at a time, each
offering only what is legal for the answers before it (the forms' dependent inputs)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import render, tr
from bot.rules.core import Choice, OrderForm, Prompt

Ask = Callable[[str], str]


class Cancelled(Exception):
    """The player backed out of a menu (to undo, or to quit)."""


@dataclass
class Draft:
    """The order last built for a prompt: if the referee refuses it, the next menu for the
    same prompt keeps the form and the answers before the one to change."""

    prompt_id: str | None = None
    form: int | None = None
    answers: dict[str, Any] = field(default_factory=dict)


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
    # An option's detail (a ship's factors and damage) is part of the seat's own prompt.
    names = [
        render(o.label, lang) + (f" ({render(o.detail, lang)})" if o.detail is not None else "")
        for o in choice.options
    ]
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


def build_order(
    prompt: Prompt, ask: Ask, say: Callable[[str], None], lang: str, draft: Draft | None = None
) -> dict[str, Any]:
    """Ask for one of the prompt's order forms, then for each input it asks, each narrowed by
    the answers before it. With the ``draft`` of a refused order for this prompt, the form and
    the answers before the last (or the first not offered) are kept and shown."""
    if draft is None:
        draft = Draft()
    again = draft.prompt_id == prompt.id and draft.form is not None
    forms: tuple[OrderForm, ...] = prompt.forms
    if again and draft.form is not None and draft.form < len(forms):
        index = draft.form
    elif len(forms) == 1:
        index = 0
    else:
        title = render(prompt.title, lang)
        index = pick(ask, say, title, [render(f.label, lang) for f in forms], lang)
    form = forms[index]
    answers: dict[str, Any] = {}
    if again and index == draft.form:
        answers = form.kept(draft.answers)
        if answers == draft.answers and answers:
            answers.pop(list(answers)[-1])  # all were offered: ask the last one again
        if answers:
            say(tr("local.menu.kept", lang, choices=_shown(form, answers, lang)))
    draft.prompt_id, draft.form, draft.answers = prompt.id, index, answers
    while (choice := form.next(answers)) is not None:
        answers[choice.name] = _answer(choice, ask, say, lang)
    draft.answers = dict(answers)
    return form.build(answers)


def _shown(form: OrderForm, answers: dict[str, Any], lang: str) -> str:
    parts = []
    for choice in form.asked(answers):
        if choice.name not in answers:
            continue
        names = {o.value: render(o.label, lang) for o in choice.options}
        value = answers[choice.name]
        values = value if isinstance(value, list) else [value]
        parts.append(", ".join(names.get(str(v), str(v)) for v in values))
    return "; ".join(parts)
