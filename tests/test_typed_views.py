"""Views are typed where they are read: a view that travelled as JSON is validated back into
its game's model at the renderer's and the presenter's door, so a renamed or missing field
fails there, loudly, instead of drawing or printing a default."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pydantic import ValidationError

from bot import present
from bot.referee.fairdice import FairDice
from bot.rules.core.registry import register
from bot.rules.war_at_sea import RULESET, WarAtSea
from bot.rules.war_at_sea.view import WarAtSeaView
from rendering.registry import render_view
from rendering.war_at_sea.report import caption, typed
from tests.war_at_sea.helpers import new_game


def _json_view(audience: str | None = None) -> dict[str, Any]:
    state = new_game(FairDice(b"typed-views-seed-0000000000000001", "typed", 0))
    return RULESET.view(state, audience).model_dump(mode="json")


def test_a_json_view_comes_back_as_the_games_model() -> None:
    raw = _json_view("allies")
    view = typed(raw)
    assert isinstance(view, WarAtSeaView)
    assert view == RULESET.load_view(raw) == present.typed_view("war-at-sea", raw)
    assert view.audience == "allies" and len(view.units) == len(raw["units"])
    assert typed(view) is view  # a model passes the door as it is


def test_a_renamed_field_is_refused_at_the_door() -> None:
    raw = _json_view()
    broken = copy.deepcopy(raw)
    broken["ships"] = broken.pop("units")
    with pytest.raises(ValidationError):
        typed(broken)
    with pytest.raises(ValidationError):
        caption(broken)
    with pytest.raises(ValidationError):
        present.typed_view("war-at-sea", broken)
    # The registry logs a failing renderer and sends the message without its picture.
    assert render_view(broken) is None
    assert render_view(raw) is not None


def test_the_presenter_reads_the_status_of_a_payload_view() -> None:
    raw = _json_view()
    line = present.situation("war-at-sea", raw, "en")
    status = present.view_status(RULESET.load_view(raw), "en")
    assert status and line.startswith(status)
    assert present.situation("war-at-sea", RULESET.load_view(raw), "en") == line
    with pytest.raises(ValidationError):
        present.situation("war-at-sea", {**raw, "score": "high"}, "en")


def test_a_ruleset_without_its_view_model_is_not_registered() -> None:
    class Untyped(WarAtSea):
        id = "untyped-views"
        view_model = WarAtSeaView.__mro__[1]  # the core View: no game fields

    with pytest.raises(TypeError, match="view_model"):
        register(Untyped())
