"""The same battle by sampling: every die rolled, unit by unit, as a player would (the way
TripleA's battle calculator estimates odds, 2,000 runs by default). It is the yardstick the
exact odds are checked and timed against, so it shares only the battle's description and the
casualty ranking with ``chain``: units are a list, hits taken one by one.

Pure: the caller passes the source of chance (``uniform``: a float in [0, 1), such as
``random.Random(seed).random``)."""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.aa50 import board
from bot.rules.aa50.odds.pieces import fits, rank
from bot.rules.aa50.odds.spec import BattleSpec, Odds, Side

Unit = list[object]
"""[type, hits taken, submerged, rank in the owner's casualty order]: one unit on the battle
board; a side's list is kept in casualty order."""


def _army(side: Side) -> list[Unit]:
    units: list[Unit] = [
        [u, 0, False, rank(side.order, u, u == "battleship")]
        for u in board.UNIT_TYPES
        for _ in range(side.units.get(u, 0))
    ]
    units.sort(key=_rank)
    return units


def _rank(u: Unit) -> tuple[int, int, int, int]:
    r = u[3]
    assert isinstance(r, tuple)
    return r


def _fighting(units: list[Unit]) -> list[Unit]:
    return [u for u in units if not u[2]]


def _roll(uniform: Callable[[], float], face: int) -> bool:
    return int(uniform() * 6) + 1 <= face


def _volley(
    uniform: Callable[[], float],
    shooters: list[Unit],
    side: Side,
    attacking: bool,
    only_subs: bool,
    skip_subs: bool,
) -> dict[str, int]:
    types = [str(u[0]) for u in shooters]
    destroyer = "destroyer" in types
    support = types.count("artillery") * (2 if "advanced_artillery" in side.tech else 1)
    hits = {"sea": 0, "no_sub": 0, "any": 0}
    for t in types:
        sub = t == "submarine"
        if (only_subs and not sub) or (not only_subs and skip_subs and sub):
            continue
        kind = board.unit_type(t)
        face, dice = (kind.attack if attacking else kind.defense), 1
        if attacking:
            if t == "infantry" and support > 0:
                face, support = 2, support - 1
            elif t == "fighter" and "jet_fighters" in side.tech:
                face = 4
            elif t == "submarine" and "super_submarines" in side.tech:
                face = 3
            elif t == "bomber" and "heavy_bombers" in side.tech:
                dice = 2
        for _ in range(dice if face > 0 else 0):
            if _roll(uniform, face):
                if t == "submarine":
                    hits["sea"] += 1
                elif t in board.AIR_UNITS and not destroyer:
                    hits["no_sub"] += 1
                else:
                    hits["any"] += 1
    return hits


def _take(
    units: list[Unit], side: Side, hits: dict[str, int], gone: list[Unit], keep: bool = False
) -> None:
    """Hits taken one by one on the best slot left in the owner's order; a unit destroyed is
    appended to ``gone`` (still fighting this round if the caller says so). ``keep``: the
    last land unit goes after every other unit but transports (the order's ``keep_land``)."""
    out = {id(g) for g in gone}
    for kind in ("land", "sea", "no_sub", "any"):
        for _ in range(hits.get(kind, 0)):
            left = [u for u in units if not u[2] and id(u) not in out and fits(str(u[0]), kind)]
            best = left[0] if left else None
            if best is None:
                break
            if keep and best[0] in board.LAND_UNITS:
                land = [u for u in units if id(u) not in out and u[0] in board.LAND_UNITS]
                others = [u for u in left if u[0] not in board.LAND_UNITS and u[0] != "transport"]
                if len(land) == 1 and others:
                    best = others[0]
            if best[0] == "battleship" and best[1] == 0:
                best[1], best[3] = 1, rank(side.order, "battleship", False)
                units.sort(key=_rank)  # the damaged battleship moves to its second hit's place
            else:
                gone.append(best)
                out.add(id(best))


def _over(att: list[Unit], dfn: list[Unit]) -> str | None:
    from bot.rules.aa50.odds.pieces import can_hit

    a = {str(u[0]): 1 for u in _fighting(att)}
    d = {str(u[0]): 1 for u in _fighting(dfn)}
    if not a or not d:
        return "draw" if not a and not d else "defender" if not a else "attacker"
    if set(d) == {"transport"} and any(board.unit_type(t).attack > 0 for t in a):
        dfn[:] = [u for u in dfn if u[0] != "transport"]
        return "attacker"
    if not can_hit(a, d, True) and not can_hit(d, a, False):
        return "draw"
    return None


def _remove(units: list[Unit], gone: list[Unit]) -> None:
    out = {id(g) for g in gone}
    units[:] = [u for u in units if id(u) not in out]


