"""What the outbox carries per kind of message: compact and typed.

A step names the version of the game it follows and the events its audience may see; no view is
stored. Delivery builds the audience's view (and its open prompts) from the state at that
version (ARCHITECTURE.md, the outbox), so an order costs one log row and a few small outbox rows,
and a delivered message keeps no body at all (the log is the record).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from bot.rules.core import Event, Result
from bot.rules.core.events import STORED


class Payload(BaseModel):
    # Unknown keys are ignored: rows written by an older version of the referee still deliver.
    model_config = ConfigDict(frozen=True, extra="ignore")


class StepPayload(Payload):
    """One step of play for one audience: the public thread or one seat's DM."""

    n: int
    """The log entry the step follows (or the version an undo was taken at): the state to show
    is the game's at version ``n + 1``."""
    events: list[Event] = Field(default_factory=list)
    """Only those the audience may see, each once (a seat that sees a named event does not get
    its anonymous public copy)."""
    waiting: list[str] = Field(default_factory=list)
    """Seats that owe a decision after the step."""
    due: dict[str, float] = Field(default_factory=dict)
    """Each waiting seat's deadline (public: the thread says by when)."""
    prompts: list[str] = Field(default_factory=list)
    """Private: this seat's open prompt ids after the step."""
    new_prompts: list[str] = Field(default_factory=list)
    """Private: those newly opened by the step (the DM pings for them)."""
    deadline: float | None = None
    """Private: this seat's deadline."""

    @field_validator("prompts", mode="before")
    @classmethod
    def _ids(cls, value: Any) -> Any:
        # Rows queued before issue 9 carried whole prompts: their ids are what is used now.
        if isinstance(value, list):
            return [p.get("id") if isinstance(p, dict) else p for p in value]
        return value

    @property
    def version(self) -> int:
        return self.n + 1


class OverPayload(Payload):
    """The end of the game: its result, the revealed seed, and the final version (its map)."""

    n: int | None = None
    result: Result | None = None
    seed: str | None = None
    commitment: str | None = None

    @property
    def version(self) -> int | None:
        return None if self.n is None else self.n + 1


class StartedPayload(Payload):
    commitment: str | None = None
    seats: dict[str, str] = Field(default_factory=dict)
    ruleset: str | None = None
    scenario: str | None = None


class StatusPayload(Payload):
    """paused, active (resumed) and abandoned; an abandoned game reveals its seed."""

    by: str | None = None
    seed: str | None = None
    commitment: str | None = None


class ExpiredPayload(Payload):
    seat: str = ""
    policy: str = "notify"
    applied: bool = False
    """The referee gave the seat's default order (the notice names it, never silently)."""
    decision: dict[str, Any] | None = None
    """The prompt's title (a Text dict): what the seat did not answer."""
    order: dict[str, Any] | None = None
    """The default order in words (a Text dict, bot.i18n.wording.order_text)."""


class ReminderPayload(Payload):
    prompt_id: str = ""
    due_at: float | None = None
    policy: str | None = None
    """The game's expiry policy: under "default" the reminder names the order to come."""


class OtherPayload(Payload):
    model_config = ConfigDict(frozen=True, extra="allow")


KINDS: dict[str, type[Payload]] = {
    "step": StepPayload,
    "over": OverPayload,
    "started": StartedPayload,
    "paused": StatusPayload,
    "active": StatusPayload,
    "abandoned": StatusPayload,
    "expired": ExpiredPayload,
    "reminder": ReminderPayload,
}


def parse(kind: str, payload: dict[str, Any]) -> Payload:
    """The typed payload of an outbox row of this kind (a stored row: its events load even
    when their kind's parameters changed since, bot/rules/core/events.py)."""
    return KINDS.get(kind, OtherPayload).model_validate(payload, context=STORED)


def step(payload: dict[str, Any]) -> StepPayload:
    return StepPayload.model_validate(payload, context=STORED)


def over(payload: dict[str, Any]) -> OverPayload:
    return OverPayload.model_validate(payload, context=STORED)


def dump(payload: BaseModel) -> dict[str, Any]:
    """The JSON form the store writes, without defaults (a public step has no prompts)."""
    return payload.model_dump(mode="json", exclude_defaults=True)
