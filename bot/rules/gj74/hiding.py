"""Face-down counters (GJ74 2.11(2), 9.1(1)): which of them an audience cannot tell apart,
and the same game with two of them traded, for the non-interference guard.

A counter on the table is its token (``b07``): public, and what orders name. What it is, the
face, is hidden. So the look-alikes are named by their faces (``jp_kongo_class_aegis#2``),
and a swap trades two faces between their tokens: every token stays where it is, doing what
it does, and the same orders (by token) mean the same moves on the table."""

from __future__ import annotations

from bot.rules.gj74.state import GJ74State, Unit

IDENTITY = ("cls", "name", "serial", "supply")
"""What the face holds (a swap trades these); token, hex, status and orders stay."""


def face_key(u: Unit) -> str:
    return f"{u.cls}#{u.serial}"


def lookalikes(state: GJ74State, audience: str | None) -> list[tuple[str, str]]:
    """Pairs of faces this audience has not seen, on counters of one side and one kind (a
    submarine's back differs from a ship's), in play or waiting to enter."""
    groups: dict[tuple[str, bool, str], list[str]] = {}
    for u in state.units.values():
        if u.side == audience or u.face_up or u.known or u.status not in ("map", "offmap"):
            continue
        groups.setdefault((u.side, u.sub, u.nation), []).append(face_key(u))
    pairs: list[tuple[str, str]] = []
    for keys in groups.values():
        keys.sort()
        for i, a in enumerate(keys):
            pairs.extend((a, b) for b in keys[i + 1 :])
    return pairs


def swap(state: GJ74State, a: str, b: str) -> GJ74State:
    twin = state.model_copy(deep=True)
    ua, ub = (next(u for u in twin.units.values() if face_key(u) == k) for k in (a, b))
    for field in IDENTITY:
        here, there = getattr(ua, field), getattr(ub, field)
        setattr(ua, field, there)
        setattr(ub, field, here)
    return twin
