"""What a game is waiting for: which seat, which decision, the legal options.

Menus, select lists and autocomplete are built from these, never re-encoded in the cogs.
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
