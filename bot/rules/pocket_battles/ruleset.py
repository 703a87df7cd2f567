"""The Pocket Battles ruleset: the value the referee drives."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, TypeAdapter

from bot.rules.core import (
    Action,
    Dice,
    Event,
    Label,
    Outcome,
    Prompt,
    Ruleset,
    RuleViolation,
    Scenario,
    Text,
    View,
    narrow,
    t,
)
from bot.rules.pocket_battles import actions as A
from bot.rules.pocket_battles import (
    board,
    building,
    charge,
    deployment,
    flow,
    hiding,
    movement,
    orders,
    procedure,
    sequence,
    victory,
)
from bot.rules.pocket_battles import events as E
from bot.rules.pocket_battles.options import PocketBattlesOptions
from bot.rules.pocket_battles.state import RECENT, SIDES, PocketBattlesState, Side
from bot.rules.pocket_battles.view import PocketBattlesView, build_view

ORDER_TYPES = (
    A.Move,
    A.Charge,
    A.CarryOn,
    A.Leave,
    A.Shoot,
    A.Heal,
    A.DoubleOrder,
    A.Pass,
    A.OrdersDone,
    A.Concede,
)


class PocketBattles(Ruleset[PocketBattlesState]):
    id: ClassVar[str] = "pocket-battles"
    title = t("pb.title")
    seats = SIDES
    citation = "Pocket Battles"
    state_model = PocketBattlesState
    options_model = PocketBattlesOptions
    view_model = PocketBattlesView
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(A.PocketBattlesAction)
    snapshot_every: ClassVar[int] = 10

    def scenarios(self) -> list[Scenario]:
        return [Scenario(id="battle", title=t("pb.scenario.battle"))]

    def setup(self, scenario: str, options: BaseModel, dice: Dice) -> Outcome[PocketBattlesState]:
        if scenario != "battle":
            raise RuleViolation("core.scenario.unknown", "Referee", scenario=scenario)
        assert isinstance(options, PocketBattlesOptions)
        state = building.new_state(self.id, scenario, options)
        events = [E.GameStarted(size=options.size).event()]
        events += sequence.advance(state, dice)
        _remember(state, events)
        return Outcome(state=state, events=events)

    def prompts(self, state: PocketBattlesState) -> list[Prompt]:
        kept = state.kept_prompts()
        return kept if kept is not None else sequence.TABLE.prompts(state)

    def resolve(
        self, state: PocketBattlesState, seat: str, action: Action, prompt: Prompt, dice: Dice
    ) -> Outcome[PocketBattlesState]:
        side = narrow(seat, SIDES)
        state.keep_prompts(None)  # about to change (a replay applies in place)
        events = _dispatch(state, side, action, dice)
        state.seq += 1
        events += sequence.advance(state, dice)
        _remember(state, events)
        return Outcome(state=state, events=events)

    def view(self, state: PocketBattlesState, audience: str | None) -> PocketBattlesView:
        return build_view(state, audience, [p.seat for p in self.prompts(state)])

    def view_with(
        self, state: PocketBattlesState, audience: str | None, prompts: list[Prompt]
    ) -> PocketBattlesView:
        return build_view(state, audience, [p.seat for p in prompts])

    def headline(self, view: View) -> Text:
        return view.status

    def names(self) -> dict[str, Label]:
        """Tiles and zones by their localised names (units are named in events as texts)."""
        comps = board.comps()
        out: dict[str, Label] = {z: t(f"pb.zone.{z}") for z in comps.zones}
        out.update({tid: t(f"pb.tile.{tid}") for tid in comps.tiles})
        return out

    def secrets(self, state: PocketBattlesState, audience: str | None) -> set[str]:
        return hiding.secret_tiles(state, audience)

    def lookalikes(self, state: PocketBattlesState, audience: str | None) -> list[tuple[str, str]]:
        return hiding.lookalikes(state, audience)

    def swap_hidden(self, state: PocketBattlesState, a: str, b: str) -> PocketBattlesState:
        return hiding.swap(state, a, b)


def _remember(state: PocketBattlesState, events: list[Event]) -> None:
    """The last events, for the views (each audience reads those it may)."""
    state.recent = (*state.recent, *events)[-RECENT:]


def _dispatch(state: PocketBattlesState, side: Side, action: Action, dice: Dice) -> list[Event]:
    if isinstance(action, A.AddUnit):
        return building.add_unit(state, side, action)
    if isinstance(action, A.RemoveUnit):
        return building.remove_unit(state, side, action)
    if isinstance(action, A.ReadyMade):
        return building.use_ready_made(state, side, action)
    if isinstance(action, A.ArmyDone):
        return building.army_done(state, side)
    if isinstance(action, A.Place):
        return deployment.place(state, side, action)
    if isinstance(action, A.Redeploy):
        events = movement.redeploy(state, side, action.unit, action.zone)
        flow.goto(state, "order")
        return events
    if isinstance(action, A.KeepPositions):
        flow.goto(state, "order")
        return []
    if isinstance(action, A.Concede):
        return victory.concede(state, side)
    if isinstance(action, A.Intercept | A.ShootCharger | A.Hold):
        kind = {"intercept": "intercept", "shoot_charger": "shoot", "hold": "hold"}[action.type]
        unit = action.unit if isinstance(action, A.Intercept | A.ShootCharger) else None
        return charge.react(state, side, kind, unit) + procedure.proceed(state, dice)
    if isinstance(action, A.AssignHit):
        return procedure.assign(state, action.troop, dice)
    if isinstance(action, A.Overwhelm):
        events = charge.overwhelm(state, action.target)
        if state.phase == "reaction":
            return events
        return events + procedure.proceed(state, dice)
    if isinstance(action, ORDER_TYPES):
        return orders.give(state, side, action, dice)
    raise RuleViolation(
        "core.prompt.wrong_order", "Pocket Battles 5", order=action.type, expected=""
    )
