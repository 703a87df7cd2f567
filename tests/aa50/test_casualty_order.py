"""The standing casualty order (bot/rules/aa50/combat/standing.py, AA50 5.5.3.2-3): whatever a
power ranks, transports go last (7.3.6) and a battleship's second hit follows its first
(7.3.1), so the order it gives is always one the casualty check accepts."""

from __future__ import annotations

import itertools

from bot.referee.fairdice import FairDice
from bot.rules.aa50 import RULESET
from bot.rules.aa50.combat import casualties
from bot.rules.aa50.state import Aa50State, Battle, CasualtyOrder, Hits


def _sea_fight() -> tuple[Aa50State, Battle]:
    state = RULESET.setup("1941", RULESET.parse_options({}), FairDice(b"c" * 32, "g", 0)).state
    assert isinstance(state, Aa50State)
    # Japan's fleet in sea zone 61 (a battleship, a carrier and its fighters, a cruiser, two
    # loaded transports) defends against an American attacker.
    return state, Battle(where="sz_61", attacker="americans", kind="sea")


def test_every_ranking_gives_a_legal_answer_with_transports_last() -> None:
    state, battle = _sea_fight()
    kinds = ["transport", "battleship", "cruiser", "carrier", "fighter"]
    for ranks in itertools.permutations(kinds, 3):
        for first in (True, False):
            state.casualty_orders["japanese"] = CasualtyOrder(
                ranks=list(ranks), battleship_hits_first=first
            )
            for n in range(1, 9):
                hits = Hits(kind="any", count=n, side="defender")
                picked = casualties.default(state, battle, hits)
                casualties.check(state, battle, hits, picked)  # raises if illegal
                order = casualties.slots(state, battle, hits)
                types = [state.units[s.split("/")[0]].type for s in order]
                assert types.index("transport") > max(
                    i for i, k in enumerate(types) if k != "transport"
                )


def test_the_ranks_decide_which_unit_goes_first() -> None:
    state, battle = _sea_fight()
    hits = Hits(kind="any", count=1, side="defender")
    state.casualty_orders["japanese"] = CasualtyOrder(ranks=["carrier"])
    [first] = casualties.default(state, battle, hits)
    assert first == "u136"  # the battleship's free first hit comes before any loss
    state.casualty_orders["japanese"] = CasualtyOrder(
        ranks=["carrier"], battleship_hits_first=False
    )
    [first] = casualties.default(state, battle, hits)
    assert state.units[first].type == "carrier"
