"""Solitaire against the bot (Jutland 23.2, 锦标赛玩法 三.B), the set-up: six German plans,
each an ambush within three hexes of a British base with its departure hour, one chosen by a
die and kept secret; six British search patterns as the rule defines them; the plan compared
with every pattern to find the contact. With a contact the game opens with that battle;
without one the Germans stand at the last hex of their initial movement and the British in
their bases. No search follows (``no_search``): the fleets close and meet. The bot's choices
in play are scenarios/bot.py's."""

from __future__ import annotations

from collections import deque
from functools import cache
from pathlib import Path

from pydantic import BaseModel, Field

from bot.rules.core import Dice, Event, t
from bot.rules.core.data import data_dir as default_data_dir
from bot.rules.core.sourced import DataError, Loader, Sourced
from bot.rules.jutland import board, search, turn
from bot.rules.jutland.advanced.components import is_light
from bot.rules.jutland.components import STEPS, comps
from bot.rules.jutland.scenarios.events import SoloBegins
from bot.rules.jutland.scenarios.state import PlayState, SoloState
from bot.rules.jutland.state import JutlandState, Side, TaskForce

SECTION = "Jutland 23.2"
AMBUSH = 3
"""23.2: every plan lies in wait within three hexes of one or more British bases."""
DIRECTIONS = ("E", "W", "NE", "NW", "SE", "SW")
"""A random sweep's die, face by face: the neighbour steps of components.STEPS, in order."""


class Plan(Sourced):
    n: int = Field(ge=1, le=6)
    ambush: str
    depart: int = Field(ge=0)


class Pattern(Sourced):
    n: int = Field(ge=1, le=6)
    sweeps: dict[str, list[str]] = Field(default_factory=dict)
    random: list[str] = Field(default_factory=list)
    min_row: str | None = None
    max_row: str | None = None


class SoloData(BaseModel):
    plans: dict[int, Plan]
    patterns: dict[int, Pattern]


def route(side: Side, a: str, b: str) -> list[str]:
    """The shortest way by hexes ``side`` may enter, from ``a`` to ``b`` (both included),
    the same every time (neighbours in the sheet's order)."""
    before: dict[str, str | None] = {a: None}
    queue = deque([a])
    while queue:
        here = queue.popleft()
        if here == b:
            break
        for n in comps().neighbours(here):
            if n not in before and board.enterable(side, n):
                before[n] = here
                queue.append(n)
    if b not in before:
        raise ValueError(f"no way from {a} to {b}")
    out: list[str] = [b]
    while (prev := before[out[-1]]) is not None:
        out.append(prev)
    return out[::-1]


def load(root: Path | None = None) -> SoloData:
    root = (root or default_data_dir()) / "jutland" / "scenarios" / "solo"
    load = Loader(root, {"plans.toml": frozenset({"plan", "pattern"})})
    plans = {p.n: p for p in load.rows("plans.toml", "plan", Plan)}
    patterns = {p.n: p for p in load.rows("plans.toml", "pattern", Pattern)}
    rows = comps().grid.rows
    british = [b.hex for b in comps().bases.values() if b.side == "british"]
    for p in plans.values():
        if p.ambush not in comps().hexes or not board.enterable("german", p.ambush):
            load.problem("plans.toml", f"plan {p.n}", f"{p.ambush} is no sea hex")
        elif min(board.distance(p.ambush, b) for b in british) > AMBUSH:
            load.problem("plans.toml", f"plan {p.n}", f"{p.ambush} is not within 3 of a base")
    for k in patterns.values():
        low = rows.index(k.min_row) if k.min_row else 0
        high = rows.index(k.max_row) if k.max_row else len(rows) - 1
        for points in k.sweeps.values():
            for h in points:
                if h not in comps().hexes or not board.enterable("british", h):
                    load.problem("plans.toml", f"pattern {k.n}", f"{h} is no sea hex")
                elif not low <= comps().hexes[h].row <= high:
                    load.problem("plans.toml", f"pattern {k.n}", f"{h} breaks the sheet's rule")
    if sorted(plans) != list(range(1, 7)) or sorted(patterns) != list(range(1, 7)):
        load.problem("plans.toml", "plan", "six plans and six patterns, numbered 1 to 6")
    if load.problems:
        raise DataError(load.problems, "Jutland solitaire")
    return SoloData(plans=plans, patterns=patterns)


@cache
def data() -> SoloData:
    return load()


