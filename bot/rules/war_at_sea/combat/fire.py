"""Rolling and applying fire (War at Sea 7.2-7.6): 5 disables, 6 hits and rolls for damage,
hits before disablements, results applied together at the end of a round."""

from __future__ import annotations

from bot.rules.core import Dice, Event, t
from bot.rules.core.text import die as die_text
from bot.rules.war_at_sea import board
from bot.rules.war_at_sea.state import Battle, Pending, Side, UnitState, WarAtSeaState
from bot.rules.war_at_sea.units import (
    eff_gunnery,
    ev,
    fighting,
    is_surface,
    is_uboat,
    units_at,
    word,
)


def participants(state: WarAtSeaState, battle: Battle, side: Side) -> list[UnitState]:
    """Who fights in the current engagement: the whole area, or one pursuit (11.4)."""
    if battle.kind == "asw" and side == "axis":
        return [u for u in units_at(state, battle.where, "axis") if is_uboat(u) and not u.disabled]
    if battle.kind == "surface" and battle.group is not None:
        group = battle.groups[battle.group]
        if side == battle.escaping:
            ids = group.ships
        else:
            ids = [p for p in group.pursuers if p not in group.broken_off]
        units = [state.units[i] for i in ids]
        return [u for u in units if u.status == "active" and not u.disabled]
    return [u for u in units_at(state, battle.where, side) if is_surface(u) and fighting(u)]


def shooters(state: WarAtSeaState, battle: Battle, side: Side) -> list[UnitState]:
    """War at Sea 10.6: a ship with gunnery 0 fires at nothing."""
    return [u for u in participants(state, battle, side) if eff_gunnery(u) > 0]


def german_bonus(u: UnitState) -> int:
    """War at Sea 10.5: an undamaged German warship adds one to each gunnery die. An Italian
    ship taken over by Germany changes only its movement rules (War at Sea 16.5): no bonus."""
    german = u.nationality == "german" and u.captured_by is None
    return 1 if german and u.damage == 0 and not is_uboat(u) else 0


def die_outcome(value: int) -> str:
    """War at Sea 7.2: a 6 hits, a 5 disables, anything lower misses."""
    return {6: "was.die.hit", 5: "was.die.disabled"}.get(min(value, 6), "was.die.miss")


def shoot(
    state: WarAtSeaState,
    dice: Dice,
    battle: Battle,
    shooter_id: str,
    shooter_name: str,
    side: Side,
    target: UnitState,
    n_dice: int,
    bonus: int,
    roll_key: str,
) -> Event:
    """Roll ``n_dice`` at one target, record the results as pending, describe every die."""
    faces: list[int] = []
    damage: list[int] = []
    rolls: list[dict[str, object]] = []
    res = battle.pending.setdefault(target.id, Pending())
    disabled = False
    for _ in range(n_dice):
        die = dice.roll(t(roll_key, ship=shooter_name, target=target.name))
        faces.append(die)
        value = min(6, die + bonus)
        if value == 6:
            dmg = dice.roll(t("was.roll.damage", ship=target.name))
            damage.append(dmg)
            res.hits.append(dmg)
            rolls.append(die_text(die, bonus=bonus, outcome="was.die.hit_damage", damage=dmg))
            continue
        if value == 5:
            res.disabled = True
            disabled = True
        rolls.append(die_text(die, bonus=bonus, outcome=die_outcome(value)))
    battle.rolled = True
    return ev(
        "was.fire",
        side=side,
        shooter=shooter_id,
        shooter_name=shooter_name,
        target=target.id,
        target_name=target.name,
        dice=faces,
        bonus=bonus,
        damage=damage,
        disables=disabled,
        where=battle.where,
        rolls=rolls,
        # War at Sea 10.5: the reader sees why a 4 or a 5 counted one higher.
        bonus_note=word("was.fire.german_bonus", bonus=bonus) if bonus else "",
    )


def sink(state: WarAtSeaState, u: UnitState) -> None:
    u.status = "sunk"
    u.location = None
    u.disabled = False
    u.revealed = True


def disable(u: UnitState) -> None:
    """War at Sea 7.3, 8.3: out of the fight; a U-boat goes straight back to Germany.

    Ruling: 7.3 sends a disabled ship "at once" to an adjacent port; here it stays where it
    was, marked disabled, until the return to port (ports.return_ports, which offers the same
    ports 7.3 and the appendix allow). Nothing can tell the two apart: a disabled ship fights
    no more (participants), cannot be struck from the air (9.5, air.targets), controls nothing
    (12.1), cannot refuel (14.1) and is repaired only from next turn (15.1)."""
    u.disabled = True
    if is_uboat(u):
        u.location = board.GERMANY


def apply_pending(state: WarAtSeaState, battle: Battle) -> list[Event]:
    """War at Sea 7.5-7.6: hits first; sunk beats disabled; damage stays until repaired."""
    events: list[Event] = []
    for target_id, res in battle.pending.items():
        u = state.units[target_id]
        if u.status != "active":
            continue
        where = u.location
        u.damage += sum(res.hits)
        if u.damage > u.armor:
            sink(state, u)
            events.append(
                ev("was.sunk", ship=u.id, name=u.name, side=u.side, where=where, reveals=True)
            )
            continue
        if res.hits:
            events.append(ev("was.damaged", ship=u.id, name=u.name, side=u.side, damage=u.damage))
        if res.disabled:
            disable(u)
            events.append(ev("was.disabled", ship=u.id, name=u.name, side=u.side, where=where))
    battle.pending = {}
    return events
