"""Bounded orders, one policy for every game: ids of bounded length, lists without duplicates
and no longer than the rules allow, and quotes of user input clipped to a short excerpt.

An order is typed by a user (a slash command, a typed list, a terminal) or built by a
careless caller, so everything in it is bounded before any rule reads it: a refusal never
echoes more than an excerpt, and no order can make the log, the outbox or a replay grow
beyond what the rules need.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import AfterValidator, Field, StringConstraints
from pydantic_core import PydanticCustomError

MAX_ID = 64
"""Longest id an order may carry (a ship, a place, a seat): longer than any real id."""

EXCERPT = 40
"""Characters of user input a refusal may quote."""

MAX_QUOTED_ITEMS = 5
"""Items of a list a refusal may quote."""

_HUGE = 10**15

Id = Annotated[str, StringConstraints(min_length=1, max_length=MAX_ID)]
"""An id in an order: a non-empty string of at most MAX_ID characters."""


def _unique(items: list[Any]) -> list[Any]:
    seen: set[Any] = set()
    for item in items:
        if item in seen:
            raise PydanticCustomError(
                "duplicate", "{item} is listed twice", {"item": clip(item, EXCERPT)}
            )
        seen.add(item)
    return items


UNIQUE = AfterValidator(_unique)
"""No item twice."""


def at_most(max_items: int, min_items: int = 0) -> Any:
    """The length bound of a list in an order."""
    return Field(min_length=min_items, max_length=max_items)


UniqueIds = Annotated[list[Id], UNIQUE]
"""A list of distinct ids. Bound it by the units that could take the order, length first so
a flood is refused before anything reads it: ``Annotated[list[Id], at_most(n), UNIQUE]``."""


def between(lower: int, upper: int) -> Any:
    """The bounds of a whole number in an order: what the rules could ever allow."""
    return Field(ge=lower, le=upper)


def clip(value: Any, limit: int = EXCERPT) -> Any:
    """What a refusal may quote of ``value``: strings cut to ``limit`` characters with an
    ellipsis, lists to their first few items, huge numbers and other objects summarised."""
    if isinstance(value, str):
        return value if len(value) <= limit else value[:limit] + "…"
    if isinstance(value, bool) or value is None or isinstance(value, float):
        return value
    if isinstance(value, int):
        return value if -_HUGE < value < _HUGE else "…"
    if isinstance(value, list | tuple):
        items = [clip(v, limit) for v in value[:MAX_QUOTED_ITEMS]]
        return [*items, "…"] if len(value) > MAX_QUOTED_ITEMS else items
    if isinstance(value, Mapping):
        if "key" in value and set(value) <= {"key", "params"}:
            # A localisable text is the engine's own: its key stays whole, its params clipped.
            return {"key": value["key"], "params": clip(value.get("params", {}), limit)}
        keys = list(value)[:MAX_QUOTED_ITEMS]
        return {clip(str(k), limit): clip(value[k], limit) for k in keys}
    return clip(repr(value), limit)
