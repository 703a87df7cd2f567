"""Jutland 3.3 item 5: after the hour is marked both players may regroup the ships now in one
hex into new task forces, and adjust the Fleet Makeup (1.4 item 4) to match. Offered while a
side still plots (its plots are sealed, so regrouping tells the other side nothing)."""

from __future__ import annotations

from functools import lru_cache

from bot.rules.core import Choice, Event, Option, OrderForm, Prompt, RuleViolation, When, t
from bot.rules.jutland.actions import Makeup, Merge, Split
from bot.rules.jutland.advanced.components import is_light
from bot.rules.jutland.battle.placement import (
    INTERVAL_STEP,
    MAX_COLUMNS,
    MAX_WIDTH,
    MIN_INTERVAL,
)
from bot.rules.jutland.search import engaged, forces, label
from bot.rules.jutland.state import JutlandState, Side, TaskForce

SECTION = "Jutland 3.3"
MIN_SHIPS = 3
"""Advanced 五.A, B.1 (and the Task Force card): a task force of capital ships has three."""


def _free(tf: TaskForce) -> bool:
    return (
        tf.hex is not None
        and tf.plotted is None
        and not tf.dead
        and not any(is_light(s) for s in tf.ships)
    )  # Jutland 12.1


def _regroupable(state: JutlandState, side: Side) -> list[TaskForce]:
    """A side's forces free to regroup: on the sheet, not yet plotted, afloat with fuel and
    not in a battle (they regroup after it, 4.1)."""
    busy = engaged(state)
    return [tf for tf in forces(state, side) if _free(tf) and tf.id not in busy]


def merges(state: JutlandState, side: Side) -> dict[str, list[str]]:
    """Task force -> the task forces in its hex it may join."""
    mine = _regroupable(state, side)
    out: dict[str, list[str]] = {}
    for a in mine:
        others = sorted(b.id for b in mine if b.id != a.id and b.hex == a.hex)
        if others:
            out[a.id] = others
    return out


def splits(state: JutlandState, side: Side) -> dict[str, list[str]]:
    """Task force -> its ships, for those big enough to leave two forces of three."""
    return {
        tf.id: list(tf.ships) for tf in _regroupable(state, side) if len(tf.ships) >= 2 * MIN_SHIPS
    }


def column_choices(tf: TaskForce) -> list[int]:
    """4.2 item 1: at least three ships a column; a force of three or fewer in line ahead."""
    return _columns(len(tf.ships))


