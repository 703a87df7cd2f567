"""War at Sea 7.1: ASW first, then air strikes, then surface combat; where one kind is due in
several places the Axis chooses which is fought next. Each battle is a Battle in the state,
advanced step by step; a step that needs nobody's decision runs at once."""

from __future__ import annotations

from bot.rules.core import Dice, Event, Prompt, RuleViolation, t
from bot.rules.war_at_sea import board
from bot.rules.war_at_sea.actions import ChooseCombat
from bot.rules.war_at_sea.combat import air
from bot.rules.war_at_sea.combat.steps import STEPS
from bot.rules.war_at_sea.forms import In, forms, loc_options
from bot.rules.war_at_sea.state import Battle, CombatKind, WarAtSeaState
from bot.rules.war_at_sea.units import ev, fighting, is_surface, is_uboat, units_at, word

KINDS: tuple[CombatKind, ...] = ("asw", "air", "surface")  # War at Sea 7.1


def pending(state: WarAtSeaState) -> list[str]:
    kind = state.combat.kind
    done = state.combat.done
    if kind == "asw":
        return [
            a
            for a in board.areas()
            if a not in done
            and any(is_uboat(u) and not u.disabled for u in units_at(state, a, "axis"))
            and any(is_surface(u) and fighting(u) for u in units_at(state, a, "allies"))
        ]
    if kind == "air":
        return [
            loc
            for loc in board.locations()
            if loc not in done
            and (air.strikes(state, loc, "allies") or air.strikes(state, loc, "axis"))
        ]
    return [
        a
        for a in board.areas()
        if a not in done
        and all(
            any(is_surface(u) and fighting(u) for u in units_at(state, a, side))
            for side in board.SIDES
        )
    ]


def prompts(state: WarAtSeaState) -> list[Prompt]:
    battle = state.combat.battle
    if battle is None:
        where = pending(state)
        if len(where) < 2:
            return []
        return [
            Prompt(
                id=f"t{state.turn}.order.{state.combat.kind}.{len(state.combat.done)}",
                seat="axis",
                kind="was.combat_order",
                title=t(f"was.prompt.combat_order_{state.combat.kind}"),
                section="War at Sea 7.1",
                forms=tuple(
                    forms(
                        "choose_combat",
                        t("was.form.choose_combat"),
                        [In("where", t("was.input.where"), loc_options(where))],
                    )
                ),
                default={"type": "choose_combat", "where": where[0]},
            )
        ]
    return STEPS.prompts(state)


def choose(state: WarAtSeaState, action: ChooseCombat) -> list[Event]:
    if action.where not in pending(state):
        raise RuleViolation("was.combat.not_due", "War at Sea 7.1", where=action.where)
    return _begin(state, action.where)


def _begin(state: WarAtSeaState, where: str) -> list[Event]:
    state.combat.count += 1
    state.combat.battle = Battle(kind=state.combat.kind, where=where)
    kind = state.combat.kind
    return [ev("was.battle", kind=kind, kind_name=word(f"was.battle_kind.{kind}"), where=where)]


def over(state: WarAtSeaState) -> bool:
    """No battle is being fought, and none of the last kind is due (7.1)."""
    return state.combat.battle is None and state.combat.kind == KINDS[-1] and not pending(state)


def step(state: WarAtSeaState, dice: Dice) -> list[Event]:
    """Do the next automatic thing of the combat phase (called when nobody owes a decision
    and the phase is not over): a battle's step, the only battle due, or the next kind."""
    if state.combat.battle is not None:
        return STEPS.run(state, dice)
    where = pending(state)
    if len(where) == 1:
        return _begin(state, where[0])
    if where:
        raise AssertionError("combat order is the Axis's decision")
    state.combat.kind = KINDS[KINDS.index(state.combat.kind) + 1]
    state.combat.done = []
    return []
