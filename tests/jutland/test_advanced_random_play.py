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
from bot.rules.jutland import board
from bot.rules.jutland.advanced import light
from bot.rules.jutland.advanced.components import adv, is_light
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import JutlandState

BATTLES = int(os.environ.get("JUT_ADV_RANDOM_BATTLES", "4"))


def basic_check(state: JutlandState, events: list[Event], ships: int) -> None:
    """tests/jutland/test_random_play.py's invariants, with the light ships counted."""
    assert 0 <= state.hour <= board.last_hour() + 1
    for tf in state.task_forces.values():
        if tf.hex is None:
            assert tf.exit_hex in board.exits(tf.side) and tf.exit_hour is not None
        else:
            assert board.enterable(tf.side, tf.hex), (tf.id, tf.hex)
        if tf.left_at is not None:
            at_sea = state.hour - tf.left_at
            assert tf.left_at <= state.hour
            assert (
                tf.dead
                or state.result is not None
                or at_sea < board.fuel_limit(tf.side)
                or tf.hex in board.bases(tf.side)
                or all(is_light(s) for s in tf.ships)  # 13.5 item 4: no fuel limit
            )
    afloat = [s for tf in state.task_forces.values() for s in tf.ships]
    sunk = [s for side in state.sunk.values() for s in side]
    assert len(afloat) == len(set(afloat)) and not set(afloat) & set(sunk)
    assert len(afloat) + len(sunk) == ships  # every counter counted, in one hex
    for b in (state.battle, *getattr(state, "battles", [])):
        if b is None:
            continue
        assert 1 <= b.turn <= 6
        for ship in b.ships.values():
            assert state.task_forces[ship.tf].hex == b.hex and ship.id in afloat
    for e in events:
        if e.kind == "jut.search":
            other = "british" if e.params["side"] == "german" else "german"
            there = {tf.hex for tf in state.task_forces.values() if tf.side == other}
            assert set(e.params["found"]) == set(e.params["hexes"]) & there


def check(state: GameState, events: list[Event]) -> None:
    assert isinstance(state, JutlandState) and state.advanced is not None
    # The Basic Game's invariants, with the light-ship counters (12.1) in the count.
    lights = [u for u in adv().light.values() if not u.extra]
    basic_check(state, events, ships=72 + len(lights))
    afloat = {s for tf in state.task_forces.values() for s in tf.ships}
    # Every battle going on (one fought now, others waiting for their turn in the hour).
    fights = [b for b in (state.battle, *getattr(state, "battles", [])) if b is not None]
    for ship, d in state.advanced.damage.items():
        gone = next((b.ships[ship] for b in fights if ship in b.ships), None)
        hit = gone is not None and (gone.hit or gone.sunk)  # struck off when the battle ends
        if is_light(ship):
            u = adv().light[ship]
            assert 0 <= d.boxes <= len(u.boxes) and d.flotation == 0, (ship, d)
            assert 0 <= d.spent <= u.boxes[0] and light.torpedoes(state, ship) >= 0  # 12.6
            if ship in afloat and not hit:
                assert d.boxes < len(u.boxes), (ship, d)  # 12.7: gone with every box marked
            continue
        c = comps().ships[ship]
        assert 0 <= d.boxes <= c.hit_boxes and 0 <= d.slashed <= d.boxes, (ship, d)
        assert d.flotation >= 0 and d.phase_hits >= 0 and d.spent == 0
        if ship in afloat and not hit:
            assert d.flotation < c.protection, (ship, d)  # 13.2 item 3: she would have sunk
    assert all(len(h) <= 6 for h in state.advanced.fire_hours.values())  # 22.2
    if state.battle is None or state.battle.step == "maneuver":
        assert all(d.slashed == 0 for d in state.advanced.damage.values())  # 13.1 item 5
    for e in events:
        if e.kind == "jut.adv_fire":
            p = e.params
            assert p["factor"] > 0
            if is_light(p["target"]):  # 12.7: boxes only; hits past the last are lost
                assert p["flotation"] == 0 and p["boxes"] <= p["hits"]
            else:
                assert p["hits"] == p["boxes"] + p["flotation"]
        if e.kind == "jut.torpedo_declared":
            assert not state.battle or not state.battle.night  # 12.6: by day only


def test_random_advanced_battles_keep_the_invariants() -> None:
    ruleset = get("jutland")
    fires = sunk = 0
    seen: list[Event] = []

    def each(state: GameState, events: list[Event]) -> None:
        check(state, events)
        seen.extend(events)

    for n in range(BATTLES):
        dice = FairDice(b"jutland-advanced-random-play-001", f"battle-{n}", 0)
        # Every second game with the Tournament's ammunition supply (22.2).
        options = {"rules": "advanced", "ammunition": n % 2 == 1}
        state: Any = ruleset.setup("basic", ruleset.parse_options(options), dice)
        state = state.state
        # Hour 25 (31 May 01:00) meets by night, within 3,000 yards of the marker (3.4
        # item 2), and fights on by day: the torpedoes' hour.
        state.phase, state.hour = "plot", (25, 6, 13, 1, 20)[n % 5]
        hexes = {"de1": "P15", "de2": "P14", "gb3": "P17", "gb1": "P18"}
        for tf, where in hexes.items():
            state.task_forces[tf].hex, state.task_forces[tf].left_at = where, 0
        for u in adv().light.values():  # each light ship beside its capital ships (12.1)
            home = hexes.get(f"{'gb' if u.side == 'british' else 'de'}{u.task_force}")
            if home and u.id in state.task_forces:
                state.task_forces[u.id].hex, state.task_forces[u.id].left_at = home, 0
        report: Any = play(ruleset, state, dice, random.Random(n), invariant=each)
        assert report.state.result is not None
        # Every option offered is accepted, but one: the search menu offers every hex next to
        # a searching force with light cruisers, up to their number; which force's cruiser
        # names which hex (16.5 item 2: one each) is checked when the order comes.
        assert set(report.codes) <= {"jut.search.cruisers"}, report.refusals
        sunk += sum(len(v) for v in report.state.sunk.values())
    fires = sum(e.kind == "jut.adv_fire" for e in seen)
    torps = sum(e.kind == "jut.torpedo" for e in seen)
    light_fires = sum(e.kind == "jut.adv_fire" and is_light(e.params["ships"][0]) for e in seen)
    print(
        f"{BATTLES} advanced games, {fires} fires on the Gunnery Damage Table "
        f"({light_fires} by light ships), {torps} torpedo attacks resolved, {sunk} sunk"
    )
    assert fires >= BATTLES  # battles were fought with the Advanced fire
