"""Exports of a game's log for an audience, and their verification.

A seat's or the public's export never carries what that audience may not see: only events
visible to it, only its own orders, and private dice faces of others blanked until the end.
The full export, with every order and the seed, exists once the game is over.
"""

from __future__ import annotations

import hashlib
from typing import Any

from bot.referee.fairdice import face
from bot.rules.core import RuleViolation
from bot.store import GameRecord, LogEntry

FORMAT = "wargame-referee/export@1"


def build(
    record: GameRecord, log: list[LogEntry], audience: str | None, full: bool
) -> dict[str, Any]:
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
    }


def verify(export: dict[str, Any]) -> list[str]:
    """Recompute every roll from the revealed seed. Returns the problems, first mismatch
    first; an empty list means every roll is what the committed seed produces."""
    if export.get("format") != FORMAT:
        return [f"not a {FORMAT} file"]
    seed_hex = export.get("seed")
    if not seed_hex:
        return ["the seed is not revealed: the game is not over"]
    seed = bytes.fromhex(seed_hex)
    if hashlib.sha256(seed).hexdigest() != export.get("commitment"):
        return ["the seed does not match the commitment published at the start"]
    problems: list[str] = []
    expected_n = 0
    for entry in export.get("log", []):
        for roll in entry.get("rolls", []):
            n, sides, value = roll["n"], roll["sides"], roll["value"]
            label = roll.get("label", {}).get("key", "?")
            if n != expected_n:
                problems.append(
                    f"roll {n} ({label}) in entry {entry['n']}: expected roll {expected_n}"
                )
            fair = face(seed, export["game"], n, sides)
            if value != fair:
                problems.append(
                    f"roll {n} ({label}) in entry {entry['n']}: recorded {value},"
                    f" the seed gives {fair}"
                )
            expected_n = n + 1
    return problems
