"""The units of one side of a battle as counts, the way the odds calculation sees them.

A side is a tuple of counts over its *pieces*: each unit type present, plus a damaged
battleship (7.3.1: two hits to sink, repaired after the battle) and submerged submarines
(7.3.5: out of the battle, still alive). Units of a type are interchangeable once the
casualty order is fixed, so the count tuple is the whole state of a side.

The same ranking drives the exact calculation and the Monte Carlo (``rank``), and matches
the engine's default choice (``bot.rules.aa50.combat.casualties.slots``): a battleship's free
first hit, then the cheapest loss, transports last (7.3.6)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import repeat
from operator import add, mul

from bot.rules.aa50 import board
from bot.rules.aa50.odds.spec import CasualtyOrder, Side

Counts = tuple[int, ...]

HIT_KINDS = ("sea", "no_sub", "any")
"""What a batch of hits may fall on, in the order the engine takes the batches
(``combat/fire.volley``): submarine hits on ships only (7.3.5), aircraft hits on anything but
a submarine when no friendly destroyer is in the battle (7.3.4), all other hits on anything."""

DAMAGED = "battleship_damaged"
SUBMERGED = "submerged"


def fits(unit: str, kind: str) -> bool:
    """Whether a hit of ``kind`` may be taken on ``unit`` (``combat/casualties._fits``)."""
    if kind == "sea":
        return unit in board.SEA_UNITS
    if kind == "no_sub":
        return unit != "submarine"
    if kind == "land":  # bombardment (5.5.2.2 with 7.3.1, 7.3.3): land units only
        return unit in board.LAND_UNITS
    return True


def rank(order: CasualtyOrder, unit: str, first_hit: bool) -> tuple[int, int, int, int]:
    """Where a hit on ``unit`` stands in the owner's casualty order, lowest first.

    ``first_hit``: the free first hit of an undamaged battleship (7.3.1). Ruling: units of
    equal cost (a cruiser and a bomber, 12 IPCs) are taken in the order of the rulebook's unit
    list (section 7), where the engine's default falls back to unit ids."""
    if unit == "transport":
        return (3, 0, 0, 0)  # 7.3.6 Chosen Last: a rule, whatever the order says
    if unit == "battleship" and first_hit and order.battleship_first_hit:
        return (0, 0, 0, 0)
    stage = 0 if first_hit else 1
    if unit in order.first:
        return (1, order.first.index(unit), 0, stage)
    return (2, board.unit_type(unit).cost, board.UNIT_TYPES.index(unit), stage)


@dataclass(frozen=True)
class SideSetup:
    """One side's pieces, how hits move between them, and what each fires with."""

    pieces: tuple[str, ...]
    """Piece names: unit types, ``battleship_damaged``, ``submerged``."""
    units: tuple[str, ...]
    """The unit type of each piece."""
    hp: tuple[int, ...]
    """Hits each piece can still take in the battle (0 for submerged submarines)."""
    steps: tuple[tuple[int, int, str], ...]
    """The casualty order as moves: (from piece, to piece or -1 for destroyed, unit type)."""
    start: Counts
    tech: frozenset[str]
    keep_land: bool = False
    """The casualty order's ``keep_land``, for an attacker in a land battle only."""

    def index(self, piece: str) -> int:
        return self.pieces.index(piece) if piece in self.pieces else -1


