"""Fast-ship search (Jutland 21.1): a task force of battlecruisers and light cruisers whose
movement is 11 or more moves two search hexes in each even hour (items 1-2); both hexes it
passes may be announced, and it meets an enemy that passed either hex in that hour (item
3); damage that brings a ship's movement below 11 ends it (item 4).

Ruling: the force plots its first hex (``via``) and its second (``to``), sealed like any
plot; its pencil line runs through both. Where a search finds it (or it finds an enemy) in
its first hex, it is stopped there: the contact is in that hex, so it fights there."""

from __future__ import annotations

from functools import lru_cache

from bot.rules.core import Choice, Option, OrderForm, Prompt, RuleViolation, When, t
from bot.rules.jutland import board
from bot.rules.jutland.advanced.components import adv, is_light
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import JutlandState, Side, TaskForce
from bot.rules.jutland.tournament.search_components import tdata


def _present_movement(state: JutlandState, ship: str) -> int:
    if is_light(ship):
        return adv().light[ship].movement
    return state.movement.get(ship, comps().ships[ship].movement)


def fast(state: JutlandState, tf: TaskForce) -> bool:
    """21.1 items 1, 4: every ship a BC (or a light cruiser) making 11 or more now, in an
    even hour, with the module on."""
    ts = state.tsearch
    if ts is None or not ts.fast_search or state.hour % 2 or tf.dead or tf.hex is None:
        return False
    if state.phase != "plot":
        return False  # Ruling: "during the search procedure" (3.3), not the initial movement
    rules = tdata().rules
    for s in tf.ships:
        if is_light(s):
            if adv().light[s].kind != "CL":
                return False
        elif comps().ships[s].type not in rules.fast_types:
            return False
        if _present_movement(state, s) < rules.fast_movement:
            return False
    return bool(tf.ships)


def check(state: JutlandState, tf: TaskForce, via: str | None, to: str, section: str) -> None:
    """A plot through ``via``: only a fast force, through a neighbour, on to its neighbour."""
    if via is None:
        return
    if not fast(state, tf):
        raise RuleViolation("jut.fast.not_fast", "Jutland 21.1", tf=tf.id)
    firsts = [h for h in board.moves(tf, state.hour) if h not in (board.STAY, board.OFF)]
    if via not in firsts or to not in seconds_of(state, tf, via):
        raise RuleViolation("jut.fast.illegal", "Jutland 21.1", tf=tf.id, via=via, to=to)


def plot(state: JutlandState, tf: TaskForce, via: str | None) -> None:
    assert state.tsearch is not None or via is None
    if state.tsearch is not None:
        state.tsearch.via.pop(tf.id, None)
        if via is not None:
            state.tsearch.via[tf.id] = via


def moved(state: JutlandState, tf: TaskForce) -> str | None:
    """Before the force enters its plotted hex: its first hex, entered on the way."""
    ts = state.tsearch
    if ts is None:
        return None
    via = ts.via.pop(tf.id, None)
    if via is not None:
        ts.passed[tf.id] = via
    return via


def passes(state: JutlandState, side: Side) -> dict[str, list[str]]:
    """The first hexes the side's fast forces passed this hour: hex -> task forces."""
    ts = state.tsearch
    out: dict[str, list[str]] = {}
    if ts is None:
        return out
    for tf_id, h in sorted(ts.passed.items()):
        tf = state.task_forces.get(tf_id)
        if tf is not None and tf.side == side:
            out.setdefault(h, []).append(tf_id)
    return out


def announced(state: JutlandState, side: Side) -> set[str]:
    """21.1 item 3: the first hexes of the side's searching fast forces (their second is
    their hex, announced as every searching force's is, 16.1)."""
    from bot.rules.jutland.advanced.search import searches

    out = set()
    for h, tfs in passes(state, side).items():
        if any(searches(state, state.task_forces[k]) for k in tfs):
            out.add(h)
    return out


