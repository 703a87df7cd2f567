"""War at Sea 7-11: the steps of one battle, in order, each with its rule, who may owe a
decision in it, its prompts, its automatic work and the steps it may lead to.

This table is the one place that says which step asks whom for what: a decision step names
the seats it asks (fixed, or the escaping or pursuing side of this battle) and the rule
function that builds one seat's prompt; rule modules build prompts and never look at the step.
A battle moves on only through ``flow.goto``, which refuses a step its table entry does not
list in ``next``. A step with ``run`` does its work when nobody owes a decision in it.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.core import Dice, Event, Prompt, RuleViolation
from bot.rules.core.sequence import Step, Table
from bot.rules.war_at_sea.board import other
from bot.rules.war_at_sea.combat import air, asw, escape, surface
from bot.rules.war_at_sea.state import Battle, BattleStep, Side, WarAtSeaState
from bot.rules.war_at_sea.units import ev

BOTH: tuple[Side, ...] = ("allies", "axis")
BattleFn = Callable[[WarAtSeaState, Battle], list[Event]]
Ask = Callable[[WarAtSeaState, Battle, Side], Prompt]
"""A rule function building one seat's prompt in a step."""
Whom = Callable[[Battle], tuple[Side, ...]]
"""The seats a step asks, when they depend on the battle (who escapes)."""


def battle_of(state: WarAtSeaState) -> Battle:
    battle = state.combat.battle
    if battle is None:
        raise RuleViolation("was.combat.no_battle", "War at Sea 7.1")
    return battle


def _put(state: WarAtSeaState, step: BattleStep) -> None:
    battle_of(state).step = step


def _undeclared(battle: Battle) -> tuple[Side, ...]:
    """11.8: each side that has not declared yet (declarations are sealed)."""
    return tuple(s for s in BOTH if s not in battle.escape)


def _escaping(battle: Battle) -> tuple[Side, ...]:
    return (battle.escaping or "allies",)


def _pursuing(battle: Battle) -> tuple[Side, ...]:
    return (other(battle.escaping or "allies"),)


def _decision(
    name: BattleStep,
    section: str,
    whom: tuple[Side, ...] | Whom,
    ask: Ask,
    *,
    next: tuple[BattleStep, ...],
    run: Callable[[WarAtSeaState, Dice], list[Event]] | None = None,
    end: str | None = None,
    on_end: Callable[[WarAtSeaState, str], list[Event]] | None = None,
) -> Step[BattleStep, WarAtSeaState]:
    """A step in which ``whom`` each get the prompt ``ask`` builds for them."""
    owes = whom if isinstance(whom, tuple) else BOTH
    seats: Whom = (lambda battle: whom) if isinstance(whom, tuple) else whom

    def prompts(state: WarAtSeaState) -> list[Prompt]:
        battle = battle_of(state)
        return [ask(state, battle, side) for side in seats(battle)]

    return Step(name, section, owes, prompts, run, next, end, on_end)


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
        _decision("uboat_targets", "War at Sea 8.4", ("axis",), asw.uboat_targets, next=("over",)),
        _decision(
            "air_allies",
            "War at Sea 9.3",
            ("allies",),
            air.targets_prompt,
            next=("air_axis", "over"),
        ),
        _decision("air_axis", "War at Sea 9.3", ("axis",), air.targets_prompt, next=("over",)),
        _decision(
            "targets_allies",
            "War at Sea 10.2",
            ("allies",),
            surface.targets,
            run=_run(surface.allies_silent),
            next=("carrier_question", "targets_axis", *_ROUND_ENDS),
        ),
        _decision(
            "carrier_question",
            "War at Sea 10.6",
            ("axis",),
            surface.carrier_question,
            next=("targets_allies",),
        ),
        _decision(
            "targets_axis",
            "War at Sea 10.2",
            ("axis",),
            surface.targets,
            run=_run(surface.axis_silent),
            next=_ROUND_ENDS,
        ),
        _decision(
            "escape",
            "War at Sea 11.8",
            _undeclared,
            escape.declare_prompt,
            next=("groups", "next_round", "over"),
        ),
        _decision(
            "groups",
            "War at Sea 11.3",
            _escaping,
            escape.groups_prompt,
            next=("pursuit", "pursuit_done"),
            end="groups_done",
            on_end=_groups_done,
        ),
        _decision(
            "pursuit",
            "War at Sea 11.4",
            _pursuing,
            escape.pursuit_prompt,
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
        _decision(
            "break_off",
            "War at Sea 11.5",
            _pursuing,
            escape.break_off_prompt,
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
