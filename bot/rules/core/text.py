"""Localisable text: a catalog key with named parameters, resolved by bot.i18n."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Text(BaseModel):
    """A message to be localised later: ``key`` names a catalog entry, ``params`` fill it.

    A param whose value is itself a Text dict (``{"key": ..., "params": ...}``) is localised
    recursively, so engines never build user-facing strings themselves.
    """

    model_config = ConfigDict(frozen=True)

    key: str
    params: dict[str, Any] = Field(default_factory=dict)


def t(key: str, **params: Any) -> Text:
    return Text(key=key, params=params)


Label = str | Text
"""A plain string is a proper name (a ship, a player) shown as is in every language."""


def die(face: int, *, bonus: int = 0, outcome: str | None = None, **params: Any) -> dict[str, Any]:
    """One die as a reader sees it (a Text dict for event parameters): its face, the
    modifier added to it (``5+1``) and what it did (``outcome``, a catalog key, filled with
    ``params``: "hit, damage 3"). Every game words its dice this way; a list of them reads
    "6+1 hit, 3+1 miss"."""
    key = "core.die" + (".modified" if bonus else "") + (".outcome" if outcome else "")
    values: dict[str, Any] = {"face": face}
    if bonus:
        values["bonus"] = bonus
    if outcome:
        values["outcome"] = t(outcome, **params).model_dump()
    return t(key, **values).model_dump()
