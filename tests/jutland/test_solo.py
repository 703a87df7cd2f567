"""Solitaire against the bot (Jutland 23.2): the six plans keep the rule's constraints, the
die that picks the plan is the German's alone, the comparison finds the first meeting, the
start follows it, the plan is secret from the British until contact, and the bot's dice
number the choices as the rule says."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.referee.fairdice import FairDice
from bot.rules.core.dice import ScriptedDice
from bot.rules.core.sourced import DataError
from bot.rules.jutland import RULESET, board, solo
from bot.rules.jutland.scenarios.bot import choose
from bot.rules.jutland.state import JutlandState
from bot.rules.jutland.view import secrets

BRITISH_BASES = ("A17", "D13", "K9")


def _start(seed: str) -> JutlandState:
    out = RULESET.setup("basic", RULESET.parse_options({"solo": True}), FairDice(b"t", seed, 0))
    assert isinstance(out.state, JutlandState)
    return out.state


def test_six_plans_each_an_ambush_within_three_hexes_of_a_british_base() -> None:
    plans = solo.data().plans
    assert sorted(plans) == [1, 2, 3, 4, 5, 6]
    for p in plans.values():
        assert min(board.distance(p.ambush, b) for b in BRITISH_BASES) <= 3
        track = solo.plan_track(p)
        assert track[: p.depart + 1] == ["BB16"] * (p.depart + 1) and track[-1] == p.ambush
        # a hex an hour, by hexes the German may enter
        assert all(
            board.distance(a, b) == 1
            for a, b in zip(track[p.depart :], track[p.depart + 1 :], strict=False)
        )
        assert all(board.enterable("german", h) for h in track)


def test_the_patterns_keep_their_rows() -> None:
    rows = ["A", "B", "C", "D"]
    for h in [x for points in solo.data().patterns[2].sweeps.values() for x in points]:
        assert h.rstrip("0123456789") in rows  # sheet 2: not south of Cromarty (row D)
    assert set(solo.data().patterns[6].random) == {"gb3"}  # sheet 6: the battlecruisers


def test_a_plan_beyond_three_hexes_is_refused(tmp_path: Path) -> None:
    here = Path(solo.__file__).parents[3] / "data" / "jutland" / "scenarios" / "solo"
    root = tmp_path / "jutland" / "scenarios" / "solo"
    root.mkdir(parents=True)
    text = (here / "plans.toml").read_text(encoding="utf-8")
    (root / "plans.toml").write_text(text.replace('ambush = "M10"', 'ambush = "P15"'))
    with pytest.raises(DataError) as err:
        solo.load(tmp_path)
    assert "P15 is not within 3 of a base" in str(err.value)


def test_the_plan_die_is_the_germans_alone_and_the_start_follows_the_comparison() -> None:
    seen = {"contact": 0, "none": 0}
    for k in range(40):
        dice = FairDice(b"t", f"g{k}", 0)
        state = RULESET.setup("basic", RULESET.parse_options({"solo": True}), dice).state
        assert isinstance(state, JutlandState) and state.play and state.play.solo
        s = state.play.solo
        assert dice.rolls[0].private_to == "german" and dice.rolls[0].value == s.plan
        german = {tf.hex for tf in state.task_forces.values() if tf.side == "german"}
        if s.contact is None:
            seen["none"] += 1
            plan = solo.data().plans[s.plan]
            assert german == {plan.ambush} and state.phase == "plot"
            assert state.hour == len(solo.plan_track(plan)) - 1
            assert {tf.hex for tf in state.task_forces.values() if tf.side == "british"} <= set(
                BRITISH_BASES
            )
        else:
            seen["contact"] += 1
            assert german == {s.contact} and state.battle is not None
            assert state.battle.hex == s.contact and s.revealed and s.pattern in range(1, 7)
    assert seen["contact"] and seen["none"], seen


def test_compare_takes_the_first_hour_and_the_lowest_pattern() -> None:
    german = ["BB16", "AA16", "Z16", "Y16"]
    sweeps = {
        1: {"gb1": ["A17", "A18", "A19", "Y16"]},
        2: {"gb3": ["K9", "K10", "Z16", "Z16"]},
        3: {"gb2": ["D13", "D14", "Z16", "Z16"]},
    }
    assert solo.compare(german, sweeps) == (2, "Z16", 2)
    assert solo.compare(german, {1: {"gb1": ["A17"] * 4}}) is None
    # passing each other between two hours is no meeting (3.3 item 4: the same hex)
    assert solo.compare(["P15", "P16"], {1: {"gb3": ["P16", "P15"]}}) is None


def test_the_plan_is_secret_from_the_british_until_contact() -> None:
    state = next(
        s
        for s in (_start(f"g{k}") for k in range(20))
        if s.play and s.play.solo and s.play.solo.contact is None
    )
    assert state.play is not None and state.play.solo is not None
    hidden = secrets(state, "british") & set(state.play.solo.track)
    assert state.play.solo.track[-1] in hidden  # the ambush hex
    assert secrets(state, "german") & set(state.play.solo.track) == set()
    state.play.solo.revealed = True
    assert not secrets(state, "british") & (
        set(state.play.solo.track) - {state.play.solo.track[-1]}
    )


@pytest.mark.parametrize(
    ("n", "faces", "want"),
    [
        (2, [3], 0),
        (2, [4], 1),
        (3, [2], 0),
        (3, [5], 2),
        (6, [6], 5),
        (4, [5, 6, 4], 3),  # 5 and 6 are thrown again
        (7, [1, 1], 0),
        (7, [6, 6, 1, 2], 0),  # 36 past the last of 35 (5 x 7): again
    ],
)
def test_choices_are_numbered_on_dice(n: int, faces: list[int], want: int) -> None:
    dice = ScriptedDice(faces)
    assert choose(n, dice, RULESET.title, None) == want
    assert len(dice.rolls) == len(faces)
