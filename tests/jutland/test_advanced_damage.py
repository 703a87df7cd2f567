"""Jutland Advanced damage beyond the rule cases: the option switches the rules, a ship dead
in the water falls out of her formation and out of her task force, the views carry the hit
record, and the Gunnery Damage Table reads past its last column."""

from __future__ import annotations

from typing import Any

from bot.referee.fairdice import FairDice
from bot.rules.core.registry import get
from bot.rules.jutland.advanced import damage, gunnery
from bot.rules.jutland.advanced.components import adv
from bot.rules.jutland.battle import end, maneuver
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import JutlandState
from bot.rules.jutland.view import JutlandView
from tests.jutland.battles import battle_state


def _battle(rules: str) -> JutlandState:
    state: JutlandState = battle_state(b"jutland-advanced-damage-test-000", rules=rules)
    return state


def test_the_rules_option_chooses_the_game() -> None:
    assert _battle("basic").advanced is None
    state = _battle("advanced")
    assert state.advanced is not None
    view = get("jutland").view(state, "british")
    assert isinstance(view, JutlandView) and view.battle is not None
    lion = next(s for s in view.battle.ships if s.id == "lion")
    assert lion.record is not None and lion.record.hit_boxes == 13 and lion.record.broadside == 6
    basic = get("jutland").view(_battle("basic"), "british")
    assert isinstance(basic, JutlandView) and basic.battle is not None
    assert all(s.record is None for s in basic.battle.ships)


def test_damage_lowers_the_gunnery_the_views_show_and_the_formation_speed() -> None:
    state = _battle("advanced")
    assert state.advanced is not None and state.battle is not None
    b = state.battle
    f = b.formations["gb3"]
    before = maneuver.top_speed(state, b, f)
    damage.record(state.advanced, "tiger").flotation = 6
    damage.record(state.advanced, "tiger").boxes = 5
    assert damage.movement(state, "tiger") == 5 and damage.gunnery(state, "tiger", "broadside") == 2
    assert maneuver.top_speed(state, b, f) == 5 < before  # 15.3: the slowest ship's speed
    view = get("jutland").view(state, None)
    assert isinstance(view, JutlandView) and view.battle is not None
    tiger = next(s for s in view.battle.ships if s.id == "tiger")
    assert tiger.record is not None and (tiger.record.movement, tiger.record.broadside) == (5, 2)


def test_a_ship_dead_in_the_water_falls_out_and_leaves_her_task_force() -> None:
    state = _battle("advanced")
    assert state.advanced is not None and state.battle is not None
    b = state.battle
    damage.record(state.advanced, "tiger").flotation = 11  # movement 11: none left (13.1)
    events = damage.fall_out(state, b, "tiger")
    assert [e.kind for e in events] == ["jut.dead_in_water"]
    assert "tiger" not in maneuver.live(b, b.formations["gb3"])
    assert maneuver.top_speed(state, b, b.formations["gb3"]) > 0  # the others sail on
    where = (b.ships["tiger"].x, b.ships["tiger"].y)
    maneuver.move_all(b)
    assert (b.ships["tiger"].x, b.ships["tiger"].y) == where  # she does not move
    end.finish(state)
    stranded = [tf for tf in state.task_forces.values() if "tiger" in tf.ships]
    assert len(stranded) == 1 and stranded[0].dead and stranded[0].ships == ["tiger"]
    assert "tiger" not in state.task_forces["gb3"].ships


def test_no_gunnery_left_is_no_shot_and_big_concentrations_read_past_the_table() -> None:
    state = _battle("advanced")
    assert state.advanced is not None and state.battle is not None
    b = state.battle
    for s in b.ships.values():
        if s.side == "british":
            damage.record(state.advanced, s.id).boxes = comps().ships[s.id].hit_boxes
    assert gunnery.shots(state, b, "british") == {}
    row = adv().damage[1].hits
    assert gunnery.table_hits(50, 1) == row[39] + row[9] and gunnery.table_hits(0, 1) == 0
    assert gunnery.scaled(3, "b3") == 2 and gunnery.scaled(3, "b0") == 9  # 14.3 item 5: up


def test_the_battle_surface_shows_the_hit_record() -> None:
    """The renderer draws a counter's boxes marked and flotation hits from the view alone."""
    from rendering.jutland.render import render

    state = _battle("advanced")
    assert state.advanced is not None
    clean = render(get("jutland").view(state, None).model_dump(mode="json"))
    damage.record(state.advanced, "lion").boxes = 3
    view = get("jutland").view(state, None)
    assert isinstance(view, JutlandView) and view.battle is not None
    lion = next(s for s in view.battle.ships if s.id == "lion")
    assert lion.record is not None and lion.record.boxes == 3
    assert render(view.model_dump(mode="json")) != clean


def test_a_tournament_option_needs_the_advanced_rules() -> None:
    """22.2: the Tournament modules are modules of the Advanced Game."""
    import pytest

    from bot.rules.core import RuleViolation

    ruleset = get("jutland")
    dice = FairDice(b"jutland-advanced-damage-test-000", "o", 0)
    with pytest.raises(RuleViolation) as refused:
        ruleset.setup("basic", ruleset.parse_options({"ammunition": True}), dice)
    assert refused.value.code == "jut.options.tournament"
    both = ruleset.parse_options({"rules": "advanced", "ammunition": True})
    state: Any = ruleset.setup("basic", both, dice).state
    assert state.advanced.ammunition