def build(side: Side, keep_land: bool = False) -> SideSetup:
    present = [u for u in board.UNIT_TYPES if side.units.get(u, 0) > 0]
    pieces: list[str] = list(present)
    if "battleship" in present:
        pieces.append(DAMAGED)
    if "submarine" in present:
        pieces.append(SUBMERGED)
    units = tuple(
        "battleship" if p == DAMAGED else "submarine" if p == SUBMERGED else p for p in pieces
    )
    hp = tuple(2 if p == "battleship" else 0 if p == SUBMERGED else 1 for p in pieces)
    moves: list[tuple[tuple[int, int, int, int], int, int, str]] = []
    for i, p in enumerate(pieces):
        if p == SUBMERGED:
            continue
        if p == "battleship":
            moves.append((rank(side.order, p, True), i, pieces.index(DAMAGED), p))
        else:
            moves.append((rank(side.order, units[i], False), i, -1, units[i]))
    moves.sort()
    counts: dict[str, int] = {str(u): n for u, n in side.units.items()}
    start = tuple(counts.get(p, 0) for p in pieces)
    return SideSetup(
        pieces=tuple(pieces),
        units=units,
        hp=hp,
        steps=tuple((src, dst, unit) for _, src, dst, unit in moves),
        start=start,
        tech=frozenset(side.tech),
        keep_land=keep_land and side.order.keep_land,
    )


def take_hits(setup: SideSetup, counts: Counts, kind: str, hits: int) -> Counts:
    """The side after taking ``hits`` hits of ``kind`` in its casualty order; hits with no
    unit that may take them are lost (``combat/casualties.needed``)."""
    if hits <= 0:
        return counts
    if setup.keep_land:
        for _ in range(hits):
            counts = _one_keeping_land(setup, counts, kind)
        return counts
    out = list(counts)
    for src, dst, unit in setup.steps:
        n = out[src]
        if not n or not fits(unit, kind):
            continue
        take = n if n < hits else hits
        out[src] -= take
        if dst >= 0:
            out[dst] += take
        hits -= take
        if not hits:
            break
    return tuple(out)


def _one_keeping_land(setup: SideSetup, counts: Counts, kind: str) -> Counts:
    """One hit in order, but the last land unit only after every other unit but transports
    (``combat/standing.rank`` with ``keep_land``)."""
    options = [(s, d, u) for s, d, u in setup.steps if counts[s] and fits(u, kind)]
    if not options:
        return counts
    src, dst, unit = options[0]
    land = sum(n for i, n in enumerate(counts) if setup.units[i] in board.LAND_UNITS)
    if unit in board.LAND_UNITS and land == 1:
        others = [o for o in options if o[2] not in board.LAND_UNITS and o[2] != "transport"]
        src, dst, unit = others[0] if others else options[0]
    out = list(counts)
    out[src] -= 1
    if dst >= 0:
        out[dst] += 1
    return tuple(out)


def in_battle(setup: SideSetup, counts: Counts) -> dict[str, int]:
    """Units still fighting, by type (a damaged battleship is a battleship)."""
    out: dict[str, int] = {}
    for i, n in enumerate(counts):
        if n and setup.pieces[i] != SUBMERGED:
            out[setup.units[i]] = out.get(setup.units[i], 0) + n
    return out


def hit_points(setup: SideSetup, counts: Counts) -> int:
    return sum(n * h for n, h in zip(counts, setup.hp, strict=True))


def survivors(setup: SideSetup, counts: Counts) -> dict[str, int]:
    out: dict[str, int] = {}
    for i, n in enumerate(counts):
        out[setup.units[i]] = out.get(setup.units[i], 0) + n
    return out


def value(setup: SideSetup, counts: Counts) -> int:
    return sum(board.unit_type(u).cost * n for u, n in survivors(setup, counts).items())


def submerge(setup: SideSetup, counts: Counts) -> Counts:
    """7.3.5: every submarine still in the battle leaves it."""
    sub, down = setup.index("submarine"), setup.index(SUBMERGED)
    if sub < 0 or not counts[sub]:
        return counts
    out = list(counts)
    out[down] += out[sub]
    out[sub] = 0
    return tuple(out)


Group = tuple[int, int, str]
"""Dice of one kind: (hit on this face or less, number of dice, hit kind)."""


