"""Outgoing messages, per audience: what each may see of a step, never a view.

The outbox row of a step names the version it follows, the events its audience may see and the
prompt ids; delivery builds the view from the state at that version (bot/delivery.py). Building
and storing two full map views per order made up most of an order's cost and of the database.
"""

from __future__ import annotations

from typing import Any

from bot.referee.payloads import KINDS, OtherPayload, StepPayload, dump
from bot.rules.core import PUBLIC, Event, Prompt, Ruleset
from bot.store import Deadline, OutboxMessage


def step_messages(
    ruleset: Ruleset[Any],
    game_id: str,
    n: int,
    events: list[Event],
    before: set[str],
    deadlines: list[Deadline],
    now: float,
    prompts: list[Prompt],
) -> list[OutboxMessage]:
    """The public step and, per seat, its private step when it has private events or a newly
    opened prompt (a ping with the deadline). ``prompts`` are the open ones after the step."""
    due = {d.seat: d.due_at for d in deadlines}
    waiting = sorted({p.seat for p in prompts})
    public = StepPayload(
        n=n,
        events=[e for e in events if e.visible_to(None)],
        waiting=waiting,
        due={s: due[s] for s in waiting if s in due},
    )
    messages = [_message(game_id, PUBLIC, "step", f"{n}:public", now, public)]
    for seat in ruleset.seats:
        own = [p.id for p in prompts if p.seat == seat]
        new = [i for i in own if f"{seat}/{i}" not in before]
        if not new and not any(e.audience == seat for e in events):
            continue
        private = StepPayload(
            n=n,
            events=[e for e in events if e.visible_to(seat)],
            waiting=waiting,
            prompts=own,
            new_prompts=new,
            deadline=due.get(seat),
        )
        messages.append(_message(game_id, seat, "step", f"{n}:{seat}", now, private))
    return messages


def prompt_ids(prompts: list[Prompt]) -> set[str]:
    return {f"{p.seat}/{p.id}" for p in prompts}


def notice(
    game_id: str, audience: str, kind: str, dedupe: str, now: float, **payload: Any
) -> OutboxMessage:
    """A notice (started, over, paused, reminder...), checked against its kind's payload type."""
    typed = KINDS.get(kind, OtherPayload).model_validate(payload)
    return _message(game_id, audience, kind, dedupe, now, typed)


def _message(
    game_id: str, audience: str, kind: str, dedupe: str, now: float, payload: Any
) -> OutboxMessage:
    return OutboxMessage(
        game_id=game_id,
        audience=audience,
        kind=kind,
        payload=dump(payload),
        dedupe=f"{game_id}:{dedupe}",
        created_at=now,
    )
