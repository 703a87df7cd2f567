"""What each audience may know (Jutland 3.1, 3.3): its own sheet in full; of the enemy
only what the rules disclosed: the hexes announced and the answers given (both players hear
every announcement), the coastal patrols' sightings, the hour. Built by allow-list: a new
state field is hidden until a view copies it."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.rules.core import Prompt, Text, View, t
from bot.rules.core.seats import narrow
from bot.rules.jutland import board, search
from bot.rules.jutland.advanced.view import DamageView, record_of
from bot.rules.jutland.battle.fire import BANDS
from bot.rules.jutland.battle.placement import visibility
from bot.rules.jutland.components import comps
from bot.rules.jutland.scenarios.hidden import secrets as solo_secrets
from bot.rules.jutland.state import SIDES, JutlandState, Phase, Side
from bot.rules.jutland.tournament import search_view
from bot.rules.jutland.tournament.search_view import TSearchView


class ForceView(BaseModel):
    """One of the audience's own task forces."""

    model_config = ConfigDict(frozen=True)

    id: str
    hex: str | None
    ships: tuple[str, ...]
    hours_at_sea: int
    fuel_left: int | None
    plotted: str | None
    columns: int | None
    interval: int | None = None
    """The Fleet Makeup (1.4 item 4): columns and yards between them; None: the default."""
    exit_hex: str | None
    dead: bool
    track: tuple[str, ...] = ()
    """Its pencil line on the sheet (3.1): the hexes it has been in, oldest first."""


class SearchView(BaseModel):
    model_config = ConfigDict(frozen=True)

    hour: int
    side: Side
    answers: dict[str, bool]
    kinds: dict[str, str] = {}
    """16.6 (Advanced): capital ships or light ships in each hex found."""


class ShipView(BaseModel):
    """A counter on the battle surface: every counter there is in plain sight (3.4)."""

    model_config = ConfigDict(frozen=True)

    id: str
    side: Side
    tf: str
    x: float
    y: float
    heading: float
    sunk: bool
    record: DamageView | None = None
    """The Advanced Game's hit record (Jutland 13.1): the fire that made it was public."""


class BattleView(BaseModel):
    model_config = ConfigDict(frozen=True)

    hex: str
    night: bool
    turn: int
    step: str
    ships: tuple[ShipView, ...]
    maneuvers_done: dict[str, bool]
    visibility: float
    """3.4 items 1-2: the maximum visibility in yards (24,000 by day, 6,000 at night)."""
    bands: tuple[float, ...]
    """14.3 item 3: the range finder's band limits, drawn around ``focus``."""
    focus: str | None
    """The ship the range bands are drawn from: the audience's flagship (the first ship
    afloat of its first formation), the German flagship for the public."""
    markers: dict[str, tuple[float, float]]
    """3.4 item 3: extra Battle Area Markers of neighbouring hexes, by hex."""
    lines: tuple[tuple[str, str], ...]
    """This turn's lines of fire (firer, target)."""
    wind: int | None = None
    """Tournament 22.1 item 2: the way the wind blows from (degrees), with that option."""
    weather: bool = False
    """Tournament 22.1 item 1: ``visibility`` was rolled on the Visibility Table."""
    smoke: tuple[tuple[tuple[float, float], tuple[float, float]], ...] = ()
    """Tournament 22.2: the smoke screens standing, each from one point to the other."""


class JutlandView(View):
    hour: int
    phase: Phase
    night: bool
    last_hour: int
    side: Side | None
    forces: tuple[ForceView, ...] = ()
    plotting_done: dict[str, bool]
    searches: tuple[SearchView, ...]
    spotted: tuple[tuple[int, str], ...]
    contact: str | None
    contacts: tuple[tuple[int, str], ...] = ()
    """Every (hour, hex) where the fleets met and a battle began (3.3 item 4c): public."""
    battles: tuple[str, ...] = ()
    """The hexes of the other battles going on (4.1), waiting for their next hour."""
    battle: BattleView | None = None
    sunk: dict[str, int]
    tsearch: TSearchView | None = None
    """The Tournament search modules' part (Jutland 21): public and the audience's own."""


def clock(hour: int) -> Text:
    day = 30 + hour // 24
    return t("jut.clock", day=day if day <= 31 else day - 31, month=5 if day <= 31 else 6,
             hh=f"{hour % 24:02d}")  # fmt: skip


