"""The Tournament search modules (Jutland 21) driven through the ruleset: what the rule cases
cannot set up (options refused at set-up, the dice of the airships' flights, the hour the
twentieth at sea ends), and who reads what."""

from __future__ import annotations

from typing import Any

import pytest

from bot.rules.core import RuleViolation, ScriptedDice
from bot.rules.core.registry import get
from bot.rules.jutland.state import JutlandState
from bot.rules.jutland.tournament import zeppelins
from bot.rules.jutland.tournament.search_state import Airship, UGroup

RULESET = get("jutland")
ALL = {"rules": "advanced", "fast_search": True, "sweep": True, "extra_forces": True,
       "redeployment": True, "uboats": True, "zeppelins": True}  # fmt: skip


def _setup(options: dict[str, Any], dice: list[int] | None = None) -> JutlandState:
    state = RULESET.setup("basic", RULESET.parse_options(options), ScriptedDice(dice or [])).state
    assert isinstance(state, JutlandState)
    return state


@pytest.mark.parametrize("module", ["fast_search", "sweep", "extra_forces", "uboats", "zeppelins"])
def test_each_module_needs_the_advanced_game(module: str) -> None:
    with pytest.raises(RuleViolation) as err:
        _setup({module: True})
    assert err.value.code == "jut.options.tournament"
    assert err.value.section.startswith("Jutland 21.")
    assert _setup({"rules": "advanced", module: True}).tsearch is not None


def test_the_redeployment_needs_the_extra_forces() -> None:
    with pytest.raises(RuleViolation) as err:
        _setup({"rules": "advanced", "redeployment": True})
    assert (err.value.code, err.value.section) == ("jut.options.redeploy_extra", "Jutland 21.4")


def test_no_module_leaves_the_advanced_game_as_it_was() -> None:
    state = _setup({"rules": "advanced"})
    assert state.tsearch is None and state.phase == "initial" and "gb5" not in state.task_forces


def _flying(hour: int, roll: int | None = None, left_at: int | None = None) -> JutlandState:
    state = _setup({"rules": "advanced", "zeppelins": True})
    assert state.tsearch is not None
    state.phase, state.hour = "plot", hour
    state.tsearch.deployed = ["german"]
    state.tsearch.airships = {
        "l9": Airship(id="l9", base="CC14", hex="BB14", left_at=left_at, plotted=["AA14", "Z14"])
    }
    return state


@pytest.mark.parametrize(("face", "hexes"), [(1, 2), (2, 1), (3, 1), (4, 0), (5, 0), (6, 0)])
def test_the_visibility_roll_gives_the_hexes_she_may_announce(face: int, hexes: int) -> None:
    """21.6 item 5, every face: the roll is secret to the German; her search menu offers the
    hexes she passed, as many as the face allows (none: no search form for her)."""
    state = _flying(10)
    dice = ScriptedDice([face])
    events = zeppelins.move(state, dice)
    assert dice.rolls[0].private_to == "german" and dice.rolls[0].value == face
    roll = next(e for e in events if e.kind == "jut.airship_roll")
    assert roll.audience == "german" and roll.params["hexes"] == hexes
    found = zeppelins.searches(state)
    assert (found["l9"] if hexes else None) == ((["AA14", "Z14"], hexes) if hexes else None)
    state.phase = "search_german"
    forms = [f for p in RULESET.prompts(state) for f in p.forms if f.type == "airship_search"]
    assert [f.inputs[0].max for f in forms] == ([hexes] if hexes else [])


def test_no_roll_and_no_search_at_night() -> None:
    state = _flying(23)
    dice = ScriptedDice([])
    zeppelins.move(state, dice)
    assert dice.rolls == [] and zeppelins.searches(state) == {}
    with pytest.raises(RuleViolation) as err:
        zeppelins.search(state, "l9", ["Z14"])
    assert (err.value.code, err.value.section) == ("jut.airship.night", "Jutland 21.6")


def test_an_airship_out_twenty_hours_is_lost_and_refused() -> None:
    """21.6 item 3: she left at 02:00; the hour 21:00 is her twentieth at sea: not in a base
    after it, she is out of the game (4 victory points to the British, 17), and no order
    moves her again."""
    state = _flying(21, left_at=2)
    events = zeppelins.move(state, ScriptedDice([4]))
    assert state.tsearch is not None and state.tsearch.lost_airships == ["l9"]
    lost = next(e for e in events if e.kind == "jut.airship_lost")
    assert lost.audience == "public"
    with pytest.raises(RuleViolation) as err:
        zeppelins.plot(state, "l9", "Z15", "stay")
    assert err.value.code == "jut.airship.lost"


def test_an_airship_home_in_her_twentieth_hour_is_kept() -> None:
    state = _flying(21, left_at=2)
    assert state.tsearch is not None
    state.tsearch.airships["l9"].plotted = ["CC15", "CC16"]
    state.tsearch.airships["l9"].hex = "BB16"
    zeppelins.move(state, ScriptedDice([]))
    a = state.tsearch.airships["l9"]
    assert state.tsearch.lost_airships == [] and a.hex == "CC16" and a.left_at is None


def test_the_british_reads_no_boat_and_no_airship() -> None:
    """Views per audience: the German's boats and airships are his alone; the British and
    the public views carry none, and ``secrets`` lists the hexes and groups for the leak
    guards."""
    state = _setup(ALL)
    assert state.tsearch is not None
    state.tsearch.groups = {"g1": UGroup(id="g1", boats=["u24", "u32"], hex="F20")}
    german = RULESET.view(state, "german").model_dump()["tsearch"]
    british = RULESET.view(state, "british").model_dump()["tsearch"]
    public = RULESET.view(state, None).model_dump()["tsearch"]
    assert german["groups"][0]["hex"] == "F20" and len(german["airships"]) == 9
    for seen in (british, public):
        assert not seen["groups"] and not seen["airships"]
    for audience in ("british", None):
        assert {"F20", "g1:u24,u32"} <= RULESET.secrets(state, audience)
    assert "F20" not in RULESET.secrets(state, "german")
    # The British redeploys in secret: the German reads no station.
    assert british["stations"] and not german["stations"]


def test_prompts_go_to_their_seat() -> None:
    state = _setup(ALL)
    seats = {p.seat: p for p in RULESET.prompts(state)}
    assert {f.type for f in seats["german"].forms} == {"place_uboats", "base_airship", "deployed"}
    assert {f.type for f in seats["british"].forms} == {"station", "deployed"}
    assert all(p.sealed for p in seats.values())


def test_boats_sunk_and_airships_lost_score_for_the_british() -> None:
    """17's table (Tournament rows): 2 points a U-boat sunk, 4 an airship lost."""
    from bot.rules.jutland.advanced.victory import points

    state = _setup({"rules": "advanced", "uboats": True, "zeppelins": True})
    assert state.tsearch is not None
    before = points(state)
    state.tsearch.sunk_boats = ["u24", "u32"]
    state.tsearch.lost_airships = ["l9"]
    after = points(state)
    assert after["british"] - before["british"] == 2 * 2 + 4 and after["german"] == before["german"]
