"""Face-down counters (GJ74 2.11(2), 9.1(1)): which of them an audience cannot tell apart,
and the same game with two of them traded, for the non-interference guard."""

from __future__ import annotations

from bot.rules.gj74.state import GJ74State

IDENTITY = ("cls", "name", "serial", "supply")
"""What the face holds, as opposed to what the counter is doing (its token, hex, status and
orders stay): a swap trades these between two counters."""


def lookalikes(state: GJ74State, audience: str | None) -> list[tuple[str, str]]:
    """Pairs of counters this audience has not seen the faces of, of one side and one kind
    (a submarine's back differs from a ship's), in play or waiting to enter."""
    groups: dict[tuple[str, bool, str], list[str]] = {}
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if u.side == audience or u.face_up or u.known or u.status not in ("map", "offmap"):
            continue
        groups.setdefault((u.side, u.sub, u.nation), []).append(u.id)
    pairs: list[tuple[str, str]] = []
    for ids in groups.values():
        for i, a in enumerate(ids):
            pairs.extend((a, b) for b in ids[i + 1 :])
    return pairs


def swap(state: GJ74State, a: str, b: str) -> GJ74State:
    twin = state.model_copy(deep=True)
    ua, ub = twin.units[a], twin.units[b]
    for field in IDENTITY:
        here, there = getattr(ua, field), getattr(ub, field)
        setattr(ua, field, there)
        setattr(ub, field, here)
    return twin
