"""The War at Sea renderer draws rules values from the view, never recomputed from the
component data: the land-based air strength on an air-strike marker (3.4, 9.1), the turns a
closed port opens or closed (15.4, 16.1), the Mediterranean streak's goal (16.4) and the
U-boat limit (8.6). Each is changed in a view alone, and the picture must follow it."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from bot.referee.fairdice import FairDice
from bot.rules.war_at_sea import RULESET, board
from bot.rules.war_at_sea.view import WarAtSeaView
from rendering.war_at_sea import pieces, render

RENDERER = Path(__file__).resolve().parents[2] / "rendering" / "war_at_sea"


def _view() -> WarAtSeaView:
    dice = FairDice(b"view-values-seed-000000000000001", "g", 0)
    state = RULESET.setup("standard", RULESET.parse_options({}), dice).state
    view = RULESET.view(state, None)
    assert isinstance(view, WarAtSeaView)
    return view


def test_the_view_carries_the_values_the_rules_use() -> None:
    view = _view()
    assert view.air_strength == {s: board.lba_strength(s) for s in board.SIDES}
    assert view.med_hold == board.MED_HOLD and view.max_uboats == board.MAX_UBOATS
    for p in view.ports:
        port = board.port(p.id)
        assert (p.opens, p.closes) == (port.open_from_turn, port.closed_from_turn)


def _with_strike(view: WarAtSeaView) -> WarAtSeaView:
    sea = view.areas[0].id
    return view.model_copy(update={"air_strikes": {"allies": sea, "axis": None}})


def _changes(view: WarAtSeaView) -> dict[str, WarAtSeaView]:
    struck = _with_strike(view)
    closed = next(i for i, p in enumerate(view.ports) if not p.open)
    ports = list(view.ports)
    ports[closed] = ports[closed].model_copy(update={"opens": ports[closed].opens + 1})
    streak = view.model_copy(update={"med_streak": 2})
    return {
        "air_strength": struck.model_copy(update={"air_strength": {"allies": 5, "axis": 3}}),
        "opens": view.model_copy(update={"ports": ports}),
        "med_hold": streak.model_copy(update={"med_hold": 6}),
        "max_uboats": view.model_copy(update={"max_uboats": 9}),
    }


@pytest.mark.parametrize("field", ["air_strength", "opens", "med_hold", "max_uboats"])
def test_the_picture_follows_the_view_alone(field: str) -> None:
    view = _view()
    before: dict[str, Any] = {
        "air_strength": _with_strike(view),
        "opens": view,
        "med_hold": view.model_copy(update={"med_streak": 2}),
        "max_uboats": view,
    }
    assert render(before[field]) != render(_changes(view)[field])


def test_a_marker_tile_carries_the_strength_it_is_given() -> None:
    [tile] = pieces.tiles_for([], 0, [("axis", 4)])
    assert (tile.air_strike, tile.strength) == ("axis", 4)


def test_the_renderer_reads_component_data_for_printed_names_only() -> None:
    """Names of places are printed on the board (public, static); nothing else of the
    component data is loaded by the renderer: rules values come in the view."""
    loads = {
        path.name: len(re.findall(r"load_components\(\)", path.read_text(encoding="utf-8")))
        for path in RENDERER.glob("*.py")
    }
    assert {name: n for name, n in loads.items() if n} == {"labels.py": 1}
