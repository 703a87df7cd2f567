"""Checking an exported game: the seed against its commitment, every die against the seed,
and, for a full export, the whole game replayed from its orders: every event, every view the
export carries and the result must be what the rules and the revealed seed produce.

Problems are Texts (catalog ``cli.json``), so `python -m bot verify` reads in either language.
A file that is not an export, or is garbled, gives a problem too, never an exception.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from bot.referee.export import FORMAT
from bot.referee.fairdice import FairDice, face
from bot.rules.core import GameState, Ruleset, RuleViolation, Text, t
from bot.rules.core.registry import get as get_ruleset

SHOWN = 160  # characters of a mismatching value quoted in a problem


@dataclass
class Report:
    problems: list[Text] = field(default_factory=list)
    rolls: int = 0
    events: int = 0
    replayed: bool = False
    """Whether the game was replayed from its orders (a full export), not only its dice."""


def verify(export: Any) -> Report:
    report = Report()
    try:
        _verify(export, report)
    except (KeyError, TypeError, ValueError, AttributeError, ValidationError) as exc:
        report.problems.append(t("cli.verify.garbled", detail=_short(repr(exc))))
    return report


def _verify(export: Any, report: Report) -> None:
    if not isinstance(export, dict) or export.get("format") != FORMAT:
        report.problems.append(t("cli.verify.format", format=FORMAT))
        return
    seed_hex = export.get("seed")
    if not seed_hex:
        report.problems.append(t("cli.verify.no_seed"))
        return
    seed = bytes.fromhex(seed_hex)
    if hashlib.sha256(seed).hexdigest() != export.get("commitment"):
        report.problems.append(t("cli.verify.commitment"))
        return
    _check_rolls(export, seed, report)
    if export.get("audience") == "full":
        _replay(export, seed, report)


def _check_rolls(export: dict[str, Any], seed: bytes, report: Report) -> None:
    """Every recorded die, in order, is the face the seed gives (any audience's export)."""
    expected_n = 0
    for entry in export["log"]:
        for roll in entry["rolls"]:
            report.rolls += 1
            n, sides, value = roll["n"], roll["sides"], roll["value"]
            label = roll.get("label", {}).get("key", "?")
            where = {"roll": n, "label": label, "entry": entry["n"]}
            if n != expected_n:
                report.problems.append(t("cli.verify.roll_order", expected=expected_n, **where))
            fair = face(seed, export["game"], n, sides)
            if value != fair:
                report.problems.append(
                    t("cli.verify.roll_value", recorded=value, fair=fair, **where)
                )
            expected_n = n + 1


def _replay(export: dict[str, Any], seed: bytes, report: Report) -> None:
    """Apply every order that stands with fair dice from the seed; compare what comes out."""
    try:
        ruleset = get_ruleset(export["ruleset"])
    except RuleViolation:
        report.problems.append(t("cli.verify.ruleset", ruleset=str(export["ruleset"])))
        return
    report.replayed = True
    game = export["game"]
    state: GameState | None = None
    rolled = 0
    for entry in export["log"]:
        if entry["undone"]:
            continue  # taken back: it changed nothing (undo is refused once a die was rolled)
        dice = FairDice(seed, game, rolled)
        try:
            if state is None:
                options = ruleset.parse_options(export["options"])
                outcome = ruleset.setup(export["scenario"], options, dice)
            elif entry["seat"] is None:
                continue
            else:
                action = ruleset.parse_action(entry["action"])
                outcome = ruleset.apply(state, entry["seat"], action, dice)
        except RuleViolation as exc:
            report.problems.append(t("cli.verify.refused", entry=entry["n"], code=exc.code))
            return
        state = outcome.state
        rolled += len(dice.rolls)
        _compare(report, entry["n"], "events", entry["events"], _dump(outcome.events))
        rolls = [{k: r[k] for k in ("n", "sides", "value", "label")} for r in entry["rolls"]]
        keys = {"n", "sides", "value", "label"}
        fair = [r.model_dump(mode="json", include=keys) for r in dice.rolls]
        _compare(report, entry["n"], "rolls", rolls, fair)
    if state is None:
        report.problems.append(t("cli.verify.empty"))
        return
    _check_final(export, ruleset, state, report)


def _check_final(
    export: dict[str, Any], ruleset: Ruleset[Any], state: GameState, report: Report
) -> None:
    result = state.result.model_dump(mode="json") if state.result is not None else None
    if export.get("result") != result or (result is None and export.get("status") == "over"):
        report.problems.append(
            t("cli.verify.result", recorded=_short(export.get("result")), replayed=_short(result))
        )
    for audience, view in (export.get("views") or {}).items():
        replayed = ruleset.view(state, None if audience == "public" else audience)
        if view != replayed.model_dump(mode="json"):
            report.problems.append(t("cli.verify.view", audience=audience))


def _compare(report: Report, n: int, what: str, recorded: list[Any], replayed: list[Any]) -> None:
    if what == "events":
        report.events += len(recorded)
    if recorded == replayed:
        return
    i = next(
        (i for i, (a, b) in enumerate(zip(recorded, replayed, strict=False)) if a != b),
        min(len(recorded), len(replayed)),
    )
    report.problems.append(
        t(
            f"cli.verify.{what}",
            entry=n,
            index=i + 1,
            recorded=_short(recorded[i] if i < len(recorded) else None),
            replayed=_short(replayed[i] if i < len(replayed) else None),
        )
    )


def _dump(events: list[Any]) -> list[dict[str, Any]]:
    return [e.model_dump(mode="json") for e in events]


def _short(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"
