"""AA50 3.1/3.2: each scenario's set-up as the engine builds it matches TripleA's game files
(units per power and type, starting IPCs, owners), and its first decisions are Germany's
(1941) or Japan's (1942)."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.referee.fairdice import FairDice
from bot.rules.aa50 import RULESET
from bot.rules.aa50.state import Aa50State

ABBR = {
    "inf": "infantry",
    "art": "artillery",
    "arm": "armour",
    "ftr": "fighter",
    "bmr": "bomber",
    "sub": "submarine",
    "DD": "destroyer",
    "CA": "cruiser",
    "CV": "carrier",
    "BB": "battleship",
    "trn": "transport",
    "AA": "aa_gun",
    "IC": "factory",
}
# TripleA's unit totals by power (shared/reference/aa50/NOTES.md section 4, from the XMLs).
TRIPLEA = {
    "1941": {
        "germans": "19 inf, 4 art, 8 arm, 4 ftr, 1 bmr, 3 sub, 1 CA, 2 trn, 1 AA, 1 IC",
        "russians": "37 inf, 2 art, 1 arm, 1 sub, 3 AA, 3 IC",
        "japanese": "21 inf, 2 art, 1 arm, 9 ftr, 5 trn, 1 DD, 1 CA, 3 CV, 1 BB, 1 AA, 1 IC",
        "british": "17 inf, 4 art, 3 arm, 3 ftr, 1 bmr, 4 trn, 5 DD, 1 CA, 1 BB, 3 AA, 1 IC",
        "italians": "5 inf, 1 art, 2 arm, 1 ftr, 1 trn, 2 CA, 1 BB, 1 AA, 1 IC",
        "americans": "9 inf, 1 art, 4 ftr, 2 bmr, 3 trn, 4 DD, 1 CV, 1 BB, 2 AA, 2 IC",
        "chinese": "4 inf, 1 ftr",
    },
    "1942": {
        "germans": "31 inf, 3 art, 10 arm, 5 ftr, 1 bmr, 3 sub, 2 DD, 1 CA, 2 trn, 2 AA, 1 IC",
        "russians": "26 inf, 2 art, 4 arm, 1 ftr, 1 bmr, 1 sub, 3 AA, 3 IC",
        "japanese": "23 inf, 1 art, 1 arm, 7 ftr, 1 bmr, 1 sub, 1 DD, 1 CA, 2 CV, 2 BB, 1 trn,"
        " 1 AA, 1 IC",
        "british": "18 inf, 3 art, 3 arm, 5 ftr, 1 bmr, 4 trn, 4 DD, 2 CA, 1 CV, 1 BB, 3 AA, 1 IC",
        "italians": "6 inf, 1 art, 3 arm, 1 ftr, 1 trn, 2 CA, 1 BB, 1 AA, 1 IC",
        "americans": "10 inf, 1 art, 1 arm, 4 ftr, 3 bmr, 1 sub, 3 DD, 1 CA, 1 CV, 1 BB, 3 trn,"
        " 2 AA, 2 IC",
        "chinese": "9 inf, 1 ftr",
    },
}
IPCS = {
    "1941": {"germans": 31, "russians": 30, "japanese": 17, "british": 43, "italians": 10,
             "americans": 40, "chinese": 0},
    "1942": {"germans": 37, "russians": 24, "japanese": 31, "british": 31, "italians": 10,
             "americans": 38, "chinese": 0},
}  # fmt: skip


def _expected(text: str) -> Counter[str]:
    out: Counter[str] = Counter()
    for item in text.split(","):
        n, abbr = item.split()
        out[ABBR[abbr]] += int(n)
    return out


def _start(scenario: str) -> Aa50State:
    dice = FairDice(b"aa50-setup-test-seed-00000000001", scenario, 0)
    state = RULESET.setup(scenario, RULESET.parse_options({}), dice).state
    assert isinstance(state, Aa50State)
    return state


@pytest.mark.parametrize("scenario", ["1941", "1942"])
def test_units_per_power_match_triplea(scenario: str) -> None:
    state = _start(scenario)
    for power, text in TRIPLEA[scenario].items():
        have = Counter(u.type for u in state.units.values() if u.owner == power)
        assert have == _expected(text), power


@pytest.mark.parametrize("scenario", ["1941", "1942"])
def test_starting_ipcs_and_first_power(scenario: str) -> None:
    state = _start(scenario)
    # 5.2: research opens the turn; the first power of 5's order owes it.
    assert state.ipcs == IPCS[scenario]
    assert state.power == ("germans" if scenario == "1941" else "japanese")
    prompts = RULESET.prompts(state)
    assert [p.seat for p in prompts] == [state.power]
    assert prompts[0].kind == "aa50.research"


@pytest.mark.parametrize("scenario", ["1941", "1942"])
def test_cargo_rides_transports_and_fighters_sit_on_carriers(scenario: str) -> None:
    """7.3.6: two land units per transport, one at most not infantry; 7.3.2: two fighters per
    carrier. Every land unit and fighter set up at sea is aboard."""
    state = _start(scenario)
    aboard: Counter[str] = Counter()
    for u in state.units.values():
        if u.at.startswith("sz_") and u.type in ("infantry", "artillery", "armour", "fighter"):
            assert u.carried_by is not None, u
            aboard[u.carried_by] += 1
    for ship, n in aboard.items():
        kind = state.units[ship].type
        assert n <= 2 and kind in ("transport", "carrier")


def test_victory_cities_at_the_start() -> None:
    """3.1/3.2: the Axis holds 6 and the Allies 12 in 1941; 8 and 10 in 1942."""
    from bot.rules.aa50 import query

    assert query.victory_cities(_start("1941")) == {"axis": 6, "allies": 12}
    assert query.victory_cities(_start("1942")) == {"axis": 8, "allies": 10}
