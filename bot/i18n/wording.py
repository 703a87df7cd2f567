"""Shared wording rules every game's catalogs use: plurals and rule citations.

Plurals live inside a template, so English and Chinese keep one key each:
``{count:plural:# U-boat flotilla|# U-boat flotillas}`` picks the first form for one and the
last otherwise (``#`` is the number); Chinese, which has no plural, writes ``{count} 队潜艇``.
A template with a single form uses it for every count.

Citations: a rule section is written ``<Book> <number>`` in the code (``War at Sea 6.1``);
the reader sees the book under its name in their language (catalog key ``cite.<book slug>``,
``cite.war_at_sea`` = 大西洋海战), so Chinese text cites 「大西洋海战 6.1」 as the Chinese
rulebook names itself, never the English title.
"""

from __future__ import annotations

import re
import string
from typing import Any

from bot.rules.core import Prompt, Text, t

PLURAL = "plural:"
_SECTION = re.compile(r"^(?P<book>.*?)(?:\s+(?P<number>\d[\w.()\-–,、 ]*))?$")


class Formatter(string.Formatter):
    """str.format plus the ``plural:`` spec."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec.startswith(PLURAL):
            return plural(value, format_spec[len(PLURAL) :])
        return super().format_field(value, format_spec)


def plural(count: Any, forms: str) -> str:
    """``one|other`` forms: the first for exactly one, the last for any other count."""
    options = forms.split("|")
    try:
        one = int(count) == 1
    except (TypeError, ValueError):
        one = False
    chosen = options[0] if one else options[-1]
    return chosen.replace("#", str(count))


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def split_section(section: str) -> tuple[str, str | None]:
    """``War at Sea 6.1`` -> (``War at Sea``, ``6.1``); ``Referee`` -> (``Referee``, None)."""
    match = _SECTION.match(section.strip())
    if match is None:  # pragma: no cover - the pattern matches every string
        return section, None
    number = match.group("number")
    return match.group("book"), number.strip() if number else None


def order_text(prompt: Prompt, action: dict[str, Any]) -> Text | None:
    """An order of ``prompt`` in words, language-neutral: the form's label and the options
    chosen ("Decide: Convoy 1A, Sail to England"). None when no form of the prompt takes it."""
    form = prompt.form(str(action.get("type", "")))
    if form is None:
        return None
    chosen: list[Any] = []
    for choice in form.inputs:
        if choice.name not in action:
            continue
        labels = {o.value: o.label for o in choice.options}
        value = action[choice.name]
        for one in value if isinstance(value, list) else [value]:
            if isinstance(one, bool):
                chosen.append(t("core.yes" if one else "core.no").model_dump())
            else:
                chosen.append(_dumped(labels.get(str(one), str(one))))
    name = _dumped(form.label)
    if chosen:
        return t("core.order.described", label=name, choices=chosen)
    return t("core.order.plain", label=name)


def _dumped(label: Text | str) -> dict[str, Any] | str:
    return label.model_dump() if isinstance(label, Text) else label
