"""Scripts of orders for local play: one JSON object a line, checked before a game is made.

A line is ``{"seat": S, "action": {...}}``, ``{"seat": S, "default": true}`` or
``{"seat": S, "undo": true}``. ``seat`` may be left out: the line then answers whoever is due
(the one seat with an open decision, or for an action the one seat whose decision takes that
order). Blank lines and lines starting with ``#`` are skipped.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from bot.i18n import tr
from bot.rules.core import Prompt

KINDS = ("action", "default", "undo")


class ScriptError(Exception):
    """A script line that cannot be played: ``line`` (1-based), a catalog key and params."""

    def __init__(self, line: int, key: str, **params: Any) -> None:
        super().__init__(f"line {line}: {key} {params}")
        self.line, self.key, self.params = line, key, params


@dataclass(frozen=True)
class ScriptLine:
    number: int
    seat: str | None
    kind: str
    action: dict[str, Any] | None = None


def parse(text: str) -> list[ScriptLine]:
    """Every line's shape, or the first bad line's ScriptError (nothing is played yet)."""
    lines = []
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            raise ScriptError(number, "local.script.not_json", detail=exc.msg) from None
        if not isinstance(data, dict):
            raise ScriptError(number, "local.script.not_object")
        kinds = [k for k in KINDS if data.get(k)]
        unknown = sorted(set(data) - {"seat", *KINDS})
        if unknown:
            raise ScriptError(number, "local.script.unknown_field", field=unknown[0])
        if len(kinds) != 1:
            raise ScriptError(number, "local.script.one_kind")
        seat = data.get("seat")
        if seat is None and kinds[0] == "undo":
            raise ScriptError(number, "local.script.undo_seat")  # whose order to take back
        if seat is not None and not isinstance(seat, str):
            raise ScriptError(number, "local.script.bad_seat", seat=str(seat), seats="")
        action = data.get("action")
        if kinds[0] == "action" and not isinstance(action, dict):
            raise ScriptError(number, "local.script.not_object")
        lines.append(ScriptLine(number, seat, kinds[0], action if kinds[0] == "action" else None))
    return lines


def check_seats(lines: list[ScriptLine], seats: tuple[str, ...]) -> None:
    """Seats are ids, spelled exactly (``allies``, not ``Allies``)."""
    for line in lines:
        if line.seat is not None and line.seat not in seats:
            raise ScriptError(
                line.number, "local.script.bad_seat", seat=line.seat, seats=", ".join(seats)
            )


def seat_for(line: ScriptLine, prompts: list[Prompt]) -> str:
    """The seat a line answers for: its own, or the only one due (for an action: the only one
    whose open decision takes that order)."""
    if line.seat is not None:
        return line.seat
    due = list(dict.fromkeys(p.seat for p in prompts))
    if line.kind == "action" and line.action is not None:
        kind = str(line.action.get("type"))
        takes = [s for s in due if any(p.seat == s and p.form(kind) for p in prompts)]
        due = takes or due
    if len(due) == 1:
        return due[0]
    if not due:
        raise ScriptError(line.number, "local.script.nobody_due")
    raise ScriptError(line.number, "local.script.ambiguous", seats=", ".join(due))


def message(exc: ScriptError, lang: str) -> str:
    """One line naming the script line and what is wrong with it."""
    return tr("local.script.error", lang, line=exc.line, reason=tr(exc.key, lang, **exc.params))
