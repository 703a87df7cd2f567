"""Exact battle odds: the battle as a Markov chain over the units left on each side.

A position is (round, attacker counts, defender counts) at the start of a round (5.5.3.5: the
battle repeats steps ii-iv until condition A or B). One round is the engine's steps in
order (``combat/battle.STEPS``): submarines may submerge (7.3.5), the battle may be over
(condition A, defenceless transports 5.5.3.2), the submarines' surprise strike (7.3.5),
the attacker fires (5.5.3.2), the defender fires, its hit units included (5.5.3.3), the
defender's casualties leave (5.5.3.4), press or retreat (5.5.3.5). The first round of a land
battle opens with AA fire (7.1.4) and the bombardment of an amphibious assault (5.5.2.2),
whose casualties fire back in that round.

Each volley's hits follow a binomial law per group of dice; the owner's casualty order turns
hits into the side's next counts. Positions are solved once each, in order of the hits left
on the board (every transition removes some, or is the round repeating itself: a round with
no hit and no submerging is the same position again, so its probability is divided out).
Nothing is sampled: the result is exact up to the floating point sum and, when a precision
is asked, the mass dropped below it (reported as ``unresolved``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rules.aa50 import board
from bot.rules.aa50.odds import pieces as pc
from bot.rules.aa50.odds.pieces import Counts, SideSetup
from bot.rules.aa50.odds.spec import BattleSpec, Odds

Dist = dict[Counts, float]


@dataclass
class _Battle:
    spec: BattleSpec
    att: SideSetup
    dfn: SideSetup
    cap: int
    """Rounds from this one on behave alike (no round-dependent policy is left)."""
    eps: float
    ladders: dict[tuple[bool, Counts, str], list[Counts]] = field(default_factory=dict)
    merged: dict[object, list[tuple[str, tuple[float, ...]]]] = field(default_factory=dict)
    volleys: dict[tuple[bool, Counts, Counts, bool, bool], Dist] = field(default_factory=dict)
    dice_memo: dict[tuple[bool, Counts, bool, bool], dict[str, tuple[float, ...]]] = field(
        default_factory=dict
    )
    ended: dict[tuple[str, Counts, Counts], float] = field(default_factory=dict)
    rounds: float = 0.0
    dropped: float = 0.0
    visited: int = 0


def _over(b: _Battle, a: Counts, d: Counts) -> str | None:
    """5.5.3.5 condition A as ``combat/battle._over`` checks it; None while it goes on."""
    att, dfn = pc.in_battle(b.att, a), pc.in_battle(b.dfn, d)
    if not att or not dfn:
        return "draw" if not att and not dfn else "defender" if not att else "attacker"
    if set(dfn) == {"transport"} and any(board.unit_type(u).attack > 0 for u in att):
        return "transports"  # 5.5.3.2 defenceless transports: sunk, the attacker wins
    if not pc.can_hit(att, dfn, True) and not pc.can_hit(dfn, att, False):
        return "stalemate"
    return None


def _end(b: _Battle, how: str, a: Counts, d: Counts, mass: float) -> None:
    if how == "transports":
        i = b.dfn.index("transport")
        d = (*d[:i], 0, *d[i + 1 :])
        how = "attacker"
    elif how == "stalemate":
        how = "draw"
    key = (how, a, d)
    b.ended[key] = b.ended.get(key, 0.0) + mass


def _volley(
    b: _Battle, attacking: bool, shooters: Counts, targets: Counts, surprise: bool, skip_subs: bool
) -> Dist:
    """The targets' counts after one volley, with their probabilities (the same volley at
    the same targets recurs from many positions: worked out once)."""
    whole = (attacking, shooters, targets, surprise, skip_subs)
    done = b.volleys.get(whole)
    if done is not None:
        return done
    merged = batches(b, attacking, shooters, targets, surprise, skip_subs)
    out: Dist = {targets: 1.0}
    for kind, pmf in merged:
        nxt: Dist = {}
        for counts, p in out.items():
            ladder = _ladder(b, attacking, counts, kind, len(pmf))
            last = len(ladder) - 1
            for after, q in zip(ladder[:last], pmf, strict=False):
                if q:
                    nxt[after] = nxt.get(after, 0.0) + p * q
            tail = sum(pmf[last:])  # as many hits as the units left, or more
            nxt[ladder[last]] = nxt.get(ladder[last], 0.0) + p * tail
        out = nxt
    b.volleys[whole] = out
    return out


def batches(
    b: _Battle, attacking: bool, shooters: Counts, targets: Counts, surprise: bool, skip_subs: bool
) -> list[tuple[str, tuple[float, ...]]]:
    """A volley's hits by what they may fall on, as (kind, distribution of the number of
    hits), batches that may fall on the same units being one batch."""
    shoot = b.att if attacking else b.dfn
    hit = b.dfn if attacking else b.att
    key = (attacking, shooters, surprise, skip_subs)
    kinds = b.dice_memo.get(key)
    if kinds is None:
        groups = pc.dice(shoot, pc.in_battle(shoot, shooters), attacking, surprise, skip_subs)
        kinds = b.dice_memo[key] = pc.hits_by_kind(groups)
    left = tuple(sorted(pc.in_battle(hit, targets)))
    merged = b.merged.get((key, left))
    if merged is None:
        merged = []
        for kind in pc.HIT_KINDS:
            if kind not in kinds:
                continue
            same = [u for u in left if pc.fits(u, kind)]
            if merged and [u for u in left if pc.fits(u, merged[-1][0])] == same:
                merged[-1] = (merged[-1][0], pc.convolve(merged[-1][1], kinds[kind]))
            else:
                merged.append((kind, kinds[kind]))
        b.merged[(key, left)] = merged
    return merged


def _ladder(b: _Battle, attacking: bool, counts: Counts, kind: str, n: int) -> list[Counts]:
    """The side after 0, 1, 2... hits of ``kind`` (up to ``n`` entries), built once."""
    key = (attacking, counts, kind)
    steps = b.ladders.get(key)
    if steps is None:
        steps = b.ladders[key] = [counts]
    hit = b.dfn if attacking else b.att
    while len(steps) < n:
        after = pc.take_hits(hit, steps[-1], kind, 1)
        if after == steps[-1]:
            break  # nothing left this kind may hit: further hits are lost
        steps.append(after)
    return steps


def _retreats(b: _Battle, r: int, a: Counts) -> bool:
    """The attacker's retreat policy at the press step (5.5.3.5 B). Ruling: units landed from
    the sea may never retreat (5.5.2.3), so a battle with any is fought out (the engine lets
    the others go once every landed unit is lost; counts do not say which infantry landed)."""
    s = b.spec
    if s.amphibious:
        return False
    fighting = pc.in_battle(b.att, a)
    ground = any(u not in board.AIR_UNITS for u in fighting)
    if ground and not s.can_retreat:
        return False  # aircraft alone may always withdraw (5.5.3.5)
    if s.retreat_after_round is not None and r >= s.retreat_after_round:
        return True
    return s.retreat_when_left is not None and sum(fighting.values()) <= s.retreat_when_left


def _submerge(b: _Battle, r: int, a: Counts, d: Counts) -> tuple[Counts, Counts]:
    """7.3.5: each side's submerging policy, when no enemy destroyer is in the battle."""
    for attacking in (True, False):
        me, them = (b.att, b.dfn) if attacking else (b.dfn, b.att)
        mine, theirs = (a, d) if attacking else (d, a)
        when = (b.spec.attacker if attacking else b.spec.defender).submerge_from_round
        if when is None or r < when or pc.in_battle(them, theirs).get("destroyer", 0):
            continue
        if attacking:
            a = pc.submerge(me, mine)
        else:
            d = pc.submerge(me, mine)
    return a, d


