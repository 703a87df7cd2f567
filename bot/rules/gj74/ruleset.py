"""The GJ74 ruleset: the value the referee drives."""

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
    View,
    narrow,
    t,
)
from bot.rules.gj74 import actions as A
from bot.rules.gj74 import (
    air,
    battle,
    board,
    carrier,
    hiding,
    intercept,
    optional,
    setup,
    subs,
    surface,
    turn,
)
from bot.rules.gj74.state import SIDES, GJ74Options, GJ74State, Side
from bot.rules.gj74.view import GJ74View, build_view, secret_names

TOKENS = 60
"""Tokens are dealt per side in set-up order (b01, r01, ...); 20.1 deals the most."""


class GJ74(Ruleset[GJ74State]):
    id: ClassVar[str] = "gj74"
    title = t("gj74.title")
    seats = SIDES
    citation = "GJ74"
    state_model = GJ74State
    options_model = GJ74Options
    view_model = GJ74View
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(A.GJ74Action)

    def scenarios(self) -> list[Scenario]:
        return [
            Scenario(id=s, title=t(f"gj74.scenario.{s.replace('.', '_')}")) for s in setup.SCENARIOS
        ]

    def setup(self, scenario: str, options: BaseModel, dice: Dice) -> Outcome[GJ74State]:
        assert isinstance(options, GJ74Options)
        state, events = setup.new_state(self.id, scenario, options, dice)
        events += optional.space_war(state, dice)
        events += optional.cyber_war(state, dice)
        events += turn.advance(state, dice)
        return Outcome(state=state, events=events)

    def prompts(self, state: GJ74State) -> list[Prompt]:
        if state.result is not None:
            return []
        return turn.TABLE.prompts(state)

    def resolve(
        self, state: GJ74State, seat: str, action: Action, prompt: Prompt, dice: Dice
    ) -> Outcome[GJ74State]:
        side = narrow(seat, SIDES)
        events = _dispatch(state, side, action, dice)
        state.steps += 1
        events += turn.advance(state, dice)
        return Outcome(state=state, events=events)

    def view(self, state: GJ74State, audience: str | None) -> GJ74View:
        return build_view(state, audience)

    def names(self) -> dict[str, Label]:
        """Tokens, ship classes, places; types and ship names are proper names."""
        comps = board.comps()
        out: dict[str, Label] = {}
        for side in SIDES:
            for n in range(1, TOKENS + 1):
                out[f"{side[0]}{n:02d}"] = t(f"gj74.token.{side}", n=f"{n:02d}")
        for c in comps.classes.values():
            out[c.id] = t(f"gj74.cls.{c.id}")
            out[c.type] = c.type
            for name in c.names:
                out[name] = name
        for p in comps.places.values():
            out[p.id] = t(f"gj74.place.{p.id}")
        return out

    def secrets(self, state: GJ74State, audience: str | None) -> set[str]:
        return secret_names(state, audience)

    def lookalikes(self, state: GJ74State, audience: str | None) -> list[tuple[str, str]]:
        return hiding.lookalikes(state, audience)

    def swap_hidden(self, state: GJ74State, a: str, b: str) -> GJ74State:
        return hiding.swap(state, a, b)

    def headline(self, view: View) -> Any:
        return view.status


def _dispatch(state: GJ74State, side: Side, action: Action, dice: Dice) -> list[Event]:
    if isinstance(action, (A.DeployDone, A.SubOpsDone, A.SurfaceOpsDone, A.AirOpsDone)):
        return turn.TABLE.end(state, side, action.type)
    if isinstance(action, A.Place):
        return _place(state, side, action)
    if isinstance(action, A.SubAction):
        return subs.act(state, side, action, dice)
    if isinstance(action, A.SurfaceAction):
        return surface.act(state, side, action, dice)
    if isinstance(action, A.AirRange):
        return air.declare(state, side, action, dice)
    if isinstance(action, A.AirSearch):
        return air.search_with(state, side, action, dice)
    if isinstance(action, A.AirStrike):
        return air.strike(state, side, action, dice)
    if isinstance(action, A.Intercept):
        return intercept.intercept(state, side, action, dice)
    if isinstance(action, A.NoIntercept):
        if state.strike is None or state.strike.side == side:
            raise RuleViolation("gj74.intercept.nothing", "GJ74 17")
        return intercept.decline(state, side, dice)
    if isinstance(action, A.Dongfeng):
        return optional.launch(state, side, dice)
    if isinstance(action, A.DongfengFire):
        return optional.fire(state, side, action, dice)
    if isinstance(action, (A.RevealTargets, A.AllocateTargets, A.DealOne, A.DrawAA, A.AbsorbHits)):
        return battle.answer(state, side, action, dice)
    if isinstance(action, A.StrikeLosses):
        return intercept.split(state, side, action, dice)
    if isinstance(action, A.AimTorpedoes):
        return subs.aim(state, side, action, dice)
    if isinstance(action, A.ChooseRoute):
        return _route(state, side, action, dice)
    if isinstance(action, A.CarrierRange):
        return carrier.declare(state, side, action, dice)
    raise RuleViolation(
        "core.prompt.wrong_order",
        "GJ74 4",
        order=action.type,
        expected=t(f"gj74.phase.{state.phase}").model_dump(),
    )


def _route(state: GJ74State, side: Side, a: A.ChooseRoute, dice: Dice) -> list[Event]:
    """8(1): the order waiting for its route is given again through the hex chosen."""
    r = state.route
    if r is None or state.active != side:
        raise RuleViolation("gj74.route.nothing", "GJ74 8")
    if a.via not in r.middles:
        raise RuleViolation("gj74.route.via", "GJ74 8(1)", hex=a.via)
    state.route = None
    order = {**r.order, "via": a.via}
    if order["type"] == "sub_action":
        return subs.act(state, side, A.SubAction.model_validate(order), dice)
    return surface.act(state, side, A.SurfaceAction.model_validate(order), dice)


def _place(state: GJ74State, side: Side, a: A.Place) -> list[Event]:
    """3.2(3): anywhere in the counter's zone, stacking allowed (8(5))."""
    from bot.rules.gj74.units import check_stacking

    u = state.units.get(a.unit)
    if u is None or u.side != side or u.status != "map":
        raise RuleViolation("gj74.place.not_yours", "GJ74 3.2")
    if a.hex not in u.zone:
        raise RuleViolation("gj74.place.zone", "GJ74 3.2(3)", hex=a.hex)
    check_stacking(state, side, a.hex, [u], "GJ74 8")
    u.hex = a.hex
    return [Event(kind="gj74.placed", params={"unit": u.id, "to": a.hex})]
