"""Random legal Jutland games with the Tournament's search modules on (Jutland 21), with the
invariants of the Basic and Advanced games (tests/jutland/test_advanced_random_play.py) and
the modules' own: fourteen boats, each placed once, afloat or sunk, in full sea hexes, six
attacks at most; nine airships, at sea twenty hours at most, lost or afloat; searches by
boats and airships by day only, boats only where three or more are, every answer true to
the hidden state; the sweep's contact rewinds the clock.

``SEARCH_OPTIONS`` is the option set random play draws for these modules;
``JUT_TSEARCH_RANDOM_GAMES`` sets how many games (the suite's count is small)."""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

from bot.autoplay import play
from bot.referee.fairdice import FairDice
from bot.rules.core import Event, GameState
from bot.rules.core.registry import get
from bot.rules.jutland import board
from bot.rules.jutland.advanced.components import adv
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import JutlandState
from bot.rules.jutland.tournament import uboats, zeppelins
from bot.rules.jutland.tournament.search_components import tdata
from bot.rules.jutland.tournament.search_hooks import present
from tests.jutland.test_advanced_random_play import basic_check

GAMES = int(os.environ.get("JUT_TSEARCH_RANDOM_GAMES", "1"))
SEARCH_OPTIONS: dict[str, Any] = {
    "rules": "advanced", "fast_search": True, "sweep": True, "extra_forces": True,
    "redeployment": True, "uboats": True, "zeppelins": True,
}  # fmt: skip
PACKS = {"L11": 4, "K12": 3, "C18": 4, "E17": 3}
"""Where the German's boats start in these games: beside Rosyth and Scapa (L11 shaded)."""


def counters(state: JutlandState) -> int:
    afloat = sum(len(tf.ships) for tf in state.task_forces.values())
    return afloat + sum(len(v) for v in state.sunk.values())


def check(state: GameState, events: list[Event], ships: int) -> None:
    assert isinstance(state, JutlandState) and state.tsearch is not None
    ts = state.tsearch
    basic_check(state, events, ships=ships)  # every counter of the start, afloat or sunk
    placed = uboats.afloat(ts)
    every = placed + ts.sunk_boats + uboats.unplaced(ts)
    assert sorted(every) == sorted(tdata().uboats) and len(set(placed)) == len(placed)
    assert all(uboats.full_sea(g.hex) and g.boats for g in ts.groups.values())
    assert all(0 <= n <= tdata().rules.uboat_attacks for n in ts.attacks.values())
    assert all(board.shaded(h) for h in ts.disclosed)
    assert sorted([*ts.airships, *ts.lost_airships]) == sorted(tdata().airships)
    for a in ts.airships.values():
        assert a.left_at is None or zeppelins.at_sea_hours(state, a) <= tdata().rules.airship_hours
        assert (a.left_at is None) == (a.hex in zeppelins.bases()) or a.left_at == state.hour
    for e in events:
        if e.kind == "jut.t_search":
            assert not board.night(state.hour), e
            assert e.params["found"] == (e.params["hex"] in present(state, "british")), e
            if e.params["by"]["key"] == "jut.by.uboats":
                assert len(uboats.boats_in(ts, e.params["hex"])) >= tdata().rules.wolfpack
        if e.kind == "jut.sub_result":
            assert e.params["boats"] <= len(tdata().uboats)


def start(n: int) -> tuple[Any, Any, FairDice]:
    ruleset = get("jutland")
    dice = FairDice(b"jutland-tsearch-random-play-001", f"game-{n}", 0)
    state: Any = ruleset.setup("basic", ruleset.parse_options(SEARCH_OPTIONS), dice).state
    free = list(tdata().uboats)
    for hex_id, k in PACKS.items():
        order = {"type": "place_uboats", "hex": hex_id, "boats": free[:k]}
        state = ruleset.apply(state, "german", ruleset.parse_action(order), dice).state
        free = free[k:]
    return ruleset, state, dice


def test_random_games_with_the_search_modules_keep_the_invariants() -> None:
    seen: Counter[str] = Counter()
    contacts = 0
    for n in range(GAMES):
        ruleset, state, dice = start(n)
        # Every capital ship of the campaign and the extra forces (21.3), every light counter.
        total = counters(state)
        assert total == sum(s.task_force is not None or s.side == "british"
                            for s in comps().ships.values()) + len(adv().light)  # fmt: skip

        def each(state: GameState, events: list[Event], total: int = total) -> None:
            check(state, events, total)
            seen.update(e.kind for e in events)

        report: Any = play(ruleset, state, dice, random.Random(n), invariant=each)
        assert report.state.result is not None
        # Every option offered is accepted, but the Advanced search's light cruisers (whose
        # cruiser names which hex is checked when the order comes, 16.5 item 2).
        assert set(report.codes) <= {"jut.search.cruisers"}, report.refusals
        contacts += report.state.tsearch.sweep_result is not None
    print(
        f"{GAMES} games with the search modules: {seen['jut.t_search']} boat and airship "
        f"searches, {seen['jut.sub_action']} submarine actions, {seen['jut.airship_lost']} "
        f"airships lost, {seen['jut.sweep']} sweeps announced, {seen['jut.wolfpack']} wolfpacks "
        f"disclosed, {seen['jut.redeployed']} redeployments"
    )
    assert seen["jut.wolfpack"] == GAMES  # L11 is shaded: its pack of four is disclosed
    # The sweep is announced when the initial movement ends (a random German may never end
    # it: no patrol sees him and he never stops), once a game.
    assert seen["jut.sweep"] == contacts >= 1
