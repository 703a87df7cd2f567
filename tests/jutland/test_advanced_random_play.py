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
from bot.rules.jutland.tournament import special_damage

BATTLES = int(os.environ.get("JUT_ADV_RANDOM_BATTLES", "4"))
TOURNAMENT_BATTLE = ("ammunition", "special_damage", "smoke", "visibility", "wind")


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


def tournament_check(state: JutlandState, fights: list[Any]) -> None:
    """22.1-22.3: boxes by halves adding up to the boxes marked and never past a half, every
    lasting result with turns left, smoke standing at most two turns, the visibility within
    its limits."""
    a = state.advanced
    assert a is not None
    for ship, half in a.special.items():
        fore, aft = special_damage.halves(ship)
        assert 0 <= half.fore <= fore and 0 <= half.aft <= aft, (ship, half)
        assert half.fore + half.aft == (a.damage[ship].boxes if ship in a.damage else 0)
        assert all(e.turns is None or e.turns > 0 for e in half.effects), (ship, half)
        if not a.modules.special_damage:
            raise AssertionError(f"special damage recorded without the option: {ship}")
    for b in fights:
        # 15.3: falling out and merging move ships between forces; each stays in one.
        for f in b.formations.values():
            for s in (s for column in f.columns for s in column):
                assert b.ships[s].tf == f.tf and s in state.task_forces[f.tf].ships, (s, f.tf)
        assert all(1 <= s.turns <= 2 for s in b.smoke) and (a.modules.smoke or not b.smoke)
        if b.weather is not None and b.weather.rolled:
            assert a.modules.visibility and b.visibility is not None
            assert 0 <= b.visibility <= 36000


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
    tournament_check(state, fights)
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
        # Every second game with the Tournament's battle modules on (22.1-22.3), the weather
        # read on one die in every fourth.
        on = n % 2 == 1
        options = {"rules": "advanced", **dict.fromkeys(TOURNAMENT_BATTLE, on)}
        options["weather_one_roll"] = on and n % 4 == 3
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
    crits = sum(e.kind == "jut.critical" for e in seen)
    floats = sum(e.kind == "jut.flotation_table" for e in seen)
    smokes = sum(e.kind == "jut.smoke_laid" for e in seen)
    winds = sum(e.kind == "jut.wind" for e in seen)
    moves = {k: sum(e.kind == k for e in seen) for k in ("jut.fell_out", "jut.slid")}
    merges = sum(e.kind == "jut.formation_merged" for e in seen)
    print(
        f"Tournament: {crits} critical hits, {floats} flotation-table hits, {smokes} smoke "
        f"screens, {winds} wind rolls; formations: {moves['jut.slid']} slides, "
        f"{moves['jut.fell_out']} fallen out, {merges} merged"
    )
    print(
        f"{BATTLES} advanced games, {fires} fires on the Gunnery Damage Table "
        f"({light_fires} by light ships), {torps} torpedo attacks resolved, {sunk} sunk"
    )
    assert fires >= BATTLES  # battles were fought with the Advanced fire
