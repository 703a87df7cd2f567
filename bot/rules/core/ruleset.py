"""The contract a game implements so the referee can drive it."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, TypeVar, cast

from pydantic import BaseModel, ConfigDict, TypeAdapter, ValidationError

from bot.rules.core.bounds import clip
from bot.rules.core.dice import Dice
from bot.rules.core.errors import RuleViolation
from bot.rules.core.events import Event
from bot.rules.core.model import Action, GameState, View
from bot.rules.core.prompt import Prompt
from bot.rules.core.text import Label, Text

S = TypeVar("S", bound=GameState)


class Scenario(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    title: Text


class Outcome(BaseModel, Generic[S]):
    """A new state and what happened on the way to it."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    state: S
    events: list[Event]


class Ruleset(ABC, Generic[S]):
    """A game as a value. Pure: no I/O, no clock, no randomness but the injected dice."""

    id: ClassVar[str]
    title: ClassVar[Text]
    seats: ClassVar[tuple[str, ...]]
    citation: ClassVar[str] = ""
    """How the code and the cases cite the rulebook (``War at Sea`` in ``War at Sea 11.2``):
    the rule index (bot/ruleindex.py) reads the sections from it."""
    state_model: ClassVar[type[GameState]]
    options_model: ClassVar[type[BaseModel]]
    view_model: ClassVar[type[View]] = View
    """The game's View model: what ``view`` returns and ``load_view`` validates."""
    action_adapter: ClassVar[TypeAdapter[Any]]
    renamed: ClassVar[dict[str, frozenset[str]]] = {}
    """Action types of stored logs and cases that later became several: an old type stands
    for whichever of its new types an open prompt of the seat takes (War at Sea's one
    ``done`` became ``moves_done``, ``pursuers_done``, ...), so old games still replay."""
    bench_options: ClassVar[dict[str, Any]] = {}
    """Options the benches start their stored games with, so that random legal play ends in
    a bounded number of orders (AA50: a round limit, since random play seldom takes the
    victory cities). Empty: the rulebook's defaults already end every game."""
    snapshot_every: ClassVar[int] = 25
    """Orders between stored state snapshots, chosen by what an order costs to replay against
    what a snapshot costs to load and store: a cold load replays at most this many minus one."""
    undo_stops: ClassVar[dict[str, str]] = {}
    """Order types that close a step of play, with the section that says so: the referee's
    undo never takes one back (AA50: a phase once done is over, 5.1)."""
    autopilots: ClassVar[tuple[str, ...]] = ("default",)
    """Policies by which the referee may play a seat whose player is gone (a manager hands
    the seat over): ``default`` gives each prompt's default order; a game may add its own
    (``autopilot``)."""

    # --- set-up -------------------------------------------------------------------------
    @abstractmethod
    def scenarios(self) -> list[Scenario]: ...

    def scenario_options(self, scenario: str) -> dict[str, Any]:
        """The options a scenario plays with unless the players choose otherwise (its
        suggested options): the referee lays the players' choices over them at creation."""
        return {}

    def solo_policy(self, options: BaseModel) -> str | None:
        """The autopilot policy (one of ``autopilots``) by which the referee holds every seat
        no player took, when ``options`` ask for a game against the bot; None: every seat
        needs a player to start."""
        return None

    def parse_options(self, raw: dict[str, Any]) -> BaseModel:
        try:
            return self.options_model.model_validate(raw)
        except ValidationError as exc:
            raise RuleViolation("core.options.invalid", "Referee", detail=_first(exc)) from exc

    @abstractmethod
    def setup(self, scenario: str, options: BaseModel, dice: Dice) -> Outcome[S]: ...

    # --- play ---------------------------------------------------------------------------
    @abstractmethod
    def prompts(self, state: S) -> list[Prompt]:
        """Every open decision. Several seats at once when the rules make them simultaneous."""

    def parse_action(self, raw: dict[str, Any]) -> Action:
        """A typed order, or a refusal naming the first thing wrong with it (bounds.py: ids,
        lists and numbers are bounded, fields the order does not take are refused)."""
        if not isinstance(raw, dict):
            raise RuleViolation("core.action.malformed", "Referee", detail=type(raw).__name__)
        try:
            action: Action = self.action_adapter.validate_python(raw)
        except ValidationError as exc:
            raise order_refusal(exc) from exc
        return action

    def apply(
        self,
        state: S,
        seat: str,
        action: Action,
        dice: Dice,
        prompts: list[Prompt] | None = None,
        *,
        copy: bool = True,
    ) -> Outcome[S]:
        """Check the seat owes a decision that takes this order, then let the game apply it
        to a deep copy, so a RuleViolation raised anywhere leaves ``state`` untouched.
        ``prompts`` are this state's open prompts when the caller has computed them already.
        ``copy=False`` applies in place: for a replay that owns a state nobody else holds (one
        loaded from a snapshot), where one copy per replay is enough."""
        if state.result is not None:
            raise RuleViolation("core.game.over", "Referee")
        if prompts is None:
            prompts = self.prompts(state)
        open_for_seat = [p for p in prompts if p.seat == seat]
        if not open_for_seat:
            raise self.refusal(RuleViolation("core.prompt.not_your_turn", "Referee", seat=seat))
        prompt = next((p for p in open_for_seat if p.form(action.type)), None)
        if prompt is None and action.type in self.renamed:
            prompt, action = self._renamed(open_for_seat, action)
        if prompt is None:
            raise self.refusal(
                RuleViolation(
                    "core.prompt.wrong_order",
                    open_for_seat[0].section,
                    order=action.type,
                    expected=open_for_seat[0].title.model_dump(),
                )
            )
        work = state.model_copy(deep=True) if copy else state
        try:
            return self.resolve(work, seat, action, prompt, dice)
        except RuleViolation as exc:
            exc.ruleset = exc.ruleset or self.id
            raise

    def _renamed(self, open_for_seat: list[Prompt], action: Action) -> tuple[Prompt | None, Action]:
        new_types = self.renamed[action.type]
        for p in open_for_seat:
            for f in p.forms:
                if f.type in new_types:
                    return p, self.parse_action({**action.model_dump(), "type": f.type})
        return None, action

    def refusal(self, exc: RuleViolation) -> RuleViolation:
        """Tag a refusal with this game, so its message names seats, ships and places."""
        exc.ruleset = exc.ruleset or self.id
        return exc

    @abstractmethod
    def resolve(
        self, state: S, seat: str, action: Action, prompt: Prompt, dice: Dice
    ) -> Outcome[S]:
        """Apply a well-typed order for an open prompt to ``state`` (a private copy)."""

    def autopilot(self, state: S, prompt: Prompt, policy: str) -> dict[str, Any] | None:
        """The order a seat on autopilot gives for ``prompt`` under ``policy`` (one of
        ``autopilots``): the prompt's default unless the game plays the policy itself."""
        return prompt.default

    # --- what each audience sees -----------------------------------------------------------
    @abstractmethod
    def view(self, state: S, audience: str | None) -> View: ...

    def view_with(self, state: S, audience: str | None, prompts: list[Prompt]) -> View:
        """The same view as ``view``, given ``prompts``: this state's open prompts, already
        computed (the referee keeps them beside its cached state, a map worker beside the state
        it rebuilt). A game whose view shows who is to act overrides it to use them, instead
        of computing the prompts again for every audience's view (issue 9: prompts computed
        once per state). The default ignores them."""
        return self.view(state, audience)

    def load_view(self, raw: View | dict[str, Any]) -> View:
        """A view that travelled as JSON (outbox payloads), validated back into the game's
        model at the reader's door, so presenters and renderers read fields, not keys."""
        if isinstance(raw, self.view_model):
            return raw
        return self.view_model.model_validate(raw)

    def headline(self, view: View) -> Text:
        """Where the game stands for this view's audience in one line (turn, phase, score),
        shown when a seat takes the keyboard. Built from the view only."""
        return view.status

    def names(self) -> dict[str, Label]:
        """Display names of the ids that orders and refusals carry (ships, places): public,
        static facts of the game. Messages show these instead of ids."""
        return {}

    def secrets(self, state: S, audience: str | None) -> set[str]:
        """Strings that this audience must not be able to read anywhere (tests check every
        message, image view and export against them). Games with hidden information override."""
        return set()

    # --- non-interference (tests/guards checks it per step for every game) ------------------
    def lookalikes(self, state: S, audience: str | None) -> list[tuple[str, str]]:
        """Pairs of hidden things (by id) that ``audience`` cannot tell apart now: the same
        public appearance, different hidden faces. Exchanging their hidden identities
        (``swap_hidden``) must change nothing the audience can read, before any order or
        after it. Games with hidden pieces override; the default has none."""
        return []

    def swap_hidden(self, state: S, a: str, b: str) -> S:
        """A copy of ``state`` where ``a`` and ``b`` (a pair from ``lookalikes``) have traded
        hidden identities: each is now where the other was, doing what the other did."""
        raise NotImplementedError(f"{self.id} lists lookalikes but cannot swap them")

    def load_state(self, raw: dict[str, Any] | str | bytes) -> S:
        if isinstance(raw, str | bytes):
            state = self.state_model.model_validate_json(raw)
        else:
            state = self.state_model.model_validate(raw)
        # state_model is S's class, but a ClassVar cannot name the type variable S.
        return cast(S, state)


