"""Jutland 3.4 items 1-2: the forces found in one hex are placed on the battle surface by the
hex side they entered by, 18,000 yards from the Battle Area Marker, in the formation of the
Fleet Makeup, then close along straight lines until the nearest ships are within the maximum
visibility (24,000 yards by day; at night all close to within 3,000 yards of the marker)."""

from __future__ import annotations

import math

from bot.rules.jutland import board
from bot.rules.jutland.battle.geometry import COUNTER, Point, ahead, bearing, dist
from bot.rules.jutland.battle.maneuver import settle, straight
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import Battle, BattleShip, Formation, JutlandState, Side, TaskForce

START = 18000.0
DAY, NIGHT = 24000.0, 6000.0
NIGHT_CLOSE = 3000.0
MAX_COLUMNS = 3
INTERVAL = 3000.0
"""Yards between columns. Ruling: the Fleet Makeup (1.4 item 4) is not asked yet; the referee
forms columns of at most eight (three columns at 3,000 yards keep within the 8,000-yard
width of Advanced 15), a force of three or fewer in line ahead (4.2 item 1a)."""
STEP = 500.0


def visibility(battle: Battle) -> float:
    return NIGHT if battle.night else DAY


def sheet_bearing(frm: str, to: str) -> float:
    """The heading from one hex's centre to another's on the search sheet."""
    a, b = comps().hexes[frm], comps().hexes[to]

    def centre(row: int, col: int) -> Point:
        return col + row / 2, -row * math.sqrt(3) / 2

    return bearing(centre(a.row, a.col), centre(b.row, b.col))


def makeup(ships: list[str], chosen: int | None = None) -> list[list[str]]:
    n = len(ships)
    columns = 1 if n <= 3 else min(MAX_COLUMNS, -(-n // 8), n // 3)
    if chosen is not None:
        columns = max(1, min(chosen, MAX_COLUMNS, n // 3 or 1))
    size = -(-n // columns)
    return [ships[i : i + size] for i in range(0, n, size)]


def place(
    battle: Battle, tf: TaskForce, entry: float, lateral: float, start: float = START
) -> float:
    """Lay the force out facing the marker, its front ``start`` yards out on the bearing
    ``entry``; returns the width it took."""
    columns = makeup(list(tf.ships), tf.columns)
    heading = (entry + 180) % 360
    width = INTERVAL * (len(columns) - 1)
    front = ahead((0.0, 0.0), entry, start)
    tracks: list[list[Point]] = []
    for k, column in enumerate(columns):
        leader = ahead(front, entry + 90, lateral - width / 2 + k * INTERVAL)
        for i, ship in enumerate(column):
            x, y = ahead(leader, heading, -COUNTER * i)
            battle.ships[ship] = BattleShip(
                id=ship, side=tf.side, tf=tf.id, x=x, y=y, heading=heading
            )
        tracks.append([ahead(leader, heading, -COUNTER * (len(column) + 1)), leader])
    battle.formations[tf.id] = Formation(tf=tf.id, side=tf.side, columns=columns, tracks=tracks)
    return width


def new_battle(state: JutlandState, where: str) -> Battle:
    battle = Battle(hex=where, night=board.night(state.hour))
    here = [tf for tf in state.task_forces.values() if tf.hex == where and tf.ships]
    entries: dict[str, float] = {}
    for tf in here:
        if tf.came_from is not None and tf.came_from != where:
            entries[tf.id] = sheet_bearing(where, tf.came_from)
    for tf in here:
        if tf.id not in entries:
            # Ruling: a force that did not move this hour meets the enemy from the side
            # opposite the enemy's entry (it lies across the enemy's course).
            enemy = [entries[o.id] for o in here if o.side != tf.side and o.id in entries]
            entries[tf.id] = ((enemy[0] if enemy else 0.0) + 180) % 360
    used: dict[tuple[Side, int], float] = {}
    for tf in sorted(here, key=lambda tf: tf.id):
        key = (tf.side, round(entries[tf.id]))
        lateral = used.get(key, 0.0)
        used[key] = lateral + place(battle, tf, entries[tf.id], lateral) + 2 * INTERVAL
    _close(battle)
    # 3.4 item 3: a marker 36,000 yards off for each neighbouring hex where forces not in
    # the battle are known to be. Ruling: in the Basic Game every hex holding a force was
    # announced this hour (3.3 item 2), so every such neighbour is known to both players.
    others = {tf.hex for tf in state.task_forces.values() if tf.hex and tf.hex != where}
    battle.markers = {
        n: ahead((0.0, 0.0), sheet_bearing(where, n), 2 * START)
        for n in sorted(others)
        if n in board.near(where)
    }
    return battle


def nearest(battle: Battle) -> float:
    german = [s for s in battle.ships.values() if s.side == "german" and not s.sunk]
    british = [s for s in battle.ships.values() if s.side == "british" and not s.sunk]
    return min((dist((g.x, g.y), (b.x, b.y)) for g in german for b in british), default=math.inf)


def _close(battle: Battle) -> None:
    """Both fleets close toward the marker together, a step at a time."""
    for _ in range(int(START / STEP)):
        if battle.night:
            leaders = [battle.ships[c[0]] for f in battle.formations.values() for c in f.columns]
            if all(dist((s.x, s.y), (0.0, 0.0)) <= NIGHT_CLOSE for s in leaders):
                break
        elif nearest(battle) <= DAY:
            break
        for s in battle.ships.values():
            s.x, s.y = ahead((s.x, s.y), s.heading, STEP)
    settle(battle)
    for f in battle.formations.values():
        f.tracks = [straight(battle, column) for column in f.columns]
