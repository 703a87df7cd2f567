"""Exact battle odds (issue 18): cases whose result is known by hand, each rule of a battle
that changes the odds (AA50 5.5, 7), and agreement with sampling."""

from __future__ import annotations

import math
import random

import pytest

from bot.rules.aa50 import board
from bot.rules.aa50.odds import BattleSpec, CasualtyOrder, Odds, Side, montecarlo, odds


def side(tech: tuple[str, ...] = (), **units: int) -> Side:
    return Side.model_validate({"units": units, "tech": tech})


def land(att: Side, dfn: Side, **kw: object) -> BattleSpec:
    return BattleSpec.model_validate({"kind": "land", "attacker": att, "defender": dfn, **kw})


def sea(att: Side, dfn: Side, **kw: object) -> BattleSpec:
    return BattleSpec.model_validate({"kind": "sea", "attacker": att, "defender": dfn, **kw})


def test_one_infantry_against_one_infantry() -> None:
    # Each round the attacker hits on 1 (1/6), the defender on 1-2 (2/6), at once.
    # Attacker only: 1/6*4/6 = 4/36; defender only: 5/6*2/6 = 10/36; both: 1/6*2/6 = 2/36;
    # neither (the round again): 20/36. Dividing by the 16/36 that ends it: 1/4, 5/8, 1/8,
    # and the battle lasts 36/16 = 2.25 rounds on average.
    o = odds(land(side(infantry=1), side(infantry=1)))
    assert o.attacker_wins == pytest.approx(1 / 4)
    assert o.defender_wins == pytest.approx(5 / 8)
    assert o.draw == pytest.approx(1 / 8)
    assert o.rounds == pytest.approx(2.25)
    assert o.captures == pytest.approx(1 / 4)
    assert o.attacker_survivors["infantry"] == pytest.approx(1 / 4)
    assert o.defender_survivors["infantry"] == pytest.approx(5 / 8)
    assert o.attacker_ipc_lost == pytest.approx(3 * 3 / 4)
    assert o.ipc_swing == pytest.approx(3 * (1 / 4 + 1 / 8) - 3 * 3 / 4)


def test_two_submarines_against_two_lone_transports_win_always() -> None:
    # TripleA's known case: transports alone against units that can hit are sunk at once,
    # no die rolled (5.5.3.2 defenceless transports).
    o = odds(sea(side(submarine=2), side(transport=2)))
    assert o.attacker_wins == 1.0
    assert o.defender_wins == o.draw == 0.0
    assert o.defender_ipc_lost == 14
    assert o.attacker_ipc_lost == 0
    assert o.rounds == 0
    assert o.attacker_survivors == {"submarine": 2}


def test_a_battleship_takes_two_hits() -> None:
    # A cruiser (hits on 3) against a battleship (hits on 4, two hits to sink, 7.3.1).
    # Undamaged: the battleship wins the round on any of its hits (2/3), the cruiser damages
    # it on 1/2 * 1/3; nothing happens on 1/2 * 1/3 = 1/6. So 4/5 the battleship wins at
    # once, 1/5 it is damaged. Damaged: both hit 1/3 (draw), cruiser only 1/6, battleship
    # only 1/3, neither 1/6: 2/5, 1/5, 2/5. Attacker 1/25; draw 2/25; defender 4/5 + 2/25.
    o = odds(sea(side(cruiser=1), side(battleship=1)))
    assert o.attacker_wins == pytest.approx(1 / 25)
    assert o.draw == pytest.approx(2 / 25)
    assert o.defender_wins == pytest.approx(22 / 25)
    # The battleship is repaired after the battle (7.3.1): it survives whole when it wins.
    assert o.defender_survivors["battleship"] == pytest.approx(22 / 25)


def test_the_battleship_takes_its_free_hit_first_by_default() -> None:
    # One hit on a battleship and an infantry-priced unit: by the default order the
    # battleship is damaged and nothing is lost, unless the order says otherwise.
    free = odds(sea(side(battleship=1), side(battleship=1, submarine=1)))
    paid = odds(
        sea(
            side(battleship=1),
            Side(
                units={"battleship": 1, "submarine": 1},
                order=CasualtyOrder(battleship_first_hit=False),
            ),
        )
    )
    assert free.defender_survivors["submarine"] > paid.defender_survivors["submarine"]


