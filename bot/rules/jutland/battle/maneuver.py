"""Jutland 4.2 (and 14.4): each formation maneuvers as one, sealed (the rules make movement
simultaneous; the referee makes it truly so). Line ahead turns in succession at the leader's
turning point (4.2 item 2a), the whole formation turns together up to 90 degrees and back
(items 2b-2c), the Germans' battle turn-away reverses every ship at once (item 2d)."""

from __future__ import annotations

from bot.rules.core import Event, RuleViolation
from bot.rules.jutland.advanced.damage import movement
from bot.rules.jutland.battle.geometry import (
    COUNTER,
    YARDS_PER_FACTOR,
    Point,
    ahead,
    along,
    arc,
    counter,
    overlap,
)
from bot.rules.jutland.events import Maneuvered, ManeuverPlotted, Stopped
from bot.rules.jutland.search import label
from bot.rules.jutland.state import Battle, Formation, JutlandState, Maneuver, Side
from bot.rules.jutland.tournament import special_damage

SECTION = "Jutland 4.2"
SUCCESSION_ANGLES = (-180, -135, -90, -45, 0, 45, 90, 135, 180)
TOGETHER_ANGLES = (-90, -45, 0, 45, 90)


def live(battle: Battle, f: Formation) -> list[str]:
    """The formation's ships afloat. 4.2 item 3: losses break a formation and the ships must
    re-form as soon as they can; ruling: the referee re-forms them at once, each column's
    survivors closing up on its leader's track (a sunk leader's place taken by the next)."""
    return [s for column in f.columns for s in column if not battle.ships[s].sunk]


def top_speed(state: JutlandState, battle: Battle, f: Formation) -> int:
    """4.2 and 15.3: a formation moves at its slowest ship's speed; a force out of fuel does
    not move at all (13.5 item 3)."""
    tf = state.task_forces[f.tf]
    if tf.dead:
        return 0
    ships = live(battle, f)
    if any(special_damage.stopped(state, s) for s in ships):  # Tournament 22.3
        return 0
    return min((movement(state, s) for s in ships), default=0)


