"""Jutland's Tournament battle modules (22.1-22.3) beyond the rule cases: the options refused
without the Advanced rules, the data checked with every problem reported, the weather's lower
limit, the lasting results' timing and their end with the battle, and what the views show."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from bot.referee.fairdice import FairDice
from bot.rules.core import RuleViolation
from bot.rules.core.data import data_dir
from bot.rules.core.dice import ScriptedDice
from bot.rules.core.registry import get
from bot.rules.core.sourced import DataError
from bot.rules.jutland.advanced import damage
from bot.rules.jutland.battle import end, maneuver, placement
from bot.rules.jutland.state import JutlandState
from bot.rules.jutland.tournament import battle_weather, special_damage
from bot.rules.jutland.tournament.battle_state import Effect, SmokeScreen, Special, Weather
from bot.rules.jutland.tournament.battle_tables import load_battle_tables, tables
from bot.rules.jutland.view import JutlandView
from tests.jutland.battles import battle_state


def _battle(**options: Any) -> JutlandState:
    state: JutlandState = battle_state(rules="advanced", **options)
    return state


@pytest.mark.parametrize("option", ["special_damage", "smoke", "visibility", "wind", "ammunition"])
def test_each_tournament_option_needs_the_advanced_rules(option: str) -> None:
    ruleset = get("jutland")
    dice = FairDice(b"jutland-tournament-battle-test-0", "t", 0)
    with pytest.raises(RuleViolation) as refused:
        ruleset.setup("basic", ruleset.parse_options({option: True}), dice)
    assert refused.value.code == "jut.options.tournament"
    state: Any = ruleset.setup(
        "basic", ruleset.parse_options({"rules": "advanced", option: True}), dice
    ).state
    modules = state.advanced.modules
    assert option == "ammunition" or getattr(modules, option) is True


def test_one_roll_for_the_weather_needs_both_tables() -> None:
    ruleset = get("jutland")
    dice = FairDice(b"jutland-tournament-battle-test-0", "t", 0)
    for partial in ({"visibility": True}, {"wind": True}, {}):
        chosen = ruleset.parse_options({"rules": "advanced", "weather_one_roll": True, **partial})
        with pytest.raises(RuleViolation) as refused:
            ruleset.setup("basic", chosen, dice)
        assert refused.value.code == "jut.options.one_roll"


def test_the_battle_tables_load_with_their_provenance() -> None:
    t = tables()
    assert [t.visibility[d].initial for d in range(1, 7)] == [
        36000, 28000, 20000, 16000, 12000, 8000,
    ]  # fmt: skip
    assert [t.visibility[d].change for d in range(1, 7)] == [4000, 4000, 0, 0, -4000, -4000]
    assert [t.wind_row(d).blows_from for d in range(1, 7)] == [0, 315, 270, 270, 225, 180]
    assert [t.wind_row(d).change for d in range(1, 7)] == [False] * 4 + [True] * 2
    assert [t.section(d) for d in range(1, 7)] == ["fore"] * 3 + ["aft"] * 3
    assert all(r.status == "rules" for r in (*t.visibility.values(), *t.wind, *t.location))
    assert t.split.status == "standin" and t.downwind.status == "inferred"


def test_a_broken_table_reports_every_problem(tmp_path: Path) -> None:
    root = tmp_path / "data"
    shutil.copytree(data_dir() / "jutland" / "tournament", root / "jutland" / "tournament")
    weather = root / "jutland" / "tournament" / "weather.toml"
    text = weather.read_text().replace("die = 6\ninitial = 8000", "die = 5\ninitial = 40000")
    weather.write_text(text.replace("die = [5]", "die = [4]"))
    with pytest.raises(DataError) as broken:
        load_battle_tables(root)
    said = str(broken.value)
    assert "visibility" in said and "wind" in said and "out of the limits" in said


def test_visibility_never_falls_below_nothing_nor_rises_past_36000() -> None:
    state = _battle(visibility=True)
    b = state.battle
    assert b is not None
    b.weather, b.visibility = Weather(rolled=True), 0.0
    battle_weather.next_turn(state, b, ScriptedDice([5]))  # 22.1 item 1d: no change
    assert b.visibility == 0
    b.visibility = 36000.0
    battle_weather.next_turn(state, b, ScriptedDice([1]))
    assert b.visibility == 36000
    battle_weather.next_turn(state, b, ScriptedDice([6]))
    assert b.visibility == 32000 and placement.visibility(b) == 32000.0


def test_a_day_battle_closes_to_the_rolled_visibility() -> None:
    state = _battle(visibility=True)
    weather, seen, rolled = battle_weather.start(state, False, ScriptedDice([6]))
    assert [e.params["yards"] for e in rolled] == [8000]
    assert weather is not None and weather.rolled and seen == 8000
    b = placement.new_battle(state, "P16", weather, seen)
    assert placement.nearest(b) <= 8000 < placement.nearest(_battle().battle or b)


def test_lasting_results_start_next_turn_and_temporary_ones_end_with_the_battle() -> None:
    state = _battle(special_damage=True)
    a, b = state.advanced, state.battle
    assert a is not None and b is not None
    special_damage.add(a, "tiger", "ammunition_hoist", 3)
    special_damage.add(a, "tiger", "director", None)
    special_damage.add(a, "lion", "engine_hit", None)
    assert damage.gunnery(state, "tiger", "broadside") == 7  # pending: not yet
    assert damage.movement(state, "lion") == 8  # engines: at once (11 - 3)
    special_damage.end_turn(state, set(b.ships))
    assert damage.gunnery(state, "tiger", "broadside") == 2  # 7 halved twice, rounded up
    for _ in range(3):
        special_damage.end_turn(state, set(b.ships))
    assert [e.kind for e in a.special["tiger"].effects] == ["director"]
    special_damage.add(a, "seydlitz", "stopped", 5)
    special_damage.end_turn(state, set(b.ships))
    assert maneuver.top_speed(state, b, b.formations["de1"]) == 0
    end.finish(state)  # the note after the tables: temporary results lapse
    assert a.special["seydlitz"].effects == []
    assert [e.kind for e in a.special["tiger"].effects] == ["director"]
    assert damage.movement(state, "lion") == 8


def test_the_views_show_the_halves_the_results_the_weather_and_the_smoke() -> None:
    state = _battle(special_damage=True, smoke=True, wind=True)
    a, b = state.advanced, state.battle
    assert a is not None and b is not None
    a.damage["tiger"] = damage.Damage(boxes=5)
    a.special["tiger"] = Special(fore=2, aft=3, effects=[Effect(kind="steering", turns=2)])
    b.weather = Weather(wind=270)
    b.smoke = [SmokeScreen(by="de_dd3", a=(0.0, 0.0), b=(4000.0, 0.0))]
    for audience in ("german", "british", None):
        view = get("jutland").view(state, audience)
        assert isinstance(view, JutlandView) and view.battle is not None
        tiger = next(s for s in view.battle.ships if s.id == "tiger")
        assert tiger.record is not None
        assert (tiger.record.fore, tiger.record.aft, tiger.record.effects) == (
            2, 3, ("steering:2",),
        )  # fmt: skip
        assert view.battle.wind == 270 and not view.battle.weather
        assert view.battle.smoke == (((0.0, 0.0), (4000.0, 0.0)),)


def test_the_battle_surface_shows_smoke_wind_visibility_and_special_damage(
    tmp_path: Path,
) -> None:
    """Drawn from the view alone: each Tournament element changes the picture."""
    from rendering.jutland.render import render

    state = _battle(special_damage=True, smoke=True, wind=True, visibility=True)
    b, a = state.battle, state.advanced
    assert b is not None and a is not None

    def png() -> bytes:
        return render(get("jutland").view(state, "british").model_dump(mode="json"))

    plain = png()
    lion = b.ships["lion"]
    b.smoke = [
        SmokeScreen(by="de_dd3", a=(lion.x - 6000, lion.y - 4000), b=(lion.x, lion.y - 4000))
    ]
    smoke = png()
    b.weather, b.visibility = Weather(rolled=True, wind=315), 12000.0
    weather = png()
    a.damage["lion"] = damage.Damage(boxes=5)
    a.special["lion"] = Special(fore=2, aft=3, effects=[Effect(kind="director")])
    hurt = png()
    assert len({plain, smoke, weather, hurt}) == 4
    (tmp_path / "surface.png").write_bytes(hurt)
    if out := __import__("os").environ.get("JUT_TB_PNG"):
        Path(out).write_bytes(hurt)


def test_smoke_and_a_fall_out_ordered_with_a_sealed_move_stay_secret_until_it_is_made() -> None:
    """The order is sealed (14.4 item 1): the British views and pictures do not change when the
    German orders smoke, nor the German's when the British order a ship out; the screen is
    public once laid."""
    from rendering.jutland.render import render

    ruleset = get("jutland")
    dice = FairDice(b"jutland-tournament-battle-test-0", "t", 0)
    chosen = ruleset.parse_options({"rules": "advanced", "smoke": True})
    state: Any = ruleset.setup("basic", chosen, dice).state
    state.phase, state.hour, state.contact = "battle", 10, "P16"
    for tf, came in (("de1", "P15"), ("de_dd3", "P15"), ("gb3", "P17")):
        state.task_forces[tf].hex, state.task_forces[tf].came_from = "P16", came
        state.task_forces[tf].left_at = 0
    state.battle = placement.new_battle(state, "P16")
    damage.record(state.advanced, "tiger").flotation = 4

    def seen(s: Any, audience: str) -> tuple[str, bytes]:
        view = ruleset.view(s, audience)
        return view.model_dump_json(), render(view.model_dump(mode="json"))

    order = ruleset.parse_action(
        {"type": "light_move", "tf": "de_dd3", "angle": 0, "speed": 6, "smoke": True}
    )
    smoked = ruleset.apply(state, "german", order, dice).state
    assert smoked.advanced.smoking == ["de_dd3"] and smoked.battle.smoke == []
    assert seen(smoked, "british") == seen(state, "british")
    out = ruleset.parse_action(
        {"type": "maneuver", "tf": "gb3", "turn": "succession", "angle": 0, "speed": 7,
         "detach": ["tiger"]}
    )  # fmt: skip
    both = ruleset.apply(smoked, "british", out, dice).state
    assert both.advanced.detach == ["tiger"]
    assert seen(both, "german")[1] == seen(smoked, "german")[1]
    for step in [s for s in ruleset.prompts(both) if s.kind in ("jut.maneuver", "jut.light_move")]:
        default = ruleset.parse_action(dict(step.default or {}))
        both = ruleset.apply(both, step.seat, default, dice).state
    assert len(both.battle.smoke) == 1 and both.advanced.smoking == []
    assert both.battle.ships["tiger"].tf != "gb3"  # she fell out with the maneuver
    assert seen(both, "british")[1] != seen(state, "british")[1]