def plan_track(plan: Plan) -> list[str]:
    """The German's hex at each hour from 30 May 00:00 to the end of his initial movement:
    in the Jade until his departure, then a hex an hour to the ambush."""
    home = next(b.hex for b in comps().bases.values() if b.side == "german")
    return [home] * plan.depart + route("german", home, plan.ambush)


def _sweep(start: str, points: list[str], hours: int) -> list[str]:
    track = [start]
    for p in points:
        track += route("british", track[-1], p)[1:]
    return (track + [track[-1]] * hours)[:hours]


def _wander(start: str, hours: int, dice: Dice, tf: str, pattern: int) -> list[str]:
    track = [start]
    h = comps().hexes
    while len(track) < hours:
        face = dice.roll(t("jut.solo.sweep_die", pattern=pattern, tf=search.label(tf)))
        here = h[track[-1]]
        dq, dr = STEPS[face - 1]
        to = comps().hex_at(here.row + dr, here.col + dq)
        track.append(to if to is not None and board.enterable("british", to) else track[-1])
    return track


def patterns(state: JutlandState, hours: int, dice: Dice) -> dict[int, dict[str, list[str]]]:
    """Each pattern's hex for every British capital task force, hour by hour."""
    start = {tf.id: tf.hex for tf in state.task_forces.values() if tf.side == "british"}
    out: dict[int, dict[str, list[str]]] = {}
    for k in sorted(data().patterns.values(), key=lambda k: k.n):
        tracks = {}
        for tf, at in sorted(start.items()):
            if at is None or tf not in {*k.sweeps, *k.random}:
                continue
            if tf in k.random:
                tracks[tf] = _wander(at, hours, dice, tf, k.n)
            else:
                tracks[tf] = _sweep(at, k.sweeps[tf], hours)
        out[k.n] = tracks
    return out


def compare(
    german: list[str], sweeps: dict[int, dict[str, list[str]]]
) -> tuple[int, str, int] | None:
    """23.2: the plan laid over each pattern: the first hour a British force of a pattern is
    in the German's hex is the contact, (hour, hex, pattern). Ruling: only the same hex at
    the same hour meets (3.3 item 4); on the same hour the lowest-numbered pattern's."""
    for hour, where in enumerate(german):
        for k, tracks in sorted(sweeps.items()):
            if any(track[hour] == where for track in tracks.values()):
                return hour, where, k
    return None


def setup(state: JutlandState, dice: Dice) -> list[Event]:
    """23.2 at the start of a solitaire game: the German plan by a die rolled for the German
    alone (secret until the game ends or contact reveals it), then the comparison."""
    n = dice.roll(t("jut.solo.plan_die"), private_to="german")
    plan = data().plans[n]
    german = plan_track(plan)
    sweeps = patterns(state, len(german), dice)
    found = compare(german, sweeps)
    state.play = state.play or PlayState()
    solo = SoloState(plan=n, depart=plan.depart, track=german[plan.depart :])
    state.play.solo = solo
    hour = found[0] if found else len(german) - 1
    state.hour, state.phase = hour, "plot"
    where: dict[str, list[str]] = {}
    for tf in state.task_forces.values():
        if tf.side == "german":
            where[tf.id] = german[: hour + 1]
        else:
            leader = _leader(state, tf)
            track = sweeps[found[2]].get(leader) if found else None
            where[tf.id] = track[: hour + 1] if track else [tf.hex or ""]
    for tf_id, track in where.items():
        _place(state.task_forces[tf_id], track, hour)
    if found is None:
        return [SoloBegins(hour=hour).event()]
    solo.pattern, solo.contact = found[2], found[1]
    return turn.engage(state, found[1], dice)


def _leader(state: JutlandState, tf: TaskForce) -> str:
    """A light ship sails with the capital ships of its base (12.1)."""
    if not all(is_light(s) for s in tf.ships):
        return tf.id
    return next(
        (o.id for o in sorted(state.task_forces.values(), key=lambda o: o.id)
         if o.side == tf.side and o.track[:1] == tf.track[:1]
         and not all(is_light(s) for s in o.ships)),
        tf.id,
    )  # fmt: skip


def _place(tf: TaskForce, track: list[str], hour: int) -> None:
    """The force where the plan or the pattern left it, its pencil line and fuel kept."""
    moved = [h for i, h in enumerate(track) if i == 0 or h != track[i - 1]]
    tf.hex, tf.track = track[-1], moved
    tf.came_from = moved[-2] if len(moved) > 1 else None
    if len(moved) > 1:
        left = next(i for i, h in enumerate(track) if h != track[0]) - 1
        tf.left_at, tf.moved_at = left, hour
    if tf.hex in board.bases(tf.side):
        tf.left_at = None
