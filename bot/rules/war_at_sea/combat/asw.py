"""War at Sea 8.2-8.5: anti-submarine combat, one round. The Allies roll their ASW strength
(warship 1, carrier and convoy 3) at all the U-boats: each 6 sinks one, each 5 sends one home.
The survivors then fire back, one target each, all targets named before any die."""

from __future__ import annotations

from bot.rules.core import Dice, Event, Prompt, t
from bot.rules.core.text import die
from bot.rules.war_at_sea.combat.fire import (
    apply_pending,
    die_outcome,
    disable,
    participants,
    shoot,
    sink,
)
from bot.rules.war_at_sea.combat.flow import goto
from bot.rules.war_at_sea.combat.targets import NONE, auto_assign, target_prompt
from bot.rules.war_at_sea.state import Battle, Side, WarAtSeaState
from bot.rules.war_at_sea.units import ev, loc_text, reveal

SECTION = "War at Sea 8.4"


def strength(state: WarAtSeaState, battle: Battle) -> int:
    """War at Sea 8.2: a carrier counts 3 even after losing its air factor."""
    return sum(u.asw for u in participants(state, battle, "allies"))


def uboat_targets(state: WarAtSeaState, battle: Battle, side: Side) -> Prompt:
    """War at Sea 8.4: the U-boats that survived the ASW roll choose their targets."""
    return target_prompt(state, battle, side, SECTION)


def start(state: WarAtSeaState, battle: Battle, dice: Dice) -> list[Event]:
    """The Allied ASW roll is made at once: 8.2 says ASW "happens" and 8.3 rolls the whole
    strength at no target; declining (7.2) could only spare the U-boats."""
    events = reveal(state, participants(state, battle, "allies"))
    n = strength(state, battle)
    faces = [dice.roll(t("was.roll.asw", area=loc_text(battle.where))) for _ in range(n)]
    boats = participants(state, battle, "axis")
    sunk = min(faces.count(6), len(boats))  # 7.5: hits before disablements
    for u in boats[:sunk]:
        sink(state, u)
    rest = boats[sunk:]
    disabled = min(faces.count(5), len(rest))
    for u in rest[:disabled]:
        disable(u)
    events.append(
        ev(
            "was.asw",
            where=battle.where,
            dice=faces,
            strength=n,
            sunk=sunk,
            disabled=disabled,
            rolls=[die(f, outcome=die_outcome(f)) for f in faces],
        )
    )
    if participants(state, battle, "axis") and participants(state, battle, "allies"):
        goto(state, "uboat_targets")
    else:
        goto(state, "over")
    return events


def fire(state: WarAtSeaState, battle: Battle, dice: Dice, hold: bool) -> list[Event]:
    """War at Sea 8.4: one die per flotilla; a 6 hits and rolls for damage."""
    if hold:
        for u in participants(state, battle, "axis"):
            battle.assigned.setdefault(u.id, NONE)
    auto_assign(state, battle, "axis")
    events: list[Event] = []
    for shooter, target in battle.assigned.items():
        if target == NONE:
            continue
        u = state.units[shooter]
        events.append(
            shoot(
                state,
                dice,
                battle,
                u.id,
                u.name,
                "axis",
                state.units[target],
                1,
                0,
                "was.roll.uboat",
            )
        )
    battle.assigned = {}
    events += apply_pending(state, battle)
    goto(state, "over")
    return events
