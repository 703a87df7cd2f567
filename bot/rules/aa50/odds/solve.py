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
    Dist,
    _Battle,
    _end,
    _ladder,
    _opening,
    _over,
    _retreats,
    _round,
    _submerge,
    _summary,
    _volley,
    batches,
)
from bot.rules.aa50.odds.pieces import Counts, SideSetup
from bot.rules.aa50.odds.spec import BattleSpec, Odds

Outcome = tuple[int, list[float]] | list[tuple[int, float]]
"""A volley's outcomes for one side by number: (first number, probabilities of it and the
numbers after) when side by side, else (number, probability) pairs."""
NumberedBlock = tuple[float, Outcome, Outcome]


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
        a_side = pc.build(spec.attacker, keep_land=spec.kind == "land")
        d_side = pc.build(spec.defender)
        # Rounds from ``cap`` on behave alike: a position there may repeat itself.
        cap = max(2, (spec.retreat_after_round or 0) + 1)
        for side in (spec.attacker, spec.defender):
            cap = max(cap, side.submerge_from_round or 0)
        self.b = _Battle(spec=spec, att=a_side, dfn=d_side, cap=cap, eps=eps)
        self.a_states = _space(self.b, a_side, True)
        self.d_states = _space(self.b, d_side, False)
        self.a_id = {c: i for i, c in enumerate(self.a_states)}
        self.d_id = {c: i for i, c in enumerate(self.d_states)}
        self.steps: dict[tuple[bool, Counts, str], list[int] | None] = {}
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

    def ladder_ids(self, attacking: bool, counts: Counts, kind: str) -> list[int] | None:
        """The numbers of the side after 0, 1, 2... hits of ``kind`` when they follow one
        another (a side taking one kind of hit walks down its own list), else None."""
        key = (attacking, counts, kind)
        if key not in self.steps:
            ids = self.d_id if attacking else self.a_id
            got = [ids[c] for c in _ladder(self.b, attacking, counts, kind, 1 << 20)]
            self.steps[key] = got if got == list(range(got[0], got[0] + len(got))) else None
        return self.steps[key]

    def volley(self, attacking: bool, shooters: Counts, targets: Counts) -> Outcome:
        """One volley of the round's main fire (5.5.3.2-3) as side-by-side numbers when it
        can be (one kind of hit on a side whose ladder is contiguous): no dictionary built."""
        merged = batches(self.b, attacking, shooters, targets, False, False)
        ids = self.d_id if attacking else self.a_id
        if not merged:
            return ids[targets], [1.0]
        if len(merged) == 1:
            kind, pmf = merged[0]
            steps = self.ladder_ids(attacking, targets, kind)
            if steps is not None:
                n = len(steps)
                if len(pmf) <= n:
                    return steps[0], list(pmf)
                return steps[0], [*pmf[: n - 1], sum(pmf[n - 1 :])]
        return self.numbered(attacking, _volley(self.b, attacking, shooters, targets, False, False))

    def numbered(self, attacking: bool, dist: Dist) -> Outcome:
        ids = self.d_id if attacking else self.a_id
        pairs = sorted([(ids[c], q) for c, q in dist.items()])
        lo, hi = pairs[0][0], pairs[-1][0] + 1
        if hi - lo <= 3 * len(pairs) + 8:
            seg = [0.0] * (hi - lo)
            for j, q in pairs:
                seg[j - lo] = q
            return lo, seg
        return pairs

    def blocks(self, a: Counts, d_fire: Counts, d: Counts) -> list[NumberedBlock]:
        """The round's outcomes by number (``chain._round``, quicker without a surprise
        strike)."""
        b = self.b
        if b.spec.kind == "sea" and _strikes(b, a, d):
            return [
                (p, self.numbered(False, on_a), self.numbered(True, on_d))
                for p, on_a, on_d in _round(b, a, d_fire, d)
            ]
        return [(1.0, self.volley(False, d_fire, a), self.volley(True, a, d))]

    def spread(
        self, r: int, blocks: list[NumberedBlock], m: float, here: tuple[int, int] | None
    ) -> None:
        """Add a round's outcomes to round ``r``'s positions. From ``here``, a position of the
        rounds that behave alike, the round repeating itself is divided out (no hit and nobody
        submerging leaves the position as it was)."""
        b = self.b
        r = min(r, b.cap)
        if here is not None:
            stay = sum(p * _prob(on_a, here[0]) * _prob(on_d, here[1]) for p, on_a, on_d in blocks)
            if stay >= 1.0:
                _end(b, "stalemate", self.a_states[here[0]], self.d_states[here[1]], m)
                return
            m /= 1.0 - stay
        b.rounds += m
        floor = b.eps
        for p, on_a, outcome in blocks:
            pm = p * m
            on_d = _trim(b, outcome, pm) if floor else outcome
            for ia, pa in _pairs(on_a):
                c_mass = pa * pm
                if c_mass < floor:
                    b.dropped += c_mass
                    continue
                row = self.row(r, ia)
                if isinstance(on_d, tuple):  # side by side: added as one stretch
                    lo, seg = on_d
                    hi = lo + len(seg)
                    row[lo:hi] = map(add, row[lo:hi], map(mul, seg, repeat(c_mass)))
                else:
                    for j, q in on_d:
                        row[j] += c_mass * q
        if here is not None:  # the repeat was divided out above; nothing else comes here
            self.row(r, here[0])[here[1]] = 0.0

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
                self.spread(2, self.blocks(a1, df, d1), m, None)
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
        here = (self.a_id[a], self.d_id[d]) if r >= b.cap else None
        self.spread(r + 1, self.blocks(a, d, d), m, here)


def _strikes(b: _Battle, a: Counts, d: Counts) -> bool:
    """Whether a side's submarines strike by surprise this round: it has some and the enemy
    no destroyer (7.3.5, as ``chain._round`` decides)."""
    att, dfn = pc.in_battle(b.att, a), pc.in_battle(b.dfn, d)
    return bool(
        (att.get("submarine", 0) and not dfn.get("destroyer", 0))
        or (dfn.get("submarine", 0) and not att.get("destroyer", 0))
    )


def _pairs(out: Outcome) -> list[tuple[int, float]]:
    if isinstance(out, tuple):
        return [(out[0] + i, q) for i, q in enumerate(out[1]) if q]
    return out


def _prob(out: Outcome, i: int) -> float:
    if isinstance(out, tuple):
        lo, seg = out
        return seg[i - lo] if lo <= i < lo + len(seg) else 0.0
    return dict(out).get(i, 0.0)


def _trim(b: _Battle, out: Outcome, mass: float) -> Outcome:
    """Outcomes whose mass is below ``eps`` dropped (and counted as unresolved)."""
    floor = b.eps / mass if mass else 2.0
    if isinstance(out, tuple):
        lo, seg = out
        cut = [q if q >= floor else 0.0 for q in seg]
        b.dropped += mass * (sum(seg) - sum(cut))
        return lo, cut
    kept = [(j, q) for j, q in out if q >= floor]
    b.dropped += mass * (sum(q for _, q in out) - sum(q for _, q in kept))
    return kept


def odds(spec: BattleSpec, eps: float = 0.0) -> Odds:
    """Exact odds of ``spec``; ``eps`` drops outcomes whose probability is below it (the mass
    dropped is reported as ``unresolved``)."""
    return _Solver(spec, eps).solve()
