"""Order forms offer only what the referee accepts (War at Sea 6.2, 13.1, 16.3; EXAMPLES.md
pattern 2): random states, and at each one random answers walked through every form input by
input, each from the options offered for the answers before it, must all be accepted."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.autoplay import play, random_answer
from bot.referee.fairdice import FairDice
from bot.rules.core import OrderForm, RuleViolation
from bot.rules.war_at_sea import RULESET, board
from bot.rules.war_at_sea.state import WarAtSeaState
from tests.war_at_sea.helpers import new_game

OPTION_SETS = [{}, {"variant_18_2": True, "variant_18_4": True, "variant_18_5": True}]


def _states(options: dict[str, bool], games: int, every: int) -> list[WarAtSeaState]:
    """Every ``every``-th state of ``games`` random games."""
    out: list[WarAtSeaState] = []
    for n in range(games):
        dice = FairDice(b"war-at-sea-forms-walk-seed-00001", f"forms-{n}", 0)
        state = new_game(dice, **options)
        rng = random.Random(n)
        while state.result is None:
            out.append(state)
            report = play(RULESET, state, dice, rng, max_actions=every)
            state = report.state  # type: ignore[assignment]
    return out


@pytest.mark.parametrize("options", OPTION_SETS, ids=["basic", "variants"])
def test_every_offered_combination_is_accepted(options: dict[str, bool]) -> None:
    rng = random.Random(12)
    walked, refused = 0, []
    for state in _states(options, games=5, every=4):
        for prompt in RULESET.prompts(state):
            for form in prompt.forms:
                for _ in range(4 if form.inputs else 1):
                    answers = random_answer(form, rng)
                    if form.first_refused(answers) is not None:
                        refused.append((prompt.kind, form.type, answers, "dead end"))
                        continue
                    walked += 1
                    dice = FairDice(b"any-dice-will-do-for-acceptance!", "walk", 0)
                    try:
                        action = RULESET.parse_action(form.build(answers))
                        RULESET.apply(state, prompt.seat, action, dice)
                    except RuleViolation as exc:
                        refused.append((prompt.kind, form.type, answers, exc.code))
    print(f"{walked} offered orders walked")
    assert walked > 500
    kinds = Counter((kind, type_, code) for kind, type_, _, code in refused)
    assert refused == [], (kinds, refused[:3])


def _moving(side: str) -> WarAtSeaState:
    """Turn 2, ``side`` to move (everything before answered with its default)."""
    dice = FairDice(b"war-at-sea-forms-walk-seed-00001", "moving", 0)
    state = new_game(dice)
    while True:
        prompts = RULESET.prompts(state)
        if state.turn >= 2 and any(p.kind == "was.move" and p.seat == side for p in prompts):
            return state
        prompt = prompts[0]
        action = RULESET.parse_action(prompt.default)
        state = RULESET.apply(state, prompt.seat, action, dice).state  # type: ignore[assignment]


def _move_form(state: WarAtSeaState, side: str, ship: str) -> OrderForm:
    prompt = next(p for p in RULESET.prompts(state) if p.kind == "was.move" and p.seat == side)
    return next(f for f in prompt.forms if f.type == "move" and ship in f.inputs[0].values())


def _offered(form: OrderForm, answers: dict[str, object], name: str) -> list[str] | None:
    asked = {c.name: c for c in form.asked(answers)}
    return asked[name].values() if name in asked else None


def test_fallback_port_is_asked_only_for_two_area_moves_and_borders_the_destination() -> None:
    """War at Sea 6.2: England to the Barents Sea offers the ports by the Barents Sea (not
    Malta); a one-area move (North Sea) asks no fallback port at all."""
    state = _moving("allies")
    form = _move_form(state, "allies", "hood")
    assert _offered(form, {"ships": ["hood"], "to": "north_sea"}, "fallback") is None
    ports = _offered(form, {"ships": ["hood"], "to": "barents_sea"}, "fallback")
    assert ports is not None
    assert "malta" not in ports
    assert set(ports) - {"origin"} <= set(board.ports_bordering("barents_sea"))
    assert "origin" in ports
    # The union over every destination (what the form offered before) holds Malta.
    assert "malta" in form.inputs[2].values()
    # What is offered is accepted; a port not offered is refused with 6.2.
    for port in ports:
        action = RULESET.parse_action(
            form.build({"ships": ["hood"], "to": "barents_sea", "fallback": port})
        )
        RULESET.apply(state, "allies", action, FairDice(b"0" * 32, "x", 0))
    bad = RULESET.parse_action(
        form.build({"ships": ["hood"], "to": "barents_sea", "fallback": "malta"})
    )
    with pytest.raises(RuleViolation) as refused:
        RULESET.apply(state, "allies", bad, FairDice(b"0" * 32, "x", 0))
    assert refused.value.code == "was.move.bad_fallback"
    # Answered for a one-area move, the fallback is left out of the order.
    assert "fallback" not in form.build({"ships": ["hood"], "to": "north_sea", "fallback": "x"})


def test_destinations_are_those_every_chosen_ship_may_reach() -> None:
    """War at Sea 16.3: Italian battleships stay in the Mediterranean; the South Atlantic is
    offered for a German ship but not once an Italian battleship is among the ships."""
    state = _moving("axis")
    state.units["scharnhorst"].location = "italy"  # a German ship in the Italian port
    form = _move_form(state, "axis", "littorio")
    assert "scharnhorst" in form.inputs[0].values()
    german = _offered(form, {"ships": ["scharnhorst"]}, "to")
    assert german is not None and "south_atlantic" in german
    assert _offered(form, {"ships": ["littorio"]}, "to") == ["mediterranean"]
    assert _offered(form, {"ships": ["scharnhorst", "littorio"]}, "to") == ["mediterranean"]
    wrong = {"ships": ["scharnhorst", "littorio"], "to": "south_atlantic"}
    assert form.first_refused(wrong) == "to"
    # A refused answer keeps the choices made before it.
    assert form.kept(wrong) == {"ships": ["scharnhorst", "littorio"]}
    with pytest.raises(RuleViolation) as refused:
        RULESET.apply(
            state, "axis", RULESET.parse_action(form.build(wrong)), FairDice(b"0" * 32, "x", 0)
        )
    assert refused.value.code == "was.move.italian_limit"
