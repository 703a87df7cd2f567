"""One side's reachable counts, numbered for the solver, and what one volley does to them.

A side's counts (``pieces``) are numbered once, in an order where every change (a hit, a
submarine submerging, an aircraft lost to AA fire) moves the side to a larger number, so the
chain is solved in one pass. Among such orders the one kept puts the side after one more hit
of the commonest kind right after it (a depth-first walk that follows that hit last), so a
volley's outcomes are mostly one stretch of numbers: the solver adds them as one slice.

Everything a position needs about one side (its dice by kind, who is fighting, what the
next hit of each kind leaves) is worked out here once per count, not once per position."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bot.rules.aa50 import board
from bot.rules.aa50.odds import pieces as pc
from bot.rules.aa50.odds.pieces import Counts, SideSetup

Pmf = tuple[float, ...]
Segments = list[tuple[int, Sequence[float]]]
"""Outcomes of a volley on a side: (first number, probabilities of it and the numbers after)."""
Pairs = list[tuple[int, float]]
Batches = tuple[tuple[str, Pmf], ...]
Outcome = tuple[Segments, Pairs]
"""A volley's outcomes both ways: as stretches, and as (number, probability) pairs."""


class Shared:
    """What both sides of one calculation share: the same dice give the same objects (the
    hit distributions of ``pieces._pmf`` are cached for good, their products here)."""

    def __init__(self) -> None:
        self.products: dict[tuple[int, int], Pmf] = {}
        self.interned: dict[tuple[tuple[str, int], ...], Batches] = {}
        self.splits: dict[int, tuple[Batches, Batches]] = {}
        """By the id of an interned (so kept) batches object."""

    def split(self, batches: Batches) -> tuple[Batches, Batches]:
        """All batches but the last, and the last, each as its one object."""
        got = self.splits.get(id(batches))
        if got is None:
            got = self.splits[id(batches)] = (self.intern(batches[:-1]), self.intern(batches[-1:]))
        return got

    def intern(self, batches: Batches) -> Batches:
        """The one object for these batches (what a volley does is cached by object)."""
        return self.interned.setdefault(tuple((k, id(p)) for k, p in batches), batches)

    def convolve(self, a: Pmf, b: Pmf) -> Pmf:
        key = (id(a), id(b))
        got = self.products.get(key)
        if got is None:
            got = self.products[key] = pc.convolve(a, b)
        return got


ALL, SKIP_SUBS, SUBS = 0, 1, 2
"""Which of a side's units fire: all of them, all but the submarines that struck by surprise
this round (7.3.5), the submarines alone (the surprise strike)."""


