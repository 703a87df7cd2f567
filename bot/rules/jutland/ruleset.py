"""The Jutland ruleset: the value the referee drives."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

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
from bot.rules.jutland import actions as A
from bot.rules.jutland import events as _events  # noqa: F401  (registers the event kinds)
from bot.rules.jutland import hiding, regroup, search, solo, turn
from bot.rules.jutland.advanced import formations, gunnery, light, torpedo
from bot.rules.jutland.advanced import search as adv_search
from bot.rules.jutland.advanced.components import adv
from bot.rules.jutland.advanced.state import AdvancedState
from bot.rules.jutland.battle import fire, maneuver
from bot.rules.jutland.battle.steps import BANDS
from bot.rules.jutland.components import comps
from bot.rules.jutland.scenarios import bot
from bot.rules.jutland.scenarios import events as _play_events  # noqa: F401
from bot.rules.jutland.scenarios import setup as scenario_setup
from bot.rules.jutland.state import SIDES, Battle, JutlandState, Maneuver, TaskForce
from bot.rules.jutland.tournament import battle_options as tournament
from bot.rules.jutland.tournament import search_actions as TA
from bot.rules.jutland.tournament import search_hooks as t_search
from bot.rules.jutland.tournament import submarine
from bot.rules.jutland.view import JutlandView, build_view, secrets


def _battle(state: JutlandState) -> Battle:
    if state.battle is None:
        raise RuleViolation("jut.battle.none", "Jutland 4.1")
    return state.battle


class JutlandOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    rules: Literal["basic", "advanced"] = Field(
        default="basic", description="basic or advanced (Jutland 11: damage, gunnery facing)"
    )
    ammunition: bool = Field(
        default=False, description="Tournament 22.2: capital ships fire in 6 battle hours"
    )
    fast_search: bool = Field(
        default=False, description="Tournament 21.1: fast ships search two hexes (even hours)"
    )
    sweep: bool = Field(
        default=False, description="Tournament 21.2: the British sweep in the initial movement"
    )
    extra_forces: bool = Field(
        default=False, description="Tournament 21.3: the Harwich and Dover forces"
    )
    redeployment: bool = Field(
        default=False, description="Tournament 21.4: British redeployment (with extra_forces)"
    )
    uboats: bool = Field(default=False, description="Tournament 21.5: German U-boats")
    zeppelins: bool = Field(
        default=False, description="Tournament 21.6: German air reconnaissance by Zeppelin"
    )
    special_damage: bool = Field(
        default=False,
        description="Tournament 22.3: random damage location, critical and flotation hits",
    )
    smoke: bool = Field(default=False, description="Tournament 22.2: German smoke screens")
    visibility: bool = Field(
        default=False, description="Tournament 22.1: the Visibility Table in day battles"
    )
    wind: bool = Field(default=False, description="Tournament 22.1: the Wind Direction Table")
    weather_one_roll: bool = Field(
        default=False, description="Tournament 22.1 item 3: one die for both weather tables"
    )
    solo: bool = Field(
        default=False, description="Jutland 23.2: alone against the bot, which takes the other side"
    )


def new_state(ruleset: str, scenario: str) -> JutlandState:
    """Jutland 1.4 items 3 and 5: the task forces of the card, the British at A17, D13 and K9,
    the whole German fleet at BB16 (the optional extra British forces are not in the Basic Game)."""
    c = comps()
    state = JutlandState(ruleset=ruleset, scenario=scenario, seats=SIDES)
    bases = {(b.side, b.start): b.hex for b in c.bases.values()}
    for ship in c.ships.values():
        if ship.task_force is None:
            continue
        prefix = "gb" if ship.side == "british" else "de"
        tf_id = f"{prefix}{ship.task_force}"
        if tf_id not in state.task_forces:
            start = ship.task_force if ship.side == "british" else 0
            state.task_forces[tf_id] = TaskForce(
                id=tf_id, side=ship.side, ships=[], hex=bases[(ship.side, start)],
                track=[bases[(ship.side, start)]],
            )  # fmt: skip
        state.task_forces[tf_id].ships.append(ship.id)
    return state


class Jutland(Ruleset[JutlandState]):
    id: ClassVar[str] = "jutland"
    title = t("jut.title")
    seats = SIDES
    citation = "Jutland"
    state_model = JutlandState
    options_model = JutlandOptions
    view_model = JutlandView
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(A.JutlandAction)

    autopilots: ClassVar[tuple[str, ...]] = ("default", "solo")
    """A side may be played by its prompts' defaults, or by ``solo``: the solitaire rule's
    bot (23.2, scenarios/bot.py: each open choice numbered and chosen by a die)."""

    def scenarios(self) -> list[Scenario]:
        return [Scenario(id="basic", title=t("jut.scenario.basic"))] + [
            Scenario(id=s, title=t(f"jut.scenario.{s}")) for s in scenario_setup.ids()
        ]

    def scenario_options(self, scenario: str) -> dict[str, Any]:
        return scenario_setup.defaults(scenario, set(JutlandOptions.model_fields))

    def solo_policy(self, options: BaseModel) -> str | None:
        """23.2: a solitaire game gives the side no player took to the bot."""
        return "solo" if isinstance(options, JutlandOptions) and options.solo else None

    def autopilot(self, state: JutlandState, prompt: Prompt, policy: str) -> dict[str, Any] | None:
        if policy == "solo":  # the die decides, in the order's own step (``apply``)
            return {"type": "solo_pick", "prompt": prompt.id}
        return prompt.default

    def apply(
        self,
        state: JutlandState,
        seat: str,
        action: Action,
        dice: Dice,
        prompts: list[Prompt] | None = None,
        *,
        copy: bool = True,
    ) -> Outcome[JutlandState]:
        """23.2: a ``solo_pick`` becomes the order the die chose for the prompt it names,
        with the die rolled by this order's dice (recorded in the log with it)."""
        if isinstance(action, A.SoloPick) and state.result is None:
            prompts = self.prompts(state) if prompts is None else prompts
            prompt = next((p for p in prompts if p.seat == seat and p.id == action.prompt), None)
            raw = bot.pick(state, prompt, dice) if prompt is not None else None
            if raw is None:
                raise self.refusal(RuleViolation("jut.solo.nothing", "Jutland 23.2"))
            action = self.parse_action(raw)
        return super().apply(state, seat, action, dice, prompts, copy=copy)

    def setup(self, scenario: str, options: BaseModel, dice: Dice) -> Outcome[JutlandState]:
        if scenario not in {s.id for s in self.scenarios()}:
            raise RuleViolation("core.scenario.unknown", "Referee", scenario=scenario)
        state = new_state(self.id, scenario)
        if isinstance(options, JutlandOptions):
            tournament.check_options(options)
        if isinstance(options, JutlandOptions) and options.rules == "advanced":
            state.advanced = AdvancedState(
                ammunition=options.ammunition, modules=tournament.modules(options)
            )
            light.add_forces(state)  # Jutland 12.1
        events = [Event(kind="jut.game_started")]
        if scenario != "basic":
            events += scenario_setup.apply(state, scenario, options, dice)
        elif isinstance(options, JutlandOptions) and options.solo:
            events += solo.setup(state, dice)
        if isinstance(options, JutlandOptions):  # Jutland 21: the search modules
            t_search.setup(state, options.model_dump(), campaign=scenario == "basic")
        events += turn.advance(state, dice)
        return Outcome(state=state, events=events)

    def prompts(self, state: JutlandState) -> list[Prompt]:
        return turn.open_prompts(state)

    def resolve(
        self, state: JutlandState, seat: str, action: Action, prompt: Prompt, dice: Dice
    ) -> Outcome[JutlandState]:
        side = narrow(seat, SIDES)
        section = turn.PHASES.current(state).section
        if isinstance(action, A.Plot):
            events = search.plot(state, side, action, section)
        elif isinstance(action, A.EndInitial):
            if state.phase != "initial" or any(tf.plotted for tf in search.forces(state, "german")):
                raise RuleViolation("jut.initial.not_now", "Jutland 3.2")
            events = turn.start_steam(state, dice)
        elif isinstance(action, A.Announce):
            events = search.announce(state, side, action, section)
            events += t_search.searched(state, side, action)  # Jutland 21.5, 21.6
            after = t_search.after_british_search(state)
            turn.PHASES.goto(state, "search_british" if side == "german" else after)
        elif isinstance(action, TA.Station | TA.PlaceUboats | TA.BaseAirship | TA.Deployed):
            events = t_search.deploy_order(state, side, action)
        elif isinstance(action, TA.UboatPlot | TA.AirshipPlot):
            events = t_search.plot_order(state, side, action)
        elif isinstance(action, TA.AirshipSearch):
            events = t_search.airship_search(state, side, action)
        elif isinstance(action, TA.SubChoice):
            events = submarine.choose(state, side, action.hex, action.choice, list(action.targets))
        elif isinstance(action, A.Merge):
            events = regroup.merge(state, side, action)
        elif isinstance(action, A.Split):
            events = regroup.split(state, side, action)
        elif isinstance(action, A.Makeup):
            events = regroup.makeup(state, side, action)
        elif isinstance(action, A.ManeuverOrder):
            m = Maneuver(turn=action.turn, angle=action.angle, speed=action.speed, then=action.then)
            formations.plan(state, _battle(state), side, action.tf, action.detach)  # 15.3
            events = maneuver.plot(state, _battle(state), side, action.tf, m)
        elif isinstance(action, A.Fire):
            b = _battle(state)
            shot = (action.target, action.ships, dice, action.band)
            if state.advanced is not None:  # Jutland 11.2: the Gunnery Damage Table
                events = gunnery.fire(state, b, side, *shot)
            else:
                events = fire.fire(b, side, *shot)
        elif isinstance(action, A.LightMove):
            events = light.plot(state, _battle(state), side, action)
        elif isinstance(action, A.Torpedo):
            events = torpedo.declare(state, _battle(state), side, action)
        elif isinstance(action, A.HoldTorpedoes):
            _battle(state)
            events = torpedo.hold(state, side)
        elif isinstance(action, A.Engage):
            events = adv_search.engage(state, side, action.hex, action.fight)
        elif isinstance(action, A.HoldFire):
            b = _battle(state)
            b.done.append(side)
            events = [Event(kind="jut.hold_fire", params={"side": side})]
        else:  # pragma: no cover - the adapter admits no other type
            raise RuleViolation("core.order.unknown", "Referee", order=action.type)
        events += turn.advance(state, dice)
        return Outcome(state=state, events=events)

    def view(self, state: JutlandState, audience: str | None) -> View:
        return build_view(state, audience, turn.open_prompts(state))

    def view_with(self, state: JutlandState, audience: str | None, prompts: list[Prompt]) -> View:
        return build_view(state, audience, prompts)

    def names(self) -> dict[str, Label]:
        """Hexes and ships by their printed names, task forces by side and number."""
        c = comps()
        out: dict[str, Label] = {h: h for h in c.hexes}
        out |= {s.id: s.name for s in c.ships.values()}
        out |= {u.id: u.name for u in adv().light.values()}
        out |= t_search.names()  # Jutland 21.5, 21.6: the boats and airships
        out |= {b: t(f"jut.band.{b}") for b in BANDS}  # 14.3: the range bands
        out |= {k: t(f"jut.section.{k}") for k in ("fore", "aft")}  # 22.3: hit locations
        for side, prefix in (("british", "gb"), ("german", "de")):
            for n in range(1, 16):
                out[f"{prefix}{n}"] = t(f"jut.tf.{side}", n=n)
        return out

    def secrets(self, state: JutlandState, audience: str | None) -> set[str]:
        return secrets(state, audience)

    def lookalikes(self, state: JutlandState, audience: str | None) -> list[tuple[str, str]]:
        return hiding.lookalikes(state, audience)

    def swap_hidden(self, state: JutlandState, a: str, b: str) -> JutlandState:
        return hiding.swap(state, a, b)
