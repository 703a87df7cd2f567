"""What a game is waiting for: which seat, which decision, the legal options.

Menus, select lists and autocomplete are built from these, never re-encoded in the cogs.

Prompt identity
---------------
``Prompt.id`` names one decision of one seat (the referee keys everything by ``seat/id``).
The referee relies on it three ways: a deadline is set per id and restarts only when the id
changes; a seat is told of a "new decision" when an id appears that was not open before its
last order; a button or select made for a prompt carries its id and is refused as stale once
that id is no longer open.

So a game must build ids that obey two rules:

1. **An unchanged decision keeps its id.** An order that does not change what a seat is asked
   (another seat's order in a simultaneous phase, a sealed answer, an automatic step) leaves
   that seat's id as it was: its deadline keeps running, it is not pinged, its buttons work.
   Build the id only from facts that belong to this decision (the turn, the battle and round,
   the step, this seat's own progress), never from the other seats' progress.
2. **A different decision gets a different id.** Whatever changes the options, the inputs or
   the default (this seat's own partial answer, a new round, the next battle) must change the
   id, so one id never names two different decisions in a game: a stale button can then never
   submit against a decision its message did not show. An id may come back only with the
   very same decision (placing ships back where they were).

Ids are short, stable strings built from counters (``t3.b2.r1.targets_allies.0``); they are
not secret, so they must not encode hidden information (a face-down ship's id). Both rules are
checked for War at Sea in tests/war_at_sea/test_prompt_identity.py.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.core.text import Label, Text


class Option(BaseModel):
    model_config = ConfigDict(frozen=True)

    value: str
    label: Label
    detail: Label | None = None


class Choice(BaseModel):
    """One input of an order.

    ``one``: pick one option; ``many``: pick between ``min`` and ``max`` options;
    ``number``: an integer in ``min``..``max``; ``flag``: yes or no.
    """

    model_config = ConfigDict(frozen=True)

    name: str
    label: Label
    kind: Literal["one", "many", "number", "flag"] = "one"
    options: tuple[Option, ...] = ()
    min: int = 1
    max: int = 1

    def values(self) -> list[str]:
        return [o.value for o in self.options]


class OrderForm(BaseModel):
    """One kind of order the seat may give now: the action ``type``, fixed fields and inputs."""

    model_config = ConfigDict(frozen=True)

    type: str
    label: Label
    fixed: dict[str, Any] = Field(default_factory=dict)
    inputs: tuple[Choice, ...] = ()

    def build(self, answers: dict[str, Any]) -> dict[str, Any]:
        """The action payload for these answers (validated later by the engine)."""
        return {"type": self.type, **self.fixed, **answers}


class Prompt(BaseModel):
    """A decision a seat owes. ``sealed`` prompts are answered without seeing each other's
    answers (War at Sea 11.8); ``default`` is the order a deadline may apply for the seat."""

    model_config = ConfigDict(frozen=True)

    id: str
    seat: str
    kind: str
    title: Text
    section: str
    forms: tuple[OrderForm, ...]
    sealed: bool = False
    default: dict[str, Any] | None = None

    def form(self, action_type: str) -> OrderForm | None:
        return next((f for f in self.forms if f.type == action_type), None)
