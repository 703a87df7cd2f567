"""Solving the chain of ``chain``: every position once, in an order where each round's
outcomes come later (AA50 5.5.3.5: the battle repeats until condition A or B).

A position (round, attacker, defender) is a row (round, attacker) and a column (defender),
numbered as ``space`` does, so every change moves to a later row or a later column of the
same row. Rows are solved in order, each scanned left to right; a round's outcomes are added
to later rows a stretch of columns at a time.

A round in which submarines strike by surprise (7.3.5) is solved in two steps, the strike
and then the main fire, with a row of its own for the positions between: the strike's
outcomes from many positions meet there, so the main fire is worked out once for them all.
From the round on which rounds behave alike, a round that changes nothing leaves the
position as it was; that repetition is summed in closed form (a geometric series)."""

from __future__ import annotations

import gc
import heapq
from itertools import repeat
from operator import add, mul

from bot.rules.aa50.odds import pieces as pc
from bot.rules.aa50.odds.chain import Battle, opening, summary
from bot.rules.aa50.odds.space import ALL, SKIP_SUBS, SUBS, Outcome, Pairs, Shared, Space, prob
from bot.rules.aa50.odds.spec import BattleSpec, Odds
from bot.rules.aa50.odds.sweep import Sweep

Rows = dict[int, list[float]]


