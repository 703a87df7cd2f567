"""Where the sequence of play may go from each phase (sequence.py builds its table on these),
and the one way rule modules move the game on."""

from __future__ import annotations

from bot.rules.pocket_battles.state import Phase, PocketBattlesState

_FIGHT: tuple[Phase, ...] = ("order", "reaction", "assign", "overwhelm", "extra_order")
_AFTER_ORDER: tuple[Phase, ...] = (*_FIGHT, "redeploy", "round_end", "over")

NEXT: dict[Phase, tuple[Phase, ...]] = {
    "build": ("deploy",),
    "deploy": ("redeploy", "round_end"),
    "redeploy": ("order", "over"),
    "order": _AFTER_ORDER,
    "reaction": _AFTER_ORDER,
    "assign": _AFTER_ORDER,
    "overwhelm": _AFTER_ORDER,
    "extra_order": _AFTER_ORDER,
    "round_end": ("redeploy", "round_end", "over"),
    "over": (),
}


def goto(state: PocketBattlesState, phase: Phase) -> None:
    """Move on to ``phase``, which must follow the current one (sequence.py)."""
    if phase != state.phase and phase not in NEXT[state.phase]:
        raise AssertionError(f"phase {state.phase} does not lead to {phase}")
    state.phase = phase
