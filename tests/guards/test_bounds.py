"""Bounded orders, one policy (bot/rules/core/bounds.py), on the issue's own inputs."""

from __future__ import annotations

import pytest

from bot.i18n import LANGS, violation
from bot.referee import Referee
from bot.rules.core import RuleViolation
from bot.rules.core.bounds import EXCERPT, MAX_ID, clip
from bot.rules.war_at_sea import RULESET, board
from bot.rules.war_at_sea.actions import SIDE_UNITS
from bot.store import Store
from tests.referee.conftest import dump


def test_no_side_has_more_counters_than_an_order_may_name() -> None:
    sides = [u.side for u in board.comps().units.values()]
    assert max(sides.count(s) for s in set(sides)) == SIDE_UNITS


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ({"type": "place_ships", "ships": ["hood"] * 200_000, "port": "england"}, "too_many"),
        ({"type": "place_ships", "ships": ["hood", "hood"], "port": "england"}, "duplicate"),
        ({"type": "assign_targets", "ships": ["hood", "hood"], "target": "none"}, "duplicate"),
        ({"type": "break_off", "ships": ["hood"] * 1200}, "too_many"),
        ({"type": "place_ships", "ships": ["hood"], "port": "x" * 3000}, "too_long"),
        ({"type": "repair", "ship": "hood", "points": 10**40}, "out_of_range"),
        ({"type": "done", "fallback": "england"}, "unused_field"),
    ],
)
def test_floods_duplicates_and_strays_are_refused_before_any_rule(
    raw: dict[str, object], code: str
) -> None:
    with pytest.raises(RuleViolation) as refused:
        RULESET.parse_action(raw)
    assert refused.value.code == f"core.order.{code}"
    for lang in LANGS:
        assert len(violation(refused.value, lang)) < 300


def test_a_refusal_quotes_only_an_excerpt() -> None:
    exc = RuleViolation("was.move.enemy_port", "War at Sea 2.2", port="p" * 3000)
    for lang in LANGS:
        text = violation(exc, lang)
        assert "p" * 200 not in text and len(text) < 300
    assert clip("q" * 3000) == "q" * EXCERPT + "…"
    assert clip(list(range(100)))[-1] == "…"


def test_a_fallback_on_a_one_area_move_is_refused() -> None:
    from bot.referee.fairdice import FairDice
    from tests.war_at_sea.helpers import new_game

    dice = FairDice(b"fallback-unused-seed-00000000000", "g", 0)
    state = new_game(dice)
    while state.phase != "move_allies":
        prompt = RULESET.prompts(state)[0]
        state = RULESET.apply(state, prompt.seat, RULESET.parse_action(prompt.default), dice).state
    prompt = RULESET.prompts(state)[0]
    form = next(f for f in prompt.forms if f.type == "move")
    ships = form.inputs[0].values()[:1]
    u = state.units[ships[0]]
    one_area = next(d for d in form.inputs[1].values() if d in board.adjacent_areas(u.location))
    for fallback in ("england", "x" * MAX_ID, "bismarck"):
        raw = {"type": "move", "ships": ships, "to": one_area, "fallback": fallback}
        with pytest.raises(RuleViolation) as refused:
            RULESET.apply(state, "allies", RULESET.parse_action(raw), dice)
        assert refused.value.code in ("was.move.fallback_unused", "was.move.bad_fallback")
    raw = {"type": "move", "ships": ships, "to": one_area}
    RULESET.apply(state, "allies", RULESET.parse_action(raw), dice)  # origin: accepted


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"ruleset_id": ["war-at-sea"]}, "core.ruleset.unknown"),
        ({"ruleset_id": 7}, "core.ruleset.unknown"),
        ({"ruleset_id": "war-at-sea", "guild_id": None}, "core.create.invalid"),
        ({"ruleset_id": "war-at-sea", "scenario": 3}, "core.create.invalid"),
        ({"ruleset_id": "war-at-sea", "game_id": "g" * 500}, "core.create.invalid"),
        ({"ruleset_id": "war-at-sea", "options": ["variant_18_2"]}, "core.create.invalid"),
        ({"ruleset_id": "war-at-sea", "seed": "not bytes"}, "core.create.invalid"),
    ],
)
async def test_create_refuses_bad_inputs(
    referee: Referee, store: Store, kwargs: dict[str, object], code: str
) -> None:
    args: dict[str, object] = {"guild_id": "g1", "created_by": "alice", **kwargs}
    ruleset = args.pop("ruleset_id")
    before = await dump(store)
    with pytest.raises(RuleViolation) as refused:
        await referee.create(ruleset, **args)  # type: ignore[arg-type]
    assert refused.value.code == code
    assert await dump(store) == before
