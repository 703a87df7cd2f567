"""Formations in battle (Jutland 15.3, 进阶 五.C): capital ships keep the formation they were
set in (item 1: the engine moves a formation as one); a formation moves at its slowest ship's
speed (item 3: ``maneuver.top_speed``); a damaged ship slower than the column's slowest
undamaged ship may slide astern, a place a turn, until she is last (item 3b), or fall out and
sail on her own (items 3a-3b, the ``detach`` of the maneuver order); a formation reduced below
three capital ships must try to merge with another into a column of three (item 2).

Rulings (the rule leaves the how to the table):
- Falling out is ordered with the formation's sealed maneuver and takes effect at the end of
  that maneuver: from the next turn she is a task force of her own, with her own maneuver, and
  the column no longer waits for her. A ship may fall out when her movement is below the
  printed movement of every other ship of her formation (3a's "below half" is within that),
  or when the Tournament's special damage stops her (22.3).
- Sliding is done by the referee (it never slows anyone): at the end of each maneuver such a
  ship changes places with the ship astern of her.
- "Must try to merge": at the end of a maneuver a formation of fewer than three capital ships
  in line ahead joins the nearest friendly one in line ahead whose last ship is within 5,000
  yards of its leader and which is no faster than it (the merge never slows the other) but
  more than half as fast (slower than that, its ships could fall out again at once, 3a: a
  column of cripples is for ships "slowed alike"), falling in astern of that one's last
  column, its ships in that task force from then on.
"""

from __future__ import annotations

from typing import ClassVar

from bot.rules.core import Event, Label, RuleViolation
from bot.rules.core.events import EventParams
from bot.rules.jutland.advanced.components import is_light, printed_movement
from bot.rules.jutland.advanced.damage import _new_id, movement
from bot.rules.jutland.battle.geometry import COUNTER, along, dist
from bot.rules.jutland.battle.maneuver import live, settle, straight, top_speed
from bot.rules.jutland.search import label
from bot.rules.jutland.state import Battle, Formation, JutlandState, Side, TaskForce
from bot.rules.jutland.tournament import special_damage

SECTION = "Jutland 15.3"
REACH = 5000.0
"""Ruling: how near a formation's leader must be to another's last ship to merge (two counter
lengths: it falls in astern at once)."""
MIN_SHIPS = 3


class FellOut(EventParams):
    """15.3 item 3a: a damaged ship left her column and sails on her own."""

    event_kind: ClassVar[str] = "jut.fell_out"
    ship: str


class Slid(EventParams):
    """15.3 item 3b: a damaged ship dropped a place astern in her column."""

    event_kind: ClassVar[str] = "jut.slid"
    ship: str


class Merged(EventParams):
    """15.3 item 2: a formation under three capital ships joined another."""

    event_kind: ClassVar[str] = "jut.formation_merged"
    ships: list[str]
    into: Label


def _capital(f: Formation) -> bool:
    return not is_light(f.tf)


def detachable(state: JutlandState, battle: Battle, f: Formation) -> list[str]:
    """The ships of a formation that may fall out now (items 3a-3b): those slower than every
    other ship's printed movement, a ship stopped by special damage (22.3) among them; not
    a ship dead in the water (she is out already, 13.1) nor one of a force out of fuel."""
    ships = live(battle, f)
    tf = state.task_forces.get(f.tf)
    if state.advanced is None or not _capital(f) or len(ships) < 2 or tf is None or tf.dead:
        return []
    out = []
    for s in ships:
        others = min(printed_movement(o) for o in ships if o != s)
        now = 0 if special_damage.stopped(state, s) else movement(state, s)
        slowed = now < printed_movement(s)  # damage slowed her (items 3a-3b)
        if movement(state, s) > 0 and slowed and now < others:
            out.append(s)
    return out


def plan(state: JutlandState, battle: Battle, side: Side, tf: str, ships: list[str]) -> None:
    """The ships to fall out, ordered with the formation's sealed maneuver."""
    if not ships:
        return
    f = battle.formations.get(tf)
    if f is None or f.side != side:
        raise RuleViolation("jut.battle.not_yours", SECTION, tf=tf)
    allowed = detachable(state, battle, f)
    for s in ships:
        if s not in allowed:
            raise RuleViolation("jut.formation.detach", SECTION, ship=s)
    assert state.advanced is not None
    state.advanced.detach += [s for s in ships if s not in state.advanced.detach]


