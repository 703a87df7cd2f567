"""What a game is waiting for: which seat, which decision, the legal options.

Menus, select lists and autocomplete are built from these, never re-encoded in the cogs.

Dependent inputs: an input's options may depend on the answers given to the inputs before it
(War at Sea: the destinations on the ships chosen, the fallback port on the destination).
An ``Option`` (or a whole ``Choice``) carries ``when`` conditions on earlier answers; a form
is answered input by input, and ``OrderForm.asked`` gives each input with only the options
that are legal for what was already chosen. The engine offers whole lists: how many fit on a
screen (Discord's 25 per select) is the front end's business.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.core.text import Label, Text


def _values(answer: Any) -> list[str]:
    items = answer if isinstance(answer, list | tuple | set | frozenset) else [answer]
    return [str(v) for v in items]


class When(BaseModel):
    """A condition on earlier answers: each value of a named input's answer (each of them,
    for a ``many`` input) is among the listed ones. An input not answered yet does not narrow
    (before the ships are named, autocomplete offers every destination of any of them)."""

    model_config = ConfigDict(frozen=True)

    within: dict[str, tuple[str, ...]]

    def holds(self, answers: Mapping[str, Any]) -> bool:
        return all(
            name not in answers or set(_values(answers[name])) <= set(allowed)
            for name, allowed in self.within.items()
        )


def met(conditions: tuple[When, ...], answers: Mapping[str, Any]) -> bool:
    """No condition, or one of them holds."""
    return not conditions or any(c.holds(answers) for c in conditions)


class Option(BaseModel):
    """One value an input may take; with ``when``, only after answers that meet one of them."""

    model_config = ConfigDict(frozen=True)

    value: str
    label: Label
    detail: Label | None = None
    when: tuple[When, ...] = ()


class Choice(BaseModel):
    """One input of an order.

    ``one``: pick one option; ``many``: pick between ``min`` and ``max`` options;
    ``number``: an integer in ``min``..``max``; ``flag``: yes or no. With ``when``, the input
    is asked only after answers that meet one of the conditions (otherwise it is left out).
    """

    model_config = ConfigDict(frozen=True)

    name: str
    label: Label
    kind: Literal["one", "many", "number", "flag"] = "one"
    options: tuple[Option, ...] = ()
    min: int = 1
    max: int = 1
    when: tuple[When, ...] = ()

    def values(self) -> list[str]:
        return [o.value for o in self.options]

    def dependent(self) -> bool:
        return bool(self.when) or any(o.when for o in self.options)

    def narrowed(self, answers: Mapping[str, Any]) -> Choice:
        """This input with only the options legal after ``answers`` (to earlier inputs)."""
        if not any(o.when for o in self.options):
            return self
        options = tuple(o for o in self.options if met(o.when, answers))
        update: dict[str, Any] = {"options": options}
        if self.kind == "many":
            update |= {"max": min(self.max, len(options)), "min": min(self.min, len(options))}
        return self.model_copy(update=update)

    def accepts(self, answer: Any) -> bool:
        """Whether ``answer`` is one this input offers (as narrowed)."""
        if self.kind == "flag":
            return isinstance(answer, bool)
        if self.kind == "number":
            return isinstance(answer, int) and self.min <= answer <= self.max
        offered = set(self.values())
        if self.kind == "one":
            return not isinstance(answer, list | tuple | bool) and str(answer) in offered
        picked = _values(answer)
        return (
            isinstance(answer, list | tuple)
            and len(set(picked)) == len(picked)
            and self.min <= len(picked) <= self.max
            and set(picked) <= offered
        )


class OrderForm(BaseModel):
    """One kind of order the seat may give now: the action ``type``, fixed fields and inputs."""

    model_config = ConfigDict(frozen=True)

    type: str
    label: Label
    fixed: dict[str, Any] = Field(default_factory=dict)
    inputs: tuple[Choice, ...] = ()

    def dependent(self) -> bool:
        """Whether some input's options (or presence) depend on earlier answers."""
        return any(c.dependent() for c in self.inputs)

    def asked(self, answers: Mapping[str, Any]) -> list[Choice]:
        """The inputs asked, in order, each narrowed by the answers to the inputs before it."""
        out: list[Choice] = []
        before: dict[str, Any] = {}
        for choice in self.inputs:
            if met(choice.when, before):
                out.append(choice.narrowed(before))
            if choice.name in answers:
                before[choice.name] = answers[choice.name]
        return out

    def next(self, answers: Mapping[str, Any]) -> Choice | None:
        """The first input asked and not yet answered, narrowed; None when all are."""
        return next((c for c in self.asked(answers) if c.name not in answers), None)

    def first_refused(self, answers: Mapping[str, Any]) -> str | None:
        """The first input asked whose answer is missing or not offered for the answers before
        it; None when the answers are complete and every one was offered. A front end keeps
        the answers before that input and asks again from there."""
        for choice in self.asked(answers):
            if choice.name not in answers or not choice.accepts(answers[choice.name]):
                return choice.name
        return None

    def kept(self, answers: Mapping[str, Any]) -> dict[str, Any]:
        """The answers before the first refused input: what a refusal keeps."""
        stop = self.first_refused(answers)
        out: dict[str, Any] = {}
        for choice in self.inputs:
            if choice.name == stop:
                break
            if choice.name in answers:
                out[choice.name] = answers[choice.name]
        return out

    def build(self, answers: Mapping[str, Any]) -> dict[str, Any]:
        """The action payload for these answers (validated later by the engine). Answers to
        inputs not asked for the earlier answers are left out (the action's default)."""
        asked = {c.name for c in self.asked(answers)}
        given = {k: v for k, v in answers.items() if k in asked or k not in self._names()}
        return {"type": self.type, **self.fixed, **given}

    def _names(self) -> set[str]:
        return {c.name for c in self.inputs}


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