def cost(angle: int) -> int:
    """14.4 item 5: a turn of 45 degrees or more uses the gauge's turning section, where 45
    degrees is "2": two movement factors per 45 degrees. Ruling: the battle turn-away is not
    a gauge turn (4.2 item 2d turns every ship about at once) and costs nothing."""
    return 2 * (abs(angle) // 45)


def spent(m: Maneuver) -> int:
    """The factors the turns take (4.2 item 4: both of them)."""
    return 0 if m.turn == "turn_away" else cost(m.angle) + cost(m.then)


def options(state: JutlandState, battle: Battle, f: Formation) -> dict[str, list[int]]:
    """The legal turns and angles (menu and check alike)."""
    out: dict[str, list[int]] = {}
    speed = top_speed(state, battle, f)
    if jammed(state, battle, f):
        return {"succession" if f.abreast == 0 else "together": [0]}
    if f.abreast == 0:
        out["succession"] = [a for a in SUCCESSION_ANGLES if cost(a) <= speed]
    out["together"] = [a for a in TOGETHER_ANGLES if abs(f.abreast + a) <= 90 and cost(a) <= speed]
    if f.side == "german" and f.abreast == 0:
        out["turn_away"] = [180]
    return out


def jammed(state: JutlandState, battle: Battle, f: Formation) -> bool:
    """Tournament 22.3, Critical Hit Table 4: a ship whose steering is jammed holds her
    compass course. Ruling: her formation holds it with her (it keeps its formation, 15.3
    item 1); it may still slow or stop."""
    return any(special_damage.jammed(state, s) for s in live(battle, f))


def seconds(f: Formation, turn: str, angle: int, held: bool = False) -> list[int]:
    """4.2 item 4: a formation may change direction more than once in a maneuver turn.
    Ruling: the translation allows a second turn of the same kind, at the end of the
    straight run (the gauge laid down again where the first run ends); a turn together
    still stays within 90 degrees of the column's course; the battle turn-away is one."""
    if held:
        return [0]
    if turn == "succession":
        return list(SUCCESSION_ANGLES)
    if turn == "together":
        return [a for a in TOGETHER_ANGLES if abs(f.abreast + angle + a) <= 90]
    return [0]


def plot(state: JutlandState, battle: Battle, side: Side, tf: str, m: Maneuver) -> list[Event]:
    f = battle.formations.get(tf)
    if f is None or f.side != side:
        raise RuleViolation("jut.battle.not_yours", SECTION, tf=tf)
    if f.plotted is not None:
        raise RuleViolation("jut.battle.already", SECTION, tf=tf)
    legal = options(state, battle, f)
    if m.angle not in legal.get(m.turn, []):
        raise RuleViolation("jut.battle.turn", SECTION, angle=m.angle)
    if m.then not in seconds(f, m.turn, m.angle, jammed(state, battle, f)):
        raise RuleViolation("jut.battle.turn", SECTION, angle=m.then)
    if not spent(m) <= m.speed <= top_speed(state, battle, f):
        raise RuleViolation("jut.battle.speed", SECTION, speed=m.speed)
    f.plotted = m
    return [ManeuverPlotted(speed=m.speed).event(audience=side)]


def move_all(battle: Battle) -> list[Event]:
    """Every formation's plot carried out, the Germans first as 4.1 orders it (the plots are
    sealed, so neither side chose knowing the other's). 4.2 item 5: ships may pass through an
    enemy formation but never end on an enemy counter. Ruling: a formation whose plot would
    end a ship on one stops short, one movement factor at a time (the table-top player would
    spread his ships to pass; the referee cannot ask mid-move without unsealing the plots);
    if even its turn alone would, it holds its course without moving."""
    events: list[Event] = []
    for f in sorted(battle.formations.values(), key=lambda f: (f.side != "german", f.tf)):
        m = f.plotted or Maneuver(turn="succession", angle=0, speed=0)
        f.plotted = None
        tries = [m.model_copy(update={"speed": v}) for v in range(m.speed, spent(m) - 1, -1)]
        tries.append(
            Maneuver(turn="succession" if f.abreast == 0 else "together", angle=0, speed=0)
        )
        saved = _snapshot(battle, f)
        for n, attempt in enumerate(tries):
            _move(battle, f, attempt)
            if n == len(tries) - 1 or not _on_enemy(battle, f):
                break
            _restore(battle, f, saved)
        if n > 0:
            events.append(Stopped(tf=label(f.tf)).event())
    settle(battle)
    return [*events, Maneuvered(turn=battle.turn).event()]


def _snapshot(battle: Battle, f: Formation) -> tuple[dict[str, tuple[float, float, float]], str]:
    ships = {
        s: (battle.ships[s].x, battle.ships[s].y, battle.ships[s].heading) for s in live(battle, f)
    }
    return ships, f.model_dump_json()


def _restore(
    battle: Battle, f: Formation, saved: tuple[dict[str, tuple[float, float, float]], str]
) -> None:
    ships, form = saved
    for s, (x, y, h) in ships.items():
        battle.ships[s].x, battle.ships[s].y, battle.ships[s].heading = x, y, h
    back = Formation.model_validate_json(form)
    f.columns, f.tracks, f.abreast = back.columns, back.tracks, back.abreast


def _on_enemy(battle: Battle, f: Formation) -> bool:
    mine = [battle.ships[s] for s in live(battle, f)]
    foes = [s for s in battle.ships.values() if s.side != f.side and not s.sunk]
    for a in mine:
        ca = counter((a.x, a.y), a.heading)
        for b in foes:
            near = abs(a.x - b.x) < COUNTER and abs(a.y - b.y) < COUNTER
            if near and overlap(ca, counter((b.x, b.y), b.heading)):
                return True
    return False


def _move(battle: Battle, f: Formation, m: Maneuver) -> None:
    """14.4 item 5 translated: a turn of 45 degrees or more runs along the gauge's arc (2
    factors per 45 degrees), then the rest of the movement straight on."""
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
            bend, lead.heading = arc((lead.x, lead.y), lead.heading, m.angle)
            track += bend
            start = bend[-1] if bend else (lead.x, lead.y)
            lead.x, lead.y = ahead(start, lead.heading, d)
            if d > 0 or not bend:
                track.append((lead.x, lead.y))
            if m.then:  # 4.2 item 4: the second turn, where the run ends
                bend, lead.heading = arc((lead.x, lead.y), lead.heading, m.then)
                track += bend
                lead.x, lead.y = bend[-1]
            for i, s in enumerate(alive[1:], start=1):
                (x, y), heading = along(track, COUNTER * i)
                ships[s].x, ships[s].y, ships[s].heading = x, y, heading
            f.tracks[k] = track[-16:]  # older turning points are far behind the last ship
        return
    if m.turn == "turn_away":
        f.columns = [list(reversed(c)) for c in f.columns]
    for s in live(battle, f):
        ship = ships[s]
        if m.turn == "turn_away":
            ship.heading = (ship.heading + 180) % 360
            start = (ship.x, ship.y)
        else:
            bend, ship.heading = arc((ship.x, ship.y), ship.heading, m.angle)
            start = bend[-1] if bend else (ship.x, ship.y)
        ship.x, ship.y = ahead(start, ship.heading, d)
        if m.then and m.turn == "together":
            bend, ship.heading = arc((ship.x, ship.y), ship.heading, m.then)
            ship.x, ship.y = bend[-1]
    if m.turn == "together":
        f.abreast += m.angle + m.then
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
