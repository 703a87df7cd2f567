"""An order form answered input by input in one ephemeral message (the "steps" layout): each
input a select menu offering only what is legal for the answers above it (core prompt.When),
lists longer than Discord's 25 split over several menus, and a button to give the order once
every input asked is answered. Nothing is kept in the bot: the answers so far are the menus'
selected (default) options on the message itself, so a restart or a refusal keeps them.

custom_ids: ``ref:oa:<game>:<seat>:<prompt hash>:<form>:<input>:<page>`` (a menu) and
``ref:ob:<game>:<seat>:<prompt hash>:<form>:go`` (give the order).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import render, tr
from bot.rules.core import Choice, Option, OrderForm, Prompt

if TYPE_CHECKING:
    from bot.client import RefereeBot

PAGE = 25  # options per select menu (Discord's limit)
ROWS = 5  # rows per message (Discord's limit): menus, then the button row


def _label(text: Any, lang: str, limit: int) -> str:
    out = render(text, lang)
    return out if len(out) <= limit else out[: limit - 1] + "…"


def _options(choice: Choice, lang: str) -> list[Option]:
    """The choice's options as menu entries: numbers and yes/no become options too."""
    if choice.kind == "number":
        return [Option(value=str(n), label=str(n)) for n in range(choice.min, choice.max + 1)]
    if choice.kind == "flag":
        return [
            Option(value="1", label=tr("core.yes", lang)),
            Option(value="0", label=tr("core.no", lang)),
        ]
    return list(choice.options)


def _chosen(choice: Choice, answers: dict[str, Any]) -> set[str]:
    if choice.name not in answers:
        return set()
    value = answers[choice.name]
    if isinstance(value, bool):
        return {"1" if value else "0"}
    return {str(v) for v in value} if isinstance(value, list) else {str(value)}


def _menus(
    bot: RefereeBot, base: tuple[object, ...], choice: Choice, answers: dict[str, Any], lang: str
) -> list[discord.ui.Select[Any]]:
    options, chosen = _options(choice, lang), _chosen(choice, answers)
    pages = [options[i : i + PAGE] for i in range(0, len(options), PAGE)]
    many = choice.kind == "many"
    out: list[discord.ui.Select[Any]] = []
    for n, page in enumerate(pages):
        placeholder = render(choice.label, lang)
        if len(pages) > 1:
            placeholder = tr(
                "discord.order.step_page", lang, input=placeholder, n=n + 1, of=len(pages)
            )
        out.append(
            discord.ui.Select(
                custom_id=bot.custom_id("oa", *base, choice.name, n),
                placeholder=placeholder[:150],
                options=[
                    discord.SelectOption(
                        label=_label(o.label, lang, 100),
                        value=o.value,
                        description=_label(o.detail, lang, 100) if o.detail else None,
                        default=o.value in chosen,
                    )
                    for o in page
                ],
                # Several pages of one list: each may hold none of the picks.
                min_values=0
                if many and len(pages) > 1
                else (min(choice.min, len(page)) if many else 1),
                max_values=min(choice.max, len(page)) if many else 1,
            )
        )
    return out


def _least(choice: Choice, page: list[Option], pages: int) -> int:
    if choice.kind != "many":
        return 1
    # Several pages of one list: each may hold none of the picks.
    return 0 if pages > 1 else min(choice.min, len(page))


