"""The War at Sea ruleset: the value the referee drives."""

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
from bot.rules.war_at_sea import (
    actions as A,
)
from bot.rules.war_at_sea import (
    board,
    control,
    convoys,
    hiding,
    movement,
    ports,
    refuel,
    setup,
    turn,
    uboats,
)
from bot.rules.war_at_sea import events as E
from bot.rules.war_at_sea.combat import air, asw, escape, phase, surface, targets
from bot.rules.war_at_sea.combat import events as C
from bot.rules.war_at_sea.combat.flow import goto
from bot.rules.war_at_sea.options import WarAtSeaOptions
from bot.rules.war_at_sea.state import Battle, Side, WarAtSeaState
from bot.rules.war_at_sea.units import unit_label
from bot.rules.war_at_sea.view import WarAtSeaView, build_view, secret_names


class WarAtSea(Ruleset[WarAtSeaState]):
    id: ClassVar[str] = "war-at-sea"
    title = t("was.title")
    seats = ("allies", "axis")
    citation = "War at Sea"
    state_model = WarAtSeaState
    options_model = WarAtSeaOptions
    view_model = WarAtSeaView
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(A.WarAtSeaAction)
    renamed: ClassVar[dict[str, frozenset[str]]] = {"done": turn.END_TYPES}
    # By cost: an order replays in 0.7 ms, a combat round in up to 2.5 ms (more on a busy
    # machine), while a snapshot dumps and packs in 0.5 ms (3.5 KB stored) and loads in 0.3 ms.
    # A snapshot after every order keeps a cold load to one read and one load, well under the
    # 5 ms goal (`python -m bot bench delivery` prints it); only the newest two are kept.
    snapshot_every: ClassVar[int] = 1

    def scenarios(self) -> list[Scenario]:
        return [Scenario(id="standard", title=t("was.scenario.standard"))]

    def setup(self, scenario: str, options: BaseModel, dice: Dice) -> Outcome[WarAtSeaState]:
        if scenario != "standard":
            raise RuleViolation("core.scenario.unknown", "Referee", scenario=scenario)
        assert isinstance(options, WarAtSeaOptions)
        state = setup.new_state(self.id, scenario, options)
        events = [E.GameStarted(options=options.model_dump()).event()]
        more, open_ = turn.settle(state, dice)
        return Outcome(state=state, events=events + more, prompts=open_)

    def prompts(self, state: WarAtSeaState) -> list[Prompt]:
        return turn.prompts(state)

    def resolve(
        self, state: WarAtSeaState, seat: str, action: Action, prompt: Prompt, dice: Dice
    ) -> Outcome[WarAtSeaState]:
        events = _dispatch(state, narrow(seat, board.SIDES), action, dice)
        more, open_ = turn.settle(state, dice)
        return Outcome(state=state, events=events + more, prompts=open_)

    def view(self, state: WarAtSeaState, audience: str | None) -> WarAtSeaView:
        return build_view(state, audience, turn.prompts(state))

    def view_with(
        self, state: WarAtSeaState, audience: str | None, prompts: list[Prompt]
    ) -> WarAtSeaView:
        return build_view(state, audience, prompts)

    def headline(self, view: View) -> Text:
        """Turn, phase and score (17.2: positive favours the Axis) from the audience's view."""
        assert isinstance(view, WarAtSeaView)
        if view.result is not None:
            return view.result.summary
        lead = "axis" if view.score > 0 else "allies" if view.score < 0 else "even"
        return t(
            "was.headline",
            turn=view.turn,
            turns=view.turns,
            phase=t(f"was.phase.{view.phase}").model_dump(),
            score=t(f"was.headline.score.{lead}", points=abs(view.score)).model_dump(),
        )

    def names(self) -> dict[str, Label]:
        """Ships by their counter names, places by their localised names."""
        comps = board.comps()
        places: dict[str, Label] = {loc: t(f"was.loc.{loc}") for loc in board.locations()}
        return {**places, **{unit.id: unit_label(unit) for unit in comps.units.values()}}

    def secrets(self, state: WarAtSeaState, audience: str | None) -> set[str]:
        return secret_names(state, audience)

    def lookalikes(self, state: WarAtSeaState, audience: str | None) -> list[tuple[str, str]]:
        return hiding.lookalikes(state, audience)

    def swap_hidden(self, state: WarAtSeaState, a: str, b: str) -> WarAtSeaState:
        return hiding.swap(state, a, b)


