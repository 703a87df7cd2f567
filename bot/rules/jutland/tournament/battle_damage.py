"""The special-damage rolls (Jutland 22.3, an option): the random location of gunnery hits
(item 1), the Critical Hit Table on a 6 of the Gunnery Damage Table against a capital ship
(item 2; a light-ship target rolls again until 1-5, item 2b), the Flotation Hit Table on a 6
of the Torpedo Attack Table (item 3). Every roll that calls another is resolved at once (the
note after the tables). The record they write is ``special_damage``'s."""

from __future__ import annotations

from bot.rules.core import Dice, Event, t
from bot.rules.jutland.advanced import damage
from bot.rules.jutland.advanced.components import CriticalSub, adv, is_light, name
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import Battle, JutlandState, Side
from bot.rules.jutland.tournament import special_damage as sd
from bot.rules.jutland.tournament.battle_events import CriticalHit, DamageLocated, FlotationHit
from bot.rules.jutland.tournament.battle_tables import Section, tables

SIX = 6
"""The face of the Gunnery Damage and Torpedo Attack Tables that calls the special tables."""


def location(state: JutlandState, target: str, dice: Dice) -> tuple[Section | None, int]:
    """22.3 item 1a: the second die, for a capital-ship target (light ships mark theirs left
    to right, 12.7); (None, 0) without the option."""
    if not sd.on(state) or is_light(target):
        return None, 0
    die = dice.roll(t("jut.die.location", target=name(target)), 6)
    return tables().section(die), die


def located(ship: str, die: int, where: Section, boxes: int, hits: int) -> Event:
    return DamageLocated(
        ship=ship, die=die, section=where, boxes=boxes, torpedo=hits - boxes
    ).event()


def critical_on(state: JutlandState, target: str, face: int) -> bool:
    """22.3 item 2a-b: a 6 against a capital ship calls the Critical Hit Table."""
    return sd.on(state) and face == SIX and not is_light(target)


def flotation_on(state: JutlandState, target: str, face: int) -> bool:
    """22.3 item 3a. Ruling: against capital ships only (22.3 is the capital ships' damage;
    a light ship's torpedo hits are gunnery hits, 12.7): a light target rolls again."""
    return sd.on(state) and face == SIX and not is_light(target)


def _torpedo_hits(state: JutlandState, battle: Battle, ship: str, hits: int) -> bool:
    return damage.torpedo_capital(state, battle, ship, hits) if hits else False


def critical(state: JutlandState, battle: Battle, target: str, by: Side, dice: Dice) -> list[Event]:
    """22.3 item 2c: the Critical Hit Table, its second die when the result asks for one."""
    a = state.advanced
    assert a is not None
    die = dice.roll(t("jut.die.critical", target=name(target)), 6)
    row = next(r for r in adv().critical if die in r.die)
    second, boxes, torpedo, sunk = 0, 0, 0, False
    sub: CriticalSub | None = None
    if row.sub:
        second = dice.roll(t("jut.die.critical", target=name(target)), 6)
        sub = next(s for s in row.sub if second in s.die)
    effect = sub.effect if sub is not None else row.effect
    british = comps().ships[target].side == "british"
    if effect == "magazine_explosion":
        sunk = True
        damage.sink(battle, target, delayed=by == "german")
    elif effect in ("magazine_flash", "magazine_flooded"):
        assert sub is not None
        if effect == "magazine_flash":
            where = sd.fuller(a, target)
            want = sd.free(a, target, where)
        else:  # three boxes of a half the location die picks, or torpedo hits
            where = tables().section(dice.roll(t("jut.die.location", target=name(target)), 6))
            want = sub.boxes
        boxes = sd.mark(a, target, where, want)
        torpedo = want - boxes
        if by == "german" and british:
            damage.record(a, target).slashed += boxes  # 13.1 item 5
        sunk = _torpedo_hits(state, battle, target, torpedo)
    elif effect == "dead_in_water":
        sd.add(a, target, "dead", None)
    elif effect == "stopped":
        sd.add(a, target, "stopped", second)
    elif effect == "director":
        sd.add(a, target, "director", None)
    elif effect == "fire_control":
        sd.add(a, target, "fire_control", row.turns if british else row.german_turns)
    else:  # steering, ammunition_hoist
        sd.add(a, target, "steering" if effect == "steering" else "ammunition_hoist", row.turns)
    damage._note_movement(state, target)
    events = [
        CriticalHit(ship=target, die=die, effect=effect, what=_what(effect), second=second,
                    boxes=boxes, torpedo=torpedo, sunk=sunk).event()
    ]  # fmt: skip
    if not sunk:
        events += damage.fall_out(state, battle, target)
    return events


def flotation(state: JutlandState, ship: str, factors: int, dice: Dice) -> tuple[int, list[Event]]:
    """22.3 item 3: the Flotation Hit Table for a 6 on the Torpedo Attack Table: the torpedo
    hits it gives (before the attack's doublings) and its event. Ruling: only the bulkhead
    result (1-2) scores hits, the Torpedo Attack Table rolled until it hits, the hits times 3;
    the others are the table's damage in place of hits. A submarine attack on that table (the
    search modules') calls it too (item 3b)."""
    a = state.advanced
    assert a is not None
    die = dice.roll(t("jut.die.flotation", target=ship), 6)
    row = next(r for r in adv().flotation if die in r.die)
    hits = 0
    if row.effect == "bulkhead":
        column = min(factors, len(adv().torpedo[1].hits)) - 1
        while hits == 0:
            face = dice.roll(t("jut.die.torpedo", target=ship), 6)
            if not adv().torpedo[face].again:
                hits = adv().torpedo[face].hits[column]
        hits *= 3
    elif row.effect == "steam_pipe":
        sd.add(a, ship, "steam_pipe", row.turns)
    elif row.effect == "engine_room_flooded":
        sd.add(a, ship, "engine_flooded", None)
    elif row.effect == "engine_room_hit":
        sd.add(a, ship, "engine_hit", None)
    else:
        sd.add(a, ship, "list", row.turns)
    damage._note_movement(state, ship)
    event = FlotationHit(ship=ship, die=die, effect=row.effect, what=_what(row.effect), hits=hits)
    return hits, [event.event()]


def _what(effect: str) -> object:
    return t(f"jut.effect.{effect}").model_dump()