def _detach(state: JutlandState, battle: Battle, ship: str) -> Event | None:
    here = battle.ships[ship]
    f = battle.formations.get(here.tf)
    if f is None or here.sunk or ship not in live(battle, f) or len(live(battle, f)) < 2:
        return None
    for k, column in enumerate(f.columns):
        if ship in column:
            column.remove(ship)
            if not column:
                del f.columns[k], f.tracks[k]
            break
    old = state.task_forces[here.tf]
    new = _new_id(state, here.side)
    old.ships.remove(ship)
    state.task_forces[new] = TaskForce(
        id=new, side=old.side, ships=[ship], hex=old.hex, left_at=old.left_at,
        came_from=old.came_from, track=list(old.track), moved_at=old.moved_at, dead=old.dead,
    )  # fmt: skip
    here.tf = new
    battle.formations[new] = Formation(
        tf=new, side=here.side, columns=[[ship]], tracks=[straight(battle, [ship])]
    )
    return FellOut(ship=ship).event()


def _slide(state: JutlandState, battle: Battle, f: Formation) -> list[Event]:
    events: list[Event] = []
    if f.abreast != 0:
        return events
    for column in f.columns:
        alive = [s for s in column if not battle.ships[s].sunk]
        whole = [s for s in alive if state.advanced and s not in state.advanced.damage]
        if not whole:
            continue
        pace = min(printed_movement(s) for s in whole)
        for i in range(len(alive) - 2, -1, -1):
            s, astern = alive[i], alive[i + 1]
            if movement(state, s) >= pace or movement(state, astern) < pace:
                continue
            a, b = battle.ships[s], battle.ships[astern]
            (a.x, a.y, a.heading), (b.x, b.y, b.heading) = (
                (b.x, b.y, b.heading),
                (a.x, a.y, a.heading),
            )
            i_s, i_b = column.index(s), column.index(astern)
            column[i_s], column[i_b] = astern, s
            events.append(Slid(ship=s).event())
    return events


def _merge(state: JutlandState, battle: Battle) -> list[Event]:
    events: list[Event] = []
    for f in sorted(battle.formations.values(), key=lambda f: f.tf):
        ships = live(battle, f)
        if not _capital(f) or not 0 < len(ships) < MIN_SHIPS or f.abreast != 0:
            continue
        speed = top_speed(state, battle, f)
        lead = battle.ships[ships[0]]
        best: tuple[float, Formation] | None = None
        for g in battle.formations.values():
            others = live(battle, g)
            if g is f or g.side != f.side or not _capital(g) or not others or g.abreast != 0:
                continue
            pace = top_speed(state, battle, g)
            if pace > speed or 2 * pace <= speed:  # not faster; not "below half" (3a)
                continue
            last = battle.ships[g.columns[-1][-1]] if g.columns[-1] else None
            if last is None:
                continue
            gap = dist((lead.x, lead.y), (last.x, last.y))
            if gap <= REACH and (best is None or gap < best[0]):
                best = (gap, g)
        if best is None:
            continue
        g = best[1]
        column, track = g.columns[-1], g.tracks[-1]
        for s in ships:
            ship = battle.ships[s]
            (ship.x, ship.y), ship.heading = along(track, COUNTER * len(column))
            column.append(s)
            state.task_forces[f.tf].ships.remove(s)
            state.task_forces[g.tf].ships.append(s)
            ship.tf = g.tf
        del battle.formations[f.tf]
        events.append(Merged(ships=ships, into=label(g.tf)).event())
    return events


def after_maneuver(state: JutlandState, battle: Battle) -> list[Event]:
    """At the end of the maneuver: the ordered fall-outs, the slides, the merges."""
    if state.advanced is None:
        return []
    events = [e for s in state.advanced.detach if (e := _detach(state, battle, s))]
    state.advanced.detach = []
    for f in sorted(battle.formations.values(), key=lambda f: f.tf):
        if _capital(f):
            events += _slide(state, battle, f)
    events += _merge(state, battle)
    settle(battle)
    return events
