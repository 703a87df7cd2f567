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
hits into the side's next counts (``space``). This module holds the rules a position is
judged by; ``solve`` (any battle) and ``sweep`` (a land battle, a column at a time) visit
the positions. Nothing is sampled and nothing dropped: the result is exact up to the
floating point sums."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.rules.aa50 import board
from bot.rules.aa50.odds import pieces as pc
from bot.rules.aa50.odds.pieces import Counts
from bot.rules.aa50.odds.space import Space
from bot.rules.aa50.odds.spec import BattleSpec, Odds

Dist = dict[Counts, float]


@dataclass
class Battle:
    spec: BattleSpec
    att: Space
    dfn: Space
    cap: int
    """Rounds from this one on behave alike (no round-dependent policy is left)."""
    ended: dict[tuple[str, int, int], float] = field(default_factory=dict)
    judged: dict[tuple[frozenset[str], frozenset[str]], str | None] = field(default_factory=dict)
    rounds: float = 0.0
    visited: int = 0

    def over(self, a: int, d: int) -> str | None:
        """5.5.3.5 condition A as ``combat/battle._over`` checks it; None while it goes on.
        It depends only on the unit types fighting on each side, so it is judged once per
        pair of type sets."""
        key = (self.att.types[a], self.dfn.types[d])
        if key not in self.judged:
            self.judged[key] = _over(self.att.fighting[a], self.dfn.fighting[d])
        return self.judged[key]

    def end(self, how: str, a: int, d: int, mass: float) -> None:
        key = (how, a, d)
        self.ended[key] = self.ended.get(key, 0.0) + mass

    def retreats(self, r: int, a: int) -> bool:
        """The attacker's retreat policy at the press step (5.5.3.5 B). Ruling: units landed
        from the sea may never retreat (5.5.2.3), so a battle with any is fought out (the
        engine lets the others go once every landed unit is lost; counts do not say which
        infantry landed)."""
        s = self.spec
        if s.amphibious:
            return False
        if self.att.ground[a] and not s.can_retreat:
            return False  # aircraft alone may always withdraw (5.5.3.5)
        if s.retreat_after_round is not None and r >= s.retreat_after_round:
            return True
        return s.retreat_when_left is not None and self.att.size[a] <= s.retreat_when_left

    def submerge(self, r: int, a: int, d: int) -> tuple[int, int]:
        """7.3.5: each side's submerging policy, when no enemy destroyer is in the battle."""
        when = self.spec.attacker.submerge_from_round
        if when is not None and r >= when and not self.dfn.destroyer[d]:
            a = self.att.down[a]
        when = self.spec.defender.submerge_from_round
        if when is not None and r >= when and not self.att.destroyer[a]:
            d = self.dfn.down[d]
        return a, d

    def strikes(self, r: int, a: int, d: int) -> bool:
        """Whether a side's submarines strike by surprise this round: it has some and the
        enemy no destroyer (7.3.5), in a round the spec's surprise rule allows."""
        if self.spec.kind != "sea" or (r > 1 and not self.spec.surprise_every_round):
            return False
        att, dfn = self.att, self.dfn
        return (att.sub[a] and not dfn.destroyer[d]) or (dfn.sub[d] and not att.destroyer[a])


def _over(att: dict[str, int], dfn: dict[str, int]) -> str | None:
    if not att or not dfn:
        return "draw" if not att and not dfn else "defender" if not att else "attacker"
    if set(dfn) == {"transport"} and any(board.unit_type(u).attack > 0 for u in att):
        return "transports"  # 5.5.3.2 defenceless transports: sunk, the attacker wins
    if not pc.can_hit(att, dfn, True) and not pc.can_hit(dfn, att, False):
        return "stalemate"
    return None


def opening(b: Battle) -> dict[tuple[Counts, Counts, Counts], float]:
    """The first round's start: AA fire at the attacking aircraft, one die each, 1 (1-2 with
    Radar) destroys it at once (7.1.4, 5.2.3); then bombardment, whose hits fall on land
    units only and stay to fire back (5.5.2.2, 7.3.1, 7.3.3, as ``combat/battle`` takes them)."""
    a_side, d_side = b.att.setup, b.dfn.setup
    a0, d0 = a_side.start, d_side.start
    aa: Dist = {a0: 1.0}
    s = b.spec
    if s.kind == "land" and s.aa_gun:
        face = 2 if "radar" in d_side.tech else 1
        for plane in ("fighter", "bomber"):
            i = a_side.index(plane)
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
        groups = [(board.unit_type(u).attack, n, "land") for u, n in ships.items()]
        pmf = pc.hits_by_kind(groups)["land"]
        shelled = {}
        for k, q in enumerate(pmf):
            c = pc.take_hits(d_side, d0, "land", k)
            shelled[c] = shelled.get(c, 0.0) + q
    return {(a1, d0, d1): pa * pd for a1, pa in aa.items() for d1, pd in shelled.items()}


def summary(b: Battle) -> Odds:
    total = {"attacker": 0.0, "defender": 0.0, "draw": 0.0, "retreat": 0.0}
    captures = 0.0
    att: dict[str, float] = {}
    dfn: dict[str, float] = {}
    a_value = d_value = 0.0
    a_side, d_side = b.att.setup, b.dfn.setup
    for (ending, ia, id_), m in b.ended.items():
        a, d = b.att.states[ia], b.dfn.states[id_]
        how = {"transports": "attacker", "stalemate": "draw"}.get(ending, ending)
        if ending == "transports":  # 5.5.3.2: the defenceless transports are sunk
            i = d_side.index("transport")
            d = (*d[:i], 0, *d[i + 1 :])
        total[how] += m
        fighting = pc.in_battle(a_side, a)
        if how == "attacker" and any(u in board.LAND_UNITS for u in fighting):
            captures += m if b.spec.kind == "land" else 0.0
        for unit, n in pc.survivors(a_side, a).items():
            att[unit] = att.get(unit, 0.0) + n * m
        for unit, n in pc.survivors(d_side, d).items():
            dfn[unit] = dfn.get(unit, 0.0) + n * m
        a_value += pc.value(a_side, a) * m
        d_value += pc.value(d_side, d) * m
    return Odds(
        attacker_wins=total["attacker"],
        defender_wins=total["defender"],
        draw=total["draw"],
        retreat=total["retreat"],
        captures=captures,
        attacker_survivors=att,
        defender_survivors=dfn,
        attacker_ipc_lost=pc.value(a_side, a_side.start) - a_value,
        defender_ipc_lost=pc.value(d_side, d_side.start) - d_value,
        rounds=b.rounds,
        states=b.visited,
    )
