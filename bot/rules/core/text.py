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
