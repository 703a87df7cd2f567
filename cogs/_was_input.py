"""Reading War at Sea orders typed in /was commands: options looked up by name (in either
language) or id over every page of an order's forms, comma-separated lists, and the choices
autocomplete offers. Only the open prompt's own options are used: nothing here knows a rule."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.i18n import render
from bot.interactions import payload
from bot.rules.core import Option, OrderForm

Choices = list[app_commands.Choice[str]]


def split(raw: str | None) -> list[str]:
    return [p.strip() for p in (raw or "").split(",") if p.strip()]


def options(
    forms: list[OrderForm], name: str, answers: dict[str, Any] | None = None
) -> list[Option]:
    """The options of one input over every group of an order (deduplicated); with
    ``answers``, only those offered for them (dependent inputs: the destinations of the ships
    named, the fallback ports of that destination)."""
    seen: dict[str, Option] = {}
    for form in forms:
        for choice in form.asked(answers or {}) if answers is not None else form.inputs:
            if choice.name == name:
                for option in choice.options:
                    seen.setdefault(option.value, option)
    return list(seen.values())


def asked(forms: list[OrderForm], name: str, answers: dict[str, Any]) -> bool:
    """Whether some form asks input ``name`` after these answers (the fallback port is asked
    only for a two-area move)."""
    return any(c.name == name for f in forms for c in f.asked(answers))


def resolve(opts: list[Option], raw: str, lang: str) -> str:
    """An option's value from its value or its name in any language; unknown text goes to the
    engine as typed, so its refusal names the rule."""
    needle = raw.strip().casefold()
    for o in opts:
        names = {o.value, render(o.label, "en"), render(o.label, "zh"), render(o.label, lang)}
        if needle in {n.casefold() for n in names}:
            return o.value
    return raw.strip()


def with_ships(forms: list[OrderForm], ships: list[str]) -> list[OrderForm]:
    """The forms (groups of ships) offering every ship named; all of them if none does."""
    fit = [f for f in forms if set(ships) <= {o.value for o in options([f], "ships")}]
    return fit or forms


def merged(forms: list[OrderForm], ships: list[str]) -> OrderForm:
    """One form to describe the order with: the first fitting form's label, every option."""
    first = with_ships(forms, ships)[0]
    inputs = tuple(
        c.model_copy(update={"options": tuple(options(forms, c.name))}) for c in first.inputs
    )
    return first.model_copy(update={"inputs": inputs})


def matching(opts: list[Option], needle: str, lang: str) -> list[tuple[Option, str]]:
    """Options whose name or value holds the typed text; names starting with it first."""
    needle = needle.strip().casefold()
    hits = []
    for o in opts:
        name = render(o.label, lang)
        folded = name.casefold()
        if needle in folded or needle in o.value:
            rank = (
                not folded.startswith(needle),
                not any(w.startswith(needle) for w in folded.split()),
            )
            hits.append((rank, o, name))
    hits.sort(key=lambda h: h[0])
    return [(o, name) for _, o, name in hits]


def pick_one(opts: list[Option], current: str, lang: str) -> Choices:
    return [
        app_commands.Choice(name=name[:100], value=o.value[:100])
        for o, name in matching(opts, current, lang)[:25]
    ]


def pick_many(opts: list[Option], current: str, lang: str) -> Choices:
    """Complete the last name of a comma-separated list, keeping the ones before it."""
    *before, last = current.split(",") if current else [""]
    done = [resolve(opts, p, lang) for p in before if p.strip()]
    names = {o.value: render(o.label, lang) for o in opts}
    out = []
    if done:
        out.append((done, ", ".join(names.get(v, v) for v in done)))
    for o, _ in matching([o for o in opts if o.value not in done], last, lang):
        picked = [*done, o.value]
        out.append((picked, ", ".join(names.get(v, v) for v in picked)))
    return [
        app_commands.Choice(name=name if len(name) <= 100 else "…" + name[-99:], value=",".join(v))
        for v, name in out
        if len(",".join(v)) <= 100
    ][:25]


def focused(interaction: discord.Interaction) -> str:
    """The name of the option being completed."""
    for option in flat(payload(interaction).get("options", [])):
        if option.get("focused"):
            return str(option.get("name"))
    return ""


def flat(opts: list[Any]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for o in opts:
        out.append(o)
        out += flat(o.get("options", []))
    return out


def answers_for(forms: list[OrderForm], raw: dict[str, Any], lang: str) -> dict[str, Any]:
    """Typed text to answers, input by input in the form's order, each looked up among the
    options offered for the answers before it; text matching no option goes to the engine as
    typed, so its refusal names the rule."""
    answers: dict[str, Any] = {}
    for choice in forms[0].inputs:
        name = choice.name
        typed = raw.get(name)
        if typed is None or not str(typed).strip():
            continue
        offered = options(forms, name, answers)
        if choice.kind == "many":
            answers[name] = [resolve(offered, part, lang) for part in split(typed)]
        else:
            answers[name] = resolve(offered, typed, lang)
    return answers


def fitting(forms: list[OrderForm], answers: dict[str, Any]) -> OrderForm:
    """The form that takes these answers (the first one when none does: the engine refuses)."""
    return next((f for f in forms if f.first_refused(answers) is None), forms[0])


def typed_before(
    forms: list[OrderForm], name: str, typed: Callable[[str], Any]
) -> tuple[dict[str, Any], bool]:
    """For autocomplete of input ``name``: what the user typed in the inputs before it (by
    ``typed(input_name)``), which narrows its options, and whether it takes many values."""
    before: dict[str, Any] = {}
    for choice in forms[0].inputs:
        if choice.name == name:
            return before, choice.kind == "many"
        before[choice.name] = typed(choice.name)
    return before, False


YES = frozenset({"yes", "y", "true", "1", "是", "对"})


def typed_answers(forms: list[OrderForm], raw: dict[str, Any], lang: str) -> dict[str, Any]:
    """Typed text to answers (``answers_for``); numbers and yes/no inputs, which have no
    options, read as such (anything else goes to the engine as typed, to be refused there)."""
    answers = answers_for(forms, raw, lang)
    for choice in forms[0].inputs:
        value = answers.get(choice.name)
        if isinstance(value, str) and choice.kind == "number" and value.lstrip("-").isdigit():
            answers[choice.name] = int(value)
        elif isinstance(value, str) and choice.kind == "flag":
            answers[choice.name] = value.strip().casefold() in YES
    return answers
