"""The full count of random legal play (issue 19): 100 games of each scenario of 19 and 20 of
20.1, with the invariants and the books after every order and the leak checks after every
tenth. CI runs it beside the suite (scripts/long-play.txt); by hand:

    REFEREE_GJ74_FULL=1 .venv/bin/python -m pytest -q -s tests/gj74/test_random_play_full.py

The normal suite plays a few games of each with every check after every order
(tests/gj74/test_random_play.py)."""

from __future__ import annotations

import os
import time

import pytest

from tests.gj74.test_random_play import play_one

FULL = {"19.1": 100, "19.2": 100, "19.3": 100, "19.4": 100, "20.1": 20}


@pytest.mark.skipif(
    os.environ.get("REFEREE_GJ74_FULL") != "1", reason="the full count: REFEREE_GJ74_FULL=1"
)
@pytest.mark.parametrize("sid", sorted(FULL))
def test_every_scenario_many_times(sid: str) -> None:
    started = time.perf_counter()
    orders = losses = 0
    winners: dict[str, int] = {}
    asked: dict[str, int] = {}
    for game in range(FULL[sid]):
        state, counts = play_one(sid, 1000 + game, leak_every=10)
        orders += counts["orders"]
        for k, v in counts.items():
            if k.startswith("asked "):
                asked[k[6:]] = asked.get(k[6:], 0) + v
        losses += sum(1 for u in state.units.values() if u.status in ("damaged", "sunk"))
        assert state.result is not None
        key = state.result.winner or "draw"
        winners[key] = winners.get(key, 0) + 1
    elapsed = time.perf_counter() - started
    print(
        f"GJ74 random play {sid}: {FULL[sid]} games, {orders} orders, {losses} ships lost, "
        f"results {winners}, {elapsed:.1f} s ({1000 * elapsed / max(orders, 1):.1f} ms/order)"
    )
    print(f"GJ74 random play {sid}, decisions asked: {dict(sorted(asked.items()))}")
    assert losses > 0