def _retreats(spec: BattleSpec, r: int, att: list[Unit]) -> bool:
    if spec.amphibious:
        return False
    fighting = _fighting(att)
    if any(u[0] not in board.AIR_UNITS for u in fighting) and not spec.can_retreat:
        return False
    if spec.retreat_after_round is not None and r >= spec.retreat_after_round:
        return True
    return spec.retreat_when_left is not None and len(fighting) <= spec.retreat_when_left


def battle(
    spec: BattleSpec, uniform: Callable[[], float]
) -> tuple[str, list[Unit], list[Unit], int]:
    """One battle: (who won, attacker's units left, defender's units left, rounds fought)."""
    a_side, d_side = spec.attacker, spec.defender
    att, dfn = _army(a_side), _army(d_side)
    doomed: list[Unit] = []
    if spec.kind == "land" and spec.aa_gun:
        face = 2 if "radar" in d_side.tech else 1
        att = [u for u in att if u[0] not in board.AIR_UNITS or not _roll(uniform, face)]
    for ship, n in spec.bombard.items():
        for _ in range(n):
            if _roll(uniform, board.unit_type(ship).attack):
                _take(dfn, d_side, {"land": 1}, doomed)  # land units only (7.3.1, 7.3.3)
    r = 1
    while True:
        if spec.kind == "sea":
            for units, side, them in ((att, a_side, dfn), (dfn, d_side, att)):
                when = side.submerge_from_round
                if (
                    when is not None
                    and r >= when
                    and not any(u[0] == "destroyer" for u in _fighting(them))
                ):
                    for u in units:
                        u[2] = u[2] or u[0] == "submarine"
        how = _over(att, dfn)
        if how is not None:
            return how, att, dfn, r - 1
        a_subs = d_subs = False
        if spec.kind == "sea" and (spec.surprise_every_round or r == 1):
            a_dd = any(u[0] == "destroyer" for u in _fighting(att))
            d_dd = any(u[0] == "destroyer" for u in _fighting(dfn))
            a_subs, d_subs = not d_dd, not a_dd
            on_d = _volley(uniform, _fighting(att), a_side, True, True, False) if a_subs else {}
            on_a = _volley(uniform, _fighting(dfn), d_side, False, True, False) if d_subs else {}
            gone_a: list[Unit] = []
            gone_d: list[Unit] = []
            if on_d:
                _take(dfn, d_side, on_d, gone_d)
            if on_a:
                _take(att, a_side, on_a, gone_a)
            _remove(dfn, gone_d)
            _remove(att, gone_a)
        on_d = _volley(uniform, _fighting(att), a_side, True, False, a_subs)
        _take(dfn, d_side, on_d, doomed)
        on_a = _volley(uniform, _fighting(dfn), d_side, False, False, d_subs)
        lost: list[Unit] = []
        _take(att, a_side, on_a, lost, spec.kind == "land" and a_side.order.keep_land)
        _remove(att, lost)
        _remove(dfn, doomed)
        doomed = []
        how = _over(att, dfn)
        if how is not None:
            return how, att, dfn, r
        if _retreats(spec, r, att):
            return "retreat", att, dfn, r
        r += 1


def odds(spec: BattleSpec, runs: int, uniform: Callable[[], float]) -> Odds:
    """The Monte Carlo estimate of ``spec`` over ``runs`` battles."""
    count = {"attacker": 0, "defender": 0, "draw": 0, "retreat": 0}
    captures = rounds = 0
    att_left: dict[str, float] = {}
    dfn_left: dict[str, float] = {}
    a_lost = d_lost = 0.0

    def worth(units: list[Unit]) -> int:
        return sum(board.unit_type(str(u[0])).cost for u in units)

    a_start, d_start = worth(_army(spec.attacker)), worth(_army(spec.defender))
    for _ in range(runs):
        how, att, dfn, r = battle(spec, uniform)
        count[how] += 1
        rounds += r
        if how == "attacker" and spec.kind == "land":
            captures += any(u[0] in board.LAND_UNITS and not u[2] for u in att)
        for units, left in ((att, att_left), (dfn, dfn_left)):
            for u in units:
                left[str(u[0])] = left.get(str(u[0]), 0.0) + 1
        a_lost += a_start - worth(att)
        d_lost += d_start - worth(dfn)
    return Odds(
        attacker_wins=count["attacker"] / runs,
        defender_wins=count["defender"] / runs,
        draw=count["draw"] / runs,
        retreat=count["retreat"] / runs,
        captures=captures / runs,
        attacker_survivors={k: v / runs for k, v in att_left.items()},
        defender_survivors={k: v / runs for k, v in dfn_left.items()},
        attacker_ipc_lost=a_lost / runs,
        defender_ipc_lost=d_lost / runs,
        rounds=rounds / runs,
        states=runs,
    )
