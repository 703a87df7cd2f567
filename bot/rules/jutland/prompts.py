"""The decisions open in each phase, built from the same functions that check the orders
(board.moves, search.adjacent). Ids follow bot/rules/core/prompt.py: the hour, the phase and
this seat's own task force, never the other side's progress."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from bot.rules.core import Choice, Option, OrderForm, Prompt, t
from bot.rules.jutland import board, regroup, search
from bot.rules.jutland.advanced import search as adv_search
from bot.rules.jutland.scenarios.data import must_show
from bot.rules.jutland.state import SIDES, JutlandState, Side, TaskForce


def _where(tf: TaskForce) -> object:
    return tf.hex or t("jut.off_map").model_dump()


def _plot(state: JutlandState, tf: TaskForce, section: str, sealed: bool) -> Prompt:
    return _plot_prompt(
        state.hour, state.phase, tf.id, tf.side, tf.hex, tf.exit_hex, tf.exit_hour, tf.dead,
        search.rests(state, tf), section, sealed,
    )  # fmt: skip


@lru_cache(maxsize=4096)
def _plot_prompt(
    hour: int,
    phase: str,
    tf_id: str,
    side: Side,
    hex_id: str | None,
    exit_hex: str | None,
    exit_hour: int | None,
    dead: bool,
    rest: bool,
    section: str,
    sealed: bool,
) -> Prompt:
    """One force's plot prompt, from exactly what it depends on (cached: the same menu is
    asked for after every order of the hour; a Prompt is frozen, so sharing it is safe)."""
    tf = TaskForce(
        id=tf_id, side=side, ships=[], hex=hex_id, exit_hex=exit_hex, exit_hour=exit_hour,
        dead=dead,
    )  # fmt: skip
    options = tuple(
        Option(value=to, label=t(f"jut.move.{to}") if to in (board.STAY, board.OFF) else to)
        for to in board.moves(tf, hour, rest)
    )
    return Prompt(
        id=f"h{hour}.{phase}.{tf_id}",
        seat=side,
        kind="jut.plot",
        title=t("jut.prompt.plot", tf=search.label(tf_id), hex=_where(tf)),
        section=section,
        forms=(
            OrderForm(
                type="plot",
                label=t("jut.form.plot"),
                fixed={"tf": tf_id},
                inputs=(Choice(name="to", label=t("jut.input.to"), options=options),),
            ),
        ),
        sealed=sealed,
        default={"type": "plot", "tf": tf_id, "to": board.STAY},
    )


def initial(state: JutlandState) -> list[Prompt]:
    """Jutland 3.2 item 1: the German moves from BB16 hour by hour; at the start of an hour he
    may stop instead (b)."""
    out = [_plot(state, tf, "Jutland 3.2", False) for tf in search.unplotted(state, "german")]
    if len(out) == len(search.forces(state, "german")) and not must_show(state):  # 23.1
        out.append(
            Prompt(
                id=f"h{state.hour}.initial_end",
                seat="german",
                kind="jut.initial_end",
                title=t("jut.prompt.initial_end"),
                section="Jutland 3.2",
                forms=(OrderForm(type="end_initial", label=t("jut.form.end_initial")),),
                default=None,
            )
        )
    return out


def steam(state: JutlandState) -> list[Prompt]:
    return [_plot(state, tf, "Jutland 3.2", False) for tf in search.unplotted(state, "german")]


def plot(state: JutlandState) -> list[Prompt]:
    """Jutland 3.3 item 1: both sides at once, sealed; regrouping (item 5) while plotting."""
    out = []
    for side in SIDES:
        waiting = search.unplotted(state, side)
        out += [_plot(state, tf, "Jutland 3.3", True) for tf in waiting]
        extra = regroup.prompt(state, side) if waiting else None
        if extra is not None:
            out.append(extra)
    return out


def search_prompt(state: JutlandState, side: Side) -> Prompt:
    near = search.adjacent(state, side)
    inputs: tuple[Choice, ...] = ()
    if near:
        inputs = (
            Choice(
                name="extra",
                label=t("jut.input.extra"),
                kind="many",
                min=0,
                max=adv_search.extra_limit(state, side, len(near)),
                options=tuple(Option(value=h, label=h) for h in near),
            ),
        )
    silent = adv_search.withhold_choices(state, side)  # Advanced 16.2
    if silent:
        inputs += (
            Choice(
                name="withhold",
                label=t("jut.input.withhold"),
                kind="many",
                min=0,
                max=len(silent),
                options=tuple(Option(value=h, label=h) for h in silent),
            ),
        )
    return Prompt(
        id=f"h{state.hour}.search_{side}",
        seat=side,
        kind="jut.search",
        title=t("jut.prompt.search"),
        section="Jutland 3.3",
        forms=(OrderForm(type="announce", label=t("jut.form.announce"), inputs=inputs),),
        default={"type": "announce", "extra": []},
    )


def announcing(side: Side) -> Callable[[JutlandState], list[Prompt]]:
    return lambda state: [search_prompt(state, side)]
