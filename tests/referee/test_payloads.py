"""Outbox payloads are typed per kind, and a row queued by the referee before issue 9 (a full
view and whole prompts inside) still reads as the step it was, so it can be delivered."""

from __future__ import annotations

from bot.referee import payloads
from bot.referee.messages import notice


def test_a_step_queued_before_issue_9_still_reads() -> None:
    legacy = {
        "n": 7,
        "events": [{"kind": "core.undone", "audience": "public", "params": {"seat": "north"}}],
        "view": {"ruleset": "vaults", "audience": "north", "status": {"key": "x"}},
        "prompts": [{"id": "raid", "seat": "north", "title": {"key": "t"}}],
        "new_prompts": ["raid"],
        "deadline": 123.0,
    }
    step = payloads.step(legacy)
    assert step.version == 8 and step.prompts == ["raid"] and step.new_prompts == ["raid"]
    assert step.events[0].params == {"seat": "north"} and step.deadline == 123.0


def test_notices_are_checked_against_their_kind() -> None:
    message = notice("g1", "north", "reminder", "r1", 1.0, prompt_id="raid", due_at=9.0)
    typed = payloads.parse(message.kind, message.payload)
    assert isinstance(typed, payloads.ReminderPayload) and typed.due_at == 9.0
    over = payloads.parse("over", {"n": 41, "seed": "ab", "result": None})
    assert isinstance(over, payloads.OverPayload) and over.version == 42
