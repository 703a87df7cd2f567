"""The mini-scenarios (Jutland 23.1) beyond their rule cases: each sets up with its
suggested options as the game's defaults (changeable), the light ships start within 4,000
yards of their capital ships, the Basic rules are refused, and the data names only ships of
the right side."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.referee.fairdice import FairDice
from bot.rules.core import RuleViolation
from bot.rules.core.sourced import DataError
from bot.rules.jutland import RULESET
from bot.rules.jutland.advanced.components import is_light
from bot.rules.jutland.battle.geometry import dist
from bot.rules.jutland.scenarios import data
from bot.rules.jutland.state import JutlandState

MINI = ("battlecruisers", "dogger_bank", "hit_and_run")


def _setup(scenario: str, **options: object) -> JutlandState:
    raw = {**RULESET.scenario_options(scenario), **options}
    state = RULESET.setup(scenario, RULESET.parse_options(raw), FairDice(b"s", scenario, 0)).state
    assert isinstance(state, JutlandState)
    return state


def test_every_scenario_is_offered_at_game_new() -> None:
    assert {s.id for s in RULESET.scenarios()} == {"basic", *MINI}


@pytest.mark.parametrize("scenario", ["battlecruisers", "dogger_bank"])
def test_light_ships_start_within_4000_yards_of_their_capital_ships(scenario: str) -> None:
    b = _setup(scenario).battle
    assert b is not None
    for u in (s for s in b.ships.values() if is_light(s.id)):
        own = [s for s in b.ships.values() if s.side == u.side and not is_light(s.id)]
        assert min(dist((u.x, u.y), (s.x, s.y)) for s in own) <= 4000, u.id
    # No two counters start on each other.
    spots = [(s.x, s.y) for s in b.ships.values()]
    assert len(spots) == len(set(spots))


@pytest.mark.parametrize("scenario", MINI)
def test_the_basic_rules_are_refused(scenario: str) -> None:
    options = RULESET.parse_options({"rules": "basic"})
    with pytest.raises(RuleViolation) as err:
        RULESET.setup(scenario, options, FairDice(b"s", scenario, 0))
    assert err.value.code == "jut.scenario.advanced" and err.value.section == "Jutland 23.1"


def test_the_suggested_options_are_the_scenarios_defaults() -> None:
    fields = set(RULESET.options_model.model_fields)
    for scenario in MINI:
        got = RULESET.scenario_options(scenario)
        assert got["rules"] == "advanced"
        suggested = data.spec(scenario).head.defaults  # type: ignore[union-attr]
        assert got == {k: v for k, v in suggested.items() if k in fields}
    assert RULESET.scenario_options("basic") == {}


def test_blucher_sails_only_at_dogger_bank() -> None:
    assert "blucher" in _setup("dogger_bank").task_forces["de1"].ships
    state = _setup("battlecruisers")
    assert all("blucher" not in tf.ships for tf in state.task_forces.values())


def test_a_scenario_naming_a_ship_of_the_other_side_is_refused(tmp_path: Path) -> None:
    root = tmp_path / "jutland" / "scenarios"
    root.mkdir(parents=True)
    here = Path(data.__file__).parents[4] / "data" / "jutland" / "scenarios"
    text = (here / "battlecruisers.toml").read_text(encoding="utf-8")
    (root / "battlecruisers.toml").write_text(text.replace('"lutzow"', '"lion"'))
    with pytest.raises(DataError) as err:
        data.load(tmp_path)
    assert "lion is no german capital ship" in str(err.value)
