"""Shared helpers for the War at Sea tests: a fresh game, invariants, scripted play."""

from __future__ import annotations

from typing import Any

from bot.rules.core import Event, GameState, ScriptedDice
from bot.rules.war_at_sea import RULESET, board
from bot.rules.war_at_sea.state import WarAtSeaState
from bot.rules.war_at_sea.units import area_limit, eff_speed, is_surface, is_uboat


def new_game(dice: Any, **options: bool) -> WarAtSeaState:
    outcome = RULESET.setup("standard", RULESET.parse_options(options), dice)
    return outcome.state


def check_invariants(state: GameState, events: list[Event]) -> None:
    assert isinstance(state, WarAtSeaState)
    active_uboats = 0
    for u in state.units.values():
        if u.status in ("sunk", "removed", "reserve"):
            assert u.location is None or u.status == "reserve", (u.id, u.status, u.location)
            continue
        assert u.location is not None, u.id
        assert board.is_location(u.location), (u.id, u.location)
        if is_uboat(u):
            active_uboats += 1
            assert board.is_area(u.location) or u.location == board.GERMANY
            continue
        # War at Sea 7.6: sunk once damage exceeds armor; speed never below one.
        assert 0 <= u.damage <= u.armor, (u.id, u.damage, u.armor)
        assert eff_speed(u) >= 1
        assert is_surface(u)
        if board.is_area(u.location):
            assert area_limit(state, u, u.location) is None, (u.id, u.location)
        else:
            side = board.port(u.location).side
            assert side in (u.side, "neutral"), (u.id, u.location)
            if u.location == board.FRANCE:
                assert 2 <= state.turn <= 6, (u.id, state.turn)
        if u.nationality == "american" and not u.joined:
            assert u.location == board.USA
    if not state.options.variant_18_3:
        assert active_uboats <= board.MAX_UBOATS
    assert active_uboats <= board.MAX_UBOATS  # 18.3 keeps the excess off the map
    assert -10 <= state.score <= 10
    assert 0 <= state.turn <= board.turn_count()
    if state.result is not None:
        assert state.turn == board.turn_count()
        assert len(state.history) == board.turn_count()


def scripted(faces: list[int]) -> ScriptedDice:
    return ScriptedDice(faces)
