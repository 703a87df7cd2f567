"""Deadlines: reminders before, the game's expiry policy at the end. Stored, so they fire
after a restart; flagged in the same transaction as their effect, so they fire once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel

from bot.i18n.wording import order_text
from bot.referee.messages import notice
from bot.referee.settings import GameSettings
from bot.rules.core import Prompt, RuleViolation
from bot.rules.core.registry import get as get_ruleset
from bot.store import Deadline, GameStatus, OutboxMessage

if TYPE_CHECKING:
    from bot.referee.service import Referee


class TickReport(BaseModel):
    reminded: list[tuple[str, str]] = []
    applied: list[tuple[str, str]] = []
    paused: list[str] = []
    notified: list[tuple[str, str]] = []
    autopilot: list[tuple[str, str]] = []


AUTOPILOT_ORDERS = 500
"""Orders a tick gives at most for seats the referee plays (a whole turn of a power is some
tens): the next tick goes on."""


async def tick(referee: Referee, now: float) -> TickReport:
    report = TickReport()
    await _pass(referee, now, report)
    # A seat the referee plays answers its next prompt at once: go on while they owe some.
    for _ in range(AUTOPILOT_ORDERS):
        before = len(report.autopilot)
        await _pass(referee, referee.clock(), report, autopilot_only=True)
        if len(report.autopilot) == before:
            break
    return report


async def _pass(
    referee: Referee, now: float, report: TickReport, *, autopilot_only: bool = False
) -> None:
    for deadline in await referee.store.due_deadlines(now):
        record = await referee.store.game(deadline.game_id)
        if record is None or record.status != "active":
            continue  # a paused game's clock stops; it waits for /game resume
        settings = GameSettings.model_validate(record.settings)
        policy = settings.autopilot.get(deadline.seat)
        if deadline.due_at <= now and policy is not None:
            await _autopilot(referee, deadline, policy, report)
        elif autopilot_only:
            continue
        elif deadline.due_at <= now:
            await _expire(referee, deadline, settings, report)
        elif not deadline.reminded:
            message = notice(
                deadline.game_id,
                deadline.seat,
                "reminder",
                f"remind:{deadline.seat}:{deadline.prompt_id}",
                now,
                prompt_id=deadline.prompt_id,
                due_at=deadline.due_at,
                policy=GameSettings.model_validate(record.settings).on_expiry,
            )
            if await referee.store.mark_reminded(deadline, [message]):
                report.reminded.append((deadline.game_id, deadline.seat))


async def _autopilot(referee: Referee, deadline: Deadline, policy: str, report: TickReport) -> None:
    """A seat the referee plays: its open prompt answered by the game's policy (or, refused,
    by the prompt's default). The thread was told when the seat was handed over; each order
    then reads like any other, in the thread and the seat's DMs."""
    game_id, seat = deadline.game_id, deadline.seat
    async with referee.lock(game_id):
        record, state, prompts = await referee.open_prompts(game_id)
        ruleset = get_ruleset(record.ruleset)
        prompt = next((p for p in prompts if p.seat == seat and p.id == deadline.prompt_id), None)
        if prompt is None:
            return
        tag = f"autopilot:{seat}:{deadline.prompt_id}"
        for raw in (ruleset.autopilot(state, prompt, policy), prompt.default):
            if raw is None:
                continue
            try:
                action = ruleset.parse_action(raw)
                await referee.apply_as_referee(
                    record, state, seat, action, tag, (seat, deadline.prompt_id), prompts
                )
            except RuleViolation:
                continue
            report.autopilot.append((game_id, seat))
            return


async def _expire(
    referee: Referee, deadline: Deadline, settings: GameSettings, report: TickReport
) -> None:
    game_id, seat, now = deadline.game_id, deadline.seat, referee.clock()
    tag = f"{seat}:{deadline.prompt_id}"
    if settings.on_expiry == "default":
        async with referee.lock(game_id):
            record, state, prompts = await referee.open_prompts(game_id)
            ruleset = get_ruleset(record.ruleset)
            prompt = next(
                (p for p in prompts if p.seat == seat and p.id == deadline.prompt_id), None
            )
            if prompt is not None and prompt.default is not None:
                action = ruleset.parse_action(prompt.default)
                told = _default_applied(deadline, prompt, now)
                try:
                    await referee.apply_as_referee(
                        record,
                        state,
                        seat,
                        action,
                        f"deadline:{tag}",
                        (seat, deadline.prompt_id),
                        prompts,
                        notices=told,
                    )
                    report.applied.append((game_id, seat))
                    return
                except RuleViolation:
                    pass  # the default no longer fits: fall through to a plain notice
    status: GameStatus | None = "paused" if settings.on_expiry == "pause" else None
    audience = "public"
    message = notice(
        game_id, audience, "expired", f"expired:{tag}", now, seat=seat, policy=settings.on_expiry
    )
    if await referee.store.fire_deadline(deadline, status, [message]):
        if status == "paused":
            report.paused.append(game_id)
        else:
            report.notified.append((game_id, seat))


def _default_applied(deadline: Deadline, prompt: Prompt, now: float) -> list[OutboxMessage]:
    """ARCHITECTURE "never silently": the thread and the player read that the deadline
    passed and which order the referee gave for them, before what that order caused."""
    order = order_text(prompt, prompt.default or {})
    payload = {
        "seat": deadline.seat,
        "policy": "default",
        "applied": True,
        "decision": prompt.title.model_dump(),
        "order": order.model_dump() if order else None,
    }
    tag = f"{deadline.seat}:{deadline.prompt_id}"
    return [
        notice(deadline.game_id, audience, "expired", f"expired:{tag}:{audience}", now, **payload)
        for audience in ("public", deadline.seat)
    ]
