"""Exact odds of a land battle a whole column at a time (the same chain as ``solve``).

In a land battle every hit may fall on any unit (5.5.3.2-3), so the defender's counts form
one ladder: defender ``j`` after one more hit is ``j + 1``. The positions of one defender
count, over every attacker count, are a column, a vector; a round moves mass from column
``j`` to column ``j + y`` with the attacker's hit probabilities (one vector per ``y``, taken
element by element) and down the attacker's ladders with the defender's hits: a convolution
with the defender's hit distribution ``Q_j``, which depends on the source column only.

Losing one unit takes one die from the defender's dice, so ``Q_j = B_j * Q_(j+1)`` with
``B_j`` that one die (a Bernoulli law). The sum over source columns is then taken by Horner's
rule: what is bound for column ``t`` is carried along, one die at a time, and convolved
with ``Q_t`` once when column ``t`` is reached, instead of once per source column. The
arithmetic is the same sums in another order: the result is exact, nothing is dropped.

A round that leaves the defender unchanged keeps the mass in its column; those positions
are solved one by one down the column (the attacker's ladder), a repeated round divided
out as in ``solve``."""

from __future__ import annotations

from collections.abc import Iterable
from itertools import repeat
from operator import add, mul

from bot.rules.aa50.odds import pieces as pc
from bot.rules.aa50.odds.chain import Battle, opening, summary
from bot.rules.aa50.odds.space import ALL, Pmf, Space
from bot.rules.aa50.odds.spec import Odds


def _one_kind(space: Space, i: int, shooters: Space, j: int) -> Pmf | None:
    """The hits ``shooters`` in count ``j`` score on ``space`` in count ``i``, when they all
    may fall on the same units (one batch)."""
    got = shooters.batches(j, ALL, space.types[i])
    if len(got) > 1:
        return None
    return got[0][1] if got else (1.0,)


def _dice(space: Space, j: int) -> dict[int, int]:
    faces: dict[int, int] = {}
    for face, n, _ in pc.dice(space.setup, space.fighting[j], space.attacking, False, False):
        faces[face] = faces.get(face, 0) + n
    return faces


