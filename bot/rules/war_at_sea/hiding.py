"""War at Sea 18.2: face-down Allied counters. Which of them the Axis and the public cannot
tell apart, the same game with two of them traded, and the order in which simultaneous
things happen to counters, which must not tell them apart either."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.rules.core import Event
from bot.rules.war_at_sea import board
from bot.rules.war_at_sea.state import UnitState, WarAtSeaState
from bot.rules.war_at_sea.units import eff_speed, hidden, is_convoy, may_be_at, reveal

APPEARANCE = (
    "location",
    "origin",
    "areas_moved",
    "failed_move",
    "fallback",
    "disabled",
    "escaped",
    "refuelled",
    "convoy_stays",
    "neutral_turn",
    "neutral_penalty",
    "revealed",
)
"""What a face-down counter is doing, as opposed to which ship it is: where it stands, how it
moved this turn and what it was ordered to do. A swap trades these between two counters."""


def lookalikes(state: WarAtSeaState, audience: str | None) -> list[tuple[str, str]]:
    """Pairs of face-down counters this audience cannot tell apart, and that the rules
    treat alike where each stands: same nationality (movement and port limits, 16), same
    damage (repairs, 15.1), same entry state (16.1, 16.2), the same speed when a speed roll
    is due (6.2), a convoy told to stay only with another convoy (13.2), and each may
    lawfully be where the other is."""
    if audience == "allies" or not state.options.variant_18_2:
        return []
    classes: dict[tuple[Any, ...], list[UnitState]] = {}
    for u in state.units.values():
        if u.status == "active" and hidden(state, u):
            key = (u.nationality, u.damage, u.joined, u.may_sortie)
            classes.setdefault(key, []).append(u)
    allowed: dict[tuple[str, str], bool] = {}

    def may(u: UnitState, loc: str) -> bool:
        if (u.id, loc) not in allowed:
            allowed[(u.id, loc)] = may_be_at(state, u, loc)
        return allowed[(u.id, loc)]

    # 13.1: one convoy per sea area, so a convoy cannot trade places into an area where
    # another convoy already is.
    convoy_areas = {
        u.location
        for u in state.units.values()
        if is_convoy(u) and u.status == "active" and board.is_area(u.location)
    }
    pairs: list[tuple[str, str]] = []
    for faces in classes.values():
        for i, a in enumerate(faces):
            for b in faces[i + 1 :]:
                if is_convoy(a) != is_convoy(b):
                    other = b if is_convoy(a) else a
                    if other.location in convoy_areas:
                        continue
                if _alike(a, b) and may(a, b.location or "") and may(b, a.location or ""):
                    pairs.append((a.id, b.id))
    return pairs


def _alike(a: UnitState, b: UnitState) -> bool:
    if 2 in (a.areas_moved, b.areas_moved) and eff_speed(a) != eff_speed(b):
        return False
    return not ((a.convoy_stays or b.convoy_stays) and not (is_convoy(a) and is_convoy(b)))


def swap(state: WarAtSeaState, a: str, b: str) -> WarAtSeaState:
    twin = state.model_copy(deep=True)
    ua, ub = twin.units[a], twin.units[b]
    for field in APPEARANCE:
        here, there = getattr(ua, field), getattr(ub, field)
        setattr(ua, field, there)
        setattr(ub, field, here)
    return twin


def public_order(state: WarAtSeaState, units: Iterable[UnitState]) -> list[UnitState]:
    """Counters in an order the Axis and the public can already see (18.2): by place, face-up
    counters first (in the roster's order, which is public), then face-down ones by what
    they are doing. The roster order would tell face-down counters apart: which die is
    rolled for which counter, and where an anonymous event stands among the named ones.
    Face-down counters doing the same thing go slowest first: a speed roll shows a
    counter's speed anyway (6.2), so the order adds nothing to it, where the roster order
    would say which ship came first."""
    units = list(units)
    if not state.options.variant_18_2:
        return units  # nothing is hidden: the roster order is public
    where = {loc: i for i, loc in enumerate(board.locations())}
    roster = {unit_id: i for i, unit_id in enumerate(state.units)}

    def key(u: UnitState) -> tuple[Any, ...]:
        if not hidden(state, u):
            return (where.get(u.location or "", -1), False, roster[u.id], ())
        doing = tuple(_comparable(getattr(u, f)) for f in APPEARANCE)
        return (where.get(u.location or "", -1), True, 0, (*doing, eff_speed(u), u.id))

    return sorted(units, key=key)


def _comparable(value: Any) -> tuple[int, Any]:
    # None sorts first; strings, numbers and flags are each compared among their own kind.
    return (0, "") if value is None else (1, str(value))


def reveal_for_combat(state: WarAtSeaState) -> list[Event]:
    """War at Sea 18.2: counters are turned face up in combat. Ruling: all those where a
    combat of any kind (7.1) will be fought are turned up as the combat phase begins, as at
    the table, before the Axis chooses the order of the combats. Turning each battle's
    counters up only when it starts would let the list of combats speak first: an air
    combat (9.2) is due only where an Allied carrier is, so the Axis's choice of combats
    would tell a face-down carrier from a battleship."""
    if not state.options.variant_18_2:
        return []
    from bot.rules.war_at_sea.combat import phase  # the combat modules import our users

    kind, where = state.combat.kind, set()
    for each in phase.KINDS:
        state.combat.kind = each
        where.update(phase.pending(state))
    state.combat.kind = kind
    return reveal(
        state,
        [u for u in state.units.values() if u.status == "active" and u.location in where],
    )
