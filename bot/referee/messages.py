"""Outgoing messages, built per audience from views, visible events and own prompts only."""

from __future__ import annotations

from typing import Any

from bot.rules.core import PUBLIC, Event, GameState, Prompt, Ruleset
from bot.store import Deadline, OutboxMessage


def _events(events: list[Event], audience: str | None) -> list[dict[str, Any]]:
    return [e.model_dump(mode="json") for e in events if e.visible_to(audience)]


def step_messages(
    ruleset: Ruleset[Any],
    game_id: str,
    n: int,
    state: GameState,
    events: list[Event],
    before: set[str],
    deadlines: list[Deadline],
    now: float,
    prompts: list[Prompt] | None = None,
) -> list[OutboxMessage]:
    """The public step (events, public view) and, per seat, its private step when it has
    private events or a newly opened prompt (a ping with the deadline)."""
    if prompts is None:
        prompts = ruleset.prompts(state)
    due = {d.seat: d.due_at for d in deadlines}
    public_view = ruleset.view(state, None).model_dump(mode="json")
    waiting = sorted({p.seat for p in prompts})
    messages = [
        OutboxMessage(
            game_id=game_id,
            audience=PUBLIC,
            kind="step",
            payload={
                "n": n,
                "events": _events(events, None),
                "view": public_view,
                "waiting": waiting,
            },
            dedupe=f"{game_id}:{n}:public",
            created_at=now,
        )
    ]
    for seat in ruleset.seats:
        own = [p for p in prompts if p.seat == seat]
        new = [p for p in own if f"{p.seat}/{p.id}" not in before]
        private = [e for e in events if e.audience == seat]
        if not new and not private:
            continue
        messages.append(
            OutboxMessage(
                game_id=game_id,
                audience=seat,
                kind="step",
                payload={
                    "n": n,
                    "events": _events(events, seat),
                    "view": ruleset.view(state, seat).model_dump(mode="json"),
                    "prompts": [p.model_dump(mode="json") for p in own],
                    "new_prompts": [p.id for p in new],
                    "deadline": due.get(seat),
                },
                dedupe=f"{game_id}:{n}:{seat}",
                created_at=now,
            )
        )
    return messages


def prompt_ids(prompts: list[Prompt]) -> set[str]:
    return {f"{p.seat}/{p.id}" for p in prompts}


def notice(
    game_id: str, audience: str, kind: str, dedupe: str, now: float, **payload: Any
) -> OutboxMessage:
    return OutboxMessage(
        game_id=game_id,
        audience=audience,
        kind=kind,
        payload=payload,
        dedupe=f"{game_id}:{dedupe}",
        created_at=now,
    )
