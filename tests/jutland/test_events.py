"""Jutland's events are typed per kind (bot/rules/jutland/events.py): every placeholder of
``event.jut.<kind>`` in both catalogs is a field of the kind's model, every kind has its
template, and a field naming a seat is marked so (shown by the game's name for the seat)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

import bot.rules.jutland  # noqa: F401  (registers the kinds)
from bot.i18n import LANGS, catalogs, event_text, placeholders
from bot.rules.core import Event
from bot.rules.core.events import SEAT, registered_kinds
from bot.rules.jutland.events import Search, Spotted


def test_templates_name_only_fields_of_their_kinds_model() -> None:
    kinds = registered_kinds("jut.")
    assert len(kinds) >= 20
    for kind, model in kinds.items():
        for lang in LANGS:
            template = catalogs()[lang].get(f"event.{kind}")
            assert template is not None, f"{lang}: no template for {kind}"
            names = {p.split(":")[0] for p in placeholders(template)}
            assert names <= set(model.model_fields), (lang, kind, names)
    assert Search.seat_fields() == ("side",) and SEAT in Search.model_fields["side"].metadata


def test_a_sighting_carries_the_hex_and_nothing_else() -> None:
    """Jutland 3.1: the patrols disclose the hex, not the numbers or types of ships."""
    assert set(Spotted.model_fields) == {"hex"}
    with pytest.raises(ValidationError):
        Event(kind="jut.spotted", params={"hex": "D16", "ships": 5})
    text = event_text(Spotted(hex="D16").event(reveals=True), "en", "jutland")
    assert "D16" in text
