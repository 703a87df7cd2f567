"""The last fight, kept for the picture (5.4-5.7): the order that began it, the reaction, each
strike's dice and hits, and what the hits did to which troop. Written where the rules happen
(a combat begins, a reaction, a roll, a hit); read only by the views, which cut it down to
what each audience may know."""

from __future__ import annotations

from bot.rules.pocket_battles.state import Fight, Loss, PocketBattlesState, Rolled, Strike, Unit


def begin(state: PocketBattlesState) -> None:
    """A combat was just set up (charge, carry on, leave, shoot): a new fight replaces the
    last one."""
    c = state.combat
    assert c is not None
    state.fight = Fight(kind=c.kind, side=c.side, unit=c.unit, target=c.target)


def reacted(state: PocketBattlesState, kind: str, unit: str | None) -> None:
    if state.fight is not None and kind in ("intercept", "shoot", "hold"):
        state.fight = state.fight.model_copy(update={"reaction": kind, "reactor": unit})


def rolled(
    state: PocketBattlesState, s: Strike, dice: list[int], faces: list[int], hits: int
) -> None:
    if state.fight is None:
        return
    roll = Rolled(
        kind=s.kind,
        striker=s.striker,
        target=s.target,
        dice=tuple(dice),
        scored=tuple(faces.count(v) for v in dice),
        hits=hits,
    )
    state.fight = state.fight.model_copy(update={"strikes": (*state.fight.strikes, roll)})


def hit(state: PocketBattlesState, unit: Unit, tile: str, lost: bool) -> None:
    if state.fight is None:
        return
    loss = Loss(unit=unit.id, side=unit.side, tile=tile, lost=lost)
    state.fight = state.fight.model_copy(update={"losses": (*state.fight.losses, loss)})