class Space:
    def __init__(
        self, setup: SideSetup, attacking: bool, aa_planes: bool, shared: Shared, shelled: bool
    ) -> None:
        self.setup = setup
        self.shelled = shelled
        """Bombardment may hit this side (its ``land`` hits are moves too)."""
        self.shared = shared
        self.attacking = attacking
        planes = [setup.index(p) for p in ("fighter", "bomber")] if aa_planes else []
        self.planes = [i for i in planes if i >= 0]
        self.states: list[Counts] = []
        self.ids: dict[Counts, int] = {}
        self._number()
        n = len(self.states)
        self.next = {
            kind: [self.ids[pc.take_hits(setup, c, kind, 1)] for c in self.states]
            for kind in pc.HIT_KINDS
        }
        self.down = [self.ids[pc.submerge(setup, c)] for c in self.states]
        self.fighting = [pc.in_battle(setup, c) for c in self.states]
        self.types = [frozenset(f) for f in self.fighting]
        self.destroyer = [f.get("destroyer", 0) > 0 for f in self.fighting]
        self.sub = [f.get("submarine", 0) > 0 for f in self.fighting]
        self.ground = [any(u not in board.AIR_UNITS for u in f) for f in self.fighting]
        self.size = [sum(f.values()) for f in self.fighting]
        self._ladders: dict[tuple[int, str], list[int]] = {}
        self._fire: dict[tuple[int, int], dict[str, Pmf]] = {}
        self._merged: dict[tuple[int, int, frozenset[str]], Batches] = {}
        self._hits: dict[tuple[int, int], Outcome] = {}
        self._clip: dict[tuple[int, int], Sequence[float]] = {}
        assert n == len(self.ids)

    def _moves(self, counts: Counts) -> list[Counts]:
        """Every change a side may undergo, the ``any`` hit last (the one kept adjacent)."""
        setup = self.setup
        out = [pc.submerge(setup, counts)]
        out += [(*counts[:i], counts[i] - 1, *counts[i + 1 :]) for i in self.planes if counts[i]]
        kinds = ("land", "sea", "no_sub", "any") if self.shelled else ("sea", "no_sub", "any")
        out += [pc.take_hits(setup, counts, kind, 1) for kind in kinds]
        return [c for c in out if c != counts]

    def _number(self) -> None:
        """Reverse postorder of a depth-first walk from the start: a topological order (every
        move goes to a later number) in which a count's ``any`` successor, when first reached
        from it, comes right after it."""
        done: set[Counts] = {self.setup.start}
        post: list[Counts] = []
        stack = [(self.setup.start, self._moves(self.setup.start)[::-1])]
        while stack:
            counts, todo = stack[-1]
            if todo:
                nxt = todo.pop()
                if nxt not in done:
                    done.add(nxt)
                    stack.append((nxt, self._moves(nxt)[::-1]))
                continue
            stack.pop()
            post.append(counts)
        post.reverse()
        self.states = post
        self.ids = {c: i for i, c in enumerate(post)}

    def ladder(self, i: int, kind: str) -> list[int]:
        """The side after 0, 1, 2... hits of ``kind`` until no unit is left that may take one."""
        got = self._ladders.get((i, kind))
        if got is None:  # down to a count whose ladder is known, then each one count longer
            step, path, j = self.next[kind], [i], i
            while step[j] != j and (step[j], kind) not in self._ladders:
                j = step[j]
                path.append(j)
            got = [] if step[j] == j else self._ladders[(step[j], kind)]
            for j in reversed(path):
                got = self._ladders[(j, kind)] = [j, *got]
        return got

    def fire(self, i: int, mode: int) -> dict[str, Pmf]:
        """The distribution of hits of each kind this side's volley scores (``pieces.dice``)."""
        key = (i, mode)
        got = self._fire.get(key)
        if got is None:
            groups = pc.dice(
                self.setup, self.fighting[i], self.attacking, mode == SUBS, mode == SKIP_SUBS
            )
            got = self._fire[key] = pc.hits_by_kind(groups)
        return got

    def batches(self, i: int, mode: int, targets: frozenset[str]) -> Batches:
        """The volley's hits by what they may fall on among ``targets``, kinds that may fall
        on the same units taken as one. Counts rolling the same dice share one object, so
        what the volley does (``hit``) is worked out once for them."""
        key = (i, mode, targets)
        got = self._merged.get(key)
        if got is None:
            kinds = self.fire(i, mode)
            out: list[tuple[str, Pmf]] = []
            last: list[str] | None = None
            for kind in pc.HIT_KINDS:
                if kind not in kinds:
                    continue
                same = [u for u in sorted(targets) if pc.fits(u, kind)]
                if out and same == last:
                    out[-1] = (out[-1][0], self.shared.convolve(out[-1][1], kinds[kind]))
                else:
                    out.append((kind, kinds[kind]))
                last = same
            got = self._merged[key] = self.shared.intern(tuple(out))
        return got

    def clipped(self, pmf: Pmf, n: int) -> Sequence[float]:
        """``pmf`` over a ladder of ``n`` counts: hits beyond the units left are lost."""
        if len(pmf) <= n:
            return pmf
        key = (id(pmf), n)
        got = self._clip.get(key)
        if got is None:
            got = self._clip[key] = (*pmf[: n - 1], sum(pmf[n - 1 :]))
        return got

    def outcome(self, i: int, batches: Batches) -> Outcome:
        """This side's counts after a volley of ``batches`` on count ``i``: as stretches of
        numbers and as (number, probability) pairs."""
        key = (i, id(batches))
        got = self._hits.get(key)
        if got is None:
            segments = hit(self, i, batches)
            got = self._hits[key] = (segments, pairs(segments))
        return got


def hit(target: Space, i: int, batches: Batches) -> Segments:
    """The target's counts after a volley of ``batches``, as stretches of numbers: the
    batches in order (``combat/fire.volley``), each from where the ones before left it."""
    if not batches:
        return [(i, (1.0,))]
    if len(batches) == 1:
        kind, pmf = batches[0]
        steps = target.ladder(i, kind)
        probs = target.clipped(pmf, len(steps))
        if steps[len(probs) - 1] - i == len(probs) - 1:
            return [(i, probs)]
        return _stretches(zip(steps, probs, strict=False))  # a ladder's numbers increase
    head, tail = target.shared.split(batches)
    acc: dict[int, float] = {}
    get = acc.get
    for j, p in target.outcome(i, head)[1]:
        for k, q in target.outcome(j, tail)[1]:
            acc[k] = get(k, 0.0) + p * q
    return _stretches((k, acc[k]) for k in sorted(acc))


def _stretches(items: Iterable[tuple[int, float]]) -> Segments:
    """(number, probability) pairs, numbers increasing, as stretches of numbers."""
    out: Segments = []
    run: list[float] = []
    lo = -2
    for j, q in items:
        if j != lo + len(run):
            lo, run = j, []
            out.append((lo, run))
        run.append(q)
    return out


def pairs(segments: Segments) -> Pairs:
    return [(lo + k, q) for lo, seg in segments for k, q in enumerate(seg) if q]


def prob(segments: Segments, j: int) -> float:
    """The probability of count ``j`` among ``segments``."""
    for lo, seg in segments:
        if lo <= j < lo + len(seg):
            return seg[j - lo]
    return 0.0
