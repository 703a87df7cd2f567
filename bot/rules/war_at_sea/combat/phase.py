"""War at Sea 7.1: ASW first, then air strikes, then surface combat; where one kind is due in
several places the Axis chooses which is fought next. Each battle is a Battle in the state,
advanced step by step; a step that needs nobody's decision runs at once."""

from __future__ import annotations

from bot.rules.core import Dice, Event, Prompt, RuleViolation, t
from bot.rules.war_at_sea import board
from bot.rules.war_at_sea.actions import ChooseCombat
from bot.rules.war_at_sea.combat import air, asw, escape, surface
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
    if battle.kind == "asw":
        return asw.prompts(state, battle)
    if battle.kind == "air":
        return air.prompts(state, battle)
    return surface.prompts(state, battle)


def choose(state: WarAtSeaState, action: ChooseCombat) -> list[Event]:
    if action.where not in pending(state):
        raise RuleViolation("was.combat.not_due", "War at Sea 7.1", where=action.where)
    return _begin(state, action.where)


def _begin(state: WarAtSeaState, where: str) -> list[Event]:
    state.combat.count += 1
    state.combat.battle = Battle(kind=state.combat.kind, where=where)
    kind = state.combat.kind
    return [ev("was.battle", kind=kind, kind_name=word(f"was.battle_kind.{kind}"), where=where)]


def step(state: WarAtSeaState, dice: Dice) -> list[Event]:
    """Do the next automatic thing of the combat phase (called when nobody owes a decision)."""
    battle = state.combat.battle
    if battle is not None:
        return _progress(state, battle, dice)
    where = pending(state)
    if len(where) == 1:
        return _begin(state, where[0])
    if where:
        raise AssertionError("combat order is the Axis's decision")
    index = KINDS.index(state.combat.kind)
    if index + 1 < len(KINDS):
        state.combat.kind = KINDS[index + 1]
        state.combat.done = []
        return []
    state.phase = "convoys"
    state.combat.done = []
    return [ev("was.combat_over")]


def _progress(state: WarAtSeaState, battle: Battle, dice: Dice) -> list[Event]:
    if battle.step == "over":
        state.combat.done.append(battle.where)
        state.combat.battle = None
        return [ev("was.battle_over", kind=battle.kind, where=battle.where)]
    if battle.kind == "asw" and battle.step == "start":
        return asw.start(state, battle, dice)
    if battle.kind == "air" and battle.step == "start":
        return air.start(state, battle)
    if battle.kind == "surface" and battle.step == "start":
        return surface.start(state, battle)
    if battle.step in ("next_round", "new_round"):
        return surface.next_round(state, battle)
    if battle.step == "pursuit_done":
        return escape.start_pursuits(state, battle)
    if battle.step in ("targets_allies", "targets_axis"):
        return surface.progress(state, battle)
    raise AssertionError(f"battle step {battle.step} waits for a decision")
