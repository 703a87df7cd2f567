"""British redeployment (Jutland 21.4): before the game the British may place all his forces
at his bases within their capacities (item 1: ship counters, Rosyth's BB and BC, Harwich DD
and CL only), with the extra forces (item 2), each base's capital ships with at least one
DD counter (item 3); the German is told the British capital ships at each base (item 4).

Ruling: the British moves one counter at a time, and an order is legal only if the bases
stay within every limit after it (so a DD goes to an empty base before its capital ships,
and a base's last DD leaves only with its capital ships gone); the deployment is then
always complete, and the capital ships of each base sail as one task force, numbered by
the base's starting force (Hull, which has none, the first free number)."""

from __future__ import annotations

from bot.rules.core import Choice, Event, Option, OrderForm, RuleViolation, When, t
from bot.rules.jutland.advanced.components import adv, is_light
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import JutlandState, TaskForce
from bot.rules.jutland.tournament.search_components import tdata
from bot.rules.jutland.tournament.search_events import Redeployed, Stationed
from bot.rules.jutland.tournament.search_state import TSearchState


def _kind(counter: str) -> str:
    if is_light(counter):
        return adv().light[counter].kind
    return comps().ships[counter].type


def counter_name(counter: str) -> str:
    return adv().light[counter].name if is_light(counter) else comps().ships[counter].name


def begin(state: JutlandState, ts: TSearchState) -> None:
    """Every British counter where the set-up put it."""
    for tf in state.task_forces.values():
        if tf.side == "british" and tf.hex is not None:
            for s in tf.ships:
                ts.stations[s] = tf.hex


def fits(stations: dict[str, str], hex_id: str) -> bool:
    """21.4 items 1, 3 for one base."""
    b = next(b for b in tdata().bases.values() if b.hex == hex_id)
    here = [c for c, h in stations.items() if h == hex_id]
    kinds = [_kind(c) for c in here]
    if len(here) > b.counters:
        return False
    if b.capital is not None and sum(k in ("BB", "BC") for k in kinds) > b.capital:
        return False
    if b.light_only and any(k not in ("DD", "CL") for k in kinds):
        return False
    return "DD" in kinds or all(is_light(c) for c in here)


def choices(ts: TSearchState) -> dict[str, list[str]]:
    """Each counter -> the bases it may move to now (legal orders only): the base it goes
    to within every limit after the move, and the base it leaves not stripped of its last
    DD while capital ships stay there. Ruling: only the bases an order touches are checked,
    so the card's set-up stands where it does not meet item 3 (no DD counter of the card
    starts at Cromarty) until the British moves ships there."""
    out: dict[str, list[str]] = {}
    for c in sorted(ts.stations):
        origin = ts.stations[c]
        ok = []
        for b in tdata().bases.values():
            if b.hex == origin:
                continue
            after = {**ts.stations, c: b.hex}
            if not fits(after, b.hex):
                continue
            left = [x for x, h in after.items() if h == origin]
            stripped = not any(_kind(x) == "DD" for x in left)
            if _kind(c) == "DD" and stripped and any(not is_light(x) for x in left):
                continue
            ok.append(b.hex)
        if ok:
            out[c] = ok
    return out


def station(state: JutlandState, ship: str, base: str) -> list[Event]:
    ts = state.tsearch
    assert ts is not None
    if ship not in ts.stations or base not in choices(ts).get(ship, []):
        raise RuleViolation("jut.redeploy.illegal", "Jutland 21.4", ship=ship, base=base)
    ts.stations[ship] = base
    return [Stationed(ship=ship, base=base).event(audience="british")]


def finish(state: JutlandState) -> list[Event]:
    """The task forces rebuilt at their bases; 21.4 item 4: the counts told."""
    ts = state.tsearch
    assert ts is not None
    for tf_id in [k for k, tf in state.task_forces.items() if tf.side == "british"]:
        del state.task_forces[tf_id]
    starts = {b.hex: b.start for b in comps().bases.values() if b.side == "british"}
    used = {n for n in starts.values() if n is not None}
    free = (n for n in range(1, 16) if n not in used)
    counts: dict[str, int] = {}
    for b in tdata().bases.values():
        here = sorted(c for c, h in ts.stations.items() if h == b.hex)
        capital = [c for c in here if not is_light(c)]
        counts[b.hex] = len(capital)
        if capital:
            n = starts.get(b.hex) or next(free)
            tf_id = f"gb{n}"
            state.task_forces[tf_id] = TaskForce(
                id=tf_id, side="british", ships=capital, hex=b.hex, track=[b.hex]
            )
        for c in here:
            if is_light(c):
                state.task_forces[c] = TaskForce(
                    id=c, side="british", ships=[c], hex=b.hex, track=[b.hex]
                )
    ts.counts = counts
    told = ", ".join(f"{h} {n}" for h, n in counts.items())
    return [Redeployed(counts=told).event()]


def prompt_form(state: JutlandState) -> OrderForm | None:
    ts = state.tsearch
    if ts is None or not ts.redeployment:
        return None
    moves = choices(ts)
    if not moves:
        return None
    ships = tuple(Option(value=c, label=counter_name(c)) for c in moves)
    bases = tuple(
        Option(
            value=b.hex,
            label=b.hex,
            when=(When(within={"ship": tuple(c for c, ok in moves.items() if b.hex in ok)}),),
        )
        for b in tdata().bases.values()
        if any(b.hex in ok for ok in moves.values())
    )
    return OrderForm(
        type="station",
        label=t("jut.form.station"),
        inputs=(
            Choice(name="ship", label=t("jut.input.counter"), options=ships),
            Choice(name="base", label=t("jut.input.base"), options=bases),
        ),
    )
