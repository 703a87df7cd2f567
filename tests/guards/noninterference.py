"""Non-interference, per step, for every game (ARCHITECTURE.md: views, events and exports).

For a state, take two hidden things an audience cannot tell apart (``Ruleset.lookalikes``),
trade their hidden identities (``Ruleset.swap_hidden``) and give the same order, about the
same pieces, with the same dice. Everything that audience can read must be identical: its
view, the events it sees (in order), its prompts and their options, its refusals, the rolls
as exported to it, and the rendered picture of its view. A difference is a side channel.

Two honest exceptions, each counted: a pair whose identities this step reveals (the rules
showed them), and an order from a seat that may know the pair which is legal for one of
the two identities only (what that seat chose depends on what it knows).
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from bot.referee.export import build as export_build
from bot.referee.fairdice import FairDice
from bot.rules.core import Event, GameState, Roll, Ruleset, RuleViolation
from bot.store import GameRecord, LogEntry
from rendering.registry import render_view
from tests.guards.tally import TALLY

SEED = b"non-interference-check-seed-0001"


@dataclass
class Step:
    """One order given in one state, and all an audience may read of what followed."""

    state: GameState
    events: list[Event] = field(default_factory=list)
    rolls: list[Roll] = field(default_factory=list)
    refusal: dict[str, Any] | None = None


class Leak(AssertionError):
    """Something an audience reads differs between two games it cannot tell apart."""


def swap_ids(value: Any, a: str, b: str) -> Any:
    """The same order about the same pieces after ``a`` and ``b`` traded identities."""
    if value == a:
        return b
    if value == b:
        return a
    if isinstance(value, list):
        return [swap_ids(v, a, b) for v in value]
    if isinstance(value, dict):
        return {k: swap_ids(v, a, b) for k, v in value.items()}
    return value


def run(
    ruleset: Ruleset,  # type: ignore[type-arg]
    state: GameState,
    seat: str,
    raw: dict[str, Any],
    game: str,
    next_roll: int,
) -> Step:
    dice = FairDice(SEED, game, next_roll)
    try:
        outcome = ruleset.apply(state, seat, ruleset.parse_action(raw), dice)
    except RuleViolation as exc:
        return Step(state=state, rolls=dice.rolls, refusal=exc.to_dict())
    return Step(state=outcome.state, events=outcome.events, rolls=dice.rolls)


def reads(
    ruleset: Ruleset,  # type: ignore[type-arg]
    step: Step,
    seat: str,
    audience: str | None,
) -> dict[str, Any]:
    """Everything ``audience`` can read after ``seat``'s order (before any, with no events)."""
    record = GameRecord(
        id="check",
        guild_id="check",
        ruleset=ruleset.id,
        scenario="check",
        options={},
        settings={},
        status="active",
        seed=SEED,
        commitment="",
        created_by="check",
        created_at=0.0,
        updated_at=0.0,
    )
    entry = LogEntry(
        n=1,
        seat=seat,
        user_id="check",
        key="k",
        action={},
        events=step.events,
        rolls=step.rolls,
        created_at=0.0,
    )
    exported = export_build(record, [entry], audience, full=False)["log"][0]
    return {
        "view": ruleset.view(step.state, audience).model_dump(mode="json"),
        "events": exported["events"],
        "rolls": exported["rolls"],
        "prompts": [
            p.model_dump(mode="json") for p in ruleset.prompts(step.state) if p.seat == audience
        ],
        "refusal": step.refusal if audience == seat else None,
    }


def _pairs(
    ruleset: Ruleset,  # type: ignore[type-arg]
    state: GameState,
) -> dict[tuple[str, str], list[str | None]]:
    out: dict[tuple[str, str], list[str | None]] = {}
    for audience in (None, *ruleset.seats):
        for pair in ruleset.lookalikes(state, audience):
            out.setdefault(pair, []).append(audience)
    return out


