"""Random legal play of every Jutland scenario (the campaign, the three mini-scenarios of
23.1, solitaire of 23.2) with every option off and every option on, to the end, with the
invariants after every order: hit boxes, flotation hits, torpedo factors never below nothing
nor past the counter; fuel; the formations on the battle surface; every counter counted once,
never on land.

The option sets are drawn from ``JutlandOptions``' fields (a flag on or off, a choice at its
last value or its default), so an option added to the model is played here at once.
``JUT_PLAY_RANDOM_GAMES`` sets the games per scenario (the suite's count is small; CI's long
play runs 50 a scenario, scripts/long-play.txt)."""

from __future__ import annotations

import os
import random
import time
import typing
from typing import Any

import pytest

from bot.autoplay import play
from bot.referee.fairdice import FairDice
from bot.rules.core import Event, GameState
from bot.rules.jutland import RULESET, board
from bot.rules.jutland.advanced import light
from bot.rules.jutland.advanced.components import adv, is_light
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import JutlandState

GAMES = int(os.environ.get("JUT_PLAY_RANDOM_GAMES", "2"))
SCENARIOS = [s.id for s in RULESET.scenarios()]


def option_sets(scenario: str) -> list[dict[str, Any]]:
    """Every option off and every option on, from the model's fields: a flag False or True;
    a choice (Literal) at its default or its last value; anything else at its default. A
    scenario's own requirements (the mini-scenarios' Advanced rules) are laid over both."""
    off: dict[str, Any] = {}
    on: dict[str, Any] = {}
    for name, field in RULESET.options_model.model_fields.items():
        if field.annotation is bool:
            off[name], on[name] = False, True
        elif typing.get_origin(field.annotation) is typing.Literal:
            off[name], on[name] = field.default, typing.get_args(field.annotation)[-1]
    if scenario != "basic":
        off["rules"] = on["rules"] = "advanced"
    return [off, on]


def counters(state: JutlandState) -> int:
    return sum(len(tf.ships) for tf in state.task_forces.values()) + sum(
        len(v) for v in state.sunk.values()
    )


def check(state: JutlandState, events: list[Event], total: int) -> None:
    assert counters(state) == total  # every counter counted, afloat or sunk
    afloat = [s for tf in state.task_forces.values() for s in tf.ships]
    assert len(afloat) == len(set(afloat))  # in one task force, one hex
    for tf in state.task_forces.values():
        if tf.hex is not None:
            assert board.enterable(tf.side, tf.hex), (tf.id, tf.hex)  # never on land (3.1)
        if tf.left_at is not None and state.result is None:
            # 13.5: back in time, or dead in the water; light ships have no limit
            assert tf.left_at <= state.hour
            assert (
                tf.dead
                or state.hour - tf.left_at < board.fuel_limit(tf.side)
                or all(is_light(s) for s in tf.ships)
            ), (tf.id, tf.left_at, state.hour)
    fights = [b for b in (state.battle, *state.battles) if b is not None]
    for b in fights:
        assert 1 <= b.turn <= 6
        placed: list[str] = []
        for f in b.formations.values():
            members = [s for column in f.columns for s in column]
            placed += members
            assert all(s in b.ships and b.ships[s].side == f.side for s in members)
        assert len(placed) == len(set(placed))  # a ship in one formation at most
        for ship in b.ships.values():
            assert ship.id in afloat or ship.sunk or ship.hit
    a = state.advanced
    if a is None:
        return
    for ship, d in a.damage.items():
        if is_light(ship):
            u = adv().light[ship]
            assert 0 <= d.boxes <= len(u.boxes) and d.flotation == 0, (ship, d)
            assert 0 <= d.spent <= u.boxes[0] and light.torpedoes(state, ship) >= 0  # 12.6
        else:
            c = comps().ships[ship]
            assert 0 <= d.boxes <= c.hit_boxes and 0 <= d.slashed <= d.boxes, (ship, d)
            assert d.flotation >= 0 and d.spent == 0
            hit = any(ship in b.ships and (b.ships[ship].hit or b.ships[ship].sunk) for b in fights)
            if ship in afloat and not hit:
                assert d.flotation < c.protection, (ship, d)  # 13.2 item 3: she would sink
    for e in events:
        if e.kind == "jut.torpedo_declared":
            assert e.params["factors"] > 0


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_random_play_of_every_scenario_with_all_options_off_and_on(scenario: str) -> None:
    started = time.perf_counter()
    games = orders = battles = 0
    results: dict[str | None, int] = {}
    for n in range(GAMES):
        options = option_sets(scenario)[n % 2]
        dice = FairDice(b"jutland-play-random-0001", f"{scenario}-{n}", 0)
        out = RULESET.setup(scenario, RULESET.parse_options(options), dice)
        state = out.state
        assert isinstance(state, JutlandState)
        total = counters(state)

        def each(s: GameState, events: list[Event], total: int = total) -> None:
            assert isinstance(s, JutlandState)
            check(s, events, total)

        each(state, out.events)
        report: Any = play(RULESET, state, dice, random.Random(n), invariant=each)
        assert report.state.result is not None, (scenario, options)
        games += 1
        orders += report.actions
        battles += sum(e.kind == "jut.contact" for e in [*out.events, *report.events])
        winner = report.state.result.winner
        results[winner] = results.get(winner, 0) + 1
    elapsed = time.perf_counter() - started
    print(
        f"random play {scenario}: {games} games ({GAMES // 2 + GAMES % 2} options off, "
        f"{GAMES // 2} on), {orders} orders, {battles} battles, winners {results}, "
        f"{elapsed:.1f}s"
    )
    assert games == GAMES