Block = tuple[float, Dist, Dist]
"""Part of a round's outcome: (probability, attacker's counts after, defender's counts after),
the two sides' lists independent of each other."""


def _round(b: _Battle, a: Counts, d_fire: Counts, d: Counts) -> list[Block]:
    """One round from the surprise strike to the casualties: the positions it leads to, as
    blocks of independent outcomes (the attacker's fire decides the defender's losses and
    the defender's fire the attacker's, 5.5.3.2-3)."""
    starts: dict[tuple[Counts, Counts, Counts], float] = {(a, d_fire, d): 1.0}
    a_subs = d_subs = False
    if b.spec.kind == "sea":
        a_dd = pc.in_battle(b.att, a).get("destroyer", 0) > 0
        d_dd = pc.in_battle(b.dfn, d).get("destroyer", 0) > 0
        a_subs = not d_dd and pc.in_battle(b.att, a).get("submarine", 0) > 0
        d_subs = not a_dd and pc.in_battle(b.dfn, d).get("submarine", 0) > 0
        if a_subs or d_subs:  # both sides strike before either takes its losses
            on_d = _volley(b, True, a, d, True, False) if a_subs else {d: 1.0}
            on_a = _volley(b, False, d, a, True, False) if d_subs else {a: 1.0}
            starts = {(a2, d2, d2): pa * pd for a2, pa in on_a.items() for d2, pd in on_d.items()}
    return [
        (p, _volley(b, False, df1, a1, False, d_subs), _volley(b, True, a1, d1, False, a_subs))
        for (a1, df1, d1), p in starts.items()
    ]


