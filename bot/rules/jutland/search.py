"""The search on the Fleet Search Sheet: plotting and moving task forces (Jutland 3.3 item 1,
3.2), the coastal patrols (3.1), leaving and coming back by the exits (5), fuel (13.5), the
announcements and their truthful answers (3.3 items 2-3) and the battle determination (3.3
item 4). The referee holds both sheets: every answer is computed from the hidden state."""

from __future__ import annotations

from functools import cache

from bot.rules.core import Event, RuleViolation, t
from bot.rules.jutland import board
from bot.rules.jutland.actions import Announce, Plot
from bot.rules.jutland.advanced import search as adv_search
from bot.rules.jutland.advanced.components import adv, is_light, printed_movement
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import Announcement, JutlandState, Side, TaskForce
from bot.rules.jutland.tournament import fast_search


def label(tf_id: str) -> object:
    """A task force as readers name it ("German task force 2"); an unknown id as typed."""
    side = {"de": "german", "gb": "british"}.get(tf_id[:2])
    if side is None:
        return tf_id
    if tf_id[2:].isdigit():
        return t(f"jut.tf.{side}", n=int(tf_id[2:])).model_dump()
    # A light-ship counter (Advanced 12.1: its own task force), by kind and number ("gb_dd11":
    # British destroyer flotilla 11), never by its raw id in a reader's text.
    kind, number = tf_id[3:5], tf_id[5:]
    if kind in ("cl", "dd") and number[:1].isdigit():
        return t(f"jut.light.{side}.{kind}", n=number).model_dump()
    if is_light(tf_id):
        return adv().light[tf_id].name  # Tournament 21.3: the extra forces' counters by name
    return tf_id


def forces(state: JutlandState, side: Side) -> list[TaskForce]:
    return [tf for tf in state.task_forces.values() if tf.side == side]


def engaged(state: JutlandState) -> set[str]:
    """Task forces with ships on a battle surface (they fight; they do not plot, 4.1)."""
    fights = [*state.battles, state.battle] if state.battle else state.battles
    return {s.tf for b in fights for s in b.ships.values()}


def movement(state: JutlandState, tf: TaskForce) -> int:
    """A force's movement factor on the sheet: its slowest ship's present one (13.1, 15.3)."""
    return min((state.movement.get(s, printed_movement(s)) for s in tf.ships), default=0)


@cache
def _slowest_counter() -> int:
    return min(s.movement for s in comps().ships.values())


def rests(state: JutlandState, tf: TaskForce) -> bool:
    """Jutland 13.1: a slow force's hour without a move (asked for every plot menu: a force
    that did not move last hour, its ships at their printed movement, cannot rest)."""
    recent = tf.moved_at is not None and tf.moved_at >= state.hour - 1
    if not recent and not state.movement and _slowest_counter() > 0:
        return False
    return board.resting(tf, state.hour, movement(state, tf))


def unplotted(state: JutlandState, side: Side) -> list[TaskForce]:
    """Task forces still owing this hour's plot (a force dead in the water owes none, nor
    one fighting a battle)."""
    busy = engaged(state)
    return [
        tf for tf in forces(state, side) if tf.plotted is None and not tf.dead and tf.id not in busy
    ]


def plot(state: JutlandState, side: Side, action: Plot, section: str) -> list[Event]:
    """Record one task force's sealed plot, after checking it is one of its legal moves."""
    tf = state.task_forces.get(action.tf)
    if tf is None or tf.side != side:
        raise RuleViolation("jut.plot.not_yours", section, tf=label(action.tf))
    if tf.plotted is not None or tf.dead:
        raise RuleViolation("jut.plot.already", section, tf=label(action.tf))
    if tf.id in engaged(state):
        raise RuleViolation("jut.plot.in_battle", "Jutland 4.1", tf=label(action.tf))
    if action.to != board.STAY and rests(state, tf):
        code = "jut.plot.no_movement" if movement(state, tf) <= 0 else "jut.plot.slow"
        raise RuleViolation(code, "Jutland 13.1", tf=label(action.tf))
    fast_search.check(state, tf, action.via, action.to, section)  # Tournament 21.1
    if action.via is None and action.to not in board.moves(tf, state.hour):
        raise RuleViolation("jut.plot.illegal", section, tf=label(action.tf), to=action.to)
    fast_search.plot(state, tf, action.via)
    tf.plotted = action.to
    to = action.to
    shown = t(f"jut.move.{to}").model_dump() if to in (board.STAY, board.OFF) else to
    return [Event(kind="jut.plotted", audience=side, params={"tf": label(tf.id), "to": shown})]


