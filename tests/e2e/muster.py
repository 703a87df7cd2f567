"""Muster: a test-only ruleset whose single decision offers every kind of input, so the
end-to-end tests drive each control the Discord layer builds from order forms: a modal (a
number and a flag), a multi-select, yes/no buttons, a plain button, and a list too long for
a select menu (answered with /order). Red gives five orders; Blue only watches."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from bot.i18n import add_catalog_dir
from bot.rules.core import (
    Action,
    Choice,
    Dice,
    Event,
    GameState,
    Option,
    OrderForm,
    Outcome,
    Prompt,
    Result,
    Ruleset,
    RuleViolation,
    Scenario,
    View,
    t,
)
from bot.rules.core.bounds import UNIQUE, Id, at_most
from bot.rules.core.registry import register

ROADS = ("north", "south", "east")
RECRUITS = tuple(f"r{n:02d}" for n in range(40))


class Levy(Action):
    type: Literal["levy"] = "levy"
    men: int = Field(ge=1, le=50)
    cavalry: bool


class March(Action):
    type: Literal["march"] = "march"
    roads: Annotated[list[Id], at_most(2, 1), UNIQUE]


class Hold(Action):
    type: Literal["hold"] = "hold"
    entrench: bool


class Recruit(Action):
    type: Literal["recruit"] = "recruit"
    who: Id


class Rest(Action):
    type: Literal["rest"] = "rest"


MusterAction = Annotated[Levy | March | Hold | Recruit | Rest, Field(discriminator="type")]


class MusterOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    orders: int = Field(default=5, ge=1, le=10)


class MusterState(GameState):
    given: list[dict[str, Any]] = Field(default_factory=list)
    orders: int = 5


class MusterView(View):
    given: int


def _forms() -> tuple[OrderForm, ...]:
    return (
        OrderForm(
            type="levy",
            label=t("muster.levy"),
            inputs=(
                Choice(name="men", label=t("muster.men"), kind="number", min=1, max=50),
                Choice(name="cavalry", label=t("muster.cavalry"), kind="flag"),
            ),
        ),
        OrderForm(
            type="march",
            label=t("muster.march"),
            inputs=(
                Choice(
                    name="roads",
                    label=t("muster.roads"),
                    kind="many",
                    min=1,
                    max=2,
                    options=tuple(Option(value=r, label=r) for r in ROADS),
                ),
            ),
        ),
        OrderForm(
            type="hold",
            label=t("muster.hold"),
            inputs=(Choice(name="entrench", label=t("muster.entrench"), kind="flag"),),
        ),
        OrderForm(
            type="recruit",
            label=t("muster.recruit"),
            inputs=(
                Choice(
                    name="who",
                    label=t("muster.who"),
                    options=tuple(Option(value=r, label=f"Recruit {r}") for r in RECRUITS),
                ),
            ),
        ),
        OrderForm(type="rest", label=t("muster.rest")),
    )


class Muster(Ruleset[MusterState]):
    id: ClassVar[str] = "muster"
    title = t("muster.title")
    seats = ("red", "blue")
    state_model = MusterState
    options_model = MusterOptions
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(MusterAction)

    def scenarios(self) -> list[Scenario]:
        return [Scenario(id="field", title=t("muster.title"))]

    def setup(self, scenario: str, options: BaseModel, dice: Dice) -> Outcome[MusterState]:
        assert isinstance(options, MusterOptions)
        state = MusterState(
            ruleset=self.id, scenario=scenario, seats=self.seats, orders=options.orders
        )
        return Outcome(state=state, events=[])

    def prompts(self, state: MusterState) -> list[Prompt]:
        if state.result is not None:
            return []
        n = len(state.given)
        return [
            Prompt(
                id=f"order.{n}",
                seat="red",
                kind="muster.order",
                title=t("muster.prompt", n=n + 1),
                section="Muster 1",
                forms=_forms(),
                default={"type": "rest"},
            )
        ]

    def resolve(
        self, state: MusterState, seat: str, action: Action, prompt: Prompt, dice: Dice
    ) -> Outcome[MusterState]:
        # Muster 1: only the roads and recruits offered (tests/guards fuzzes every game).
        if isinstance(action, March) and not set(action.roads) <= set(ROADS):
            raise RuleViolation("muster.no_road", "Muster 1", road=action.roads[0])
        if isinstance(action, Recruit) and action.who not in RECRUITS:
            raise RuleViolation("muster.no_recruit", "Muster 1", who=action.who)
        state.given.append(action.model_dump(mode="json"))
        events = [Event(kind="muster.given", params={"order": action.type})]
        if len(state.given) >= state.orders:
            state.result = Result(winner="red", summary=t("muster.done"))
        return Outcome(state=state, events=events)

    def view(self, state: MusterState, audience: str | None) -> MusterView:
        return MusterView(
            ruleset=self.id,
            audience=audience,
            status=t("muster.status", n=len(state.given)),
            result=state.result,
            given=len(state.given),
        )


RULESET = register(Muster())
add_catalog_dir(Path(__file__).resolve().parent / "locales")
