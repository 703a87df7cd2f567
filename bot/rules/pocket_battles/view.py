"""What each audience may know of a Pocket Battles game, copied field by field (an allow-list):
a new state field stays hidden until a view adds it.

A seat sees its own army whole, from the first tile it builds. The opponent and the public see
nothing of an army while it is built (Pocket Battles 3.2: sealed), then each placed stack's
top tile only (3.3) until the stack is revealed (4.4: when deployment ends, or when it first
fights under the ``first_fight`` option); units not yet placed are only counted (4.2).
Ruling: how many tiles lie under the top of a concealed stack is hidden too (3.3: the
opponent sees only the top tile), so a stack of one and a stack of four look alike.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.rules.core import Audience, Event, Result, Text, View, t
from bot.rules.pocket_battles import board
from bot.rules.pocket_battles.components import Row
from bot.rules.pocket_battles.state import (
    SIDES,
    Phase,
    PocketBattlesState,
    Role,
    Side,
    StrikeKind,
    Unit,
)
from bot.rules.pocket_battles.turn import special_barred


class _Frozen(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TraitView(_Frozen):
    id: str
    x: int | None = None


class TroopView(_Frozen):
    """One tile as printed (2: black engagement dice, white shooting dice, points, formation,
    wound points, traits) and the wound tokens on it."""

    tile: str
    name: str
    name_zh: str
    engagement: tuple[int, ...]
    shooting: tuple[int, ...]
    points: int
    formation: int
    wounds: int
    damage: int
    traits: tuple[TraitView, ...]


class StackView(_Frozen):
    """A unit as this audience sees it. ``troops`` lists the visible tiles, the top first;
    ``concealed``: tiles under the top exist or may exist that this audience cannot see
    (their number is hidden too)."""

    id: str
    side: Side
    zone: str | None  # None: in the army, not placed yet (own army only)
    troops: tuple[TroopView, ...]
    concealed: bool
    orders: int  # order tokens on the unit this round (5.2)
    wounds: int  # wound tokens on its visible troops
    engaged: bool
    redeployed: bool  # moved in this turn's phase 1 (5.1)
    destroyed: bool


class ZoneView(_Frozen):
    id: str
    owner: Side | None  # None: an engagement zone, shared
    row: Row
    column: int


class SideView(_Frozen):
    """One player's standing. Numbers an audience may not know yet are None."""

    side: Side
    role: Role | None
    tokens: int  # order tokens this side has in play (3.1, 9.4)
    unused: int  # order tokens it can still spend this round
    spent: int  # tokens spent this round: on units and set aside
    wounds: int  # tokens turned to their wound side on living troops
    points_destroyed: int  # the enemy's deployment points this side has destroyed (8.1)
    army_points: int | None  # this side's deployment points, once placed (8.1)
    units: int | None  # units in the army, once built
    to_place: int | None  # units still to place while deploying (4.2)
    built: bool
    conceded: bool
    deploy_roll: int | None  # the die of 4.1


class HitsView(_Frozen):
    unit: str
    count: int
    striker: str
    kind: StrikeKind


class CombatView(_Frozen):
    """The procedure under way (5.4-5.7): the order, its unit and target, the hits waiting
    for their owner to assign them."""

    kind: str
    side: Side
    unit: str
    target: str | None
    excite: str | None
    follow_on: bool
    hits: tuple[HitsView, ...]


class StrikeRollView(_Frozen):
    """One strike of the last fight: each die's face and the hits it scored, in all ``hits``
    (with +X Wounds, 9.12). Dice are rolled in the open."""

    kind: StrikeKind
    striker: str
    target: str
    dice: tuple[int, ...]
    scored: tuple[int, ...]
    hits: int


class LossView(_Frozen):
    """What one hit did: a troop wounded or lost. ``tile`` is None where the audience may not
    know which troop of the unit it was (a stack it cannot see into)."""

    unit: str
    side: Side
    tile: str | None
    name: str | None
    name_zh: str | None
    lost: bool


class FightView(_Frozen):
    """The last fight (5.4-5.7): the order and its units, the reaction, every strike's dice
    and what the hits did."""

    kind: str
    side: Side
    unit: str
    target: str | None
    reaction: str | None
    reactor: str | None
    strikes: tuple[StrikeRollView, ...]
    losses: tuple[LossView, ...]


class PocketBattlesView(View):
    size: int
    round: int
    turn: int
    phase: Phase
    active: Side | None  # whose turn (or placement) it is
    special_barred: bool  # 5.8: the attacker's first turn of a round
    orders_left: int  # further orders of a Double Order (9.3)
    options: dict[str, str | int | bool]
    zones: tuple[ZoneView, ...]
    sides: tuple[SideView, ...]
    stacks: tuple[StackView, ...]
    engaged_zones: tuple[str, ...]  # engagement zones where units of both sides stand
    combat: CombatView | None
    fight: FightView | None = None  # the last fight's dice and losses
    waiting: tuple[str, ...]
    events: tuple[Event, ...]  # the last events this audience may read, oldest first


def knows(unit: Unit, audience: Audience) -> bool:
    """Whether ``audience`` may see every tile of the unit."""
    return unit.side == audience or unit.revealed


def visible_tiles(unit: Unit, audience: Audience) -> list[str]:
    if knows(unit, audience):
        return [tr.tile for tr in unit.troops]
    if unit.zone is None or unit.destroyed:
        return []
    return [unit.troops[0].tile]


