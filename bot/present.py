"""Text a Discord user reads, built with i18n from outbox payloads, views and own prompts.

Nothing here sees a full game state: every function takes what one audience may know (a
payload built for it, a view, that seat's prompts), so what it writes cannot leak.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from bot.i18n import catalogs, cite, event_text, render, seat_name, tr
from bot.i18n.wording import order_text
from bot.referee.payloads import StepPayload
from bot.rules.core import Event, Prompt, View
from bot.rules.core.registry import get as get_ruleset

LIMIT = 2000  # Discord's limit on a message's content


def has_key(key: str, lang: str) -> bool:
    return key in catalogs().get(lang, {}) or key in catalogs()["en"]


def ruleset_title(ruleset_id: str, lang: str) -> str:
    try:
        return render(get_ruleset(ruleset_id).title, lang)
    except Exception:  # a game removed since: its id still names it
        return ruleset_id


def mention(user_id: str | None) -> str:
    return f"<@{user_id}>" if user_id else "—"


def when(due_at: float | None) -> str:
    """A Discord timestamp: each reader sees it in their own time zone, relative ("in 2 hours")."""
    return f"<t:{int(due_at)}:R>" if due_at else ""


def header(game_id: str, ruleset_id: str, lang: str) -> str:
    return tr("discord.game.header", lang, title=ruleset_title(ruleset_id, lang), game=game_id)


def event_lines(
    events: Iterable[Event | Mapping[str, Any]], lang: str, ruleset_id: str | None = None
) -> list[str]:
    """Events in words (each from its kind's typed parameters, bot.i18n.event_text)."""
    lines: list[tuple[str, int]] = []
    for event in events:
        text = event_text(event, lang, ruleset_id)
        if lines and lines[-1][0] == text:  # six face-down counters moving read as one line
            lines[-1] = (text, lines[-1][1] + 1)
        else:
            lines.append((text, 1))
    return [f"• {text}" + (f" (×{n})" if n > 1 else "") for text, n in lines]


def prompt_line(prompt: Prompt, lang: str, due_at: float | None) -> str:
    key = "discord.prompt.due" if due_at else "discord.prompt.open"
    return tr(
        key,
        lang,
        title=render(prompt.title, lang),
        section=cite(prompt.section, lang),
        due=when(due_at),
    )


AnyView = View | Mapping[str, Any] | None
"""A view as a model, or as the JSON it travels as in outbox payloads."""


def typed_view(ruleset_id: str, raw: AnyView) -> View | None:
    """A view as its game's model, validated here at the presenter's door (payloads carry
    views as JSON): past this point it is read by field, never by key."""
    if not raw:
        return None
    return get_ruleset(ruleset_id).load_view(raw if isinstance(raw, View) else dict(raw))


def view_status(view: View | None, lang: str) -> str:
    if view is None:
        return ""
    return tr("discord.view.status", lang, status=render(view.status, lang))


def result_line(result: Mapping[str, Any] | None, ruleset_id: str, lang: str) -> str:
    if not result:
        return ""
    summary = render(result.get("summary") or {"key": "core.no"}, lang)
    winner = result.get("winner")
    if winner is None:
        return tr("discord.over.draw", lang, summary=summary)
    return tr(
        "discord.over.winner", lang, summary=summary, winner=seat_name(ruleset_id, winner, lang)
    )


def clip(text: str, limit: int = LIMIT) -> str:
    """Keep a message within Discord's limit, cutting whole lines from the middle if needed
    (the header and the call to act, at the ends, matter most)."""
    if len(text) <= limit:
        return text
    lines = text.split("\n")
    head, tail = lines[:2], lines[2:]
    marker = "…"
    while tail and len("\n".join([*head, marker, *tail])) > limit:
        tail.pop(0)
    out = "\n".join([*head, marker, *tail])
    return out[: limit - 1] + "…" if len(out) > limit else out


def split(text: str, limit: int = LIMIT) -> list[str]:
    """A long message as several, each within Discord's limit, cut between lines (a single line
    longer than the limit is cut inside it): nothing is left out (issue 12)."""
    parts: list[str] = []
    current = ""
    for whole in text.split("\n"):
        line = whole
        while len(line) > limit:
            if current:
                parts.append(current)
                current = ""
            parts.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            parts.append(current)
            current = line
        else:
            current = candidate
    if current or not parts:
        parts.append(current)
    return parts


def join(*parts: str | None) -> str:
    return "\n".join(p for p in parts if p)


# --- outbox payloads ----------------------------------------------------------------------------
Score = Callable[[View, str], str]
SCORES: dict[str, Score] = {}
"""Per game: the score as one short phrase, from a view, for the thread's situation line."""


def register_score(ruleset_id: str, score: Score) -> None:
    SCORES[ruleset_id] = score


def situation(ruleset_id: str, raw: AnyView, lang: str) -> str:
    """Where the game stands: its status line and, when the game keeps one, the score."""
    view = typed_view(ruleset_id, raw)
    status = view_status(view, lang)
    score = SCORES.get(ruleset_id)
    if not status or score is None or view is None:
        return status
    return f"{status} · {score(view, lang)}"


def waiting_line(
    ruleset_id: str,
    waiting: Iterable[str],
    due: Mapping[str, float],
    holders: Mapping[str, str],
    lang: str,
) -> str:
    """Who is waited for and by when (a Discord timestamp each reader sees in their time)."""
    seats = []
    for s in waiting:
        name, user = seat_name(ruleset_id, s, lang), mention(holders.get(s))
        if due.get(s):
            seats.append(tr("discord.waiting.due", lang, seat=name, user=user, due=when(due[s])))
        else:
            seats.append(tr("discord.waiting.seat", lang, seat=name, user=user))
    return tr("discord.waiting", lang, seats=", ".join(seats)) if seats else ""


StepLines = Callable[[View, Sequence[Event], str], list[str]]
STEP_LINES: dict[str, StepLines] = {}
"""Per game: lines a thread post adds after its events, from the public view and those events
(AA50: the summary of a power's turn when the next one begins)."""


def register_step_lines(ruleset_id: str, lines: StepLines) -> None:
    STEP_LINES[ruleset_id] = lines


def step_lines(ruleset_id: str, raw: AnyView, events: Sequence[Event], lang: str) -> list[str]:
    lines = STEP_LINES.get(ruleset_id)
    view = typed_view(ruleset_id, raw) if lines is not None else None
    return lines(view, events, lang) if lines is not None and view is not None else []


def public_step(
    game_id: str,
    ruleset_id: str,
    steps: Sequence[StepPayload],
    view: AnyView,
    holders: Mapping[str, str],
    lang: str,
) -> str:
    """One thread post for one or more consecutive steps: their events, then the situation
    and who is waited for, by when (from the last step)."""
    last = steps[-1]
    events = [e for step in steps for e in step.events]
    return join(
        header(game_id, ruleset_id, lang),
        *event_lines(events, lang, ruleset_id),
        *step_lines(ruleset_id, view, events, lang),
        situation(ruleset_id, view, lang),
        waiting_line(ruleset_id, last.waiting, last.due, holders, lang),
    )


def private_step(
    game_id: str,
    ruleset_id: str,
    seat: str,
    steps: Sequence[StepPayload],
    prompts: Sequence[Prompt],
    lang: str,
) -> str:
    """A seat's DM for one or more consecutive steps: what happened that it may see and, for
    every decision newly opened (``prompts``), a ping naming it, with the deadline."""
    events = [e for step in steps for e in step.events]
    due = steps[-1].deadline
    return join(
        tr(
            "discord.dm.header",
            lang,
            header=header(game_id, ruleset_id, lang),
            seat=seat_name(ruleset_id, seat, lang),
        ),
        *event_lines(events, lang, ruleset_id),
        *(prompt_line(p, lang, due) for p in prompts),
    )


Summary = Callable[[View, str], list[str]]
SUMMARIES: dict[str, Summary] = {}
"""Per game: extra lines for the end-of-game notice, drawn from the final public view."""


def register_summary(ruleset_id: str, summary: Summary) -> None:
    SUMMARIES[ruleset_id] = summary


def notice(
    game_id: str,
    ruleset_id: str,
    kind: str,
    payload: Mapping[str, Any],
    holders: Mapping[str, str],
    lang: str,
    view: AnyView = None,
) -> str:
    """The public notices: started, paused, active (resumed), abandoned, expired, over (with
    ``view``, the final public view, for the game's summary lines). Long ones are split by
    the caller, never cut."""
    head = header(game_id, ruleset_id, lang)
    if kind == "started":
        seats = payload.get("seats") or holders
        sides = ", ".join(
            tr("discord.waiting.seat", lang, seat=seat_name(ruleset_id, s, lang), user=mention(u))
            for s, u in seats.items()
        )
        body = tr("discord.notice.started", lang, sides=sides, commitment=payload.get("commitment"))
    elif kind == "over":
        summary = SUMMARIES.get(ruleset_id)
        final = typed_view(ruleset_id, view)
        body = join(
            result_line(payload.get("result"), ruleset_id, lang),
            *(summary(final, lang) if summary and final is not None else []),
            tr(
                "discord.notice.seed",
                lang,
                seed=payload.get("seed"),
                commitment=payload.get("commitment"),
            ),
            tr("discord.notice.verify", lang, game=game_id),
        )
    elif kind == "abandoned":
        body = join(
            tr("discord.notice.abandoned", lang, user=mention(payload.get("by"))),
            tr(
                "discord.notice.seed",
                lang,
                seed=payload.get("seed"),
                commitment=payload.get("commitment"),
            ),
        )
    elif kind == "expired":
        body = expired(ruleset_id, payload, holders, lang)
    elif kind in ("paused", "active"):
        body = tr(f"discord.notice.{kind}", lang, user=mention(payload.get("by")))
    else:
        body = tr("discord.notice.other", lang, kind=kind)
    return join(head, body)


def expired(
    ruleset_id: str, payload: Mapping[str, Any], holders: Mapping[str, str], lang: str
) -> str:
    """A deadline passed: whose, and what the game's policy did. When the referee gave the
    default order, the notice names the decision and the order, so nobody reads the
    consequences as the player's own choice."""
    seat = str(payload.get("seat", ""))
    who = {"seat": seat_name(ruleset_id, seat, lang), "user": mention(holders.get(seat))}
    if payload.get("applied"):
        order = payload.get("order")
        return tr(
            "discord.notice.expired.applied",
            lang,
            **who,
            decision=render(payload.get("decision") or {"key": "discord.prompt.unknown"}, lang),
            order=render(order, lang) if order else tr("discord.prompt.unknown", lang),
        )
    return tr(f"discord.notice.expired.{payload.get('policy', 'notify')}", lang, **who)


def reminder(
    game_id: str,
    ruleset_id: str,
    prompt: Prompt | None,
    due_at: float | None,
    lang: str,
    policy: str | None = None,
) -> str:
    """A reminder before a deadline; under the "default" policy it says which order the
    referee will give if the player does not answer, so the default never comes unannounced."""
    title = render(prompt.title, lang) if prompt else tr("discord.prompt.unknown", lang)
    then = ""
    if policy == "default" and prompt is not None and prompt.default is not None:
        order = order_text(prompt, prompt.default)
        if order is not None:
            then = tr("discord.reminder.default", lang, order=render(order, lang))
    return clip(
        join(
            header(game_id, ruleset_id, lang),
            tr("discord.reminder", lang, title=title, due=when(due_at)),
            then,
        )
    )