def test_surprise_strike_and_its_cancellation_by_a_destroyer() -> None:
    # A submarine (2) against a cruiser (3): no destroyer, so the sub strikes first (7.3.5)
    # and a cruiser it hits never fires. Round: sub wins 1/3; else the cruiser sinks it on 1/2
    # (1/3 overall); neither 1/3. So 1/2 each.
    o = odds(sea(side(submarine=1), side(cruiser=1), surprise_every_round=True))
    assert o.attacker_wins == pytest.approx(1 / 2)
    assert o.defender_wins == pytest.approx(1 / 2)
    assert o.draw == pytest.approx(0)
    # Against a destroyer (2) there is no surprise strike (7.3.4): both fire at once.
    # 1/3*2/3 each way, both 1/9, neither 4/9: 2/5, 2/5, 1/5.
    o = odds(sea(side(submarine=1), side(destroyer=1)))
    assert o.attacker_wins == pytest.approx(2 / 5)
    assert o.defender_wins == pytest.approx(2 / 5)
    assert o.draw == pytest.approx(1 / 5)


def test_a_surprise_strike_in_the_first_round_only() -> None:
    # 7.3.5 read as once per battle: a sub (2) against a cruiser (3). Round one as above: the
    # sub wins 1/3, the cruiser 1/3, 1/3 goes on. Then both fire at once: sub only 1/6,
    # cruiser only 1/3, both 1/6, neither 1/3: 1/4, 1/2, 1/4 of what goes on.
    o = odds(sea(side(submarine=1), side(cruiser=1), surprise_every_round=False))
    assert o.attacker_wins == pytest.approx(1 / 3 + 1 / 3 * 1 / 4)
    assert o.defender_wins == pytest.approx(1 / 3 + 1 / 3 * 1 / 2)
    assert o.draw == pytest.approx(1 / 3 * 1 / 4)


def test_aa_fire_against_aircraft() -> None:
    # A fighter (3) against an infantry (2): 1/2*2/3 win, 1/2*1/3 lose, 1/2*1/3 both, 1/3
    # again: 1/2, 1/4, 1/4. An AA gun first shoots it down on a 1 (7.1.4): 5/6 of that.
    bare = odds(land(side(fighter=1), side(infantry=1)))
    assert (bare.attacker_wins, bare.defender_wins) == pytest.approx((1 / 2, 1 / 4))
    o = odds(land(side(fighter=1), side(infantry=1), aa_gun=True))
    assert o.attacker_wins == pytest.approx(5 / 6 * 1 / 2)
    assert o.defender_wins == pytest.approx(1 / 6 + 5 / 6 * 1 / 4)
    assert o.captures == 0  # aircraft never take a territory (5.5.3.6)
    # Radar: 1-2 (5.2.3).
    radar = odds(land(side(fighter=1), side(("radar",), infantry=1), aa_gun=True))
    assert radar.attacker_wins == pytest.approx(4 / 6 * 1 / 2)


def test_submarines_and_aircraft_cannot_hit_each_other() -> None:
    # 7.3.5: submarines never hit aircraft; 7.3.4: aircraft hit no sub without a destroyer.
    o = odds(sea(side(submarine=2), side(fighter=2)))
    assert o.draw == 1.0 and o.rounds == 0
    with_dd = odds(sea(side(fighter=1, destroyer=1), side(submarine=1)))
    assert with_dd.attacker_wins > 0.5


def test_submerging_submarines_leave_and_survive() -> None:
    sub = Side(units={"submarine": 1}, submerge_from_round=1)
    o = odds(sea(side(cruiser=1), sub))
    assert o.attacker_wins == 1.0 and o.defender_survivors == {"submarine": 1.0}
    # A destroyer stops them submerging (7.3.4).
    o = odds(sea(side(destroyer=1), sub))
    assert o.defender_survivors.get("submarine", 0) < 1.0


def test_bombardment_casualties_fire_back() -> None:
    # One battleship bombards (4) before one landed infantry (1) meets one infantry (2): the
    # bombarded defender still fires in the first round (5.5.2.2).
    o = odds(land(side(infantry=1), side(infantry=1), amphibious=1, bombard={"battleship": 1}))
    plain = odds(land(side(infantry=1), side(infantry=1)))
    assert o.attacker_wins > plain.attacker_wins
    # First round with the shell hitting (2/3): the defender dies whatever; it fires back
    # (2/6), so the attacker wins 2/3*4/6 and both die 2/3*2/6.
    assert o.draw >= 2 / 3 * 2 / 6


