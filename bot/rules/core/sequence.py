"""Sequences as data: a game's phases, a battle's steps, any ordered procedure of the rules.

A sequence is a ``Literal`` of step names and one :class:`Step` per name, in the Literal's
order, gathered in a :class:`Table`. Each entry says, in one place:

- ``section``: the rule that governs the step;
- ``owes``: the seats that may owe a decision in it (none: the step runs by itself);
- ``prompts``: the decisions open in it (every prompt's seat must be one of ``owes``);
- ``run``: what happens when nobody owes a decision (the step's automatic work, ending with
  :meth:`Table.goto` to the next step);
- ``next``: the steps that may follow it (``goto`` refuses any other);
- ``end`` and ``on_end``: the action type that says "I have finished this step" and what it
  does, so an end-of-step order names what it ends (``moves_done``, ``pursuit_done``)
  instead of one ``done`` whose meaning depends on where the game is.

Adding a step is adding a name to the Literal and an entry to the table: the table refuses
at import a missing, extra or out-of-order entry, a ``next`` that names no step, an end
action without its handler and prompts that nobody owes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar, get_args

from bot.rules.core.dice import Dice
from bot.rules.core.errors import RuleViolation
from bot.rules.core.events import Event
from bot.rules.core.prompt import Prompt

K = TypeVar("K", bound=str)
"""The step names: a Literal of strings."""
C = TypeVar("C")
"""What the handlers are given: the game state."""


@dataclass(frozen=True)
class Step(Generic[K, C]):
    """One entry of a sequence (see the module docstring for each field)."""

    name: K
    section: str
    owes: tuple[str, ...] = ()
    prompts: Callable[[C], list[Prompt]] | None = None
    run: Callable[[C, Dice], list[Event]] | None = None
    next: tuple[K, ...] = ()
    end: str | None = None
    on_end: Callable[[C, str], list[Event]] | None = None


class Table(Generic[K, C]):
    """An ordered sequence of steps, and where a state keeps its current one.

    ``get`` reads the current step's name from the state; ``put`` stores a new one (and may
    do what entering any step of this sequence does, such as clearing who has finished).
    """

    def __init__(
        self,
        names: Any,
        steps: Iterable[Step[K, C]],
        *,
        get: Callable[[C], K],
        put: Callable[[C, K], None],
    ) -> None:
        self.steps: tuple[Step[K, C], ...] = tuple(steps)
        self.order: tuple[K, ...] = tuple(get_args(names))
        self._by_name: dict[str, Step[K, C]] = {s.name: s for s in self.steps}
        self._get = get
        self._put = put
        listed = [s.name for s in self.steps]
        if listed != list(self.order):
            raise ValueError(f"one step per name, in order: {self.order} != {tuple(listed)}")
        for s in self.steps:
            unknown = [n for n in s.next if n not in self._by_name]
            if unknown:
                raise ValueError(f"step {s.name} goes to unknown steps {unknown}")
            if (s.end is None) != (s.on_end is None):
                raise ValueError(f"step {s.name}: an end action needs its handler and back")
            if s.prompts is not None and not s.owes:
                raise ValueError(f"step {s.name} has prompts but nobody owes a decision")

    def __getitem__(self, name: K) -> Step[K, C]:
        return self._by_name[name]

    def current(self, ctx: C) -> Step[K, C]:
        return self._by_name[self._get(ctx)]

    def end_types(self) -> frozenset[str]:
        """The action types that end a step of this sequence (one may end several steps,
        such as each side's movement)."""
        return frozenset(s.end for s in self.steps if s.end is not None)

    def prompts(self, ctx: C) -> list[Prompt]:
        step = self.current(ctx)
        if step.prompts is None:
            return []
        found = step.prompts(ctx)
        for p in found:
            if p.seat not in step.owes:
                raise AssertionError(f"step {step.name} prompts {p.seat}, not in {step.owes}")
        return found

    def run(self, ctx: C, dice: Dice) -> list[Event]:
        """The current step's automatic work (called when nobody owes a decision)."""
        step = self.current(ctx)
        if step.run is None:
            raise AssertionError(f"step {step.name} waits for a decision and has none open")
        return step.run(ctx, dice)

    def goto(self, ctx: C, name: K) -> None:
        """Move on to ``name``, which must be the current step or one of its ``next``."""
        here = self._get(ctx)
        if name != here and name not in self._by_name[here].next:
            raise AssertionError(f"step {here} does not lead to {name}")
        self._put(ctx, name)

    def end(self, ctx: C, seat: str, action_type: str) -> list[Event]:
        """A seat finished the current step with the action that ends it."""
        step = self.current(ctx)
        if step.end != action_type or step.on_end is None:
            raise RuleViolation(
                "core.prompt.wrong_order", step.section, order=action_type, expected=step.name
            )
        return step.on_end(ctx, seat)