def move(state: JutlandState, sides: tuple[Side, ...]) -> list[Event]:
    """Carry out the plots of these sides at once, then mark the patrols' sightings (3.1).
    Events: each side reads its own moves; everyone reads a sighting's hex and nothing else,
    in hex order (never in the order of the task forces)."""
    events: list[Event] = []
    sighted: set[str] = set()
    for tf in sorted(state.task_forces.values(), key=lambda tf: tf.id):
        if tf.side not in sides:
            continue
        to, tf.plotted = tf.plotted or board.STAY, None
        if to == board.STAY or tf.dead:
            continue
        if to == board.OFF:
            # Jutland 5: the hex and hour of leaving are written on the sheet.
            tf.exit_hex, tf.exit_hour, tf.hex = tf.hex, state.hour, None
            events.append(Event(kind="jut.left_map", audience=tf.side, params={"tf": label(tf.id)}))
            continue
        via = fast_search.moved(state, tf)  # Tournament 21.1: two hexes
        if via is not None:
            enter(tf, via, state.hour)
            if tf.side == "german" and board.shaded(via):
                sighted.add(via)
        enter(tf, to, state.hour)
        moved = {"tf": label(tf.id), "to": to}
        events.append(Event(kind="jut.moved", audience=tf.side, params=moved))
        if tf.side == "german" and board.shaded(to):
            sighted.add(to)
    for where in sorted(sighted):
        state.spotted.append((state.hour, where))
        events.append(Event(kind="jut.spotted", params={"hex": where}, reveals=True))
    return events


def enter(tf: TaskForce, to: str, hour: int) -> None:
    """A force enters a hex (by its plot, or by disengaging or joining a battle): its pencil
    line (3.1) and its fuel (13.5: the hour of leaving a base is the first at sea; back in a
    base, refuelled)."""
    if tf.hex is not None and tf.hex in board.bases(tf.side) and tf.left_at is None:
        tf.left_at = hour
    tf.came_from, tf.hex, tf.exit_hex, tf.exit_hour = tf.hex, to, None, None
    tf.moved_at = hour
    tf.track.append(to)
    if to in board.bases(tf.side):
        tf.left_at = None


def fuel(state: JutlandState) -> list[Event]:
    """Jutland 13.5 item 3: a force not back in time is out of fuel, dead in the water."""
    events: list[Event] = []
    for tf in sorted(state.task_forces.values(), key=lambda tf: tf.id):
        if not tf.dead and board.out_of_fuel(tf, state.hour):
            tf.dead = True
            dead = {"tf": label(tf.id)}
            events.append(Event(kind="jut.out_of_fuel", audience=tf.side, params=dead))
    return events


def occupied(state: JutlandState, side: Side) -> set[str]:
    return {tf.hex for tf in forces(state, side) if tf.hex is not None}


def adjacent(state: JutlandState, side: Side) -> list[str]:
    """Hexes a side may announce besides its own (3.3 item 2): next to its task forces."""
    own = occupied(state, side)
    near = {n for h in own for n in board.near(h) if comps().hexes[n].terrain != "land"}
    return adv_search.adjacent(state, side, sorted(near - own))


def announce(state: JutlandState, side: Side, action: Announce, section: str) -> list[Event]:
    """Jutland 3.3 items 2-3 (Basic): every hex holding one's task forces is announced, and the
    adjacent hexes chosen; the other side answers each truthfully, present or not, without
    numbers or types."""
    adv_search.check_extra(state, side, list(action.extra))
    fast = fast_search.announced(state, side)  # Tournament 21.1: its first hexes too
    adv_search.check_withhold(state, side, [h for h in action.withhold if h not in fast])
    offered = set(adjacent(state, side))
    wrong = sorted(set(action.extra) - offered)
    if wrong:
        raise RuleViolation("jut.search.not_adjacent", section, hex=wrong[0])
    if len(set(action.extra)) != len(action.extra):
        raise RuleViolation("jut.search.repeated", section)
    other: Side = "british" if side == "german" else "german"
    theirs = occupied(state, other) | set(fast_search.passes(state, other))  # 21.1 item 3
    own = adv_search.announced(state, side, occupied(state, side)) - set(action.withhold)
    own |= fast - set(action.withhold)
    hexes = sorted(own | set(action.extra))
    answers = {h: h in theirs for h in hexes}
    found = [h for h in hexes if answers[h]]
    kinds = adv_search.kinds_found(state, other, found) | fast_search.kinds(state, other, found)
    state.announcements.append(
        Announcement(hour=state.hour, side=side, answers=answers, kinds=kinds)
    )
    return [Event(kind="jut.search", params={"side": side, "hexes": hexes, "found": found})]


def sheet_order(hex_id: str) -> tuple[int, int]:
    """Row, then column: the order hexes are read on the sheet."""
    h = comps().hexes[hex_id]
    return h.row, h.col


def contact(state: JutlandState, skip: set[str] | frozenset[str] = frozenset()) -> str | None:
    """Jutland 3.3 item 4c: forces of both sides found in the same hex (every occupied hex is
    announced in the Basic Game, so a shared hex is always found), the first in the sheet's
    order; ``skip``: the hexes fought this hour and those of battles going on."""
    fast_search.settle(state)  # Tournament 21.1: a fast force found on its way stops there
    met = occupied(state, "german") & occupied(state, "british") - set(skip)
    both = adv_search.found(state, met)
    return min(both, key=sheet_order) if both else None
