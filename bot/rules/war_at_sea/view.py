"""What each audience may know: everything on the table, except that under 18.2 the Axis and
the public see only how many Allied counters stand in each place until combat reveals them."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.rules.core import Prompt, Text, View, t
from bot.rules.war_at_sea import board
from bot.rules.war_at_sea.components import PortSide
from bot.rules.war_at_sea.state import Side, UnitState, WarAtSeaState
from bot.rules.war_at_sea.units import (
    eff_air,
    eff_gunnery,
    eff_speed,
    hidden,
    is_convoy,
    is_uboat,
)


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class UnitView(_Frozen):
    id: str
    name: str
    side: Side
    nationality: str
    type: str
    gunnery: int  # effective factors (7.6)
    armor: int
    speed: int
    air: int
    base_gunnery: int
    base_speed: int
    base_air: int
    damage: int
    location: str | None
    status: str
    disabled: bool
    escaped: bool
    failed_move: bool
    refuelled: bool
    joined: bool
    may_sortie: bool
    convoy_stays: bool
    captured_by: str | None


class HiddenStack(_Frozen):
    """18.2: face-down Allied counters, counted, not named."""

    location: str
    count: int


class AreaView(_Frozen):
    id: str
    name: Text
    poc_axis: int
    poc_allies: int
    adjacent: tuple[str, ...]
    control: str | None
    air_symbol_allies: bool
    air_symbol_axis: bool
    air_strikes: tuple[str, ...]
    uboats: int
    convoy: bool


class PortView(_Frozen):
    id: str
    name: Text
    side: PortSide
    repair: int
    areas: tuple[str, ...]
    open: bool
    opens: int
    """The turn it opens (France, the Soviet ports: 15.4, 16.1), and the turn it closes."""
    closes: int | None
    air_symbol_allies: bool
    air_symbol_axis: bool
    air_strikes: tuple[str, ...]


class BattleView(_Frozen):
    kind: str
    where: str
    step: str
    round: int
    escaping: str | None
    group: int | None
    declared: tuple[str, ...]


class WarAtSeaView(View):
    turn: int
    turns: int
    phase: str
    score: int
    score_limit: int
    history: list[int]
    last_points: dict[str, int]
    options: dict[str, bool]
    areas: list[AreaView]
    ports: list[PortView]
    units: list[UnitView]
    hidden: list[HiddenStack]
    uboats_in_germany: int
    uboat_bank: int
    air_strikes: dict[str, str | None]
    air_strength: dict[str, int]
    """Each side's land-based air strength (3.4, 9.1), printed on its air-strike marker."""
    battle: BattleView | None
    waiting: list[str]
    med_streak: int
    med_hold: int
    """The turns in a row the Axis must hold the Mediterranean (16.4)."""
    max_uboats: int
    """How many U-boat flotillas may be on the map at once (8.6)."""
    upcoming: dict[int, list[str]]


def _unit_view(u: UnitState) -> UnitView:
    return UnitView(
        id=u.id,
        name=u.name,
        side=u.side,
        nationality=u.nationality,
        type=u.type,
        gunnery=eff_gunnery(u),
        armor=u.armor,
        speed=eff_speed(u) if not is_uboat(u) else 0,
        air=eff_air(u),
        base_gunnery=u.gunnery,
        base_speed=u.speed,
        base_air=u.air,
        damage=u.damage,
        location=u.location,
        status=u.status,
        disabled=u.disabled,
        escaped=u.escaped,
        failed_move=u.failed_move,
        refuelled=u.refuelled,
        joined=u.joined,
        may_sortie=u.may_sortie,
        convoy_stays=u.convoy_stays,
        captured_by=u.captured_by,
    )


