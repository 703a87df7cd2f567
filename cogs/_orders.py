"""Components built from a prompt's order forms (the ONLY source of menus), and the answers
read back from a click, a select or a modal. Nothing here knows a game's rules.

Each form gets the simplest control that fits: a button for a form without inputs, two
buttons for a yes/no flag, a select menu for one list of at most 25 options, a button opening
a modal for numbers or several independent inputs; a form whose inputs depend on each other,
or with a list longer than 25, gets a button opening its steps (cogs/_steps.py: one input at a
time, long lists paged there). The engine offers whole lists; Discord's limits live here.

custom_ids: ``ref:ob:<game>:<seat>:<prompt hash>:<form>[:<flag>]`` (button),
``ref:os:...`` (select), ``ref:om:...`` (modal). The prompt hash ties a component to the
decision it was made for: once that decision is taken, the component is refused as closed.
"""

from __future__ import annotations

import hashlib
from typing import TYPE_CHECKING, Any, Literal

import discord

from bot.i18n import render, tr
from bot.interactions import Refusal
from bot.rules.core import Choice, OrderForm, Prompt

if TYPE_CHECKING:
    from bot.client import RefereeBot

Layout = Literal["button", "flag", "select", "modal", "steps"]
MAX_OPTIONS = 25  # Discord's limit per select menu
MAX_ROWS = 5


def prompt_hash(prompt: Prompt) -> str:
    return hashlib.sha1(f"{prompt.seat}/{prompt.id}".encode()).hexdigest()[:8]


def _fits_select(choice: Choice) -> bool:
    return choice.kind in ("one", "many") and 0 < len(choice.options) <= MAX_OPTIONS


def layout(form: OrderForm) -> Layout:
    inputs = form.inputs
    if not inputs:
        return "button"
    if len(inputs) == 1 and inputs[0].kind == "flag":
        return "flag"
    if len(inputs) == 1 and _fits_select(inputs[0]):
        return "select"
    if (
        not form.dependent()
        and len(inputs) <= 5
        and all(c.kind in ("number", "flag") or _fits_select(c) for c in inputs)
    ):
        return "modal"
    return "steps"


def _label(text: Any, lang: str, limit: int) -> str:
    out = render(text, lang)
    return out if len(out) <= limit else out[: limit - 1] + "…"


def _options(
    choice: Choice, lang: str, chosen: frozenset[str] = frozenset()
) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(
            label=_label(o.label, lang, 100),
            value=o.value,
            description=_label(o.detail, lang, 100) if o.detail else None,
            default=o.value in chosen,
        )
        for o in choice.options
    ]


def preselected(prompt: Prompt, form: OrderForm, choice: Choice) -> frozenset[str]:
    """The options the prompt's default picks for this input (a standing order's casualties,
    AA50 5.5.3.2): shown selected, so the usual answer is already on the menu."""
    default = prompt.default or {}
    if default.get("type") != form.type or choice.name not in default:
        return frozenset()
    value = default[choice.name]
    values = value if isinstance(value, list | tuple) else [value]
    return frozenset(str(v) for v in values)


def _select(
    custom_id: str,
    choice: Choice,
    lang: str,
    placeholder: str,
    chosen: frozenset[str] = frozenset(),
) -> discord.ui.Select[Any]:
    n = len(choice.options)
    low, high = (1, 1) if choice.kind == "one" else (min(max(choice.min, 0), n), min(choice.max, n))
    return discord.ui.Select(
        custom_id=custom_id,
        placeholder=placeholder[:150],
        options=_options(choice, lang, chosen),
        min_values=low,
        max_values=max(high, 1),
    )


def _yes_no(lang: str) -> list[discord.SelectOption]:
    return [
        discord.SelectOption(label=tr("core.yes", lang), value="1"),
        discord.SelectOption(label=tr("core.no", lang), value="0"),
    ]