def _battle(state: WarAtSeaState) -> Battle:
    battle = state.combat.battle
    if battle is None:
        raise RuleViolation("was.combat.no_battle", "War at Sea 7.1")
    return battle


def _dispatch(state: WarAtSeaState, seat: Side, action: Action, dice: Dice) -> list[Event]:
    p = state.phase
    if isinstance(action, A.Finish):
        return turn.end(state, seat, action.type)
    if isinstance(action, A.PlaceShips):
        return setup.place(state, action)
    if isinstance(action, A.Move):
        return movement.move(state, seat, action)
    if isinstance(action, A.Repair):
        return ports.repair(state, seat, action)
    if isinstance(action, A.DeployUboats):
        return uboats.deploy(state, action)
    if isinstance(action, A.PlaceAirStrike):
        events = air.place(state, seat, action)
        state.done[seat] = True
        return events
    if isinstance(action, A.NoAirStrike):
        state.done[seat] = True
        return [C.NoAirStrike(side=seat).event()]
    if isinstance(action, A.ChooseCombat):
        return phase.choose(state, action)
    if isinstance(action, A.ConvoyChoice):
        return convoys.choose(state, action)
    if isinstance(action, A.Refuel):
        return refuel.refuel(state, action, dice)
    if isinstance(action, A.ReturnShips):
        return control.send(state, seat, action)
    if p == "combat":
        return _combat(state, seat, action, dice)
    raise RuleViolation(
        "core.prompt.wrong_order",
        "War at Sea 5",
        order=action.type,
        expected=t(f"was.phase.{p}").model_dump(),
    )


def _combat(state: WarAtSeaState, seat: Side, action: Action, dice: Dice) -> list[Event]:
    battle = _battle(state)
    if isinstance(action, A.AssignTargets):
        section = "War at Sea 8.4" if battle.kind == "asw" else "War at Sea 10.2"
        events = targets.assign(state, battle, seat, action, section)
        if targets.open_shooters(state, battle, seat):
            return events
        return events + _fire(state, battle, seat, dice, hold=False)
    if isinstance(action, A.AirTargets):
        events = air.choose(state, battle, seat, action)
        if air.complete(state, battle, seat):
            events += air.fire(state, battle, seat, dice)
        return events
    if isinstance(action, A.OpenFire):
        return _fire(state, battle, seat, dice, hold=False)
    if isinstance(action, A.HoldFire):
        return _fire(state, battle, seat, dice, hold=True)
    if isinstance(action, A.AskCarriers):
        goto(state, "carrier_question")
        return [C.CarrierQuestion(where=battle.where).event()]
    if isinstance(action, A.CarriersFire):
        battle.carriers_fire = action.fire
        goto(state, "targets_allies")
        return [C.CarrierAnswer(fire=action.fire).event()]
    if isinstance(action, A.DeclareEscape):
        return escape.declare(state, battle, seat, action)
    if isinstance(action, A.EscapeGroup):
        return escape.form_group(state, battle, action)
    if isinstance(action, A.Pursue):
        return escape.pursue(state, battle, action)
    if isinstance(action, A.BreakOff):
        return escape.break_off(state, battle, action)
    raise RuleViolation(
        "core.prompt.wrong_order",
        "War at Sea 7",
        order=action.type,
        expected=t("was.phase.combat").model_dump(),
    )


def _fire(state: WarAtSeaState, battle: Battle, seat: Side, dice: Dice, hold: bool) -> list[Event]:
    if battle.kind == "asw":
        return asw.fire(state, battle, dice, hold)
    if battle.kind == "air":
        return air.fire(state, battle, seat, dice, hold)
    return surface.fire(state, battle, seat, dice, hold)
