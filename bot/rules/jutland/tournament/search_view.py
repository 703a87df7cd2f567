"""What the views carry of the Tournament search modules (Jutland 21): the public part (every
search heard by both players, the wolfpacks disclosed, the British counts per base, the
sweep's announcements, the boats and airships lost, the submarine actions waiting) and each
side's own (the German's boats and airships, the British's redeployment). ``secrets`` lists
what an audience must not read: the hidden boats' and airships' hexes and groups."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.rules.jutland.state import JutlandState, Side
from bot.rules.jutland.tournament import zeppelins
from bot.rules.jutland.tournament.search_components import tdata


class GroupView(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    boats: tuple[str, ...]
    hex: str
    plotted: str | None
    attacks_left: tuple[int, ...]


class AirshipView(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    name: str
    hex: str
    base: str
    hours_at_sea: int
    hours_left: int | None
    passed: tuple[str, ...]
    roll: int | None
    plotted: tuple[str, ...] | None


class FindView(BaseModel):
    model_config = ConfigDict(frozen=True)

    hour: int
    by: str
    hex: str
    found: bool


class ActionView(BaseModel):
    model_config = ConfigDict(frozen=True)

    hex: str
    ships: tuple[str, ...]
    chosen: dict[str, bool]


class TSearchView(BaseModel):
    model_config = ConfigDict(frozen=True)

    modules: tuple[str, ...]
    finds: tuple[FindView, ...] = ()
    disclosed: tuple[str, ...] = ()
    counts: dict[str, int] = {}
    sweep_hexes: tuple[str, ...] = ()
    sweep_times: dict[str, int] = {}
    sweep_contact: str | None = None
    boats_sunk: int = 0
    airships_lost: tuple[str, ...] = ()
    actions: tuple[ActionView, ...] = ()
    groups: tuple[GroupView, ...] = ()
    """The German's own U-boat groups (21.5 item 8's record)."""
    airships: tuple[AirshipView, ...] = ()
    stations: dict[str, str] = {}
    """The British's own redeployment while he makes it (21.4)."""


def build(state: JutlandState, side: Side | None) -> TSearchView | None:
    ts = state.tsearch
    if ts is None:
        return None
    from bot.rules.jutland.tournament.search_hooks import MODULES

    limit = tdata().rules.uboat_attacks
    sweep = ts.sweep_result
    groups: tuple[GroupView, ...] = ()
    airships: tuple[AirshipView, ...] = ()
    if side == "german":
        groups = tuple(
            GroupView(id=g.id, boats=tuple(tdata().uboats[b].name for b in g.boats), hex=g.hex,
                      plotted=g.plotted,
                      attacks_left=tuple(limit - ts.attacks.get(b, 0) for b in g.boats))
            for g in sorted(ts.groups.values(), key=lambda g: g.id)
        )  # fmt: skip
        airships = tuple(
            AirshipView(id=a.id, name=zeppelins.name(a.id), hex=a.hex, base=a.base,
                        hours_at_sea=zeppelins.at_sea_hours(state, a),
                        hours_left=None if a.left_at is None else
                        tdata().rules.airship_hours - zeppelins.at_sea_hours(state, a),
                        passed=tuple(a.passed), roll=a.roll,
                        plotted=tuple(a.plotted) if a.plotted is not None else None)
            for a in ts.airships.values()
        )  # fmt: skip
    return TSearchView(
        modules=tuple(m for m in MODULES if getattr(ts, m)),
        finds=tuple(FindView(hour=f.hour, by=f.by, hex=f.hex, found=f.found) for f in ts.finds),
        disclosed=tuple(ts.disclosed),
        counts=dict(ts.counts),
        sweep_hexes=tuple(sweep.hexes) if sweep else (),
        sweep_times=dict(sweep.times) if sweep else {},
        sweep_contact=sweep.contact[1] if sweep and sweep.contact else None,
        boats_sunk=len(ts.sunk_boats),
        airships_lost=tuple(zeppelins.name(a) for a in ts.lost_airships),
        actions=tuple(
            ActionView(
                hex=a.hex,
                ships=tuple(a.ships),
                chosen={"british": a.british is not None, "german": a.german is not None},
            )
            for a in ts.actions
        ),
        groups=groups,
        airships=airships,
        stations=dict(ts.stations) if side == "british" and "british" not in ts.deployed else {},
    )


def readable(state: JutlandState) -> set[str]:
    """Hexes both players heard of: the searches, the wolfpacks disclosed, the bases, the
    sweep's hexes."""
    ts = state.tsearch
    if ts is None:
        return set()
    out = {f.hex for f in ts.finds} | set(ts.disclosed) | set(ts.counts)
    out |= {z for z in zeppelins.bases()}
    if ts.sweep_result is not None:
        out |= set(ts.sweep_result.hexes)
    return out


def secrets(state: JutlandState, side: Side | None, known: set[str]) -> set[str]:
    """The German's boats and airships for the British and the public: their hexes (unless
    read by right) and each group's make-up."""
    ts = state.tsearch
    if ts is None or side == "german":
        return set()
    out = {g.hex for g in ts.groups.values() if g.hex not in known}
    out |= {a.hex for a in ts.airships.values() if a.hex not in known}
    out |= {f"{g.id}:{','.join(g.boats)}" for g in ts.groups.values()}
    return out
