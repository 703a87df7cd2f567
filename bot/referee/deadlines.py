"""Deadlines: reminders before, the game's expiry policy at the end. Stored, so they fire
after a restart; flagged in the same transaction as their effect, so they fire once."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel

from bot.referee.messages import notice
from bot.referee.settings import GameSettings
from bot.rules.core import RuleViolation
from bot.rules.core.registry import get as get_ruleset
from bot.store import Deadline, GameStatus

if TYPE_CHECKING:
    from bot.referee.service import Referee


class TickReport(BaseModel):
    reminded: list[tuple[str, str]] = []
    applied: list[tuple[str, str]] = []
    paused: list[str] = []
    notified: list[tuple[str, str]] = []


async def tick(referee: Referee, now: float) -> TickReport:
    report = TickReport()
    for deadline in await referee.store.due_deadlines(now):
        record = await referee.store.game(deadline.game_id)
        if record is None or record.status != "active":
            continue  # a paused game's clock stops; it waits for /game resume
        if deadline.due_at <= now:
            await _expire(referee, deadline, GameSettings.model_validate(record.settings), report)
        elif not deadline.reminded:
            message = notice(
                deadline.game_id,
                deadline.seat,
                "reminder",
                f"remind:{deadline.seat}:{deadline.prompt_id}",
                now,
                prompt_id=deadline.prompt_id,
                due_at=deadline.due_at,
            )
            if await referee.store.mark_reminded(deadline, [message]):
                report.reminded.append((deadline.game_id, deadline.seat))
    return report


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
                try:
                    await referee.apply_as_referee(
                        record,
                        state,
                        seat,
                        action,
                        f"deadline:{tag}",
                        (seat, deadline.prompt_id),
                        prompts,
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
