"""Dice: the only source of chance a rules engine sees.

Engines call ``dice.roll(label)``; the referee injects provably fair dice, tests inject
scripted ones, and replay injects the rolls stored in the log.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from pydantic import BaseModel, ConfigDict

from bot.rules.core.errors import RuleViolation
from bot.rules.core.text import Text


class Roll(BaseModel):
    """One die rolled: its number within the game, what it was for, and its face."""

    model_config = ConfigDict(frozen=True)

    n: int
    label: Text
    sides: int
    value: int
    private_to: str | None = None
    """A seat that alone may see this face until the game ends (a secret roll)."""


class Dice(Protocol):
    rolls: list[Roll]

    def roll(self, label: Text, sides: int = 6, private_to: str | None = None) -> int: ...


class DiceExhausted(RuntimeError):
    """A scripted or replayed sequence ran out: the script does not match the play."""


class RecordingDice:
    def __init__(self, start: int = 0) -> None:
        self.rolls: list[Roll] = []
        self._next_n = start

    def roll(self, label: Text, sides: int = 6, private_to: str | None = None) -> int:
        value = self._face(self._next_n, label, sides)
        if not 1 <= value <= sides:
            raise ValueError(f"die face {value} outside 1..{sides}")
        roll = Roll(n=self._next_n, label=label, sides=sides, value=value, private_to=private_to)
        self.rolls.append(roll)
        self._next_n += 1
        return value

    def _face(self, n: int, label: Text, sides: int) -> int:
        raise NotImplementedError


class ScriptedDice(RecordingDice):
    """Faces given in advance, for rule cases and tests."""

    def __init__(self, faces: Iterable[int], start: int = 0) -> None:
        super().__init__(start)
        self._faces = list(faces)

    @property
    def remaining(self) -> list[int]:
        return list(self._faces)

    def _face(self, n: int, label: Text, sides: int) -> int:
        if not self._faces:
            raise DiceExhausted(f"no scripted die left for roll {n}: {label.key} {label.params}")
        return self._faces.pop(0)


class ReplayDice(RecordingDice):
    """The rolls an action made when first applied; labels must match, or the log is corrupt."""

    def __init__(self, rolls: Iterable[Roll]) -> None:
        stored = list(rolls)
        super().__init__(stored[0].n if stored else 0)
        self._stored = stored

    def _face(self, n: int, label: Text, sides: int) -> int:
        if not self._stored:
            raise DiceExhausted(f"replay asked for an extra roll {n}: {label.key}")
        roll = self._stored.pop(0)
        if roll.label != label or roll.sides != sides or roll.n != n:
            raise DiceExhausted(f"replayed roll {roll.n} was {roll.label.key}, now {label.key}")
        return roll.value


class NoDice(RecordingDice):
    """For procedures that must not roll (views, prompts, validation)."""

    def _face(self, n: int, label: Text, sides: int) -> int:
        raise RuleViolation("core.dice.forbidden", "Referee", label=label.key)