def add_prompt(
    view: discord.ui.View, bot: RefereeBot, game_id: str, prompt: Prompt, lang: str, row: int
) -> tuple[int, bool]:
    """Add a prompt's controls from ``row`` on; returns the next free row and whether some
    forms did not fit (they are answered with /order)."""
    base = (game_id, prompt.seat, prompt_hash(prompt))
    buttons: list[discord.ui.Button[Any]] = []
    overflow = False
    for index, form in enumerate(prompt.forms):
        kind, label = layout(form), _label(form.label, lang, 80)
        if kind == "select":
            if row >= MAX_ROWS:
                overflow = True
                continue
            placeholder = f"{label}: {render(form.inputs[0].label, lang)}"
            choice = form.inputs[0]
            chosen = preselected(prompt, form, choice)
            item = _select(bot.custom_id("os", *base, index), choice, lang, placeholder, chosen)
            item.row = row
            view.add_item(item)
            row += 1
        elif kind == "flag":
            for flag, word in (("1", "core.yes"), ("0", "core.no")):
                text = _label(f"{label}: {tr(word, lang)}", lang, 80)
                buttons.append(
                    discord.ui.Button(label=text, custom_id=bot.custom_id("ob", *base, index, flag))
                )
        else:
            style = (
                discord.ButtonStyle.secondary if kind == "button" else discord.ButtonStyle.primary
            )
            buttons.append(
                discord.ui.Button(
                    label=label, style=style, custom_id=bot.custom_id("ob", *base, index)
                )
            )
    for start in range(0, len(buttons), 5):
        if row >= MAX_ROWS:
            overflow = True
            break
        for button in buttons[start : start + 5]:
            button.row = row
            view.add_item(button)
        row += 1
    return row, overflow


def prompts_view(
    bot: RefereeBot, game_id: str, prompts: list[Prompt], lang: str
) -> tuple[discord.ui.View | None, bool]:
    view, row, overflow = discord.ui.View(timeout=None), 0, False
    for prompt in prompts:
        row, more = add_prompt(view, bot, game_id, prompt, lang, row)
        overflow = overflow or more
    view.stop()  # stateless: discord.py keeps nothing, clicks are routed by custom_id
    return (view if view.children else None), overflow


def order_modal(
    bot: RefereeBot, game_id: str, prompt: Prompt, index: int, lang: str
) -> discord.ui.Modal:
    form = prompt.forms[index]
    modal = discord.ui.Modal(
        title=_label(form.label, lang, 45),
        custom_id=bot.custom_id("om", game_id, prompt.seat, prompt_hash(prompt), index),
    )
    for choice in form.inputs:
        text = _label(choice.label, lang, 45)
        if choice.kind == "number":
            modal.add_item(
                discord.ui.TextInput(
                    label=text,
                    custom_id=choice.name,
                    placeholder=f"{choice.min}–{choice.max}",
                    max_length=12,
                )
            )
            continue
        if choice.kind == "flag":
            menu: discord.ui.Select[Any] = discord.ui.Select(
                custom_id=choice.name, options=_yes_no(lang)
            )
        else:
            menu = _select(choice.name, choice, lang, text)
        modal.add_item(discord.ui.Label(text=text, component=menu))
    modal.stop()
    return modal


# --- reading answers back -----------------------------------------------------------------------
def parse(choice: Choice, raw: str | list[str]) -> Any:
    """A typed answer from what Discord sent (engines validate it: this only converts)."""
    if choice.kind == "many":
        values = raw if isinstance(raw, list) else [v.strip() for v in raw.split(",") if v.strip()]
        return list(values)
    value = raw[0] if isinstance(raw, list) else raw
    if choice.kind == "number":
        try:
            return int(str(value).strip())
        except ValueError:
            raise Refusal("discord.order.not_a_number", value=str(value)[:20]) from None
    if choice.kind == "flag":
        return str(value).strip().lower() in ("1", "yes", "true", "y", "是")
    return str(value)


def modal_values(components: list[dict[str, Any]]) -> dict[str, str | list[str]]:
    out: dict[str, str | list[str]] = {}
    for comp in components:
        if comp.get("type") == 1:
            out |= modal_values(comp.get("components", []))
        elif comp.get("type") == 18 and "component" in comp:
            out |= modal_values([comp["component"]])
        elif comp.get("custom_id"):
            out[comp["custom_id"]] = (
                comp["values"] if "values" in comp else str(comp.get("value", ""))
            )
    return out


def answers_for(form: OrderForm, raw: dict[str, str | list[str]]) -> dict[str, Any]:
    return {c.name: parse(c, raw[c.name]) for c in form.inputs if c.name in raw}


def describe(form: OrderForm, answers: dict[str, Any], lang: str) -> str:
    """What was ordered, in words: the form's label and the options chosen."""
    parts = []
    for choice in form.inputs:
        if choice.name not in answers:
            continue
        value = answers[choice.name]
        names = {o.value: render(o.label, lang) for o in choice.options}
        if isinstance(value, list):
            shown = ", ".join(names.get(str(v), str(v)) for v in value)
        elif isinstance(value, bool):
            shown = tr("core.yes" if value else "core.no", lang)
        else:
            shown = names.get(str(value), str(value))
        parts.append(shown)
    label = render(form.label, lang)
    return (
        tr("discord.order.described", lang, label=label, choices=", ".join(parts))
        if parts
        else label
    )