def build_view(state: WarAtSeaState, audience: str | None, prompts: list[Prompt]) -> WarAtSeaView:
    concealed = audience != "allies"
    units: list[UnitView] = []
    stacks: dict[str, int] = {}
    for u in state.units.values():
        if u.status == "reserve":
            continue
        if concealed and hidden(state, u):
            stacks[u.location or ""] = stacks.get(u.location or "", 0) + 1
            continue
        units.append(_unit_view(u))

    def strikes(loc: str) -> tuple[str, ...]:
        return tuple(s for s, where in state.air_strikes.items() if where == loc)

    def visible_convoy(loc: str) -> bool:
        return any(
            is_convoy(u)
            and u.status == "active"
            and u.location == loc
            and not (concealed and hidden(state, u))
            for u in state.units.values()
        )

    areas = [
        AreaView(
            id=a,
            name=t(f"was.loc.{a}"),
            poc_axis=board.area(a).poc_axis,
            poc_allies=board.area(a).poc_allies,
            adjacent=board.area(a).adjacent,
            control=state.control.get(a),
            air_symbol_allies=board.area(a).air_strike_allies,
            air_symbol_axis=board.area(a).air_strike_axis,
            air_strikes=strikes(a),
            uboats=sum(
                1
                for u in state.units.values()
                if is_uboat(u) and u.status == "active" and u.location == a
            ),
            convoy=visible_convoy(a),
        )
        for a in board.areas()
    ]
    ports = [
        PortView(
            id=p,
            name=t(f"was.loc.{p}"),
            side=board.port(p).side,
            repair=board.port(p).repair,
            areas=board.port(p).areas,
            open=board.port(p).is_open(max(state.turn, 1)),
            opens=board.port(p).open_from_turn,
            closes=board.port(p).closed_from_turn,
            air_symbol_allies=board.port(p).air_strike_allies,
            air_symbol_axis=board.port(p).air_strike_axis,
            air_strikes=strikes(p),
        )
        for p in board.ports()
    ]
    battle = state.combat.battle
    battle_view = None
    if battle is not None and state.phase == "combat":
        battle_view = BattleView(
            kind=battle.kind,
            where=battle.where,
            step=battle.step,
            round=battle.round,
            escaping=battle.escaping,
            group=battle.group,
            declared=tuple(sorted(battle.escape)),
        )
    waiting = sorted({p.seat for p in prompts})
    upcoming: dict[int, list[str]] = {}
    for n in range(state.turn + 1, board.turn_count() + 1):
        ids = [r.id for r in board.comps().reinforcements(n)]
        if ids:
            upcoming[n] = ids
    status = (
        state.result.summary
        if state.result is not None
        else t("was.status", turn=state.turn, phase=t(f"was.phase.{state.phase}").model_dump())
    )
    return WarAtSeaView(
        ruleset=state.ruleset,
        audience=audience,
        status=status,
        result=state.result,
        turn=state.turn,
        turns=board.turn_count(),
        phase=state.phase,
        score=state.score,
        score_limit=10,
        history=list(state.history),
        last_points=dict(state.last_points),
        options=state.options.model_dump(),
        areas=areas,
        ports=ports,
        units=units,
        hidden=[HiddenStack(location=loc, count=n) for loc, n in sorted(stacks.items())],
        uboats_in_germany=sum(
            1
            for u in state.units.values()
            if is_uboat(u) and u.status == "active" and u.location == board.GERMANY
        ),
        uboat_bank=state.uboat_bank,
        air_strikes=dict(state.air_strikes),
        air_strength={side: board.lba_strength(side) for side in board.SIDES},
        battle=battle_view,
        waiting=waiting,
        med_streak=state.med_streak,
        med_hold=board.MED_HOLD,
        max_uboats=board.MAX_UBOATS,
        upcoming=upcoming,
    )


def secret_names(state: WarAtSeaState, audience: str | None) -> set[str]:
    """The ids and names of face-down Allied counters, for everyone but the Allies (18.2)."""
    if audience == "allies" or not state.options.variant_18_2:
        return set()
    out: set[str] = set()
    for u in state.units.values():
        if hidden(state, u):
            out.update((u.id, u.name))
    return out
