"""Forces joining a battle (Jutland 4.1, 3.4 item 3): those entering the battle hex in the
hourly move between battle hours, and those in a neighbouring hex the fight moves into. They
are placed as at the start of a battle (3.4), but never nearer an enemy ship than the present
maximum visibility (4.1)."""

from __future__ import annotations

from bot.rules.core import Event
from bot.rules.jutland.battle.geometry import Point, ahead, dist
from bot.rules.jutland.battle.maneuver import settle, straight
from bot.rules.jutland.battle.placement import START, STEP, place, sheet_bearing, visibility
from bot.rules.jutland.events import Joined
from bot.rules.jutland.search import engaged, enter, label
from bot.rules.jutland.state import Battle, JutlandState, TaskForce


def _join(state: JutlandState, b: Battle, tf: TaskForce, entry: float, start: float) -> Event:
    place(b, tf, entry, 0.0, start)
    mine = [b.ships[s] for s in tf.ships]
    foes = [s for s in b.ships.values() if s.side != tf.side and not s.sunk]
    limit = visibility(b)
    for _ in range(200):  # 4.1: not placed nearer the enemy than the maximum visibility
        near = min((dist((m.x, m.y), (f.x, f.y)) for m in mine for f in foes), default=limit)
        if near > limit:
            break
        for m in mine:
            m.x, m.y = ahead((m.x, m.y), entry, STEP)
    settle(b)
    f = b.formations[tf.id]
    f.tracks = [straight(b, column) for column in f.columns]
    if tf.hex != b.hex:  # from a neighbouring hex the fight reached
        enter(tf, b.hex, state.hour)
    return Joined(tf=label(tf.id), hex=b.hex).event(reveals=True)


def arrivals(state: JutlandState) -> list[Event]:
    """4.1: forces the hourly move brought into the battle hex, placed by the hex side they
    entered by, 18,000 yards out (3.4 item 1)."""
    b = state.battle
    assert b is not None
    inside = engaged(state)
    events = []
    for tf in sorted(state.task_forces.values(), key=lambda tf: tf.id):
        if tf.hex == b.hex and tf.id not in inside and tf.ships:
            came = tf.came_from if tf.came_from and tf.came_from != b.hex else None
            entry = sheet_bearing(b.hex, came) if came else 0.0
            events.append(_join(state, b, tf, entry, START))
    return events


def spread(state: JutlandState) -> list[Event]:
    """4.1: when the fight carries ships into a neighbouring hex (nearer its marker than the
    battle's), every force there not yet in the battle joins it, from its marker."""
    b = state.battle
    assert b is not None
    events: list[Event] = []
    afloat: list[Point] = [(s.x, s.y) for s in b.ships.values() if not s.sunk]
    for where, marker in sorted(b.markers.items()):
        if not any(dist(p, marker) < dist(p, (0.0, 0.0)) for p in afloat):
            continue
        del b.markers[where]
        entry = sheet_bearing(b.hex, where)
        busy = engaged(state)  # forces of a battle going on there stay in theirs
        for tf in sorted(state.task_forces.values(), key=lambda tf: tf.id):
            if tf.hex == where and tf.ships and tf.id not in busy:
                events.append(_join(state, b, tf, entry, 2 * START))
    return events
