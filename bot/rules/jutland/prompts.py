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
from bot.rules.jutland.tournament import fast_search, sweep, uboats, zeppelins
from bot.rules.jutland.tournament import search_hooks as t_search


def _where(tf: TaskForce) -> object:
    return tf.hex or t("jut.off_map").model_dump()


def _plot(state: JutlandState, tf: TaskForce, section: str, sealed: bool) -> Prompt:
    prompt = _plot_prompt(
        state.hour, state.phase, tf.id, tf.side, tf.hex, tf.exit_hex, tf.exit_hour, tf.dead,
        search.rests(state, tf), section, sealed,
    )  # fmt: skip
    if fast_search.fast(state, tf) and not search.rests(state, tf):
        return fast_search.with_two_hexes(state, tf, prompt)  # Tournament 21.1
    return prompt


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
    both = sweep.on(state)  # Tournament 21.2: the British sweeps meanwhile, sealed
    out = [_plot(state, tf, "Jutland 3.2", both) for tf in search.unplotted(state, "german")]
    german = len(out)
    if both:
        out += [_plot(state, tf, "Jutland 21.2", True) for tf in search.unplotted(state, "british")]
    if german == len(search.forces(state, "german")) and not must_show(state):  # 23.1
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
    return out + t_search.plot_prompts(state)  # Tournament 21.5, 21.6


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
    silent = sorted(set(silent) | fast_search.announced(state, side))  # Tournament 21.1
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
    boats = uboats.announceable(state) if side == "german" else []
    if boats:  # Tournament 21.5 item 5
        inputs += (
            Choice(name="uboats", label=t("jut.input.uboats"), kind="many", min=0,
                   max=len(boats), options=tuple(Option(value=h, label=h) for h in boats)),
        )  # fmt: skip
    air = zeppelins.search_forms(state) if side == "german" else ()  # Tournament 21.6
    return Prompt(
        id=f"h{state.hour}.search_{side}{t_search.search_suffix(state)}",
        seat=side,
        kind="jut.search",
        title=t("jut.prompt.search"),
        section="Jutland 3.3",
        forms=(OrderForm(type="announce", label=t("jut.form.announce"), inputs=inputs), *air),
        default={"type": "announce", "extra": []},
    )


def announcing(side: Side) -> Callable[[JutlandState], list[Prompt]]:
    return lambda state: [search_prompt(state, side)]