def kinds(state: JutlandState, other: Side, found: list[str]) -> dict[str, str]:
    """16.6 for a hex the enemy only passed: the general type of the forces that passed."""
    out = {}
    passing = passes(state, other)
    for h in found:
        here = [s for k in passing.get(h, []) for s in state.task_forces[k].ships]
        here += [s for tf in state.task_forces.values() if tf.side == other and tf.hex == h
                 for s in tf.ships]  # fmt: skip
        if h in passing:
            out[h] = "light" if all(is_light(s) for s in here) else "capital"
    return out


def stop_at(state: JutlandState, found: set[str]) -> None:
    """A fast force found (or finding) in its first hex stops there (the ruling above)."""
    ts = state.tsearch
    if ts is None:
        return
    for tf_id, h in sorted(ts.passed.items()):
        tf = state.task_forces.get(tf_id)
        if tf is None or h not in found:
            continue
        if tf.track and tf.track[-1] == tf.hex:
            tf.track.pop()
        tf.hex = h
        tf.came_from = tf.track[-2] if len(tf.track) > 1 else None
        del ts.passed[tf_id]


def settle(state: JutlandState) -> None:
    """Before the battle determination: every hex found this hour where a fast force of
    one side passed and the other side is (or passed) stops that force there."""
    ts = state.tsearch
    if ts is None or not ts.passed:
        return
    now = {h for a in state.announcements if a.hour == state.hour
           for h, yes in a.answers.items() if yes}  # fmt: skip
    met = set()
    for side, other in (("german", "british"), ("british", "german")):
        theirs = {tf.hex for tf in state.task_forces.values() if tf.side == other and tf.hex}
        theirs |= set(passes(state, other))  # type: ignore[arg-type]
        met |= set(passes(state, side)) & theirs & now  # type: ignore[arg-type]
    stop_at(state, met)


def new_hour(state: JutlandState) -> None:
    if state.tsearch is not None:
        state.tsearch.passed = {}


def with_two_hexes(state: JutlandState, tf: TaskForce, prompt: Prompt) -> Prompt:
    """The plot prompt of a fast force: its one-hex moves, and the two-hex form (21.1)."""
    assert tf.hex is not None
    form = _two_hex_form(state.hour, tf.id, tf.side, tf.hex)
    if form is None:
        return prompt
    return prompt.model_copy(update={"forms": (*prompt.forms, form)})


@lru_cache(maxsize=4096)
def _two_hex_form(hour: int, tf_id: str, side: Side, hex_id: str) -> OrderForm | None:
    """The two-hex form from exactly what it depends on (cached; forms are frozen)."""
    tf = TaskForce(id=tf_id, side=side, ships=[], hex=hex_id)
    firsts = [h for h in board.moves(tf, hour) if h not in (board.STAY, board.OFF)]
    seconds: dict[str, list[str]] = {}
    for v in firsts:
        for h in _seconds(hour, tf, v):
            seconds.setdefault(h, []).append(v)
    if not seconds:
        return None
    via = tuple(Option(value=h, label=h) for h in firsts if _seconds(hour, tf, h))
    to = tuple(
        Option(value=h, label=h, when=(When(within={"via": tuple(vs)}),))
        for h, vs in sorted(seconds.items())
    )
    return OrderForm(
        type="plot",
        label=t("jut.form.fast_plot"),
        fixed={"tf": tf_id},
        inputs=(
            Choice(name="via", label=t("jut.input.via"), options=via),
            Choice(name="to", label=t("jut.input.to"), options=to),
        ),
    )


def _seconds(hour: int, tf: TaskForce, via: str) -> list[str]:
    probe = TaskForce(id=tf.id, side=tf.side, ships=[], hex=via)
    return [h for h in board.moves(probe, hour) if h not in (board.STAY, board.OFF, tf.hex)]


def seconds_of(state: JutlandState, tf: TaskForce, via: str) -> list[str]:
    return _seconds(state.hour, tf, via)