_ORDER_CODES = {
    "duplicate": "core.order.duplicate",
    "too_long": "core.order.too_many",
    "too_short": "core.order.too_few",
    "string_too_long": "core.order.too_long",
    "string_too_short": "core.order.empty",
    "extra_forbidden": "core.order.unused_field",
    "missing": "core.order.missing",
    "union_tag_invalid": "core.order.unknown",
    "union_tag_not_found": "core.order.unknown",
    "less_than_equal": "core.order.out_of_range",
    "greater_than_equal": "core.order.out_of_range",
}


def order_refusal(exc: ValidationError) -> RuleViolation:
    """The refusal for an order that does not fit its model, with a code per kind of fault.
    It quotes the field and an excerpt of the input, never the whole input."""
    err = exc.errors()[0]
    loc = [str(p) for p in err.get("loc", ())]
    kind = err.get("type", "")
    code = _ORDER_CODES.get(kind)
    ctx = err.get("ctx") or {}
    # The first location is the order type (the union's tag) unless the tag itself is wrong.
    field = ".".join(loc[1:] if len(loc) > 1 else loc)
    if code == "core.order.unknown":
        return RuleViolation(code, "Referee", order=clip(ctx.get("tag", "")))
    if code == "core.order.duplicate":
        return RuleViolation(code, "Referee", field=field, item=clip(ctx.get("item", "")))
    if code in ("core.order.too_many", "core.order.too_few", "core.order.too_long"):
        limit = ctx.get("max_length", ctx.get("min_length", 0))
        return RuleViolation(code, "Referee", field=field, limit=limit)
    if code == "core.order.out_of_range":
        return RuleViolation(code, "Referee", field=field, low=ctx.get("ge"), high=ctx.get("le"))
    if code is not None:
        return RuleViolation(code, "Referee", field=clip(field))
    return RuleViolation("core.action.malformed", "Referee", detail=clip(_first(exc), 120))


def _first(exc: ValidationError) -> str:
    err = exc.errors()[0]
    where = ".".join(str(p) for p in err.get("loc", ()))
    return f"{where}: {err.get('msg', '')}".strip(": ")