def step_message(
    bot: RefereeBot,
    game_id: str,
    prompt: Prompt,
    index: int,
    hash_: str,
    answers: dict[str, Any],
    lang: str,
) -> tuple[str, discord.ui.View]:
    """The message for a form with these answers: its text and its menus."""
    form = prompt.forms[index]
    base = (game_id, prompt.seat, hash_, index)
    rows: list[list[discord.ui.Select[Any]]] = []
    waiting: Choice | None = None
    for choice in form.asked(answers):
        rows.append(_menus(bot, base, choice, answers, lang))
        if choice.name not in answers:
            waiting = choice  # what comes after depends on this answer
            break
    ready = form.first_refused(answers) is None
    budget = ROWS - 1
    if sum(len(r) for r in rows) > budget:
        # Too many menus for one message: answered lists show only the pages holding their
        # picks (changing those picks means starting the order again).
        rows = [
            [m for m in r if any(o.default for o in m.options)] or r[:1] if i < len(rows) - 1 else r
            for i, r in enumerate(rows)
        ]
    view, row, cut = discord.ui.View(timeout=None), 0, False
    for menus in rows:
        for menu in menus:
            if row >= budget:
                cut = True
                break
            menu.row = row
            view.add_item(menu)
            row += 1
    if ready:
        give: discord.ui.Button[Any] = discord.ui.Button(
            label=_label(tr("discord.order.step_give", lang), lang, 80),
            style=discord.ButtonStyle.primary,
            custom_id=bot.custom_id("ob", *base, "go"),
            row=min(row, ROWS - 1),
        )
        view.add_item(give)
    view.stop()
    lines = [f"**{_label(form.label, lang, 200)}**"]
    for choice in form.asked(answers):
        if choice.name in answers and answers[choice.name] != []:
            names = {o.value: render(o.label, lang) for o in _options(choice, lang)}
            picked = ", ".join(names.get(v, v) for v in _picked(choice, answers))
            lines.append(f"{render(choice.label, lang)}: {picked}")
    if waiting is not None:
        lines.append(tr("discord.order.step_next", lang, input=render(waiting.label, lang)))
    elif ready:
        lines.append(tr("discord.order.step_ready", lang))
    if cut:
        lines.append(tr("discord.order.step_cut", lang))
    return "\n".join(lines), view


def _picked(choice: Choice, answers: dict[str, Any]) -> list[str]:
    value = answers[choice.name]
    if isinstance(value, bool):
        return ["1" if value else "0"]
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


# --- reading the answers back from the message -------------------------------------------------
def _typed(choice: Choice, values: list[str]) -> Any:
    if choice.kind == "many":
        return values
    if choice.kind == "number":
        return int(values[0])
    if choice.kind == "flag":
        return values[0] == "1"
    return values[0]


def read(form: OrderForm, message: discord.Message | None) -> dict[str, Any]:
    """The answers the message's menus hold (their selected options)."""
    picks: dict[str, list[str]] = {}
    for row in getattr(message, "components", None) or []:
        for child in getattr(row, "children", []):
            custom_id = str(getattr(child, "custom_id", "") or "")
            if not custom_id.startswith("ref:oa:"):
                continue
            name = custom_id.split(":")[6]
            chosen = [o.value for o in getattr(child, "options", []) if o.default]
            picks.setdefault(name, []).extend(chosen)
    return _answers(form, picks)


def _answers(form: OrderForm, picks: dict[str, list[str]]) -> dict[str, Any]:
    """Typed answers, in the form's order, keeping only those offered for the ones above."""
    answers: dict[str, Any] = {}
    for choice in form.inputs:
        values = picks.get(choice.name)
        now = next((c for c in form.asked(answers) if c.name == choice.name), None)
        if not values:
            if now is not None and now.kind == "many" and now.min == 0:
                # An optional list (Pocket Battles' Excite) left empty is an answer: a menu
                # with nothing picked cannot say so itself, and the order could not be given.
                answers[choice.name] = []
                continue
            break
        if now is None:
            continue
        value = _typed(now, values)
        if not now.accepts(value):
            break
        answers[choice.name] = value
    return answers


def answer(
    form: OrderForm, message: discord.Message | None, name: str, page: int, values: list[str]
) -> dict[str, Any]:
    """The answers after picking ``values`` on page ``page`` of input ``name``: that input's
    picks on other pages stay (a long multiple choice), every input below it is asked again."""
    picks: dict[str, list[str]] = {}
    for row in getattr(message, "components", None) or []:
        for child in getattr(row, "children", []):
            parts = str(getattr(child, "custom_id", "") or "").split(":")
            if parts[:2] != ["ref", "oa"] or len(parts) != 8:
                continue
            if parts[6] == name and parts[7] == str(page):
                continue
            chosen = [o.value for o in getattr(child, "options", []) if o.default]
            picks.setdefault(parts[6], []).extend(chosen)
    many = any(c.name == name and c.kind == "many" for c in form.inputs)
    picks[name] = [*picks.get(name, []), *values] if many else list(values)
    names = [c.name for c in form.inputs]
    after = names[names.index(name) + 1 :] if name in names else []
    for later in set(after) - {name}:
        picks.pop(later, None)
    return _answers(form, picks)
