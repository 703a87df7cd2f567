"""Jutland 4.2 (and 14.4): each formation maneuvers as one, sealed (the rules make movement
simultaneous; the referee makes it truly so). Line ahead turns in succession at the leader's
turning point (4.2 item 2a), the whole formation turns together up to 90 degrees and back
(items 2b-2c), the Germans' battle turn-away reverses every ship at once (item 2d)."""

from __future__ import annotations

from bot.rules.core import Event, RuleViolation
from bot.rules.jutland.battle.geometry import COUNTER, YARDS_PER_FACTOR, Point, ahead, along
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import Battle, Formation, JutlandState, Maneuver, Side

SECTION = "Jutland 4.2"
SUCCESSION_ANGLES = (-180, -135, -90, -45, 0, 45, 90, 135, 180)
TOGETHER_ANGLES = (-90, -45, 0, 45, 90)


def live(battle: Battle, f: Formation) -> list[str]:
    return [s for column in f.columns for s in column if not battle.ships[s].sunk]


def top_speed(state: JutlandState, battle: Battle, f: Formation) -> int:
    """4.2 and 15.3: a formation moves at its slowest ship's speed; a force out of fuel does
    not move at all (13.5 item 3)."""
    tf = state.task_forces[f.tf]
    if tf.dead:
        return 0
    return min((comps().ships[s].movement for s in live(battle, f)), default=0)


def cost(angle: int) -> int:
    """14.4 item 5: a turn of 45 degrees or more uses the gauge's turning section, where 45
    degrees is "2": two movement factors per 45 degrees. Ruling: the battle turn-away is not
    a gauge turn (4.2 item 2d turns every ship about at once) and costs nothing."""
    return 2 * (abs(angle) // 45)


def spent(m: Maneuver) -> int:
    return 0 if m.turn == "turn_away" else cost(m.angle)


def options(state: JutlandState, battle: Battle, f: Formation) -> dict[str, list[int]]:
    """The legal turns and angles (menu and check alike)."""
    out: dict[str, list[int]] = {}
    speed = top_speed(state, battle, f)
    if f.abreast == 0:
        out["succession"] = [a for a in SUCCESSION_ANGLES if cost(a) <= speed]
    out["together"] = [a for a in TOGETHER_ANGLES if abs(f.abreast + a) <= 90 and cost(a) <= speed]
    if f.side == "german" and f.abreast == 0:
        out["turn_away"] = [180]
    return out


def plot(state: JutlandState, battle: Battle, side: Side, tf: str, m: Maneuver) -> list[Event]:
    f = battle.formations.get(tf)
    if f is None or f.side != side:
        raise RuleViolation("jut.battle.not_yours", SECTION, tf=tf)
    if f.plotted is not None:
        raise RuleViolation("jut.battle.already", SECTION, tf=tf)
    legal = options(state, battle, f)
    if m.angle not in legal.get(m.turn, []):
        raise RuleViolation("jut.battle.turn", SECTION, angle=m.angle)
    if not spent(m) <= m.speed <= top_speed(state, battle, f):
        raise RuleViolation("jut.battle.speed", SECTION, speed=m.speed)
    f.plotted = m
    return [Event(kind="jut.maneuver_plotted", audience=side, params={"speed": m.speed})]


def move_all(battle: Battle) -> list[Event]:
    """Every formation's plot carried out (German first, as 4.1 orders it; they are sealed,
    so the order changes nothing)."""
    for f in sorted(battle.formations.values(), key=lambda f: (f.side != "german", f.tf)):
        m = f.plotted or Maneuver(turn="succession", angle=0, speed=0)
        f.plotted = None
        _move(battle, f, m)
    settle(battle)
    return [Event(kind="jut.maneuvered", params={"turn": battle.turn})]


def _move(battle: Battle, f: Formation, m: Maneuver) -> None:
    d = max(0, m.speed - spent(m)) * YARDS_PER_FACTOR
    ships = battle.ships
    if m.turn == "succession":
        for k, column in enumerate(f.columns):
            alive = [s for s in column if not ships[s].sunk]
            if not alive:
                continue
            lead = ships[alive[0]]
            track = f.tracks[k]
            track[-1] = (lead.x, lead.y)  # the turning point: where the leader is now
            lead.heading = (lead.heading + m.angle) % 360
            lead.x, lead.y = ahead((lead.x, lead.y), lead.heading, d)
            if d > 0:
                track.append((lead.x, lead.y))
            for i, s in enumerate(alive[1:], start=1):
                (x, y), heading = along(track, COUNTER * i)
                ships[s].x, ships[s].y, ships[s].heading = x, y, heading
            f.tracks[k] = track[-12:]  # older turning points are far behind the last ship
        return
    if m.turn == "turn_away":
        f.columns = [list(reversed(c)) for c in f.columns]
    angle = 180 if m.turn == "turn_away" else m.angle
    for s in live(battle, f):
        ship = ships[s]
        ship.heading = (ship.heading + angle) % 360
        ship.x, ship.y = ahead((ship.x, ship.y), ship.heading, d)
    if m.turn == "together":
        f.abreast += angle
    if f.abreast == 0:
        f.tracks = [straight(battle, c) for c in f.columns]


def settle(battle: Battle) -> None:
    """Positions to the yard and headings to the hundredth of a degree, so that a state
    reads the same after any sequence of float operations that should give the same place."""
    for s in battle.ships.values():
        s.x, s.y, s.heading = round(s.x), round(s.y), round(s.heading, 2) % 360


def straight(battle: Battle, column: list[str]) -> list[Point]:
    alive = [battle.ships[s] for s in column if not battle.ships[s].sunk] or [
        battle.ships[column[0]]
    ]
    lead, last = alive[0], alive[-1]
    return [ahead((last.x, last.y), last.heading, -COUNTER), (lead.x, lead.y)]