class _Solver:
    def __init__(self, spec: BattleSpec) -> None:
        shared = Shared()
        att = Space(
            pc.build(spec.attacker, keep_land=spec.kind == "land"), True, spec.aa_gun, shared, False
        )
        dfn = Space(pc.build(spec.defender), False, False, shared, bool(spec.bombard))
        # Rounds from ``cap`` on behave alike: a position there may repeat itself.
        cap = max(2, (spec.retreat_after_round or 0) + 1)
        for side in (spec.attacker, spec.defender):
            cap = max(cap, side.submerge_from_round or 0)
        self.b = Battle(spec=spec, att=att, dfn=dfn, cap=cap)
        self.na, self.nd = len(att.states), len(dfn.states)
        self.starts: Rows = {}
        """Positions at the start of a round, by row (round * attackers + attacker)."""
        self.mains: Rows = {}
        """Positions after a surprise strike, before the main fire of the same round."""
        self.order: list[int] = []

    def row(self, table: Rows, r: int, a: int) -> list[float]:
        key = min(r, self.b.cap) * self.na + a
        got = table.get(key)
        if got is None:
            if key not in self.starts and key not in self.mains:
                heapq.heappush(self.order, key)
            got = table[key] = [0.0] * self.nd
        return got

    def push(self, table: Rows, r: int, on_a: Pairs, on_d: Outcome, m: float) -> None:
        """Add ``m`` times the outcomes (independent on each side) to round ``r``'s rows:
        a stretch of the defender's numbers as one slice, scattered ones one by one."""
        base = min(r, self.b.cap) * self.na
        rows = table.get
        if len(on_d[0]) == 1:
            lo, seg = on_d[0][0]
            hi = lo + len(seg)
            for ia, pa in on_a:
                row = rows(base + ia) or self.row(table, r, ia)
                row[lo:hi] = map(add, row[lo:hi], map(mul, seg, repeat(pa * m)))
            return
        flat = on_d[1]
        for ia, pa in on_a:
            c = pa * m
            row = rows(base + ia) or self.row(table, r, ia)
            for j, q in flat:
                row[j] += c * q

    def main_fire(self, a: int, d: int, struck: bool) -> tuple[Pairs, Outcome]:
        """Steps ii-iv (5.5.3.2-4): both sides fire at once; after a surprise strike, without
        the submarines that struck (``combat/battle._surprised``)."""
        att, dfn = self.b.att, self.b.dfn
        mode_a = SKIP_SUBS if struck and att.sub[a] and not dfn.destroyer[d] else ALL
        mode_d = SKIP_SUBS if struck and dfn.sub[d] and not att.destroyer[a] else ALL
        on_a = att.outcome(a, dfn.batches(d, mode_d, att.types[a]))[1]
        return on_a, dfn.outcome(d, att.batches(a, mode_a, dfn.types[d]))

    def surprise(self, a: int, d: int) -> tuple[Pairs, Outcome]:
        """7.3.5: the submarines of a side facing no destroyer strike first, both sides'
        before either takes its losses."""
        att, dfn = self.b.att, self.b.dfn
        on_a: Pairs = [(a, 1.0)]
        on_d: Outcome = ([(d, (1.0,))], [(d, 1.0)])
        if dfn.sub[d] and not att.destroyer[a]:
            on_a = att.outcome(a, dfn.batches(d, SUBS, att.types[a]))[1]
        if att.sub[a] and not dfn.destroyer[d]:
            on_d = dfn.outcome(d, att.batches(a, SUBS, dfn.types[d]))
        return on_a, on_d

    def solve(self) -> Odds:
        b, spec = self.b, self.b.spec
        att, dfn = b.att, b.dfn
        for (a1, df, d1), m in opening(b).items():
            ia, idf, id1 = att.ids[a1], dfn.ids[df], dfn.ids[d1]
            how = b.over(ia, idf)
            if how is not None:
                b.end(how, ia, idf, m)
            elif spec.kind == "sea":
                self.row(self.starts, 1, ia)[id1] += m
            else:  # the first round of a land battle: bombarded units fire back (5.5.2.2)
                b.visited += 1
                b.rounds += m
                on_a = att.outcome(ia, dfn.batches(idf, ALL, att.types[ia]))[1]
                on_d = dfn.outcome(id1, att.batches(ia, ALL, dfn.types[id1]))
                self.push(self.starts, 2, on_a, on_d, m)
        while self.order:
            key = heapq.heappop(self.order)
            r, a = divmod(key, self.na)
            starts = self.row(self.starts, r, a)
            mains = self.row(self.mains, r, a) if spec.kind == "sea" else None
            for d in range(self.nd):  # later columns of this row may fill as it goes
                s = starts[d]
                e = mains[d] if mains is not None else 0.0
                if s or e:
                    starts[d] = 0.0
                    if mains is not None:
                        mains[d] = 0.0
                    self.position(r, a, d, s, e)
            del self.starts[key]
            self.mains.pop(key, None)
        return summary(b)

    def verdict(self, r: int, a: int, d: int) -> tuple[str | None, int, int]:
        """What the start of round ``r`` does at a position: ends the battle (how, where),
        or the round is fought from (None, where): here, or where submarines submerged."""
        b = self.b
        how = b.over(a, d)
        if how is None and r > 1 and b.retreats(r - 1, a):
            how = "retreat"  # the press step of the round before (5.5.3.5)
        if how is None and b.spec.kind == "sea":
            a2, d2 = b.submerge(r, a, d)
            if (a2, d2) != (a, d):
                return b.over(a2, d2), a2, d2
        return how, a, d

    def settle(self, r: int, how: str | None, a: int, d: int, m: float) -> None:
        if how is not None:
            self.b.end(how, a, d, m)
        else:
            self.begin(r, a, d, m)

    def position(self, r: int, a: int, d: int, s: float, e: float) -> None:
        """Mass ``s`` at the start of round ``r``, ``e`` after its surprise strike."""
        b = self.b
        b.visited += 1
        loops = r >= b.cap  # the position a round may leave unchanged is this one
        how, a2, d2 = self.verdict(r, a, d) if s or loops else (None, a, d)
        if how is not None or (a2, d2) != (a, d):
            # The battle does not go on from here: the main fire after a strike may still
            # come back to this position, which then ends or moves as the start does.
            if s:
                self.settle(r, how, a2, d2, s)
            if e:
                self.push(self.starts, r + 1, *self.main_fire(a, d, True), e)
                if loops:
                    x = self._take(self.starts, r, a, d)
                    if x:
                        self.settle(r, how, a2, d2, x)
            return
        if b.strikes(r, a, d):
            on_a, on_d = self.surprise(a, d)
            fire_a, fire_d = self.main_fire(a, d, True)
            if not loops:
                b.rounds += s
                if s:
                    self.push(self.mains, r, on_a, on_d, s)
                    e += self._take(self.mains, r, a, d)
                self.push(self.starts, r + 1, fire_a, fire_d, e)
                return
            # start -> strike -> main fire -> start: the two steps may each change nothing.
            still = _stay(on_a, on_d, a, d)
            again = _stay(fire_a, fire_d, a, d)
            if still * again >= 1.0:
                b.end("stalemate", a, d, s + e)
                return
            s = (s + e * again) / (1.0 - still * again)
            e += still * s
            b.rounds += s
            self.push(self.mains, r, on_a, on_d, s)
            self._take(self.mains, r, a, d)
            self.push(self.starts, r + 1, fire_a, fire_d, e)
            self._take(self.starts, r, a, d)
            return
        fire_a, fire_d = self.main_fire(a, d, bool(e))
        m = s + e
        if loops:
            again = _stay(fire_a, fire_d, a, d)
            if again >= 1.0:
                b.end("stalemate", a, d, m)
                return
            m /= 1.0 - again
        b.rounds += m - e
        self.push(self.starts, r + 1, fire_a, fire_d, m)
        if loops:
            self._take(self.starts, r, a, d)

    def begin(self, r: int, a: int, d: int, s: float) -> None:
        """A round from a position reached within it (submarines just submerged): its
        outcomes are later positions, the same counts included."""
        b = self.b
        b.rounds += s
        if b.strikes(r, a, d):
            on_a, on_d = self.surprise(a, d)
            self.push(self.mains, r, on_a, on_d, s)
        else:
            fire_a, fire_d = self.main_fire(a, d, False)
            self.push(self.starts, r + 1, fire_a, fire_d, s)

    def _take(self, table: Rows, r: int, a: int, d: int) -> float:
        row = self.row(table, r, a)
        got, row[d] = row[d], 0.0
        return got


def _stay(on_a: Pairs, on_d: Outcome, a: int, d: int) -> float:
    """The probability that a volley pair leaves both sides as they were."""
    pa = next((p for i, p in on_a if i == a), 0.0)
    return pa * prob(on_d[0], d) if pa else 0.0


def odds(spec: BattleSpec) -> Odds:
    """The exact odds of ``spec``: every outcome, nothing sampled or dropped."""
    # The tables of a calculation hold no cycles and are dropped at its end; the cycle
    # collector would only walk them again and again as they grow (a quarter of a large sea
    # battle's time, measured; the Monte Carlo gains nothing from it).
    collecting = gc.isenabled()
    gc.disable()
    try:
        solver = _Solver(spec)
        if Sweep.applies(solver.b):
            return Sweep(solver.b).solve()
        return solver.solve()
    finally:
        if collecting:
            gc.enable()
