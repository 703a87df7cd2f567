"""Advanced fire (Jutland 13.3-13.4, 14.3): the Gunnery Damage Table replaces the Basic
Game's (11.2). Each firer brings the gunnery that bears on the target by its facing (13.4:
broadside, or bow or stern guns when the target's funnel lies at the bow or stern); ships
firing together add their factors in one roll only from one range band (14.3 item 3); at
night the British total is halved, rounded in the British favour (item 4); the hits are
tripled, doubled, as read or halved (fractions up, item 5) by the band."""

from __future__ import annotations

import math

from bot.rules.core import Dice, Event, RuleViolation, t
from bot.rules.jutland.advanced import damage, light
from bot.rules.jutland.advanced.components import DAMAGE_COLUMNS, Weapon, adv, is_light, name
from bot.rules.jutland.advanced.damage import Facing
from bot.rules.jutland.advanced.events import AdvancedFire
from bot.rules.jutland.battle import fire as basic
from bot.rules.jutland.battle.geometry import bearing, counter
from bot.rules.jutland.state import Battle, BattleShip, JutlandState, Side
from bot.rules.jutland.tournament import battle_damage, battle_weather, smoke, special_damage

AMMUNITION_HOURS = 6
"""Tournament 22.2: the battle hours of fire a capital ship's shells last."""


def _arc(firer: BattleShip, point: tuple[float, float]) -> Facing:
    off = (bearing((firer.x, firer.y), point) - firer.heading) % 360
    arc = adv().rules.bow_arc
    if min(off, 360 - off) <= arc:
        return "bow"
    if abs(off - 180) <= arc:
        return "stern"
    return "broadside"


def facing(firer: BattleShip, target: BattleShip) -> Facing:
    """13.4 item 2: the bearing of the target's funnel (its centre) off the firer's bow; a
    light-ship target draws the broadside if any part of it lies outside the bow or stern
    arc (item 2c)."""
    if not is_light(target.id):
        return _arc(firer, (target.x, target.y))
    ends = counter((target.x, target.y), target.heading)
    arcs = {_arc(firer, p) for p in (*ends, (target.x, target.y))}
    return arcs.pop() if len(arcs) == 1 else "broadside"


def weapon(ship: str) -> Weapon:
    kind = light.kind(ship)
    return "capital_guns" if kind == "capital" else "cl_guns" if kind == "cl" else "dd_guns"


def factor(state: JutlandState, firer: BattleShip, target: BattleShip) -> int:
    """12.4 item 2: guns that cannot hurt the target bring nothing; a light ship fires its
    gunnery whatever its facing (13.4 item 2c)."""
    if adv().weapons[weapon(firer.id)].against(light.kind(target.id)) != "gunnery":
        return 0
    if is_light(firer.id):
        return light.gunnery(state, firer.id)
    return damage.gunnery(state, firer.id, facing(firer, target))


def shots(state: JutlandState, battle: Battle, side: Side) -> dict[str, dict[str, str]]:
    """The Basic Game's legal shots (sight, line of fire, one shot a turn), less the firers
    whose guns do not bear with any gunnery left (13.1)."""
    legal = basic.shots(battle, side)
    if state.advanced is None:
        return legal
    out: dict[str, dict[str, str]] = {}
    tows = state.advanced.tows  # 15.4 item 2d: a towing flotilla fires nothing
    for target, firers in legal.items():
        keep = {
            f: band
            for f, band in firers.items()
            if f not in tows
            and supplied(state, f)
            and not special_damage.silenced(state, f)  # Tournament 22.3, critical 5
            and factor(state, battle.ships[f], battle.ships[target]) > 0
        }
        if keep:
            out[target] = keep
    return out


def supplied(state: JutlandState, ship: str) -> bool:
    """Tournament 22.2: with the ammunition option a capital ship fires her guns in six
    battle hours at most, however often in each (light ships are not limited)."""
    a = state.advanced
    if a is None or not a.ammunition or is_light(ship):
        return True
    hours = a.fire_hours.get(ship, [])
    return state.hour in hours or len(hours) < AMMUNITION_HOURS


def table_hits(total: int, die: int) -> int:
    """The Gunnery Damage Table. Ruling: a factor beyond its last column reads the last
    column as often as it fits and the rest's column, added."""
    row = adv().damage[die].hits
    hits = 0
    while total > 0:
        column = min(total, DAMAGE_COLUMNS)
        hits += row[column - 1]
        total -= column
    return hits


def scaled(hits: int, band: str) -> int:
    """14.3 items 3, 5: the band's multiplier, fractions rounded up."""
    b = next(b for b in adv().bands if b.id == band)
    return math.ceil(hits * b.numerator / b.denominator)


def fire(
    state: JutlandState,
    battle: Battle,
    side: Side,
    target: str,
    firers: list[str],
    dice: Dice,
    chosen: str,
) -> list[Event]:
    smoke.refuse_through(battle, firers, target)  # Tournament 22.2
    legal = shots(state, battle, side)
    if target not in legal:
        raise RuleViolation("jut.fire.target", "Jutland 4.3", ship=target)
    if not firers or len(set(firers)) != len(firers):
        raise RuleViolation("jut.fire.firers", "Jutland 4.3")
    for f in firers:
        if f not in legal[target]:
            raise RuleViolation("jut.fire.cannot", "Jutland 4.3", ship=f, target=target)
    if {legal[target][f] for f in firers} != {chosen}:
        raise RuleViolation("jut.fire.bands", "Jutland 14.3")
    aim = battle.ships[target]
    shares = {f: factor(state, battle.ships[f], aim) for f in firers}
    total = sum(shares.values())
    if battle.night and side == "british":
        total = math.ceil(total / 2)  # 14.3 item 4: halved, rounded in the British favour
    face = dice.roll(t("jut.die.gunnery", target=name(target)), 6)
    crit = battle_damage.critical_on(state, target, face)  # Tournament 22.3 item 2
    while not crit and adv().damage[face].again:
        face = dice.roll(t("jut.die.gunnery", target=name(target)), 6)
    hits = 0 if crit else scaled(table_hits(total, face), chosen)
    hits = battle_weather.with_wind(state, battle, shares, target, hits)  # Tournament 22.1
    where, spot = battle_damage.location(state, target, dice) if hits else (None, 0)
    phase = f"{state.hour}.{battle.turn}.{side}"
    if is_light(target):  # 12.7: boxes only, none beyond
        (boxes, sunk), flotation = light.hit(state, battle, target, hits, side), 0
    else:
        boxes, flotation, sunk = damage.hit_capital(state, battle, target, hits, phase, side, where)
    battle.fired += firers
    battle.lines += [(f, target) for f in sorted(firers)]
    if state.advanced is not None and state.advanced.ammunition:
        for f in firers:
            hours = state.advanced.fire_hours.setdefault(f, [])
            if not is_light(f) and state.hour not in hours:
                hours.append(state.hour)
    events = [
        AdvancedFire(
            ships=sorted(firers), target=target, factor=total, band=chosen, die=face,
            hits=hits, boxes=boxes, flotation=flotation, sunk=sunk,
        ).event()
    ]  # fmt: skip
    if where is not None:
        events.append(battle_damage.located(target, spot, where, boxes, hits))
    if crit and not sunk:
        events += battle_damage.critical(state, battle, target, side, dice)
    elif not sunk:
        events += damage.fall_out(state, battle, target)
    return events
