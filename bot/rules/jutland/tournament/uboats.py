"""German U-boats on the search sheet (Jutland 21.5 items 1-5, 8): fourteen boats, alone or
in groups of any size (item 1), placed in any full sea hex (item 3: a wolfpack of three or
more starting in a shaded hex is disclosed to the British), moving a hex every two hours
(item 2), never disclosed in the British search (item 4), announcing a hex only by day and
only with three boats or more there (item 5). The submarine actions are in submarine.py.

Ruling: the boats placed together are a group and move together for the game (item 8's
record of groups); a group's two-hour pace is that of a slow task force (13.1): it rests
in the hour after one it moved."""

from __future__ import annotations

from bot.rules.core import Choice, Event, Option, OrderForm, Prompt, RuleViolation, t
from bot.rules.jutland import board
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import JutlandState
from bot.rules.jutland.tournament.search_components import tdata
from bot.rules.jutland.tournament.search_events import UboatsMoved, UboatsPlaced
from bot.rules.jutland.tournament.search_state import TSearchState, UGroup


def full_sea(hex_id: str) -> bool:
    return hex_id in comps().hexes and comps().hexes[hex_id].terrain in ("sea", "shaded")


def afloat(ts: TSearchState) -> list[str]:
    return [b for g in ts.groups.values() for b in g.boats]


def unplaced(ts: TSearchState) -> list[str]:
    placed = set(afloat(ts)) | set(ts.sunk_boats)
    return [b for b in tdata().uboats if b not in placed]


def boats_in(ts: TSearchState, hex_id: str) -> list[str]:
    return sorted(b for g in ts.groups.values() if g.hex == hex_id for b in g.boats)


def place(state: JutlandState, hex_id: str, boats: list[str]) -> list[Event]:
    ts = state.tsearch
    assert ts is not None
    if not full_sea(hex_id):
        raise RuleViolation("jut.uboat.not_sea", "Jutland 21.5", hex=hex_id)
    free = unplaced(ts)
    if len(set(boats)) != len(boats) or not set(boats) <= set(free):
        raise RuleViolation("jut.uboat.placed", "Jutland 21.5")
    gid = next(f"g{n}" for n in range(1, 99) if f"g{n}" not in ts.groups)
    ts.groups[gid] = UGroup(id=gid, boats=sorted(boats, key=list(tdata().uboats).index),
                            hex=hex_id)  # fmt: skip
    return [UboatsPlaced(group=gid, boats=ts.groups[gid].boats, hex=hex_id).event("german")]


def disclose(ts: TSearchState) -> list[str]:
    """21.5 item 3: the shaded hexes where three boats or more start."""
    hexes = sorted({g.hex for g in ts.groups.values()})
    return [h for h in hexes if board.shaded(h) and len(boats_in(ts, h)) >= tdata().rules.wolfpack]


def place_form(ts: TSearchState) -> OrderForm | None:
    free = unplaced(ts)
    if not free:
        return None
    sea = tuple(Option(value=h, label=h) for h in sorted(comps().hexes, key=_order) if full_sea(h))
    boats = tuple(Option(value=b, label=tdata().uboats[b].name) for b in free)
    return OrderForm(
        type="place_uboats",
        label=t("jut.form.place_uboats"),
        inputs=(
            Choice(name="hex", label=t("jut.input.hex"), options=sea),
            Choice(name="boats", label=t("jut.input.boats"), kind="many", min=1,
                   max=len(free), options=boats),
        ),
    )  # fmt: skip


def _order(hex_id: str) -> tuple[int, int]:
    h = comps().hexes[hex_id]
    return h.row, h.col


def resting(state: JutlandState, g: UGroup) -> bool:
    return g.moved_at is not None and g.moved_at >= state.hour - (tdata().rules.uboat_rest - 1)


def moves(state: JutlandState, g: UGroup) -> list[str]:
    if resting(state, g):
        return [board.STAY]
    return [board.STAY, *sorted((n for n in board.near(g.hex) if full_sea(n)), key=_order)]


def plot(state: JutlandState, group: str, to: str) -> list[Event]:
    ts = state.tsearch
    assert ts is not None
    g = ts.groups.get(group)
    if g is None:
        raise RuleViolation("jut.uboat.no_group", "Jutland 21.5", group=group)
    if g.plotted is not None:
        raise RuleViolation("jut.uboat.plotted", "Jutland 21.5", group=group)
    if to != board.STAY and resting(state, g):
        raise RuleViolation("jut.uboat.resting", "Jutland 21.5", group=group)
    if to not in moves(state, g):
        raise RuleViolation("jut.uboat.illegal", "Jutland 21.5", group=group, to=to)
    g.plotted = to
    return []


def unplotted(state: JutlandState) -> list[UGroup]:
    ts = state.tsearch
    if ts is None or not ts.uboats:
        return []
    return [g for g in ts.groups.values() if g.plotted is None]


def plot_prompt(state: JutlandState, g: UGroup) -> Prompt:
    options = tuple(
        Option(value=h, label=t("jut.move.stay") if h == board.STAY else h) for h in moves(state, g)
    )
    return Prompt(
        id=f"h{state.hour}.uboat.{g.id}",
        seat="german",
        kind="jut.uboat_plot",
        title=t("jut.prompt.uboat_plot", group=", ".join(_names(g.boats)), hex=g.hex),
        section="Jutland 21.5",
        forms=(
            OrderForm(
                type="uboat_plot",
                label=t("jut.form.uboat_plot"),
                fixed={"group": g.id},
                inputs=(Choice(name="to", label=t("jut.input.to"), options=options),),
            ),
        ),
        sealed=True,
        default={"type": "uboat_plot", "group": g.id, "to": board.STAY},
    )


def _names(boats: list[str]) -> list[str]:
    return [tdata().uboats[b].name for b in boats]


def move(state: JutlandState) -> list[Event]:
    ts = state.tsearch
    if ts is None:
        return []
    events: list[Event] = []
    for g in sorted(ts.groups.values(), key=lambda g: g.id):
        to, g.plotted = g.plotted or board.STAY, None
        if to != board.STAY:
            g.hex, g.moved_at = to, state.hour
            events.append(UboatsMoved(group=", ".join(_names(g.boats)), to=to).event("german"))
    return events


def announceable(state: JutlandState) -> list[str]:
    """21.5 item 5: by day, the hexes with three boats or more."""
    ts = state.tsearch
    if ts is None or not ts.uboats or board.night(state.hour):
        return []
    hexes = sorted({g.hex for g in ts.groups.values()}, key=_order)
    return [h for h in hexes if len(boats_in(ts, h)) >= tdata().rules.wolfpack]


def check(state: JutlandState, hexes: list[str]) -> None:
    ts = state.tsearch
    if not hexes:
        return
    if ts is None or not ts.uboats:
        raise RuleViolation("jut.uboat.none", "Jutland 21.5")
    if board.night(state.hour):
        raise RuleViolation("jut.uboat.night", "Jutland 21.5", hex=hexes[0])
    if len(set(hexes)) != len(hexes):
        raise RuleViolation("jut.search.repeated", "Jutland 21.5")
    for h in hexes:
        if len(boats_in(ts, h)) < tdata().rules.wolfpack:
            raise RuleViolation("jut.uboat.too_few", "Jutland 21.5", hex=h)
