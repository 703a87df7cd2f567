"""Random legal Jutland games with the Advanced rules on: the Basic Game's invariants (search,
hours, fuel, one hex a force) and the hit record's: boxes between none and the counter's,
slashes only between the German and the end of the British fire, flotation hits below the
protection of every ship afloat, every fire's hits split into boxes and flotation hits.

``JUT_ADV_RANDOM_BATTLES`` sets how many battle games (the suite's count is small)."""

from __future__ import annotations

import os
import random
from typing import Any

from bot.autoplay import play
from bot.referee.fairdice import FairDice
from bot.rules.core import Event, GameState
from bot.rules.core.registry import get
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import JutlandState
from tests.jutland.test_random_play import check as basic_check

BATTLES = int(os.environ.get("JUT_ADV_RANDOM_BATTLES", "4"))


def check(state: GameState, events: list[Event]) -> None:
    basic_check(state, events)
    assert isinstance(state, JutlandState) and state.advanced is not None
    afloat = {s for tf in state.task_forces.values() for s in tf.ships}
    for ship, d in state.advanced.damage.items():
        c = comps().ships[ship]
        assert 0 <= d.boxes <= c.hit_boxes and 0 <= d.slashed <= d.boxes, (ship, d)
        assert d.flotation >= 0 and d.phase_hits >= 0
        pending = state.battle is not None and ship in state.battle.ships
        if ship in afloat and not (pending and state.battle and state.battle.ships[ship].hit):
            assert d.flotation < c.protection, (ship, d)  # 13.2 item 3: she would have sunk
    if state.battle is None or state.battle.step == "maneuver":
        assert all(d.slashed == 0 for d in state.advanced.damage.values())  # 13.1 item 5
    for e in events:
        if e.kind == "jut.adv_fire":
            p = e.params
            assert p["hits"] == p["boxes"] + p["flotation"] and p["factor"] > 0


def test_random_advanced_battles_keep_the_invariants() -> None:
    ruleset = get("jutland")
    fires = sunk = 0
    seen: list[Event] = []

    def each(state: GameState, events: list[Event]) -> None:
        check(state, events)
        seen.extend(events)

    for n in range(BATTLES):
        dice = FairDice(b"jutland-advanced-random-play-001", f"battle-{n}", 0)
        state: Any = ruleset.setup("basic", ruleset.parse_options({"rules": "advanced"}), dice)
        state = state.state
        state.phase, state.hour = "plot", 6 + 7 * (n % 5)
        for tf, where in {"de1": "P15", "de2": "P14", "gb3": "P17", "gb1": "P18"}.items():
            state.task_forces[tf].hex, state.task_forces[tf].left_at = where, 0
        report: Any = play(ruleset, state, dice, random.Random(n), invariant=each)
        assert report.state.result is not None and report.refused == 0
        sunk += sum(len(v) for v in report.state.sunk.values())
    fires = sum(e.kind == "jut.adv_fire" for e in seen)
    print(f"{BATTLES} advanced games, {fires} fires on the Gunnery Damage Table, {sunk} sunk")
    assert fires >= BATTLES  # battles were fought with the Advanced fire