def test_bombardment_fires_at_land_units_only() -> None:
    # 7.3.1, 7.3.3 (as the engine takes bombardment hits): a fighter defending alone is
    # untouched by the battleship's shot, so the battle is the one without it.
    shelled = odds(land(side(infantry=2), side(fighter=1), amphibious=2, bombard={"battleship": 1}))
    plain = odds(land(side(infantry=2), side(fighter=1), amphibious=2))
    assert shelled.attacker_wins == pytest.approx(plain.attacker_wins)
    assert shelled.defender_survivors == pytest.approx(plain.defender_survivors)
    # Against an infantry and a fighter, the shot may only take the infantry.
    mixed = odds(
        land(side(infantry=2), side(infantry=1, fighter=1), amphibious=2, bombard={"battleship": 1})
    )
    assert mixed.defender_survivors["fighter"] > mixed.defender_survivors["infantry"]


def test_retreat_after_the_first_round() -> None:
    # 1 vs 1 infantry: after round one the battle goes on with probability 20/36; the
    # attacker then retreats (5.5.3.5 B).
    o = odds(land(side(infantry=1), side(infantry=1), retreat_after_round=1))
    assert o.retreat == pytest.approx(20 / 36)
    assert o.attacker_wins == pytest.approx(4 / 36)
    # Units landed from the sea may not retreat (5.5.2.3).
    held = odds(land(side(infantry=1), side(infantry=1), retreat_after_round=1, amphibious=1))
    assert held.retreat == 0


def test_casualty_order_changes_survivors() -> None:
    default = odds(land(side(infantry=2, armour=2), side(infantry=3)))
    tanks_first = odds(
        land(
            Side(units={"infantry": 2, "armour": 2}, order=CasualtyOrder(first=("armour",))),
            side(infantry=3),
        )
    )
    assert default.attacker_survivors["armour"] > tanks_first.attacker_survivors["armour"]


def test_keeping_a_land_unit_to_take_the_territory() -> None:
    # One infantry and a fighter against one infantry: by cost the infantry dies first and
    # the fighter cannot take the territory (5.5.3.6); keeping the land unit, the fighter
    # goes first on a single hit.
    keep = Side(units={"infantry": 1, "fighter": 1}, order=CasualtyOrder(keep_land=True))
    plain = odds(land(side(infantry=1, fighter=1), side(infantry=1)))
    kept = odds(land(keep, side(infantry=1)))
    assert kept.captures > plain.captures
    assert kept.attacker_wins < plain.attacker_wins  # the fighter hit harder
    assert kept.attacker_survivors["infantry"] > plain.attacker_survivors["infantry"]


def test_a_standing_order_ranks_as_the_engine_does() -> None:
    order = CasualtyOrder.standing(["armour", "infantry"], False, True)
    assert order == CasualtyOrder(
        first=("armour", "infantry"), battleship_first_hit=False, keep_land=True
    )


def test_transports_are_chosen_last() -> None:
    # Whatever the order says, transports come last (7.3.6).
    order = CasualtyOrder(first=("transport",))
    o = odds(sea(side(destroyer=2), Side(units={"transport": 1, "destroyer": 1}, order=order)))
    o2 = odds(sea(side(destroyer=2), side(transport=1, destroyer=1)))
    assert o == o2


def test_refusals() -> None:
    with pytest.raises(ValueError, match="cannot fight"):
        land(side(battleship=1), side(infantry=1))
    with pytest.raises(ValueError, match=r"5\.5\.2\.2"):
        land(side(infantry=1), side(infantry=1), amphibious=1, bombard={"battleship": 2})
    with pytest.raises(ValueError, match="not a battle unit"):
        land(side(infantry=1), side(aa_gun=1))


def _agree(exact: Odds, sampled: Odds, runs: int, worth: tuple[int, int]) -> None:
    """Each probability within 4 standard errors of the sample (binomial); the mean IPC each
    side loses within 4 standard errors, a loss lying between 0 and the side's whole value
    (so its standard deviation is at most half of that)."""
    for name in ("attacker_wins", "defender_wins", "draw", "retreat", "captures"):
        p = getattr(exact, name)
        sigma = math.sqrt(max(p * (1 - p), 1e-12) / runs)
        assert abs(getattr(sampled, name) - p) <= 4 * sigma + 1e-9, (name, p, sampled)
    for name, whole in zip(("attacker_ipc_lost", "defender_ipc_lost"), worth, strict=True):
        sigma = whole / 2 / math.sqrt(runs)
        assert abs(getattr(sampled, name) - getattr(exact, name)) <= 4 * sigma, name