def _columns(ships: int) -> list[int]:
    return list(range(1, max(1, min(MAX_COLUMNS, ships // MIN_SHIPS)) + 1))


def interval_choices(columns: int) -> list[int]:
    """1.4 item 4 and the Placement Diagram, note 2: the yards between columns, so that the
    formation is at most 8,000 yards wide (one column: no interval, 0)."""
    if columns < 2:
        return [0]
    widest = MAX_WIDTH // (columns - 1)
    return list(range(MIN_INTERVAL, widest + 1, INTERVAL_STEP))


def _ship_choices(parts: dict[str, list[str]]) -> list[Choice]:
    """The new force's ships: one input per size of force split, so that each offers at most
    the ships that leave three behind (a form asks only the one for the force chosen)."""
    sizes: dict[int, list[str]] = {}
    for tf_id, ships in parts.items():
        sizes.setdefault(len(ships), []).append(tf_id)
    return [
        Choice(
            name="ships",
            label=t("jut.input.new_force"),
            kind="many",
            min=MIN_SHIPS,
            max=size - MIN_SHIPS,
            when=(When(within={"tf": tuple(group)}),),
            options=tuple(
                Option(
                    value=s,
                    label=s,
                    when=tuple(When(within={"tf": (a,)}) for a in group if s in parts[a]),
                )
                for s in sorted({s for a in group for s in parts[a]})
            ),
        )
        for size, group in sorted(sizes.items())
    ]


Mine = tuple[tuple[str, str | None, tuple[str, ...]], ...]
"""The forces free to regroup as (id, hex, ships): all a regrouping decision depends on."""


def prompt(state: JutlandState, side: Side) -> Prompt | None:
    """The regrouping decision, from exactly what it depends on (cached: it is asked for
    after every order while a side plots)."""
    mine = tuple((tf.id, tf.hex, tuple(tf.ships)) for tf in _regroupable(state, side))
    return _prompt(state.hour, side, state.regroups.get(side, 0), mine)


@lru_cache(maxsize=1024)
def _prompt(hour: int, side: Side, n: int, mine: Mine) -> Prompt | None:
    forms = _forms(mine)
    if not forms:
        return None
    return Prompt(
        id=f"h{hour}.regroup.{side}.{n}",
        seat=side,
        kind="jut.regroup",
        title=t("jut.prompt.regroup"),
        section=SECTION,
        forms=forms,
        sealed=True,
        default=None,
    )


def _forms(mine: Mine) -> tuple[OrderForm, ...]:
    """The forms, from the forces free to regroup alone; each form cached on what it reads
    (the makeup and split forms on the ships, the merge form on who shares a hex)."""
    joins: dict[str, list[str]] = {}
    for a, hex_a, _ in mine:
        others = sorted(b for b, hex_b, _ in mine if b != a and hex_b == hex_a)
        if others:
            joins[a] = others
    parts = tuple((a, ships) for a, _, ships in mine if len(ships) >= 2 * MIN_SHIPS)
    sizes = tuple((a, len(ships)) for a, _, ships in mine)
    forms = [
        _merge_form(tuple((a, tuple(v)) for a, v in sorted(joins.items()))) if joins else None,
        _split_form(parts) if parts else None,
        _makeup_form(sizes) if sizes else None,
    ]
    return tuple(f for f in forms if f is not None)


@lru_cache(maxsize=256)
def _merge_form(pairs: tuple[tuple[str, tuple[str, ...]], ...]) -> OrderForm:
    joins = dict(pairs)
    return OrderForm(
        type="merge",
        label=t("jut.form.merge"),
        inputs=(
            Choice(
                name="tf",
                label=t("jut.input.tf"),
                options=tuple(Option(value=a, label=label(a)) for a in sorted(joins)),
            ),
            Choice(
                name="into",
                label=t("jut.input.into"),
                options=tuple(
                    Option(
                        value=b,
                        label=label(b),
                        when=tuple(When(within={"tf": (a,)}) for a in joins if b in joins[a]),
                    )
                    for b in sorted({b for v in joins.values() for b in v})
                ),
            ),
        ),
    )


@lru_cache(maxsize=256)
def _split_form(pairs: tuple[tuple[str, tuple[str, ...]], ...]) -> OrderForm:
    parts = {a: list(ships) for a, ships in pairs}
    return OrderForm(
        type="split",
        label=t("jut.form.split"),
        inputs=(
            Choice(
                name="tf",
                label=t("jut.input.tf"),
                options=tuple(Option(value=a, label=label(a)) for a in sorted(parts)),
            ),
            *_ship_choices(parts),
        ),
    )


@lru_cache(maxsize=256)
def _makeup_form(sizes: tuple[tuple[str, int], ...]) -> OrderForm:
    """1.4 item 4: the columns each force may form, then the intervals those columns allow."""
    choices = {a: _columns(n) for a, n in sizes}
    counts = sorted({c for v in choices.values() for c in v})
    return OrderForm(
        type="makeup",
        label=t("jut.form.makeup"),
        inputs=(
            Choice(
                name="tf",
                label=t("jut.input.tf"),
                options=tuple(Option(value=a, label=label(a)) for a, _ in sizes),
            ),
            Choice(
                name="columns",
                label=t("jut.input.columns"),
                options=tuple(
                    Option(
                        value=str(c),
                        label=str(c),
                        when=tuple(When(within={"tf": (a,)}) for a, _ in sizes if c in choices[a]),
                    )
                    for c in counts
                ),
            ),
            _interval_choice(tuple(counts)),
        ),
    )


@lru_cache(maxsize=64)
def _interval_choice(counts: tuple[int, ...]) -> Choice:
    """The intervals, each offered for the column counts it fits (a few distinct menus)."""
    return Choice(
        name="interval",
        label=t("jut.input.interval"),
        options=tuple(
            Option(
                value=str(y),
                label=str(y),
                when=tuple(
                    When(within={"columns": (str(c),)}) for c in counts if y in interval_choices(c)
                ),
            )
            for y in sorted({y for c in counts for y in interval_choices(c)})
        ),
    )


def _new_id(state: JutlandState, side: Side) -> str:
    prefix = "de" if side == "german" else "gb"
    n = 1
    while f"{prefix}{n}" in state.task_forces:
        n += 1
    return f"{prefix}{n}"


def merge(state: JutlandState, side: Side, action: Merge) -> list[Event]:
    if action.into not in merges(state, side).get(action.tf, []):
        raise RuleViolation("jut.regroup.merge", SECTION, tf=label(action.tf))
    a, b = state.task_forces[action.tf], state.task_forces[action.into]
    b.ships += a.ships
    if a.left_at is not None:
        b.left_at = a.left_at if b.left_at is None else min(a.left_at, b.left_at)
    b.columns = b.interval = None
    del state.task_forces[a.id]
    state.regroups[side] = state.regroups.get(side, 0) + 1
    return [
        Event(kind="jut.merged", audience=side, params={"tf": label(a.id), "into": label(b.id)})
    ]


def split(state: JutlandState, side: Side, action: Split) -> list[Event]:
    tf = state.task_forces.get(action.tf)
    chosen = list(action.ships)
    if (
        action.tf not in splits(state, side)
        or tf is None
        or len(set(chosen)) != len(chosen)
        or not set(chosen) <= set(tf.ships)
        or not MIN_SHIPS <= len(chosen) <= len(tf.ships) - MIN_SHIPS
    ):
        raise RuleViolation("jut.regroup.split", SECTION, tf=label(action.tf))
    new = TaskForce(
        id=_new_id(state, side), side=side, ships=chosen, hex=tf.hex, left_at=tf.left_at,
        came_from=tf.came_from, track=list(tf.track),
    )  # fmt: skip
    tf.ships = [s for s in tf.ships if s not in chosen]
    tf.columns = tf.interval = None
    state.task_forces[new.id] = new
    state.regroups[side] = state.regroups.get(side, 0) + 1
    return [
        Event(kind="jut.split", audience=side, params={"tf": label(tf.id), "new": label(new.id)})
    ]


def makeup(state: JutlandState, side: Side, action: Makeup) -> list[Event]:
    """1.4 item 4: "ships - columns - yards between columns", checked against 4.2 item 1
    (three ships a column at least) and the Placement Diagram's 8,000-yard width (3.4)."""
    tf = state.task_forces.get(action.tf)
    if tf is None or tf not in _regroupable(state, side):
        raise RuleViolation("jut.regroup.makeup", "Jutland 1.4", tf=label(action.tf))
    if action.columns not in column_choices(tf):
        raise RuleViolation(
            "jut.regroup.columns", "Jutland 4.2", tf=label(action.tf), columns=action.columns
        )
    if action.interval not in interval_choices(action.columns):
        width = action.interval * (action.columns - 1)
        raise RuleViolation(
            "jut.regroup.interval", "Jutland 3.4", interval=action.interval, width=width
        )
    tf.columns, tf.interval = action.columns, action.interval
    state.regroups[side] = state.regroups.get(side, 0) + 1
    params = {"tf": label(tf.id), "ships": len(tf.ships), "columns": action.columns,
              "interval": action.interval}  # fmt: skip
    return [Event(kind="jut.makeup", audience=side, params=params)]
