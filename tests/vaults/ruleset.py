"""The rules of Vaults (see the package docstring). Sections are cited as `Vaults N`."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

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
from tests.vaults import events as E

GEMS = ("ruby", "sapphire", "emerald", "topaz", "opal", "jade")
VAULTS = range(1, 7)
SEATS = ("north", "south")


class VaultsOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    raids: int = Field(default=4, ge=1, le=6, description="raids each seat may make")


class Hide(Action):
    type: Literal["hide"] = "hide"
    vault: int


class Raid(Action):
    type: Literal["raid"] = "raid"
    vault: int


class Pass(Action):
    type: Literal["pass"] = "pass"


VaultsAction = Annotated[Hide | Raid | Pass, Field(discriminator="type")]


class VaultsState(GameState):
    phase: Literal["hide", "raid", "over"] = "hide"
    gems: dict[str, str]
    hidden: dict[str, int | None]
    opened: dict[str, list[int]] = Field(default_factory=lambda: {s: list[int]() for s in SEATS})
    raids_left: dict[str, int]
    to_raid: str = "north"


class VaultsView(View):
    phase: str
    hid: dict[str, bool]
    opened: dict[str, list[int]]
    raids_left: dict[str, int]
    to_raid: str | None
    own_gem: str | None = None
    own_vault: int | None = None
    captured_gem: str | None = None


def _other(seat: str) -> str:
    return "south" if seat == "north" else "north"


class Vaults(Ruleset[VaultsState]):
    id: ClassVar[str] = "vaults"
    title = t("vaults.title")
    seats = SEATS
    state_model = VaultsState
    options_model = VaultsOptions
    view_model = VaultsView
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(VaultsAction)

    def scenarios(self) -> list[Scenario]:
        return [Scenario(id="standard", title=t("vaults.scenario.standard"))]

    def setup(self, scenario: str, options: BaseModel, dice: Dice) -> Outcome[VaultsState]:
        if scenario != "standard":
            raise RuleViolation("core.scenario.unknown", "Referee", scenario=scenario)
        assert isinstance(options, VaultsOptions)
        # Vaults 1: each treasury's gem is rolled in secret, seen by its owner only.
        gems = {s: GEMS[dice.roll(t("vaults.roll.gem", seat=s), private_to=s) - 1] for s in SEATS}
        state = VaultsState(
            ruleset=self.id,
            scenario=scenario,
            seats=SEATS,
            gems=gems,
            hidden={s: None for s in SEATS},
            raids_left={s: options.raids for s in SEATS},
        )
        events = [E.Gem(gem=gems[s]).event(audience=s) for s in SEATS]
        return Outcome(state=state, events=events)

    def prompts(self, state: VaultsState) -> list[Prompt]:
        if state.phase == "hide":
            vaults = tuple(Option(value=str(v), label=t("vaults.vault", n=v)) for v in VAULTS)
            form = OrderForm(
                type="hide",
                label=t("vaults.order.hide"),
                inputs=(Choice(name="vault", label=t("vaults.input.vault"), options=vaults),),
            )
            return [
                Prompt(
                    id="hide",
                    seat=s,
                    kind="vaults.hide",
                    title=t("vaults.prompt.hide"),
                    section="Vaults 2",
                    forms=(form,),
                    sealed=True,
                    default={"type": "hide", "vault": 1},
                )
                for s in SEATS
                if state.hidden[s] is None
            ]
        if state.phase == "raid":
            seat, target = state.to_raid, _other(state.to_raid)
            closed = [v for v in VAULTS if v not in state.opened[target]]
            options = tuple(Option(value=str(v), label=t("vaults.vault", n=v)) for v in closed)
            raid = OrderForm(
                type="raid",
                label=t("vaults.order.raid"),
                inputs=(Choice(name="vault", label=t("vaults.input.vault"), options=options),),
            )
            passing = OrderForm(type="pass", label=t("vaults.order.pass"))
            n = len(state.opened[target])
            return [
                Prompt(
                    id=f"raid.{seat}.{state.raids_left[seat]}.{n}",
                    seat=seat,
                    kind="vaults.raid",
                    title=t("vaults.prompt.raid", left=state.raids_left[seat]),
                    section="Vaults 3",
                    forms=(raid, passing),
                    default={"type": "raid", "vault": closed[0]},
                )
            ]
        return []

    def resolve(
        self, state: VaultsState, seat: str, action: Action, prompt: Prompt, dice: Dice
    ) -> Outcome[VaultsState]:
        if isinstance(action, Hide):
            return self._hide(state, seat, action)
        if isinstance(action, Raid):
            return self._raid(state, seat, action, dice)
        return self._pass(state, seat)

    def _hide(self, state: VaultsState, seat: str, action: Hide) -> Outcome[VaultsState]:
        if action.vault not in VAULTS:
            raise RuleViolation("vaults.hide.no_such_vault", "Vaults 2", vault=action.vault)
        state.hidden[seat] = action.vault
        events = [
            E.Hidden(seat=seat).event(),
            E.HiddenAt(vault=action.vault).event(audience=seat),
        ]
        if all(v is not None for v in state.hidden.values()):
            state.phase = "raid"
            events.append(E.RaidsBegin(seat=state.to_raid).event())
        return Outcome(state=state, events=events)

    def _raid(
        self, state: VaultsState, seat: str, action: Raid, dice: Dice
    ) -> Outcome[VaultsState]:
        target = _other(seat)
        if action.vault not in VAULTS:
            raise RuleViolation("vaults.hide.no_such_vault", "Vaults 3", vault=action.vault)
        if action.vault in state.opened[target]:
            raise RuleViolation("vaults.raid.already_open", "Vaults 3", vault=action.vault)
        label = t("vaults.roll.raid", seat=seat, vault=action.vault)
        die = dice.roll(label)
        state.raids_left[seat] -= 1
        raid = E.Raided(seat=seat, target=target, vault=action.vault, die=die)
        if die <= 2:  # Vaults 3: the guards hold, nothing is learnt
            events = [E.Repelled(**dict(raid)).event()]
        elif state.hidden[target] == action.vault:
            gem = state.gems[target]
            state.phase = "over"
            state.result = Result(winner=seat, summary=t("vaults.result.captured", seat=seat))
            return Outcome(
                state=state,
                events=[E.Captured(**dict(raid), gem=gem).event(reveals=True)],
            )
        else:
            state.opened[target].append(action.vault)
            events = [E.Empty(**dict(raid)).event(reveals=True)]
        return Outcome(state=state, events=events + self._next_raider(state))

    def _pass(self, state: VaultsState, seat: str) -> Outcome[VaultsState]:
        state.raids_left[seat] -= 1
        events = [E.Passed(seat=seat).event()]
        return Outcome(state=state, events=events + self._next_raider(state))

    def _next_raider(self, state: VaultsState) -> list[Event]:
        other = _other(state.to_raid)
        if state.raids_left[other] > 0:
            state.to_raid = other
        elif state.raids_left[state.to_raid] <= 0:
            state.phase = "over"
            state.result = Result(winner=None, summary=t("vaults.result.draw"))
            return [E.Draw().event()]
        return []

    def view(self, state: VaultsState, audience: str | None) -> VaultsView:
        captured = None
        if state.result is not None and state.result.winner is not None:
            captured = state.gems[_other(state.result.winner)]
        return VaultsView(
            ruleset=self.id,
            audience=audience,
            status=t(f"vaults.status.{state.phase}", seat=state.to_raid),
            result=state.result,
            phase=state.phase,
            hid={s: v is not None for s, v in state.hidden.items()},
            opened=state.opened,
            raids_left=state.raids_left,
            to_raid=state.to_raid if state.phase == "raid" else None,
            own_gem=state.gems.get(audience) if audience else None,
            own_vault=state.hidden.get(audience) if audience else None,
            captured_gem=captured,
        )

    def lookalikes(self, state: VaultsState, audience: str | None) -> list[tuple[str, str]]:
        """The public knows neither gem nor hiding place: north's and south's could be each
        other's (a vault already shown empty excepted). A seat knows its own, so for it no
        two hidden things are alike."""
        if audience is not None or state.phase == "over":
            return []
        pairs = []
        if state.gems["north"] != state.gems["south"]:
            pairs.append(("gem:north", "gem:south"))
        north, south = state.hidden["north"], state.hidden["south"]
        if (
            north is not None
            and south is not None
            and north != south
            and north not in state.opened["south"]
            and south not in state.opened["north"]
        ):
            pairs.append(("vault:north", "vault:south"))
        return pairs

    def swap_hidden(self, state: VaultsState, a: str, b: str) -> VaultsState:
        twin = state.model_copy(deep=True)
        table = twin.gems if a.startswith("gem:") else twin.hidden
        table["north"], table["south"] = table["south"], table["north"]  # type: ignore[assignment]
        return twin

    def secrets(self, state: VaultsState, audience: str | None) -> set[str]:
        """Another seat's gem, unless captured; gem names are distinctive words on purpose."""
        view = self.view(state, audience)
        return {
            gem
            for seat, gem in state.gems.items()
            if seat != audience and gem not in (view.captured_gem, view.own_gem)
        }
