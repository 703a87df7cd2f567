"""Towing (Jutland 15.4 item 2): a capital ship dead in the water may be towed by a destroyer
flotilla with at least three hit boxes left. The flotilla takes her in tow by ending its move
directly ahead of her and touching her (Ruling: its stern within 500 yards of her bow, on a
heading within 45 degrees of hers); from the next turn the two move together at a movement of
4 at most, she astern of it; a towing flotilla fires neither guns nor torpedoes; with fewer
than three boxes left it must cast off and she stays where she is. Ships under tow take
doubled torpedo hits (15.4 item 3)."""

from __future__ import annotations

from bot.rules.core import Event
from bot.rules.jutland.advanced import damage, light
from bot.rules.jutland.advanced.components import adv, is_light
from bot.rules.jutland.advanced.events import Towing
from bot.rules.jutland.battle.geometry import COUNTER, ahead, counter, dist
from bot.rules.jutland.state import Battle, JutlandState

TOUCH = 500.0
ALIGN = 45.0


def _off(a: float, b: float) -> float:
    d = abs(a - b) % 360
    return min(d, 360 - d)


def able(state: JutlandState, dd: str) -> bool:
    """15.4 item 2: a flotilla with at least three boxes unmarked."""
    boxes = len(adv().light[dd].boxes) - damage.in_effect(state.advanced, dd)
    return light.kind(dd) == "dd" and boxes >= adv().rules.tow_min_boxes


def towing(state: JutlandState, ship: str) -> bool:
    """A flotilla towing (it fires nothing) or a ship under tow."""
    a = state.advanced
    return a is not None and (ship in a.tows or ship in a.tows.values())


def after_move(state: JutlandState, battle: Battle) -> list[Event]:
    """After the light ships' moves: ships under tow follow their flotilla; tows that must
    end end (item 2c); new tows are taken (item 2a)."""
    a = state.advanced
    assert a is not None
    events: list[Event] = []
    for dd, ship in sorted(a.tows.items()):
        d, s = battle.ships.get(dd), battle.ships.get(ship)
        if d is None or s is None or d.sunk or d.hit or s.sunk or s.hit or not able(state, dd):
            del a.tows[dd]
            events.append(Towing(flotilla=dd, ship=ship, towing=False).event())
            continue
        s.x, s.y = ahead((d.x, d.y), d.heading, -COUNTER)
        s.x, s.y, s.heading = round(s.x), round(s.y), d.heading
    taken = set(a.tows.values())
    for s in sorted(battle.ships.values(), key=lambda s: s.id):
        if s.sunk or s.hit or is_light(s.id) or s.id in taken or damage.movement(state, s.id):
            continue
        bow = counter((s.x, s.y), s.heading)[0]
        for d in sorted(battle.ships.values(), key=lambda d: d.id):
            if d.side != s.side or d.sunk or d.hit or d.id in a.tows or not is_light(d.id):
                continue
            stern = counter((d.x, d.y), d.heading)[1]
            close = dist(stern, bow) <= TOUCH and _off(d.heading, s.heading) <= ALIGN
            if close and able(state, d.id):
                a.tows[d.id] = s.id
                taken.add(s.id)
                events.append(Towing(flotilla=d.id, ship=s.id, towing=True).event())
                break
    return events