def dice(
    setup: SideSetup, fighting: dict[str, int], attacking: bool, surprise: bool, skip_subs: bool
) -> list[Group]:
    """The dice a side rolls (``combat/fire.volley``): in the surprise strike its submarines
    only (7.3.5); otherwise everything with a value, without the submarines that already
    struck. Attack values follow ``combat/fire.attack_values``: artillery supports one
    infantry each (two with Advanced Artillery, 7.1.2), Jet Fighters attack 4, Super
    Submarines 3, Heavy Bombers roll two dice in attack (5.2.3)."""
    tech = setup.tech
    destroyer = fighting.get("destroyer", 0) > 0
    out: list[Group] = []
    for unit, count in fighting.items():
        n = count
        sub = unit == "submarine"
        if (surprise and not sub) or (not surprise and skip_subs and sub):
            continue
        kind = board.unit_type(unit)
        face = kind.attack if attacking else kind.defense
        per = 1
        if attacking:
            if unit == "fighter" and "jet_fighters" in tech:
                face = 4
            elif unit == "submarine" and "super_submarines" in tech:
                face = 3
            elif unit == "bomber" and "heavy_bombers" in tech:
                per = 2
        hit = "sea" if unit == "submarine" else "any"
        if unit in board.AIR_UNITS and not destroyer:
            hit = "no_sub"
        if attacking and unit == "infantry":
            support = fighting.get("artillery", 0)
            support *= 2 if "advanced_artillery" in tech else 1
            strong = min(n, support)
            if strong:
                out.append((2, strong, hit))
            n -= strong
        if face > 0 and n:
            out.append((face, n * per, hit))
    return out


@cache
def binomial(n: int, face: int) -> tuple[float, ...]:
    """P(k hits) for n dice each hitting on ``face`` or less of a d6, k = 0..n."""
    from math import comb, exp, lgamma, log

    p = face / 6
    q = 1 - p
    if n <= 1000:
        return tuple(comb(n, k) * p**k * q ** (n - k) for k in range(n + 1))
    if not 0 < p < 1:
        return tuple(float(k == (n if p else 0)) for k in range(n + 1))
    top = lgamma(n + 1)  # past a float's range for comb: by logarithms
    return tuple(
        exp(top - lgamma(k + 1) - lgamma(n - k + 1) + k * log(p) + (n - k) * log(q))
        for k in range(n + 1)
    )


def convolve(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    if len(a) < len(b):
        a, b = b, a
    out = [0.0] * (len(a) + len(b) - 1)
    n = len(a)
    for j, y in enumerate(b):  # the longer one a slice at a time
        if y:
            out[j : j + n] = map(add, out[j : j + n], map(mul, a, repeat(y)))
    return tuple(out)


@cache
def _pmf(dice: tuple[tuple[int, int], ...]) -> tuple[float, ...]:
    """Hits of dice grouped as (face, count): the binomials convolved (many states share
    the same groups, so each product is computed once)."""
    (face, n), rest = dice[0], dice[1:]
    return convolve(_pmf(rest), binomial(n, face)) if rest else binomial(n, face)


def hits_by_kind(groups: list[Group]) -> dict[str, tuple[float, ...]]:
    """The distribution of the number of hits of each kind a volley scores."""
    by_kind: dict[str, dict[int, int]] = {}
    for face, n, kind in groups:
        faces = by_kind.setdefault(kind, {})
        faces[face] = faces.get(face, 0) + n  # dice hitting on the same face: one binomial
    return {kind: _pmf(tuple(sorted(faces.items()))) for kind, faces in by_kind.items()}


def can_hit(shooters: dict[str, int], targets: dict[str, int], attacking: bool) -> bool:
    """``combat/battle._can_hit``: submarines never hit aircraft (7.3.5), aircraft hit no
    submarine without a friendly destroyer (7.3.4)."""
    destroyer = shooters.get("destroyer", 0) > 0
    for unit in shooters:
        kind = board.unit_type(unit)
        if (kind.attack if attacking else kind.defense) <= 0:
            continue
        for target in targets:
            if unit == "submarine" and target not in board.SEA_UNITS:
                continue
            if unit in board.AIR_UNITS and target == "submarine" and not destroyer:
                continue
            return True
    return False