def _forces(state: JutlandState, side: Side) -> tuple[ForceView, ...]:
    out = []
    for tf in sorted(search.forces(state, side), key=lambda tf: tf.id):
        at_sea = 0 if tf.left_at is None else state.hour - tf.left_at
        out.append(
            ForceView(
                id=tf.id,
                hex=tf.hex,
                ships=tuple(tf.ships),
                hours_at_sea=at_sea,
                fuel_left=None if tf.left_at is None else board.fuel_limit(side) - at_sea,
                plotted=tf.plotted,
                columns=tf.columns,
                interval=tf.interval,
                exit_hex=tf.exit_hex,
                dead=tf.dead,
                track=tuple(tf.track),
            )
        )
    return tuple(out)


def _seat_side(audience: str | None) -> Side | None:
    """The side this audience plays, or None for the public."""
    return narrow(audience, SIDES) if audience in SIDES else None


def build_view(state: JutlandState, audience: str | None, open_prompts: list[Prompt]) -> View:
    side = _seat_side(audience)
    owing = {p.seat for p in open_prompts if p.kind in ("jut.plot", "jut.maneuver")}
    phase = t(f"jut.phase.{state.phase}").model_dump()
    status = (
        state.result.summary
        if state.result
        else t("jut.status", clock=clock(state.hour).model_dump(), phase=phase)
    )
    return JutlandView(
        ruleset="jutland",
        audience=audience,
        status=status,
        result=state.result,
        hour=state.hour,
        phase=state.phase,
        night=board.night(state.hour),
        last_hour=board.last_hour(),
        side=side,
        forces=_forces(state, side) if side else (),
        plotting_done={s: s not in owing for s in ("german", "british")},
        searches=tuple(
            SearchView(hour=a.hour, side=a.side, answers=a.answers, kinds=a.kinds)
            for a in state.announcements
        ),
        spotted=tuple(state.spotted),
        contact=state.contact,
        contacts=tuple(state.contacts),
        battles=tuple(b.hex for b in state.battles),
        battle=_battle(state, owing, side),
        sunk={s: len(v) for s, v in state.sunk.items()},
        tsearch=search_view.build(state, side),
    )


def _battle(state: JutlandState, owing: set[str], side: Side | None) -> BattleView | None:
    b = state.battle
    if b is None:
        return None
    ships = tuple(
        ShipView(id=s.id, side=s.side, tf=s.tf, x=round(s.x), y=round(s.y),
                 heading=round(s.heading), sunk=s.sunk, record=record_of(state, s.id))
        for s in sorted(b.ships.values(), key=lambda s: s.id)
    )  # fmt: skip
    done = {s: s not in owing for s in ("german", "british")}
    flagship = None
    for f in sorted(b.formations.values(), key=lambda f: f.tf):
        afloat = [s for c in f.columns for s in c if not b.ships[s].sunk]
        if f.side == (side or "german") and afloat:
            flagship = afloat[0]
            break
    return BattleView(
        hex=b.hex, night=b.night, turn=b.turn, step=b.step, ships=ships, maneuvers_done=done,
        visibility=visibility(b), bands=BANDS, focus=flagship, markers=dict(b.markers),
        lines=tuple(b.lines), wind=b.weather.wind if b.weather else None,
        weather=b.weather is not None and b.weather.rolled and not b.night,
        smoke=tuple((s.a, s.b) for s in b.smoke),
    )  # fmt: skip


def in_battle(state: JutlandState) -> set[str]:
    """Task forces on a battle surface: their place and ships are in plain sight."""
    return search.engaged(state)


def readable(state: JutlandState, side: Side | None) -> set[str]:
    """Hexes this audience reads by right: its own forces, their plots and neighbours (its
    menus), every announced or sighted hex, and the printed bases and exits."""
    out = {h for a in state.announcements for h in a.answers} | {h for _, h in state.spotted}
    out |= {b.hex for b in comps().bases.values()}
    out |= {h for e in comps().exits.values() for h in e.hexes}
    out |= {h for _, h in state.contacts}
    out |= search_view.readable(state)  # Tournament 21: what both players heard
    if side is not None:
        for tf in search.forces(state, side):
            for h in (tf.hex, tf.plotted, tf.exit_hex):
                if h is not None:
                    out.add(h)
                    out.update(comps().neighbours(h) if h in comps().hexes else ())
    return out


def secrets(state: JutlandState, audience: str | None) -> set[str]:
    """Every hidden position and composition: the hexes of the other side's forces (both
    sides' for the public) that the audience was not told, and which ships are in which."""
    side = _seat_side(audience)
    seen = in_battle(state)
    hidden = [tf for tf in state.task_forces.values() if tf.side != side and tf.id not in seen]
    known = readable(state, side)
    out = {tf.hex for tf in hidden if tf.hex is not None and tf.hex not in known}
    out |= {f"{tf.id}:{','.join(sorted(tf.ships))}" for tf in hidden}
    out |= search_view.secrets(state, side, known)  # Tournament 21.5, 21.6
    return out | solo_secrets(state, side, known)  # 23.2: the German plan
