"""Prompt identity (bot/rules/core/prompt.py, "Prompt identity"): an id names one decision.

Random games check it after every order: a seat's decision that the order did not change
keeps its id, and an id never names two different decisions (so a button or a deadline made
for it still means what it meant). A scripted repair phase checks the case that once broke
it: one side's repairs changed the other side's prompt id.
"""

from __future__ import annotations

import random
from typing import Any

from bot.autoplay import random_action
from bot.referee.fairdice import FairDice
from bot.rules.core import Prompt, RuleViolation
from bot.rules.war_at_sea import RULESET, ports
from bot.rules.war_at_sea.state import WarAtSeaState
from tests.war_at_sea.helpers import new_game


def _decision(p: Prompt) -> dict[str, Any]:
    """What a prompt asks, without its id."""
    return p.model_dump(mode="json", exclude={"id"})


def _play_checking_ids(state: WarAtSeaState, dice: FairDice, rng: random.Random) -> int:
    seen: dict[tuple[str, str], dict[str, Any]] = {}
    orders = 0
    prompts = RULESET.prompts(state)
    while state.result is None:
        prompt = rng.choice(prompts)
        try:
            outcome = RULESET.apply(
                state, prompt.seat, RULESET.parse_action(random_action(prompt, rng)), dice
            )
        except RuleViolation:
            assert prompt.default is not None
            outcome = RULESET.apply(state, prompt.seat, RULESET.parse_action(prompt.default), dice)
        state, after = outcome.state, RULESET.prompts(outcome.state)
        orders += 1
        for p in after:
            key = (p.seat, p.id)
            if key in seen:
                assert seen[key] == _decision(p), f"order {orders}: {key} names two decisions"
            seen[key] = _decision(p)
        # The seats that did not give this order: a decision unchanged keeps its id.
        for p in prompts:
            if p.seat == prompt.seat:
                continue
            same = [q for q in after if q.seat == p.seat and _decision(q) == _decision(p)]
            assert all(q.id == p.id for q in same), f"order {orders}: {p.id} renamed"
        prompts = after
    return orders


def test_ids_follow_decisions_through_random_games() -> None:
    orders = 0
    for n, options in enumerate([{}, {"variant_18_2": True}, {}, {"variant_18_2": True}]):
        game_id = f"identity-{n}"
        dice = FairDice(b"war-at-sea-prompt-identity-0001", game_id, 0)
        state = new_game(dice, **options)
        orders += _play_checking_ids(state, dice, random.Random(game_id))
    assert orders > 200


def test_one_sides_repairs_leave_the_other_sides_decision_alone() -> None:
    """Both sides repair at once (15.2): the Allies' repair is a new decision for the
    Allies (fewer points left) and none for the Axis, whose prompt keeps its id."""
    state = _repair_phase()
    before = {p.seat: p for p in RULESET.prompts(state)}
    assert set(before) == {"allies", "axis"}
    form = next(f for f in before["allies"].forms if f.type == "repair")
    ship = form.inputs[0].options[0].value
    action = RULESET.parse_action({"type": "repair", "ship": ship, "points": 1})
    state = RULESET.apply(state, "allies", action, FairDice(b"x" * 32, "g", 0)).state
    after = {p.seat: p for p in RULESET.prompts(state)}
    assert after["axis"].id == before["axis"].id
    assert after["axis"] == before["axis"]
    assert after["allies"].id != before["allies"].id


def _repair_phase() -> WarAtSeaState:
    """A turn-2 repair phase with damaged ships of both sides in their repair ports, more
    damage than the port repairs, so each side owes a decision."""
    dice = FairDice(b"war-at-sea-prompt-identity-0002", "repair", 0)
    state = new_game(dice)
    state.phase = "repair"
    state.turn = 2
    for side, port in (("allies", "england"), ("axis", "germany")):
        ships = [
            u
            for u in state.units.values()
            if u.side == side and u.location == port and u.type != "uboat" and u.armor >= 3
        ][:2]
        assert len(ships) == 2, side
        for u in ships:
            u.damage = u.armor
    ports.start_repairs(state)
    return state