class Sweep:
    def __init__(self, b: Battle) -> None:
        self.b = b
        att, dfn = b.att, b.dfn
        self.na, self.nd = len(att.states), len(dfn.states)
        self.succ = att.next["any"]
        n = self.na
        self.jumps = [i for i in range(n) if self.succ[i] != i + 1]
        """Attacker counts whose next hit is not the next number (a ladder's end)."""
        start = dfn.ids[dfn.setup.start]
        self.fire = [_one_kind(dfn, start, att, i) or (1.0,) for i in range(n)]
        self.back = [
            _one_kind(att, att.ids[att.setup.start], dfn, j) or (1.0,) for j in range(self.nd)
        ]
        self.die = [self._die(j) for j in range(self.nd - 1)]
        self.longest = max(len(f) for f in self.fire) - 1
        self.leaves = ["retreat" if b.retreats(1, i) else None for i in range(n)]
        """The attacker's retreat policy at each count (5.5.3.5 B, from round 2 on)."""
        self._columns: dict[int, list[float]] = {}
        self._tails: dict[int, list[float]] = {}

    def column(self, y: int) -> list[float]:
        """The probability of each attacker count to score exactly ``y`` hits."""
        got = self._columns.get(y)
        if got is None:
            got = self._columns[y] = [f[y] if y < len(f) else 0.0 for f in self.fire]
        return got

    def tail(self, y: int) -> list[float]:
        """The probability of each attacker count to score ``y`` hits or more."""
        got = self._tails.get(y)
        if got is None:
            got = self._tails[y] = [sum(f[y:]) for f in self.fire]
        return got

    def _die(self, j: int) -> float:
        """The chance to hit of the die the defender loses from count ``j`` to ``j + 1``."""
        now, then = _dice(self.b.dfn, j), _dice(self.b.dfn, j + 1)
        lost = [(f, n - then.get(f, 0)) for f, n in now.items() if n != then.get(f, 0)]
        return lost[0][0] / 6 if lost else 0.0

    @staticmethod
    def applies(b: Battle) -> bool:
        """A land battle with no round-dependent policy, the defender one ladder, each of
        its hits taking one die away, each volley one batch of hits."""
        att, dfn = b.att, b.dfn
        if b.spec.kind != "land" or b.cap != 2:
            return False
        nd = len(dfn.states)
        if any(dfn.next["any"][j] != j + 1 for j in range(nd - 1)):
            return False
        for j in range(nd - 1):
            now, then = _dice(dfn, j), _dice(dfn, j + 1)
            lost = sum(n - then.get(f, 0) for f, n in now.items())
            if lost not in (0, 1) or any(then.get(f, 0) > n for f, n in now.items()):
                return False
            if set(then) - set(now):
                return False
        start = dfn.ids[dfn.setup.start]
        if any(_one_kind(dfn, start, att, i) is None for i in range(len(att.states))):
            return False
        first = att.ids[att.setup.start]
        return all(_one_kind(att, first, dfn, j) is not None for j in range(nd))

    def shift(self, v: list[float]) -> list[float]:
        """Every attacker count one hit further (the last count keeps what reaches it)."""
        out = [0.0, *v[:-1]]
        succ = self.succ
        for i in self.jumps:
            x = v[i]
            if x:
                if i + 1 < self.na:
                    out[i + 1] -= x
                out[succ[i]] += x
        return out

    def solve(self) -> Odds:
        b = self.b
        na, nd = self.na, self.nd
        cols = [[0.0] * na for _ in range(nd)]
        """Mass bound for each column that has not reached it yet (``carry``) or has."""
        carry: list[list[float] | None] = [None] * nd
        self._opening(cols)
        for j in range(nd):
            col = cols[j]
            got = carry[j]
            if got is not None:  # what the earlier columns sent, the defender's hits at last
                q = self.back[j]
                u = got
                for x, p in enumerate(q):
                    if p:
                        col[:] = map(add, col, map(mul, u, repeat(p)))
                    if x + 1 < len(q):
                        u = self.shift(u)
                carry[j] = None
            self._down(j, col)
            # Mass to the later columns: the attacker's hits, y of them for column j + y.
            last = nd - 1 - j
            for y in range(1, min(last, self.longest) + 1):
                _send(carry, j + y, map(mul, col, self.tail(y) if y == last else self.column(y)))
            if last > self.longest:  # more hits than the defender has units: all of them
                _send(carry, nd - 1, map(mul, col, self.tail(last)))
            p = self.die[j] if j < nd - 1 else 0.0
            if p:  # Horner: the die lost between column j and j + 1
                for k in range(j + 1, nd):
                    v = carry[k]
                    if v is not None:
                        moved = map(mul, self.shift(v), repeat(p))
                        carry[k] = list(map(add, map(mul, v, repeat(1 - p)), moved))
            cols[j] = []
        return summary(b)

    def _down(self, j: int, col: list[float]) -> None:
        """The positions of column ``j`` in order: each ends, or its round repeats (divided
        out) and sends the mass the defender's hits alone take down the attacker's ladder."""
        b = self.b
        att = b.att
        q = self.back[j]
        last = self.nd - 1 - j
        over = b.over
        leaves = self.leaves
        rounds = 0.0
        for i, m in enumerate(col):  # later entries fill as it goes
            if not m:
                continue
            how = over(i, j) or leaves[i]
            if how is not None:
                b.end(how, i, j, m)
                col[i] = 0.0
                continue
            miss = self.fire[i][0] if last else 1.0  # the defender left as it is
            steps = att.ladder(i, "any")
            qs = att.clipped(q, len(steps))
            stay = miss * qs[0]
            if stay >= 1.0:
                b.end("stalemate", i, j, m)
                col[i] = 0.0
                continue
            kept = col[i] = m / (1.0 - stay)
            rounds += kept
            b.visited += 1
            c = kept * miss
            n = len(qs)
            if c and n > 1:
                if steps[n - 1] - i == n - 1:  # one stretch down the ladder
                    col[i + 1 : i + n] = map(add, col[i + 1 : i + n], map(mul, qs[1:], repeat(c)))
                else:
                    for k in range(1, n):
                        col[steps[k]] += c * qs[k]
        b.rounds += rounds

    def _opening(self, cols: list[list[float]]) -> None:
        """The first round, AA fire and bombardment before it (``chain.opening``)."""
        b = self.b
        att, dfn = b.att, b.dfn
        for (a1, df, d1), m in opening(b).items():
            ia, idf, id1 = att.ids[a1], dfn.ids[df], dfn.ids[d1]
            how = b.over(ia, idf)
            if how is not None:
                b.end(how, ia, idf, m)
                continue
            b.visited += 1
            b.rounds += m
            on_a = att.outcome(ia, dfn.batches(idf, ALL, att.types[ia]))[1]
            on_d = dfn.outcome(id1, att.batches(ia, ALL, dfn.types[id1]))[1]
            for i, pa in on_a:
                for j, pd in on_d:
                    cols[j][i] += m * pa * pd


def _send(carry: list[list[float] | None], k: int, w: Iterable[float]) -> None:
    got = carry[k]
    carry[k] = list(w) if got is None else list(map(add, got, w))
