"""Solving the chain of ``chain``: every position once, in an order where each round's
outcomes come later (AA50 5.5.3.5: the battle repeats until condition A or B).

A side's reachable counts are numbered most hits left first, so every change moves a side to
a larger number; a position (round, attacker, defender) is a row (round, attacker) and a
column (defender). Rows are solved in order, each scanned left to right, and a round's
outcomes are added to later rows a stretch of columns at a time (one volley's outcomes for
the defender sit side by side), which is what makes the exact answer quick."""

from __future__ import annotations

import heapq
from itertools import repeat
from operator import add, mul

from bot.rules.aa50.odds import pieces as pc
from bot.rules.aa50.odds.chain import (
    Block,
    _Battle,
    _end,
    _opening,
    _over,
    _retreats,
    _round,
    _submerge,
    _summary,
)
from bot.rules.aa50.odds.pieces import Counts, SideSetup
from bot.rules.aa50.odds.spec import BattleSpec, Odds


def _space(b: _Battle, setup: SideSetup, attacker: bool) -> list[Counts]:
    """Every count a side can reach (one hit of each kind at a time, submerging, an aircraft
    lost to AA fire), most hits left first: any change moves a side to a later place."""
    planes = [setup.index(p) for p in ("fighter", "bomber") if attacker and b.spec.aa_gun]
    planes = [i for i in planes if i >= 0]
    seen = {setup.start}
    todo = [setup.start]
    while todo:
        counts = todo.pop()
        nxt = [pc.take_hits(setup, counts, kind, 1) for kind in pc.HIT_KINDS]
        nxt.append(pc.submerge(setup, counts))
        nxt += [(*counts[:i], counts[i] - 1, *counts[i + 1 :]) for i in planes if counts[i]]
        for c in nxt:
            if c not in seen:
                seen.add(c)
                todo.append(c)
    return sorted(seen, key=lambda c: (-pc.hit_points(setup, c), c))


class _Solver:
    def __init__(self, spec: BattleSpec, eps: float) -> None:
        a_side, d_side = pc.build(spec.attacker), pc.build(spec.defender)
        # Rounds from ``cap`` on behave alike: a position there may repeat itself.
        cap = max(2, (spec.retreat_after_round or 0) + 1)
        for side in (spec.attacker, spec.defender):
            cap = max(cap, side.submerge_from_round or 0)
        self.b = _Battle(spec=spec, att=a_side, dfn=d_side, cap=cap, eps=eps)
        self.a_states = _space(self.b, a_side, True)
        self.d_states = _space(self.b, d_side, False)
        self.a_id = {c: i for i, c in enumerate(self.a_states)}
        self.d_id = {c: i for i, c in enumerate(self.d_states)}
        self.rows: dict[int, list[float]] = {}
        self.order: list[int] = []
        """Rows (round * attackers + attacker) holding mass, to solve in increasing order."""

    def row(self, r: int, a: int) -> list[float]:
        key = r * len(self.a_states) + a
        got = self.rows.get(key)
        if got is None:
            got = self.rows[key] = [0.0] * len(self.d_states)
            heapq.heappush(self.order, key)
        return got

    def spread(
        self, r: int, blocks: list[Block], m: float, here: tuple[Counts, Counts] | None
    ) -> None:
        """Add a round's outcomes to round ``r``'s positions. From ``here``, a position of the
        rounds that behave alike, the round repeating itself is divided out (no hit and nobody
        submerging leaves the position as it was)."""
        b = self.b
        r = min(r, b.cap)
        if here is not None:
            stay = sum(
                p * on_a.get(here[0], 0.0) * on_d.get(here[1], 0.0) for p, on_a, on_d in blocks
            )
            if stay >= 1.0:
                _end(b, "stalemate", *here, m)
                return
            m /= 1.0 - stay
        b.rounds += m
        floor = b.eps
        d_id, a_id = self.d_id, self.a_id
        for p, on_a, on_d in blocks:
            pm = p * m
            ds = sorted([(d_id[c], q) for c, q in on_d.items()])
            if floor:
                kept = [(j, q) for j, q in ds if q * pm >= floor]
                b.dropped += pm * (sum(q for _, q in ds) - sum(q for _, q in kept))
                ds = kept
            if not ds:
                continue
            lo, hi = ds[0][0], ds[-1][0] + 1
            dense = hi - lo <= 3 * len(ds) + 8  # side by side: add them as one stretch
            seg = [0.0] * (hi - lo) if dense else []
            for j, q in ds if dense else ():
                seg[j - lo] = q
            for c, pa in on_a.items():
                c_mass = pa * pm
                if c_mass < floor:
                    b.dropped += c_mass
                    continue
                row = self.row(r, a_id[c])
                if dense:
                    row[lo:hi] = map(add, row[lo:hi], map(mul, seg, repeat(c_mass)))
                else:
                    for j, q in ds:
                        row[j] += c_mass * q
        if here is not None:  # the repeat was divided out above; nothing else comes here
            self.row(r, self.a_id[here[0]])[self.d_id[here[1]]] = 0.0

    def solve(self) -> Odds:
        b, spec = self.b, self.b.spec
        for (a1, df, d1), m in _opening(b).items():
            how = _over(b, a1, df)
            if how is not None:
                _end(b, how, a1, df, m)
            elif spec.kind == "sea":
                self.row(1, self.a_id[a1])[self.d_id[d1]] += m
            else:
                b.visited += 1
                self.spread(2, _round(b, a1, df, d1), m, None)
        na = len(self.a_states)
        while self.order:
            key = heapq.heappop(self.order)
            row = self.rows[key]
            r, ia = divmod(key, na)
            for j in range(len(row)):  # later columns of this row may fill as it goes
                m = row[j]
                if not m:
                    continue
                row[j] = 0.0
                self.position(r, self.a_states[ia], self.d_states[j], m)
            del self.rows[key]
        return _summary(b)

    def position(self, r: int, a: Counts, d: Counts, m: float) -> None:
        b = self.b
        b.visited += 1
        how = _over(b, a, d)
        if how is None and r > 1 and _retreats(b, r - 1, a):
            how = "retreat"  # the press step of the round before (5.5.3.5)
        if how is None and b.spec.kind == "sea":
            a, d = _submerge(b, r, a, d)
            how = _over(b, a, d)
        if how is not None:
            _end(b, how, a, d, m)
            return
        self.spread(r + 1, _round(b, a, d, d), m, (a, d) if r >= b.cap else None)


def odds(spec: BattleSpec, eps: float = 0.0) -> Odds:
    """Exact odds of ``spec``; ``eps`` drops outcomes whose probability is below it (the mass
    dropped is reported as ``unresolved``)."""
    return _Solver(spec, eps).solve()
