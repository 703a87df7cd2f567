"""Random legal Jutland games to the end (1 June 12:00) with the search's invariants checked
after every order: no force on land or an unenterable partial hex, one hex per force, hours
and fuel consistent, every answer truthful.

The default run plays a dozen whole games (under 1 s of CPU each) and four begun with the
fleets in contact; ``JUT_RANDOM_GAMES=100`` (scripts/long-play.txt) plays the long run issue 15
asks for, 100 whole games and 10 with battles (134 s of CPU for 100 and 4 on a busy machine)."""

from __future__ import annotations

import os
import random
from typing import Any

from bot.autoplay import play
from bot.referee.fairdice import FairDice
from bot.rules.core import Event, GameState
from bot.rules.core.registry import get
from bot.rules.jutland import board
from bot.rules.jutland.state import JutlandState

GAMES = int(os.environ.get("JUT_RANDOM_GAMES", "12"))
BATTLE_GAMES = max(4, GAMES // 10)
"""Games begun with the fleets a hex apart (random whole games seldom meet): 10 in the long
run."""


def check(state: GameState, events: list[Event]) -> None:
    assert isinstance(state, JutlandState)
    assert 0 <= state.hour <= board.last_hour() + 1
    for tf in state.task_forces.values():
        if tf.hex is None:
            assert tf.exit_hex in board.exits(tf.side) and tf.exit_hour is not None
        else:
            assert board.enterable(tf.side, tf.hex), (tf.id, tf.hex)
        if tf.left_at is not None:
            assert tf.left_at <= state.hour
            at_sea = state.hour - tf.left_at
            over = state.result is not None  # the game ended as hour 61 began: none is played
            assert (
                tf.dead
                or over
                or at_sea < board.fuel_limit(tf.side)
                or tf.hex in board.bases(tf.side)
            )
    ships = [s for tf in state.task_forces.values() for s in tf.ships]
    assert len(ships) == len(set(ships))  # no ship in two forces, so in two hexes
    sunk = [s for side in state.sunk.values() for s in side]
    assert not set(ships) & set(sunk) and len(ships) + len(sunk) == 72  # every ship counted
    fights = [*state.battles, *([state.battle] if state.battle else [])]
    if state.battle is not None:
        assert state.phase in ("battle", "over") and state.battle.hex not in state.fought
    assert len({b.hex for b in fights}) == len(fights)  # one battle a hex
    on_surface = [s for b in fights for s in b.ships]
    assert len(on_surface) == len(set(on_surface))  # no ship in two battles
    for b in fights:
        assert 1 <= b.turn <= 6
        for ship in b.ships.values():
            assert state.task_forces[ship.tf].hex == b.hex and ship.id in ships
    for tf in state.task_forces.values():
        assert tf.moved_at is None or tf.moved_at <= state.hour  # hours consistent
    assert all(hour <= state.hour for hour, _ in [*state.contacts, *state.spotted])
    for e in events:
        if e.kind == "jut.search":
            side = e.params["side"]
            other = "british" if side == "german" else "german"
            there = {tf.hex for tf in state.task_forces.values() if tf.side == other}
            assert set(e.params["found"]) == set(e.params["hexes"]) & there


def test_random_games_keep_the_invariants() -> None:
    ruleset = get("jutland")
    ended: dict[str, int] = {}
    orders = battles = 0
    for n in range(GAMES):
        dice = FairDice(b"jutland-random-play-seed-0000001", f"game-{n}", 0)
        state = ruleset.setup("basic", ruleset.parse_options({}), dice).state
        check(state, [])
        report: Any = play(ruleset, state, dice, random.Random(n), invariant=check)
        assert report.state.result is not None
        assert report.state.hour == board.last_hour() + 1  # whole games, to 1 June 12:00
        assert report.refused == 0  # every option offered is accepted
        ended[report.state.result.summary.key] = ended.get(report.state.result.summary.key, 0) + 1
        orders += report.actions
        battles += len(report.state.contacts)
    print(f"jutland random play: {GAMES} games to 1 June 12:00, {orders} orders, {battles} "
          f"battles, endings {ended}")  # fmt: skip
    assert orders > GAMES * 50


def test_random_battles_keep_the_invariants() -> None:
    """Games started with the fleets a hex apart in two places of the North Sea, so that
    battles happen, several in one hour among them (4.1)."""
    ruleset = get("jutland")
    sunk = 0
    seen: list[str] = []
    together = 0

    def each(state: GameState, events: list[Event]) -> None:
        check(state, events)
        seen.extend(e.kind for e in events)

    for n in range(BATTLE_GAMES):
        dice = FairDice(b"jutland-random-play-seed-0000001", f"battle-{n}", 0)
        state: Any = ruleset.setup("basic", ruleset.parse_options({}), dice).state
        state.phase, state.hour = "plot", 6 + 7 * (n % 4)
        places = {"de1": "P15", "de2": "Q10", "gb3": "P16", "gb2": "Q11", "gb1": "P18"}
        for tf, where in places.items():
            state.task_forces[tf].hex, state.task_forces[tf].left_at = where, 0
        report: Any = play(ruleset, state, dice, random.Random(n), invariant=each)
        assert report.state.result is not None
        sunk += sum(len(v) for v in report.state.sunk.values())
        hours = [hour for hour, _ in report.state.contacts]
        together += len(hours) - len(set(hours))
    battles = seen.count("jut.contact")
    print(
        f"jutland random play: {battles} battles, {together} begun in an hour with another, "
        f"{sunk} ships sunk"
    )
    assert battles >= 4 and together >= 1


def test_defaults_alone_end_a_game() -> None:
    ruleset = get("jutland")
    dice = FairDice(b"jutland-random-play-seed-0000001", "defaults", 0)
    state: Any = ruleset.setup("basic", ruleset.parse_options({}), dice).state
    while state.result is None:
        prompt = next(p for p in ruleset.prompts(state) if p.default is not None)
        state = ruleset.apply(state, prompt.seat, ruleset.parse_action(prompt.default), dice).state
    assert state.hour == board.last_hour() + 1 and state.result.winner is None
