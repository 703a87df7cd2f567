"""War at Sea 10: surface combat, round after round until one side is gone or escapes.

Each round: the Allies choose targets and roll, then the Axis (10.2); results count only at
the end of the round (10.4); then both may declare an escape (11.1, sealed as in 11.8).
"""

from __future__ import annotations

from bot.rules.core import Dice, Event, OrderForm, Prompt, t
from bot.rules.war_at_sea.board import other
from bot.rules.war_at_sea.combat import escape
from bot.rules.war_at_sea.combat.fire import (
    apply_pending,
    german_bonus,
    participants,
    shoot,
    shooters,
)
from bot.rules.war_at_sea.combat.flow import goto
from bot.rules.war_at_sea.combat.targets import (
    NONE,
    auto_assign,
    carriers_may_fire,
    committed_carriers,
    convoys_open,
    target_prompt,
)
from bot.rules.war_at_sea.forms import flag, plain
from bot.rules.war_at_sea.state import Battle, Side, WarAtSeaState
from bot.rules.war_at_sea.units import eff_gunnery, ev, is_convoy, loc_text, reveal

SECTION = "War at Sea 10.2"


def targets(state: WarAtSeaState, battle: Battle, side: Side) -> Prompt:
    """War at Sea 10.2: a side assigns its targets; the Allies, first, may ask whether the
    Axis carriers will fire before they choose (10.6)."""
    extra: tuple[OrderForm, ...] = ()
    if side == "allies" and battle.carriers_fire is None and carriers_may_fire(state, battle):
        extra = (plain("ask_carriers", "was.form.ask_carriers"),)
    return target_prompt(state, battle, side, SECTION, extra)


def carrier_question(state: WarAtSeaState, battle: Battle, side: Side) -> Prompt:
    """War at Sea 10.6: the Axis says whether its carriers will fire this round."""
    return Prompt(
        id=f"t{state.turn}.b{state.combat.count}.r{battle.round}.carriers",
        seat=side,
        kind="was.carrier_question",
        title=t("was.prompt.carrier_question", where=loc_text(battle.where)),
        section="War at Sea 10.6",
        forms=(flag("carriers_fire", "was.form.carriers_fire", "fire", "was.input.fire"),),
        default={"type": "carriers_fire", "fire": False},
    )


def start(state: WarAtSeaState, battle: Battle) -> list[Event]:
    allies = participants(state, battle, "allies")
    return reveal(state, allies) + begin_round(state, battle)


def begin_round(state: WarAtSeaState, battle: Battle) -> list[Event]:
    battle.assigned = {}
    battle.fired = []
    battle.pending = {}
    battle.rolled = False
    battle.carriers_fire = None
    battle.escape = {}
    goto(state, "targets_allies")
    return [ev("was.round", where=battle.where, round=battle.round, group=battle.group)]


def side_fires(
    state: WarAtSeaState, battle: Battle, side: Side, dice: Dice, hold: bool
) -> list[Event]:
    """Roll for every assigned shooter; the Axis fires at convoys last (10.7)."""
    if hold:
        for u in shooters(state, battle, side):
            if u.id not in committed_carriers(state, battle, side):
                battle.assigned.setdefault(u.id, NONE)
    auto_assign(state, battle, side)
    events: list[Event] = []
    shots = [(s, tg) for s, tg in battle.assigned.items() if tg != NONE]
    normal = [(s, tg) for s, tg in shots if not is_convoy(state.units[tg])]
    convoy = [(s, tg) for s, tg in shots if is_convoy(state.units[tg])]
    for shooter_id, target_id in normal:
        events.append(_shot(state, battle, side, shooter_id, target_id, dice))
    if convoy:
        if convoys_open(state, battle):
            for shooter_id, target_id in convoy:
                events.append(_shot(state, battle, side, shooter_id, target_id, dice))
        else:
            events.append(
                ev("was.convoy_fire_void", where=battle.where, ships=[s for s, _ in convoy])
            )
    if side == "allies":
        battle.fired = [s for s, _ in shots]
    battle.assigned = {}
    return events


def _shot(
    state: WarAtSeaState, battle: Battle, side: Side, shooter_id: str, target_id: str, dice: Dice
) -> Event:
    u = state.units[shooter_id]
    return shoot(
        state,
        dice,
        battle,
        u.id,
        u.name,
        side,
        state.units[target_id],
        eff_gunnery(u),
        german_bonus(u),
        "was.roll.gunnery",
    )


def fire(state: WarAtSeaState, battle: Battle, side: Side, dice: Dice, hold: bool) -> list[Event]:
    """A side has finished choosing: roll, then hand over to the other side or end the round."""
    events = side_fires(state, battle, side, dice, hold)
    if side == "allies" and shooters(state, battle, "axis"):
        goto(state, "targets_axis")
        return events
    return events + end_round(state, battle)


def allies_silent(state: WarAtSeaState, battle: Battle) -> list[Event]:
    """The Allies have nothing to fire with: the Axis chooses (10.2)."""
    if shooters(state, battle, "allies"):
        return []
    goto(state, "targets_axis")
    return axis_silent(state, battle)


def axis_silent(state: WarAtSeaState, battle: Battle) -> list[Event]:
    """The Axis has nothing to fire with: the round ends (10.4)."""
    if shooters(state, battle, "axis"):
        return []
    return end_round(state, battle)


def end_round(state: WarAtSeaState, battle: Battle) -> list[Event]:
    events = apply_pending(state, battle)
    if battle.group is not None:
        return events + escape.end_pursuit_round(state, battle)
    allies = participants(state, battle, "allies")
    axis = participants(state, battle, "axis")
    if not allies or not axis:
        goto(state, "over")
        return events
    if not battle.rolled:
        # Neither side fired a shot: nothing can change, so the fight is broken off and,
        # both sides still being there, nobody controls the area (12.1). Ruling: 7.2 lets
        # each side decline to fire and 10.1 has the fight go on until one side is gone or
        # escapes; the rules are silent on both declining, which would never end.
        goto(state, "over")
        return [*events, ev("was.stalemate", where=battle.where)]
    goto(state, "escape")
    battle.escape = {}
    return events


def next_round(state: WarAtSeaState, battle: Battle) -> list[Event]:
    battle.round += 1
    return begin_round(state, battle)


__all__ = [
    "allies_silent",
    "axis_silent",
    "begin_round",
    "carrier_question",
    "fire",
    "next_round",
    "other",
    "start",
    "targets",
]