def check_order(
    ruleset: Ruleset,  # type: ignore[type-arg]
    state: GameState,
    seat: str,
    raw: dict[str, Any],
    real: Step,
    game: str,
    next_roll: int,
    rng: random.Random,
    *,
    pairs_per_step: int = 2,
    images: int = 0,
    involving: str | None = None,
) -> int:
    """Check this order against up to ``pairs_per_step`` look-alike pairs (those with the
    piece ``involving`` only, when given); raise Leak on a difference. ``images`` of them
    also compare rendered pictures. Returns the pairs compared."""
    pairs = _pairs(ruleset, state)
    if involving is not None:
        pairs = {pair: audiences for pair, audiences in pairs.items() if involving in pair}
    chosen = rng.sample(sorted(pairs), min(pairs_per_step, len(pairs)))
    compared = 0
    before_real = Step(state=state)
    cached: dict[tuple[bool, str | None], dict[str, Any]] = {}  # the real game's, read once

    def real_reads(after: bool, audience: str | None) -> dict[str, Any]:
        if (after, audience) not in cached:
            step = real if after else before_real
            cached[(after, audience)] = reads(ruleset, step, seat, audience)
        return cached[(after, audience)]

    after_pairs = {a: ruleset.lookalikes(real.state, a) for a in (None, *ruleset.seats)}
    for n, (a, b) in enumerate(chosen):
        twin_state = ruleset.swap_hidden(state, a, b)
        before_twin = Step(state=twin_state)
        twin = run(ruleset, twin_state, seat, swap_ids(raw, a, b), game, next_roll)
        # One audience per pair and step (chosen at random): each is covered over a game.
        for audience in [rng.choice(pairs[(a, b)])]:
            who = audience or "the public"
            _same(
                real_reads(False, audience),
                reads(ruleset, before_twin, seat, audience),
                f"{who} can tell {a} from {b} before any order",
            )
            if real.refusal is not None and twin.refusal is not None:
                # Nothing happened in either game: the states are the ones compared above,
                # and only the seat that gave the order reads its refusal.
                if audience == seat and real.refusal != twin.refusal:
                    raise Leak(f"{who}'s refusal tells {a} from {b}: {real.refusal}")
                compared += 1
                TALLY["non-interference: pairs checked"] += 1
                continue
            if (a, b) not in after_pairs[audience] or (a, b) not in ruleset.lookalikes(
                twin.state, audience
            ):
                TALLY["non-interference: pairs revealed by the step"] += 1
                continue
            if audience != seat and (real.refusal is None) != (twin.refusal is None):
                TALLY["non-interference: orders legal for one identity only"] += 1
                continue
            _same(
                real_reads(True, audience),
                reads(ruleset, twin, seat, audience),
                f"{who} can tell {a} from {b} after {seat}'s order {json.dumps(raw)[:200]}",
            )
            if n < images:
                _same_pictures(ruleset, [(real, twin)], audience)
            compared += 1
            TALLY["non-interference: pairs checked"] += 1
    return compared


def _same_pictures(
    ruleset: Ruleset,  # type: ignore[type-arg]
    pairs: list[tuple[Step, Step]],
    audience: str | None,
) -> None:
    """The rendered map of the audience's view, byte for byte (rendering/ draws from views)."""
    for real, twin in pairs:
        mine, theirs = (
            render_view(ruleset.view(step.state, audience).model_dump(mode="json"))
            for step in (real, twin)
        )
        if mine != theirs:
            raise Leak(f"{audience or 'the public'}'s picture differs")
        if mine is not None:
            TALLY["non-interference: pictures compared"] += 1


def _same(mine: dict[str, Any], theirs: dict[str, Any], what: str) -> None:
    for key, value in mine.items():
        if value != theirs[key]:
            left = json.dumps(value, sort_keys=True, ensure_ascii=False)
            right = json.dumps(theirs[key], sort_keys=True, ensure_ascii=False)
            at = next((i for i, (x, y) in enumerate(zip(left, right, strict=False)) if x != y), 0)
            raise Leak(
                f"{what}: {key} differs near ...{left[at - 80 : at + 120]}... vs "
                f"...{right[at - 80 : at + 120]}..."
            )
