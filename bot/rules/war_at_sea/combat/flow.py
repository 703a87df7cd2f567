"""Moving a battle to its next step, checked against the steps table (combat/steps.py)."""

from __future__ import annotations

from bot.rules.war_at_sea.state import BattleStep, WarAtSeaState


def goto(state: WarAtSeaState, step: BattleStep) -> None:
    """The battle in progress moves on to ``step``, which its current step must lead to."""
    # Imported here: the table names the handlers of asw, air, surface and escape, which
    # call this function.
    from bot.rules.war_at_sea.combat.steps import STEPS

    STEPS.goto(state, step)
