"""The search sheet with the Tournament's boats and airships (Jutland 21.5, 21.6): the German
sees his own on his sheet; the British sheet does not change when the German places them."""

from __future__ import annotations

from bot.rules.core import ScriptedDice
from bot.rules.core.registry import get
from bot.rules.jutland.state import JutlandState
from bot.rules.jutland.tournament.search_state import UGroup
from rendering.jutland.render import render

RULESET = get("jutland")


def _pictures(state: JutlandState) -> tuple[bytes, bytes]:
    views = [RULESET.view(state, seat).model_dump(mode="json") for seat in ("german", "british")]
    german, british = (render(v) for v in views)
    return german, british


def test_the_german_sheet_shows_his_boats_and_the_british_does_not() -> None:
    options = RULESET.parse_options({"rules": "advanced", "uboats": True, "zeppelins": True})
    state = RULESET.setup("basic", options, ScriptedDice([])).state
    assert isinstance(state, JutlandState) and state.tsearch is not None
    before = _pictures(state)
    state.tsearch.groups = {"g1": UGroup(id="g1", boats=["u24", "u32", "u43"], hex="AA15")}
    after = _pictures(state)
    assert after[0] != before[0]  # the German's sheet draws the group
    assert after[1] == before[1]  # the British sheet is the same picture, byte for byte