def _troop(tile_id: str, damage: int) -> TroopView:
    tile = board.tile(tile_id)
    return TroopView(
        tile=tile.id,
        name=tile.name,
        name_zh=tile.name_zh,
        engagement=tile.engagement,
        shooting=tile.shooting,
        points=tile.points,
        formation=tile.formation,
        wounds=tile.wounds,
        damage=damage,
        traits=tuple(TraitView(id=r.id, x=r.x) for r in tile.traits),
    )


def _stack(unit: Unit, audience: Audience) -> StackView:
    shown = visible_tiles(unit, audience)
    damage = {tr.tile: tr.damage for tr in unit.troops}
    troops = tuple(_troop(tid, damage[tid]) for tid in shown)
    return StackView(
        id=unit.id,
        side=unit.side,
        zone=unit.zone,
        troops=troops,
        concealed=not knows(unit, audience),
        orders=unit.orders,
        wounds=sum(tr.damage for tr in troops),
        engaged=unit.zone is not None and board.is_engagement(unit.zone),
        redeployed=unit.redeployed,
        destroyed=unit.destroyed,
    )


def _shown(state: PocketBattlesState, unit: Unit, audience: Audience) -> bool:
    if unit.side == audience:
        return True
    return unit.zone is not None and not unit.destroyed


def _side(state: PocketBattlesState, side: Side, audience: Audience) -> SideView:
    s = state.sides[side]
    mine = [u for u in state.units.values() if u.side == side]
    on_units = sum(u.orders for u in mine if not u.destroyed)
    wounds = sum(tr.damage for u in mine if not u.destroyed for tr in u.troops)
    foe = board.enemy(side)
    own = audience == side
    placed = state.phase not in ("build", "deploy")
    return SideView(
        side=side,
        role=s.role,
        tokens=s.tokens,
        unused=s.unused,
        spent=s.set_aside + on_units,
        wounds=wounds,
        points_destroyed=sum(board.tile(tid).points for tid in state.sides[foe].lost),
        army_points=(
            sum(board.unit_points(u) for u in mine)
            if own or (placed and _all_known(state, side))
            else None
        ),
        units=len(mine) if own or state.phase != "build" else None,
        to_place=sum(1 for u in mine if u.zone is None) if state.phase == "deploy" else None,
        built=s.built,
        conceded=s.conceded,
        deploy_roll=s.deploy_roll,
    )


def _all_known(state: PocketBattlesState, side: Side) -> bool:
    return all(u.revealed for u in state.units.values() if u.side == side)


def build_view(
    state: PocketBattlesState, audience: Audience, waiting: list[str]
) -> PocketBattlesView:
    stacks = tuple(_stack(u, audience) for u in state.units.values() if _shown(state, u, audience))
    engaged = tuple(
        z
        for z in board.zone_ids()
        if board.is_engagement(z) and all(board.units_in(state, z, side) for side in SIDES)
    )
    combat = None
    if state.combat is not None:
        c = state.combat
        combat = CombatView(
            kind=c.kind,
            side=c.side,
            unit=c.unit,
            target=c.target,
            excite=c.excite,
            follow_on=c.follow_on,
            hits=tuple(
                HitsView(unit=h.unit, count=h.count, striker=h.striker, kind=h.kind) for h in c.hits
            ),
        )
    return PocketBattlesView(
        ruleset=state.ruleset,
        audience=audience,
        status=status(state),
        result=state.result,
        size=state.options.size,
        round=state.round,
        turn=state.turn,
        phase=state.phase,
        active=state.active,
        special_barred=special_barred(state),
        orders_left=state.orders_left,
        options=state.options.model_dump(),
        zones=tuple(
            ZoneView(id=z.id, owner=z.owner, row=z.row, column=z.column)
            for z in board.comps().zones.values()
        ),
        sides=tuple(_side(state, side, audience) for side in SIDES),
        stacks=stacks,
        engaged_zones=engaged,
        combat=combat,
        fight=_fight(state, audience),
        waiting=tuple(sorted(waiting)),
        events=tuple(e for e in state.recent if e.visible_to(audience)),
    )


def _fight(state: PocketBattlesState, audience: Audience) -> FightView | None:
    f = state.fight
    if f is None:
        return None
    lost = {tid for s in state.sides.values() for tid in s.lost}
    losses = []
    for loss in f.losses:
        unit = state.units.get(loss.unit)
        # A wounded troop is named only to who sees into its stack; a lost one fell openly.
        named = loss.tile in lost or (unit is not None and knows(unit, audience))
        tile = board.tile(loss.tile) if named else None
        losses.append(
            LossView(
                unit=loss.unit,
                side=loss.side,
                tile=tile.id if tile else None,
                name=tile.name if tile else None,
                name_zh=tile.name_zh if tile else None,
                lost=loss.lost,
            )
        )
    return FightView(
        kind=f.kind,
        side=f.side,
        unit=f.unit,
        target=f.target,
        reaction=f.reaction,
        reactor=f.reactor,
        strikes=tuple(
            StrikeRollView(
                kind=r.kind,
                striker=r.striker,
                target=r.target,
                dice=r.dice,
                scored=r.scored,
                hits=r.hits,
            )
            for r in f.strikes
        ),
        losses=tuple(losses),
    )


def status(state: PocketBattlesState) -> Text:
    if state.result is not None:
        return state.result.summary
    return t(
        "pb.status",
        round=state.round,
        phase=t(f"pb.phase.{state.phase}").model_dump(),
        side=t(f"pb.side.{state.active}").model_dump() if state.active else "",
    )


def result_of(winner: Side | None, summary: Text) -> Result:
    return Result(winner=winner, summary=summary)
