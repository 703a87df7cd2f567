"""Jutland Advanced light ships and torpedoes beyond the rule cases: no torpedoes by night,
a flotilla sunk in its turn launches nothing, a ship dead in the water takes doubled hits,
the views carry a light ship's record, and light ships keep out of regrouping and fuel."""

from __future__ import annotations

from typing import Any

from bot.referee.fairdice import FairDice
from bot.rules.core.dice import ScriptedDice
from bot.rules.core.registry import get
from bot.rules.jutland import board, regroup
from bot.rules.jutland.advanced import damage, light, torpedo
from bot.rules.jutland.advanced.actions import Torpedo
from bot.rules.jutland.state import Battle, BattleShip, Formation, JutlandState
from bot.rules.jutland.view import JutlandView


def _state() -> JutlandState:
    ruleset = get("jutland")
    dice = FairDice(b"jutland-advanced-light-test-0000", "t", 0)
    state: Any = ruleset.setup("basic", ruleset.parse_options({"rules": "advanced"}), dice).state
    state.phase, state.hour, state.contact = "battle", 10, "P16"
    b = Battle(hex="P16", night=False, step="fire_german")
    for sid, side, tf, x, y, h in (
        ("de_dd3", "german", "de_dd3", 0.0, 0.0, 90.0),
        ("lion", "british", "gb3", 0.0, 4000.0, 90.0),
        ("tiger", "british", "gb3", -2500.0, 4000.0, 90.0),
        ("barham", "british", "gb3", -5000.0, 4000.0, 90.0),
    ):
        b.ships[sid] = BattleShip(id=sid, side=side, tf=tf, x=x, y=y, heading=h)
        state.task_forces[tf].hex = "P16"
    state.task_forces["gb3"].ships = ["lion", "tiger", "barham"]
    b.formations["gb3"] = Formation(
        tf="gb3", side="british", columns=[["lion", "tiger", "barham"]],
        tracks=[[(-7500.0, 4000.0), (0.0, 4000.0)]],
    )  # fmt: skip
    b.formations["de_dd3"] = Formation(
        tf="de_dd3", side="german", columns=[["de_dd3"]], tracks=[[(-2500.0, 0.0), (0.0, 0.0)]]
    )
    state.battle = b
    return state


def test_torpedoes_only_by_day_and_within_range() -> None:
    state = _state()
    assert state.battle is not None
    assert set(torpedo.attacks(state, state.battle, "german")["de_dd3"]) == {"lion", "tiger"}
    state.battle.night = True  # 12.6: by day only
    assert torpedo.attacks(state, state.battle, "german") == {}
    assert torpedo.prompts(state, state.battle, "german") == []


def test_a_flotilla_sunk_in_its_turn_launches_nothing() -> None:
    state = _state()
    b = state.battle
    assert b is not None and state.advanced is not None
    order = Torpedo(flotilla="de_dd3", target="lion", factors=2)
    torpedo.declare(state, b, "german", order)
    assert light.torpedoes(state, "de_dd3") == 1  # 3 less the 2 fired (12.6)
    b.ships["de_dd3"].sunk = True
    torpedo.end_turn(state, b)
    assert state.advanced.torpedoes == []


def test_a_ship_dead_in_the_water_takes_doubled_hits() -> None:
    state = _state()
    b = state.battle
    assert b is not None and state.advanced is not None
    damage.record(state.advanced, "lion").flotation = 4  # movement 11 - 4: not dead
    torpedo.declare(state, b, "german", Torpedo(flotilla="de_dd3", target="tiger", factors=1))
    state.advanced.damage["tiger"] = damage.Damage(flotation=0)
    # Tiger stopped dead before the attack (as by special damage): 15.4 item 3.
    attack = state.advanced.torpedoes[0].model_copy(update={"helpless": True})
    state.advanced.torpedoes = [attack]
    events = torpedo.resolve(state, b, ScriptedDice([2]))
    assert events[0].params["hits"] == 4  # the table's 2, doubled
    assert state.advanced.damage["tiger"].flotation == 4


def test_views_carry_a_light_ships_record_and_light_ships_keep_out_of_regrouping() -> None:
    state = _state()
    assert state.advanced is not None
    damage.record(state.advanced, "de_dd3").boxes = 2
    view = get("jutland").view(state, "british")
    assert isinstance(view, JutlandView) and view.battle is not None
    dd = next(s for s in view.battle.ships if s.id == "de_dd3").record
    assert dd is not None and (dd.broadside, dd.torpedo, dd.hit_boxes) == (3, 2, 5)
    state.battle = None
    state.phase = "plot"
    cl = state.task_forces["gb_cl1"]
    assert cl.hex == "K9"  # Rosyth, with Beatty's task force (12.1)
    cl.hex = state.task_forces["gb2"].hex = state.task_forces["gb3"].hex
    merges = regroup.merges(state, "british")
    assert merges["gb3"] == ["gb2"] and "gb_cl1" not in merges  # 12.1: a force of its own
    cl.left_at = 0
    assert not board.out_of_fuel(cl, 200)  # 13.5 item 4


def test_a_german_capital_force_coming_home_is_noted_with_its_hour() -> None:
    from bot.rules.jutland.advanced import victory

    state = _state()
    assert state.advanced is not None
    state.battle = None
    de2 = state.task_forces["de2"]
    de2.hex, state.hour = "P16", 30
    victory.watch(state)
    assert "de2" in state.advanced.at_sea and state.advanced.returns == []
    de2.hex, state.hour = "BB16", 31
    victory.watch(state)
    assert state.advanced.returns == [31]
    state.spotted = [(4, "P16")]
    assert victory.first_spotted(state) == 4 and not victory.early_return(state)  # 27 hours
    state.spotted = [(5, "P16")]
    assert victory.early_return(state)  # 31 - 5 = 26: within 26 hours


def test_the_views_tell_both_players_the_general_type_found() -> None:
    """16.6: the searches in every view carry capital or light for each hex found."""
    ruleset = get("jutland")
    state = _state()
    state.battle, state.phase = None, "search_british"
    for tf, where in (("gb2", "K12"), ("gb_cl2", "K12"), ("de2", "K12"), ("de_dd3", "K13")):
        state.task_forces[tf].hex = where
    order = ruleset.parse_action({"type": "announce", "extra": ["K13"]})
    after = ruleset.apply(
        state, "british", order, FairDice(b"jutland-advanced-light-test-0000", "v", 0)
    )
    for audience in ("german", "british", None):
        view = ruleset.view(after.state, audience)
        assert isinstance(view, JutlandView)
        assert view.searches[-1].kinds == {"K12": "capital", "K13": "light"}
