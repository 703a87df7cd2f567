"""What each audience may know (GJ74 2.11(2)): its own counters with their faces; the
enemy's face-up counters, and those whose faces the rules have shown it; every other enemy
counter only as a counter (token, submarine or surface, hex). Built by allow-list: a state
field reaches a view only when copied here on purpose."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.rules.core import Text, View, t
from bot.rules.gj74 import board, victory
from bot.rules.gj74.air import night
from bot.rules.gj74.state import GJ74State, Kind, Phase, Side, Unit
from bot.rules.gj74.units import ship_label


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Face(_Frozen):
    """A counter's face (2.11(3)-(5)): what it is and its values."""

    cls: str
    type: str
    name: str
    serial: int
    tech: int
    anti_ship: int
    anti_air: int
    wide_area_aa: bool
    asw: float
    air_anti_ship: int
    air_intercept: int
    air_asw: int
    supply: int


class UnitView(_Frozen):
    id: str
    side: Side
    sub: bool
    hex: str | None
    status: str
    face_up: bool
    acted: bool
    zone: tuple[str, ...]
    entry: str | None
    face: Face | None
    """None for an enemy counter whose face this audience has not seen."""


class ChitView(_Frozen):
    side: Side
    kind: Kind


class LandingView(_Frozen):
    side: Side
    hex: str


class GJ74View(View):
    scenario: str
    turn: int
    last_turn: int
    night: bool
    phase: Phase
    active: Side | None
    deploying: Side | None
    cup: tuple[ChitView, ...]
    drawn: tuple[ChitView, ...]
    units: tuple[UnitView, ...]
    aircraft: dict[str, int]
    air_range: int | None
    air_actions: int
    air_carrier: bool = False
    """A carrier air operation (7.3): the range counts from ``air_origins``, the launching
    carriers' hexes (shown when they flew, 7.3(1)), not from the air bases."""
    air_origins: tuple[str, ...] = ()
    strike_hex: str | None = None
    """An air strike waiting for the other side's interception (17)."""
    battle_hex: str | None = None
    """The hex of an attack on ships under way (15, 16)."""
    groups_used: int
    landings: tuple[LandingView, ...]
    vp: dict[str, float]


def sees_face(u: Unit, audience: str | None) -> bool:
    return u.side == audience or u.face_up or u.known


def face(u: Unit) -> Face:
    c = board.ship(u.cls)
    return Face(
        cls=u.cls,
        type=c.type,
        name=u.name,
        serial=u.serial,
        tech=c.tech,
        anti_ship=c.anti_ship,
        anti_air=c.anti_air,
        wide_area_aa=c.wide_area_aa,
        asw=c.asw,
        air_anti_ship=c.air_anti_ship,
        air_intercept=c.air_intercept,
        air_asw=c.air_asw,
        supply=u.supply,
    )


def build_view(state: GJ74State, audience: str | None) -> GJ74View:
    units = tuple(
        UnitView(
            id=u.id,
            side=u.side,
            sub=u.sub,
            hex=u.hex,
            status=u.status,
            face_up=u.face_up,
            acted=u.acted,
            zone=u.zone,
            entry=u.entry,
            face=face(u) if sees_face(u, audience) else None,
        )
        for u in sorted(state.units.values(), key=lambda x: x.id)
    )
    # The cup's contents are public (4.1), not its order: shown sorted.
    cup = sorted((c.side, c.kind) for c in state.cup)
    return GJ74View(
        ruleset=state.ruleset,
        audience=audience,
        status=status(state),
        result=state.result,
        scenario=state.scenario,
        turn=state.turn,
        last_turn=state.last_turn,
        night=night(state),
        phase=state.phase,
        active=state.active,
        deploying=state.deploying if state.phase == "deploy" else None,
        cup=tuple(ChitView(side=s, kind=k) for s, k in cup),
        drawn=tuple(ChitView(side=c.side, kind=c.kind) for c in state.drawn),
        units=units,
        aircraft=dict(state.aircraft),
        air_range=state.air.distance if state.air else None,
        air_actions=state.air.actions if state.air else 0,
        air_carrier=bool(state.air and state.air.carrier),
        air_origins=tuple(sorted(state.air.origins)) if state.air else (),
        strike_hex=state.strike.hex if state.strike else None,
        battle_hex=state.battle.hex if state.battle else None,
        groups_used=state.groups_used,
        landings=tuple(LandingView(side=m.side, hex=m.hex) for m in state.landings),
        vp={k: v for k, v in victory.points(state).items()},
    )


def status(state: GJ74State) -> Text:
    if state.result is not None:
        return state.result.summary
    return t(
        "gj74.status",
        turn=state.turn,
        turns=state.last_turn,
        phase=t(f"gj74.phase.{state.phase}").model_dump(),
    )


def secret_names(state: GJ74State, audience: str | None) -> set[str]:
    """What the faces this audience has not seen would tell it (2.11(2)): the ships' names,
    and the classes (id and name in both languages, as the catalogs word them: the data's own
    names, tests/gj74/test_data.py) of which it has seen no counter. A name inside one it may
    read (a seen class's) is left to the leak checks' blanking of known names."""
    seen_units = [u for u in state.units.values() if sees_face(u, audience)]
    hidden_units = [u for u in state.units.values() if not sees_face(u, audience)]
    hidden = {u.name for u in hidden_units if u.name}
    shown = {u.name for u in seen_units}
    seen_cls = {u.cls for u in seen_units}
    for cls in {u.cls for u in hidden_units} - seen_cls:
        c = board.ship(cls)
        hidden |= {cls, c.name, c.name_zh}
    for cls in seen_cls:
        c = board.ship(cls)
        shown |= {cls, c.name, c.name_zh}
    return {x for x in hidden - shown if not any(x in y for y in shown)}


def labels(u: Unit) -> Text:
    return Text.model_validate(ship_label(u))
