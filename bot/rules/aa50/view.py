"""What each audience sees of an AA50 game. Ruling: the game has no hidden information.
Purchases wait openly in the mobilization zone on the board (5.3.3), research tokens are
bought and rolled in the open (5.2.1-2), and every unit stands on the map; so every seat
and the public see the same board and ``secrets`` is empty. A seat's own standing casualty
orders (a plan, not a position) are shown to that seat alone."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.aa50 import board, query
from bot.rules.aa50.board import Power
from bot.rules.aa50.chronicle import BattleLog, TurnLog
from bot.rules.aa50.state import Aa50State, CasualtyOrder
from bot.rules.core import Prompt, View, t


class UnitView(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    id: str
    type: str
    owner: str
    at: str
    hits: int = 0
    carried_by: str | None = None


class BattleView(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    where: str
    kind: str
    round: int
    step: str
    attacker: str


class Aa50View(View):
    scenario: str
    round: int
    power: str
    phase: str
    ipcs: dict[str, int]
    owners: dict[str, str]
    units: tuple[UnitView, ...]
    tech: dict[str, tuple[str, ...]]
    tokens: dict[str, int]
    pending: dict[str, dict[str, int]]
    battles: tuple[str, ...]
    battle: BattleView | None
    victory_cities: dict[str, int]
    victory_target: int
    waiting_for: tuple[str, ...]
    casualty_orders: dict[Power, CasualtyOrder] = Field(default_factory=dict)
    """The audience's own standing casualty orders (5.5.3.2): a plan, shown to its player."""
    step: int = 0
    """Decisions made this turn (the battle log's ``step`` says when it last changed)."""
    battle_log: BattleLog | None = None
    """The current or last round of the turn's latest battle: its units, dice and losses."""
    turn_log: TurnLog | None = None
    """The turn so far (research, purchases, battles, territories taken, income)."""
    last_turn: TurnLog | None = None
    """The turn that ended last: the summary posted when it ended."""


def build_view(state: Aa50State, audience: str | None, prompts: list[Prompt]) -> Aa50View:
    b = state.battle
    return Aa50View(
        ruleset=state.ruleset,
        audience=audience,
        status=t(
            "aa50.status",
            round=state.round,
            power=t(f"aa50.power.{state.power}").model_dump(),
            phase=t(f"aa50.phase.{state.phase}").model_dump(),
        ),
        result=state.result,
        scenario=state.scenario,
        round=state.round,
        power=state.power,
        phase=state.phase,
        ipcs=dict(state.ipcs),
        owners=dict(state.owners),
        units=tuple(
            UnitView(
                id=u.id, type=u.type, owner=u.owner, at=u.at, hits=u.hits, carried_by=u.carried_by
            )
            for u in state.units.values()
        ),
        tech={p: tuple(a) for p, a in state.tech.items()},
        tokens=dict(state.tokens),
        pending={p: dict(v) for p, v in state.pending.items()},
        battles=tuple(state.battles),
        battle=None
        if b is None
        else BattleView(
            where=b.where, kind=b.kind, round=b.round, step=b.step, attacker=b.attacker
        ),
        victory_cities=query.victory_cities(state),
        victory_target=state.options.victory_cities,
        waiting_for=tuple(sorted({p.seat for p in prompts})),
        casualty_orders={
            p: o.model_copy()
            for p, o in state.casualty_orders.items()
            if audience is not None and board.seat_of(p) == audience
        },
        step=state.step_no,
        battle_log=state.battle_log.model_copy(deep=True) if state.battle_log else None,
        turn_log=state.turn_log.model_copy(deep=True) if state.turn_log else None,
        last_turn=state.last_turn.model_copy(deep=True) if state.last_turn else None,
    )
