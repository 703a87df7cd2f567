"""Exports of a game's log for an audience, and their verification.

A seat's or the public's export never carries what that audience may not see: only events
visible to it, only its own orders, and private dice faces of others blanked until the end.
The full export, with every order and the seed, exists once the game is over.
Checking an export is `bot/referee/verify.py`.
"""

from __future__ import annotations

from typing import Any

from bot.rules.core import GameState, Ruleset, RuleViolation
from bot.store import GameRecord, LogEntry

FORMAT = "wargame-referee/export@1"


def build(
    record: GameRecord,
    log: list[LogEntry],
    audience: str | None,
    full: bool,
    final: FinalState | None = None,
) -> dict[str, Any]:
    """The export for an audience. ``final`` (a finished game's last state and its ruleset)
    adds the result and the final views this audience may read, which `verify` checks
    against its replay."""
    finished = record.status in ("over", "abandoned")
    if full and not finished:
        raise RuleViolation("core.export.not_over", "Referee", game=record.id)
    entries = []
    for entry in log:
        own = full or (audience is not None and entry.seat == audience)
        entries.append(
            {
                "n": entry.n,
                "seat": entry.seat,
                "undone": entry.undone,
                "action": entry.action if own or entry.seat is None else None,
                "events": [
                    e.model_dump(mode="json")
                    for e in entry.events
                    if full or e.visible_to(audience)
                ],
                "rolls": [
                    {
                        "n": r.n,
                        "label": r.label.model_dump(mode="json"),
                        "sides": r.sides,
                        "value": r.value
                        if full or finished or r.private_to in (None, audience)
                        else None,
                        "private_to": r.private_to,
                    }
                    for r in entry.rolls
                ],
            }
        )
    return {
        "format": FORMAT,
        "game": record.id,
        "ruleset": record.ruleset,
        "scenario": record.scenario,
        "options": record.options,
        "status": record.status,
        "audience": "full" if full else (audience or "public"),
        "commitment": record.commitment,
        "seed": record.seed.hex() if finished else None,
        "log": entries,
        **_final(final, audience, full, finished),
    }


FinalState = tuple[Ruleset[Any], GameState]


def _final(
    final: FinalState | None, audience: str | None, full: bool, finished: bool
) -> dict[str, Any]:
    if final is None or not finished:
        return {}
    ruleset, state = final
    audiences: tuple[str | None, ...] = (None, *ruleset.seats) if full else (audience,)
    return {
        "result": state.result.model_dump(mode="json") if state.result is not None else None,
        "views": {a or "public": ruleset.view(state, a).model_dump(mode="json") for a in audiences},
    }
