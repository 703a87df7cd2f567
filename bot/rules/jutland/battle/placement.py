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
from bot.rules.jutland.scenarios.data import spec
from bot.rules.jutland.state import Battle, BattleShip, Formation, JutlandState, Side, TaskForce
from bot.rules.jutland.tournament.battle_state import Weather

START = 18000.0
DAY, NIGHT = 24000.0, 6000.0
NIGHT_CLOSE = 3000.0
MAX_WIDTH = 8000
"""The Placement Diagram, note 2 (3.4 item 1 places by it): a formation is at most 8,000
yards from one side to the other, as the Fleet Makeup must show."""
MIN_INTERVAL = 1000
"""Ruling: the rules set no least interval; 1,000 yards keeps two counters' widths between
columns (a counter is 500 yards wide on the surface: geometry.CLEARANCE)."""
INTERVAL_STEP = 500
"""The intervals offered (500-yard steps: the range finder's finest marks read so)."""
MAX_COLUMNS = 1 + MAX_WIDTH // MIN_INTERVAL
INTERVAL = 3000
"""Ruling: a force whose player wrote no Fleet Makeup gets the referee's: columns of at most
eight ships (4.2 item 1: three or fewer in line ahead), at most three columns, 3,000 yards
apart (6,000 yards wide)."""
STEP = 500.0


def visibility(battle: Battle) -> float:
    if battle.visibility is not None and not battle.night:
        return battle.visibility
    return NIGHT if battle.night else DAY


def sheet_bearing(frm: str, to: str) -> float:
    """The heading from one hex's centre to another's on the search sheet."""
    a, b = comps().hexes[frm], comps().hexes[to]

    def centre(row: int, col: int) -> Point:
        return col + row / 2, -row * math.sqrt(3) / 2

    return bearing(centre(a.row, a.col), centre(b.row, b.col))


def makeup(ships: list[str], chosen: int | None = None) -> list[list[str]]:
    """The columns, leaders first, as even as they divide: 4.2 item 1b wants three ships a
    column at least (a force that lost ships since its Fleet Makeup forms fewer columns)."""
    n = len(ships)
    columns = 1 if n <= 3 else min(3, -(-n // 8), n // 3)
    if chosen is not None:
        columns = max(1, min(chosen, MAX_COLUMNS, n // 3 or 1))
    size, extra = divmod(n, columns)
    out, at = [], 0
    for k in range(columns):
        take = size + (k < extra)
        out.append(ships[at : at + take])
        at += take
    return out


def interval(tf: TaskForce, columns: int) -> float:
    """The yards between the columns: the Fleet Makeup's, or the referee's default."""
    if columns < 2:
        return 0.0
    chosen = tf.interval if tf.columns is not None and tf.interval else INTERVAL
    return float(min(chosen, MAX_WIDTH // (columns - 1)))


def place(
    battle: Battle, tf: TaskForce, entry: float, lateral: float, start: float = START
) -> float:
    """Lay the force out facing the marker, its front ``start`` yards out on the bearing
    ``entry``; returns the width it took."""
    columns = makeup(list(tf.ships), tf.columns)
    heading = (entry + 180) % 360
    gap = interval(tf, len(columns))
    width = gap * (len(columns) - 1)
    front = ahead((0.0, 0.0), entry, start)
    tracks: list[list[Point]] = []
    for k, column in enumerate(columns):
        leader = ahead(front, entry + 90, lateral - width / 2 + k * gap)
        for i, ship in enumerate(column):
            x, y = ahead(leader, heading, -COUNTER * i)
            battle.ships[ship] = BattleShip(
                id=ship, side=tf.side, tf=tf.id, x=x, y=y, heading=heading
            )
        tracks.append([ahead(leader, heading, -COUNTER * (len(column) + 1)), leader])
    battle.formations[tf.id] = Formation(tf=tf.id, side=tf.side, columns=columns, tracks=tracks)
    return width


def new_battle(
    state: JutlandState, where: str, weather: Weather | None = None, seen: float | None = None
) -> Battle:
    """``weather`` and ``seen``: the Tournament's weather and rolled visibility (22.1: the
    fleets close to it, item 1f)."""
    # 23.1: a mini-scenario's battle opens at its own visibility, rolled or not.
    seen = _weather(state) or seen
    battle = Battle(hex=where, night=board.night(state.hour), weather=weather, visibility=seen)
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


def _weather(state: JutlandState) -> float | None:
    """23.1: a mini-scenario's visibility (36,000 yards in all three)."""
    s = spec(state.scenario) if state.play is not None else None
    return float(s.head.visibility) if s is not None else None


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
        elif nearest(battle) <= visibility(battle):
            break
        for s in battle.ships.values():
            s.x, s.y = ahead((s.x, s.y), s.heading, STEP)
    settle(battle)
    for f in battle.formations.values():
        f.tracks = [straight(battle, column) for column in f.columns]
