"""Hidden task forces (Jutland 3.1, 3.3): which of them an audience cannot tell apart and the
same game with two of them traded, for the shared non-interference guard."""

from __future__ import annotations

from bot.rules.jutland.advanced import search as adv_search
from bot.rules.jutland.state import SIDES, JutlandState
from bot.rules.jutland.tournament import search_hooks as t_search
from bot.rules.jutland.view import in_battle

APPEARANCE = (
    "hex", "came_from", "left_at", "plotted", "exit_hex", "exit_hour", "dead", "track",
    "moved_at",
)  # fmt: skip
"""What a task force is doing, as opposed to which ships it is."""


def lookalikes(state: JutlandState, audience: str | None) -> list[tuple[str, str]]:
    """Pairs of one side's task forces whose places the audience was not shown (the other
    side's for a player, both sides' for the public). All capital ships move one hex an hour
    in the Basic Game, so each may lawfully be where the other is."""
    pairs: list[tuple[str, str]] = []
    seen = in_battle(state)
    for side in SIDES:
        if side == audience:
            continue
        ids = sorted(
            tf.id for tf in state.task_forces.values() if tf.side == side and tf.id not in seen
        )
        # Jutland 16: in the Advanced Game only some forces search, so only forces of the
        # same kind could be in each other's place unnoticed.
        kind = {i: adv_search.kind(state, state.task_forces[i]) for i in ids}
        pairs += [(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :] if kind[a] == kind[b]]
    return pairs


def swap(state: JutlandState, a: str, b: str) -> JutlandState:
    twin = state.model_copy(deep=True)
    ta, tb = twin.task_forces[a], twin.task_forces[b]
    for field in APPEARANCE:
        here, there = getattr(ta, field), getattr(tb, field)
        setattr(ta, field, there)
        setattr(tb, field, here)
    t_search.swap(twin, a, b)  # Tournament 21.1-21.2: what the modules note per force
    return twin
