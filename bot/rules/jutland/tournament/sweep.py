"""The British sweep (Jutland 21.2): while the German makes his initial movement, the British
plots a sweep to intercept him (item 1), and carries it out until the initial movement ends
(item 2). Then the German announces the hexes of his initial movement, in no order and
without times (item 3); where the British swept a hex he says "contact" and the German
tells his hour there: the same hour with capital ships of both sides there is a contact and
a battle, and the announcing goes on to find any earlier one (item 4). With no contact the
search begins where everyone is at the hour the initial movement ended (item 5); the
pencil lines past the contact hour, or past that hour, are rubbed out (item 6).

Rulings: the bot holds both plots, so both are plotted hour by hour, sealed, and every hour
is recorded (item 1's arrival times every four hours or less are then exact); the bot
announces every German hex at once in the sheet's order (the random order of item 3 only
hides the times, which it never shows but where the British swept) and finds the earliest
contact (item 4's check). With the sweep the British fleet is at sea: no steam hours follow
(3.2 item 2); a contact is fought at its hour, everything put back where it was then, and
the patrols' sightings after it are rubbed out with the lines."""

from __future__ import annotations

from bot.rules.core import Event
from bot.rules.jutland import board
from bot.rules.jutland.advanced.components import is_light
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import JutlandState
from bot.rules.jutland.tournament.search_events import Swept
from bot.rules.jutland.tournament.search_state import SweepMark, SweepResult


def on(state: JutlandState) -> bool:
    return state.tsearch is not None and state.tsearch.sweep


def log(state: JutlandState) -> None:
    """After each hour of the initial movement: where every force is."""
    ts = state.tsearch
    if ts is None or not ts.sweep:
        return
    for tf in sorted(state.task_forces.values(), key=lambda tf: tf.id):
        ts.sweep_log.append(
            SweepMark(hour=state.hour, tf=tf.id, hex=tf.hex, came_from=tf.came_from,
                      left_at=tf.left_at, moved_at=tf.moved_at, track=len(tf.track))
        )  # fmt: skip


def _capital(state: JutlandState, tf_id: str) -> bool:
    tf = state.task_forces.get(tf_id)
    return tf is not None and any(not is_light(s) for s in tf.ships)


def _key(h: str) -> tuple[int, int]:
    return comps().hexes[h].row, comps().hexes[h].col


def finish(state: JutlandState) -> tuple[list[Event], str | None]:
    """Items 3-6: the announcements, the earliest contact; (events, the contact's hex)."""
    ts = state.tsearch
    assert ts is not None
    for tf in state.task_forces.values():
        tf.plotted = None  # plots of an hour never moved are void
    marks = ts.sweep_log
    home = board.bases("german")
    german = [m for m in marks if m.hex and state.task_forces[m.tf].side == "german"
              and _capital(state, m.tf) and m.hex not in home]  # fmt: skip
    british = [m for m in marks if m.hex and state.task_forces[m.tf].side == "british"]
    hexes = sorted({m.hex for m in german if m.hex}, key=_key)
    swept = {m.hex for m in british}
    times = {h: min(m.hour for m in german if m.hex == h) for h in hexes if h in swept}
    meet = sorted(
        (m.hour, _key(m.hex), m.hex)
        for m in german
        if m.hex
        for b in british
        if b.hour == m.hour and b.hex == m.hex and _capital(state, b.tf)
    )
    contact = (meet[0][0], meet[0][2]) if meet else None
    ts.sweep_result = SweepResult(hexes=hexes, times=times, contact=contact)
    told = ", ".join(f"{h} {times[h] % 24:02d}:00" for h in hexes if h in times)
    events = [Swept(hexes=hexes, times=told, contact=contact[1] if contact else "").event(
        reveals=True)]  # fmt: skip
    if contact is not None:
        _rewind(state, contact[0])
    ts.sweep_log = []
    return events, contact[1] if contact else None


def _rewind(state: JutlandState, hour: int) -> None:
    """Item 6: every force back where it was at the contact hour."""
    ts = state.tsearch
    assert ts is not None
    for m in ts.sweep_log:
        if m.hour != hour or m.tf not in state.task_forces:
            continue
        tf = state.task_forces[m.tf]
        tf.hex, tf.came_from, tf.left_at, tf.moved_at = m.hex, m.came_from, m.left_at, m.moved_at
        tf.exit_hex = tf.exit_hour = None
        del tf.track[m.track :]
    state.hour = hour
    state.spotted = [s for s in state.spotted if s[0] <= hour]