MIXED = [
    land(
        side(infantry=6, artillery=3, armour=3, fighter=2, bomber=1),
        side(infantry=8, armour=2, fighter=2),
        aa_gun=True,
    ),
    sea(
        side(("super_submarines",), submarine=3, destroyer=1, fighter=2, cruiser=1),
        side(submarine=2, battleship=1, carrier=1, fighter=2, transport=2),
    ),
    sea(side(submarine=4), side(destroyer=1, transport=2, cruiser=1)),
    land(
        side(("heavy_bombers", "advanced_artillery"), infantry=4, artillery=2, bomber=2),
        side(infantry=5, artillery=1),
        amphibious=3,
        bombard={"cruiser": 1, "battleship": 1},
    ),
    land(side(infantry=5, armour=3), side(infantry=6), retreat_when_left=3),
    land(
        Side(
            units={"infantry": 2, "artillery": 1, "fighter": 2, "bomber": 1},
            order=CasualtyOrder(keep_land=True, first=("artillery",)),
        ),
        side(infantry=4, fighter=1),
        aa_gun=True,
    ),
    # Submarines submerging in the rounds that repeat themselves (a position the round
    # leaves for another one at once: its mass must all go on, 7.3.5).
    sea(
        Side(units={"submarine": 3, "destroyer": 1, "cruiser": 1}, submerge_from_round=2),
        Side(units={"fighter": 1, "battleship": 1, "submarine": 1}, submerge_from_round=1),
        retreat_when_left=1,
    ),
    sea(
        side(("super_submarines",), submarine=3, destroyer=1, fighter=2, cruiser=1),
        side(submarine=2, battleship=1, carrier=1, fighter=2, transport=2),
        surprise_every_round=False,
    ),
]


@pytest.mark.parametrize("spec", MIXED)
def test_exact_agrees_with_monte_carlo(spec: BattleSpec) -> None:
    runs = 3000
    exact = odds(spec)
    assert exact.attacker_wins + exact.defender_wins + exact.draw + exact.retreat == (
        pytest.approx(1.0)
    )
    worth = tuple(
        sum(board.unit_type(u).cost * n for u, n in side.units.items())
        for side in (spec.attacker, spec.defender)
    )
    assert len(worth) == 2
    _agree(exact, montecarlo.odds(spec, runs, random.Random(18).random), runs, (worth[0], worth[1]))


LAND = [
    land(
        side(infantry=12, artillery=5, armour=6, fighter=3, bomber=2), side(infantry=15, armour=4)
    ),
    land(
        side(
            ("heavy_bombers", "advanced_artillery", "jet_fighters"),
            infantry=6,
            artillery=3,
            bomber=2,
            fighter=2,
        ),
        side(("radar",), infantry=7, artillery=2, fighter=2),
        aa_gun=True,
    ),
    land(
        side(infantry=5, armour=2, fighter=1),
        side(infantry=6, armour=1, bomber=1),
        amphibious=3,
        bombard={"battleship": 1, "cruiser": 2},
    ),
    land(
        Side(units={"infantry": 3, "fighter": 3, "bomber": 1}, order=CasualtyOrder(keep_land=True)),
        side(infantry=5, fighter=1),
        aa_gun=True,
        retreat_when_left=2,
    ),
]


@pytest.mark.parametrize("spec", LAND)
def test_land_battles_by_columns_as_by_positions(spec: BattleSpec) -> None:
    # Two exact methods, the same sums in another order: they agree to rounding.
    from bot.rules.aa50.odds.solve import _Solver
    from bot.rules.aa50.odds.sweep import Sweep

    solver = _Solver(spec)
    assert Sweep.applies(solver.b)  # the column method is the one ``odds`` uses here
    by_columns = Sweep(solver.b).solve()
    by_positions = _Solver(spec).solve()
    assert by_columns == odds(spec)
    for name in ("attacker_wins", "defender_wins", "draw", "retreat", "captures", "rounds"):
        assert getattr(by_columns, name) == pytest.approx(getattr(by_positions, name), abs=1e-12)
    for name in ("attacker_survivors", "defender_survivors"):
        a, b = getattr(by_columns, name), getattr(by_positions, name)
        assert a.keys() == b.keys()
        assert all(a[k] == pytest.approx(b[k], abs=1e-12) for k in a)


@pytest.mark.parametrize("collecting", [True, False])
def test_the_cycle_collector_is_left_as_it_was(collecting: bool) -> None:
    import gc

    (gc.enable if collecting else gc.disable)()
    try:
        odds(sea(side(submarine=1), side(cruiser=1)))
        assert gc.isenabled() is collecting
    finally:
        gc.enable()


def test_many_dice_hit_distribution() -> None:
    # Past 1,000 dice the binomial coefficients leave a float's range: by logarithms then.
    from bot.rules.aa50.odds.pieces import binomial

    for n in (1000, 1001, 1500):
        pmf = binomial(n, 2)
        assert sum(pmf) == pytest.approx(1.0, abs=1e-9)
        assert max(range(n + 1), key=pmf.__getitem__) == (n + 1) // 3  # the mode
