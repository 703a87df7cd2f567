"""War at Sea 7-11: the steps of one battle, in order, each with its rule, who may owe a
decision in it, its prompts, its automatic work and the steps it may lead to.

A battle moves on only through ``flow.goto``, which refuses a step its table entry does not
list in ``next``. A step with ``run`` does its work when nobody owes a decision in it.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.core import Dice, Event, Prompt, RuleViolation
from bot.rules.core.sequence import Step, Table
from bot.rules.war_at_sea.combat import air, asw, escape, surface
from bot.rules.war_at_sea.state import Battle, BattleStep, WarAtSeaState
from bot.rules.war_at_sea.units import ev

BOTH = ("allies", "axis")
BattleFn = Callable[[WarAtSeaState, Battle], list[Event]]


def battle_of(state: WarAtSeaState) -> Battle:
    battle = state.combat.battle
    if battle is None:
        raise RuleViolation("was.combat.no_battle", "War at Sea 7.1")
    return battle


def _put(state: WarAtSeaState, step: BattleStep) -> None:
    battle_of(state).step = step


def _prompts(fn: Callable[[WarAtSeaState, Battle], list[Prompt]]) -> Callable[..., list[Prompt]]:
    return lambda state: fn(state, battle_of(state))


def _run(fn: BattleFn) -> Callable[[WarAtSeaState, Dice], list[Event]]:
    return lambda state, dice: fn(state, battle_of(state))


def _start(state: WarAtSeaState, dice: Dice) -> list[Event]:
    battle = battle_of(state)
    if battle.kind == "asw":
        return asw.start(state, battle, dice)
    if battle.kind == "air":
        return air.start(state, battle)
    return surface.start(state, battle)


def _over(state: WarAtSeaState, dice: Dice) -> list[Event]:
    """The battle is over: the place is done for this kind of combat (7.1)."""
    battle = battle_of(state)
    state.combat.done.append(battle.where)
    state.combat.battle = None
    return [ev("was.battle_over", kind=battle.kind, where=battle.where)]


def _groups_done(state: WarAtSeaState, seat: str) -> list[Event]:
    return escape.groups_done(state, battle_of(state))


def _pursuers_done(state: WarAtSeaState, seat: str) -> list[Event]:
    STEPS.goto(state, "pursuit_done")
    return []


def _keep_pursuing(state: WarAtSeaState, seat: str) -> list[Event]:
    return escape.continue_pursuit(state, battle_of(state))


_ROUND_ENDS: tuple[BattleStep, ...] = ("escape", "break_off", "next_round", "over")
"""Where the end of a round (10.4) leads: escapes, a pursuit's break-off or next fight."""

STEPS: Table[BattleStep, WarAtSeaState] = Table(
    BattleStep,
    [
        Step(
            "start",
            "War at Sea 7.1",
            run=_start,
            next=("uboat_targets", "air_allies", "air_axis", "targets_allies", "over"),
        ),
        Step(
            "uboat_targets",
            "War at Sea 8.4",
            owes=("axis",),
            prompts=_prompts(asw.prompts),
            next=("over",),
        ),
        Step(
            "air_allies",
            "War at Sea 9.3",
            owes=("allies",),
            prompts=_prompts(air.prompts),
            next=("air_axis", "over"),
        ),
        Step(
            "air_axis",
            "War at Sea 9.3",
            owes=("axis",),
            prompts=_prompts(air.prompts),
            next=("over",),
        ),
        Step(
            "targets_allies",
            "War at Sea 10.2",
            owes=("allies",),
            prompts=_prompts(surface.prompts),
            run=_run(surface.progress),
            next=("carrier_question", "targets_axis", *_ROUND_ENDS),
        ),
        Step(
            "carrier_question",
            "War at Sea 10.6",
            owes=("axis",),
            prompts=_prompts(surface.prompts),
            next=("targets_allies",),
        ),
        Step(
            "targets_axis",
            "War at Sea 10.2",
            owes=("axis",),
            prompts=_prompts(surface.prompts),
            run=_run(surface.progress),
            next=_ROUND_ENDS,
        ),
        Step(
            "escape",
            "War at Sea 11.8",
            owes=BOTH,
            prompts=_prompts(escape.prompts),
            next=("groups", "next_round", "over"),
        ),
        Step(
            "groups",
            "War at Sea 11.3",
            owes=BOTH,
            prompts=_prompts(escape.prompts),
            next=("pursuit", "pursuit_done"),
            end="groups_done",
            on_end=_groups_done,
        ),
        Step(
            "pursuit",
            "War at Sea 11.4",
            owes=BOTH,
            prompts=_prompts(escape.prompts),
            next=("pursuit_done",),
            end="pursuers_done",
            on_end=_pursuers_done,
        ),
        Step(
            "pursuit_done",
            "War at Sea 11.2",
            run=_run(escape.start_pursuits),
            next=("next_round", "over"),
        ),
        Step(
            "break_off",
            "War at Sea 11.5",
            owes=BOTH,
            prompts=_prompts(escape.prompts),
            next=("next_round", "over"),
            end="keep_pursuing",
            on_end=_keep_pursuing,
        ),
        Step(
            "next_round",
            "War at Sea 10.1",
            run=_run(surface.next_round),
            next=("targets_allies",),
        ),
        Step("over", "War at Sea 7.1", run=_over),
    ],
    get=lambda state: battle_of(state).step,
    put=_put,
)