def _opening(b: _Battle) -> dict[tuple[Counts, Counts, Counts], float]:
    """The first round's start: AA fire at the attacking aircraft, one die each, 1 (1-2 with
    Radar) destroys it at once (7.1.4, 5.2.3); then bombardment, whose hits stay to fire back
    (5.5.2.2)."""
    a0, d0 = b.att.start, b.dfn.start
    aa: Dist = {a0: 1.0}
    s = b.spec
    if s.kind == "land" and s.aa_gun:
        face = 2 if "radar" in b.dfn.tech else 1
        for plane in ("fighter", "bomber"):
            i = b.att.index(plane)
            if i < 0:
                continue
            nxt: Dist = {}
            for counts, p in aa.items():
                for k, q in enumerate(pc.binomial(counts[i], face)):
                    c = (*counts[:i], counts[i] - k, *counts[i + 1 :])
                    nxt[c] = nxt.get(c, 0.0) + p * q
            aa = nxt
    shelled: Dist = {d0: 1.0}
    ships = {u: n for u, n in s.bombard.items() if n}
    if ships:
        groups = [(board.unit_type(u).attack, n, "any") for u, n in ships.items()]
        pmf = pc.hits_by_kind(groups)["any"]
        shelled = {}
        for k, q in enumerate(pmf):
            c = pc.take_hits(b.dfn, d0, "any", k)
            shelled[c] = shelled.get(c, 0.0) + q
    return {(a1, d0, d1): pa * pd for a1, pa in aa.items() for d1, pd in shelled.items()}


def _summary(b: _Battle) -> Odds:
    total = {"attacker": 0.0, "defender": 0.0, "draw": 0.0, "retreat": 0.0}
    captures = 0.0
    att: dict[str, float] = {}
    dfn: dict[str, float] = {}
    a_value = d_value = 0.0
    for (how, a, d), m in b.ended.items():
        total[how] += m
        fighting = pc.in_battle(b.att, a)
        if how == "attacker" and any(u in board.LAND_UNITS for u in fighting):
            captures += m if b.spec.kind == "land" else 0.0
        for unit, n in pc.survivors(b.att, a).items():
            att[unit] = att.get(unit, 0.0) + n * m
        for unit, n in pc.survivors(b.dfn, d).items():
            dfn[unit] = dfn.get(unit, 0.0) + n * m
        a_value += pc.value(b.att, a) * m
        d_value += pc.value(b.dfn, d) * m
    return Odds(
        attacker_wins=total["attacker"],
        defender_wins=total["defender"],
        draw=total["draw"],
        retreat=total["retreat"],
        captures=captures,
        attacker_survivors=att,
        defender_survivors=dfn,
        attacker_ipc_lost=pc.value(b.att, b.att.start) - a_value,
        defender_ipc_lost=pc.value(b.dfn, b.dfn.start) - d_value,
        rounds=b.rounds,
        states=b.visited,
        unresolved=b.dropped,
    )
