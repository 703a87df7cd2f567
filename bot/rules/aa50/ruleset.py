"""The AA50 ruleset: the value the referee drives."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import BaseModel, TypeAdapter

from bot.rules.aa50 import actions as A
from bot.rules.aa50 import (
    board,
    mobilize,
    movement,
    paratroopers,
    pickup,
    purchase,
    research,
    transport,
    turn,
)
from bot.rules.aa50.combat import battle, casualties, order, orphans, rockets, standing
from bot.rules.aa50.options import Aa50Options
from bot.rules.aa50.setup import new_state
from bot.rules.aa50.state import Aa50State
from bot.rules.aa50.view import Aa50View, build_view
from bot.rules.aa50.words import ev
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
    narrow,
    t,
)


class Aa50(Ruleset[Aa50State]):
    id: ClassVar[str] = "aa50"
    title = t("aa50.title")
    seats = board.SEATS
    citation = "AA50"
    state_model = Aa50State
    options_model = Aa50Options
    view_model = Aa50View
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(A.Aa50Action)
    # No round limit by default (1.4.1): random play would seldom end. Six rounds is the
    # length the random-play tests use.
    bench_options: ClassVar[dict[str, Any]] = {"round_limit": 6}
    undo_stops: ClassVar[dict[str, str]] = {
        "purchase_done": "AA50 5.3",
        "combat_move_done": "AA50 5.4",
        "noncombat_move_done": "AA50 5.6",
        "mobilize_done": "AA50 5.7",
    }
    """5.1: a phase once declared done is over; undo works within a phase only."""
    autopilots: ClassVar[tuple[str, ...]] = ("default", "hold")
    """A power whose player is gone may be played by its prompts' defaults or by ``hold``
    (hold.py: buy infantry, defend, place at the capital)."""

    def scenarios(self) -> list[Scenario]:
        return [Scenario(id=y, title=t(f"aa50.scenario.{y}")) for y in ("1941", "1942")]

    def setup(self, scenario: str, options: BaseModel, dice: Dice) -> Outcome[Aa50State]:
        if scenario not in ("1941", "1942"):
            raise RuleViolation("core.scenario.unknown", "Referee", scenario=scenario)
        assert isinstance(options, Aa50Options)
        state = new_state(self.id, scenario, options)
        events = [ev("aa50.game_started", scenario=scenario)]
        events += turn.begin_turn(state)
        events += turn.advance(state, dice)
        return Outcome(state=state, events=events)

    def check_holding(self, seats: list[str]) -> None:
        """3: a player holding several powers holds powers of one side (Germany's player
        should also hold Italy when there are fewer than six: advice, not enforced)."""
        sides = {board.alliance(narrow(s, board.SEATS)) for s in seats}
        if len(sides) > 1:
            raise RuleViolation("aa50.seat.two_sides", "AA50 3")

    def prompts(self, state: Aa50State) -> list[Prompt]:
        return turn.prompts(state)

    def resolve(
        self, state: Aa50State, seat: str, action: Action, prompt: Prompt, dice: Dice
    ) -> Outcome[Aa50State]:
        narrow(seat, board.SEATS)
        state.forget()
        events = _dispatch(state, seat, action, dice)
        state.step_no += 1
        events += turn.advance(state, dice)
        return Outcome(state=state, events=events)

    def autopilot(self, state: Aa50State, prompt: Prompt, policy: str) -> dict[str, Any] | None:
        from bot.rules.aa50 import hold

        return hold.order(state, prompt) if policy == "hold" else prompt.default

    def view(self, state: Aa50State, audience: str | None) -> Aa50View:
        return build_view(state, audience, turn.prompts(state))

    def view_with(self, state: Aa50State, audience: str | None, prompts: list[Prompt]) -> Aa50View:
        return build_view(state, audience, prompts)

    def names(self) -> dict[str, Label]:
        """Territories and sea zones, unit types and powers by their localised names."""
        names: dict[str, Label] = {tid: t(f"aa50.loc.{tid}") for tid in board.territory_ids()}
        names.update({u: t(f"aa50.unit.{u}") for u in board.UNIT_TYPES})
        names.update({p: t(f"aa50.power.{p}") for p in board.POWERS})
        return names


def _dispatch(state: Aa50State, seat: str, action: Action, dice: Dice) -> list[Event]:
    combat = state.phase == "combat_move"
    if isinstance(action, A.Finish):
        return turn.PHASES.end(state, board.seat_of(state.power), action.type)
    if isinstance(action, A.Research):
        return research.research(state, action, dice)
    if isinstance(action, A.ChooseChart):
        return research.choose_chart(state, action, dice)
    if isinstance(action, A.Buy):
        return purchase.buy(state, action)
    if isinstance(action, A.Repair):
        return purchase.repair(state, action)
    if isinstance(action, A.Move):
        return movement.move(state, state.power, action, combat)
    if isinstance(action, A.Load):
        return transport.load(state, state.power, action, combat)
    if isinstance(action, A.Unload):
        return transport.unload(state, state.power, action, combat)
    if isinstance(action, A.Pickup):
        return pickup.declare(state, state.power, action)
    if isinstance(action, A.Drop):
        return paratroopers.drop(state, state.power, action)
    if isinstance(action, A.Place):
        return mobilize.place(state, action)
    if isinstance(action, A.Rocket):
        return rockets.fire(state, action.gun, action.target, dice)
    if isinstance(action, A.RocketsDone):
        return rockets.done(state)
    if isinstance(action, A.SetCasualtyOrder):
        return standing.set_order(state, seat, action)
    if isinstance(action, A.ChooseBattle):
        return order.choose(state, action.where)
    if isinstance(action, A.HoldFire):
        return order.hold_fire(state, action.where)
    if isinstance(action, A.LandFighter):
        return orphans.land_one(state, action.fighter, action.to)
    b = state.battle
    if b is None:
        raise RuleViolation("aa50.combat.no_battle", "AA50 5.5.3", where="")
    if isinstance(action, A.Casualties):
        hits = b.pending[0]
        casualties.check(state, b, hits, list(action.units))
        b.pending.pop(0)
        return casualties.take(state, b, hits, list(action.units))
    if isinstance(action, A.Submerge):
        if battle.may_submerge(state) is None:
            raise RuleViolation("aa50.combat.not_a_sub", "AA50 7.3.5")
        return battle.submerge(state, list(action.units))
    if isinstance(action, A.Press):
        return battle.press(state)
    if isinstance(action, A.Retreat):
        if action.to not in battle.retreats(state):
            raise RuleViolation("aa50.combat.bad_retreat", "AA50 5.5.3.5", to=action.to)
        return battle.retreat(state, action.to)
    raise RuleViolation(
        "core.prompt.wrong_order",
        "AA50 5",
        order=action.type,
        expected=t(f"aa50.phase.{state.phase}").model_dump(),
    )
