"""The War at Sea map: valid, small, deterministic PNGs of public and private views, and under
variant 18.2 a public picture that cannot tell which Allied ships are face down where."""

from __future__ import annotations

import io
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from bot.autoplay import play
from bot.referee.fairdice import FairDice
from bot.rules.war_at_sea import RULESET
from bot.rules.war_at_sea.state import WarAtSeaState
from bot.rules.war_at_sea.units import hidden
from rendering import cache, counters, fonts, registry
from rendering.text import clear_cache as clear_text_cache
from rendering.war_at_sea import caption, icons, pieces, render
from rendering.war_at_sea.layout import Rect

SEED = b"s" * 32
OPTIONS = {"variant_18_2": True}
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _new_game() -> tuple[WarAtSeaState, FairDice]:
    dice = FairDice(SEED, "g", 0)
    return RULESET.setup("standard", RULESET.parse_options(OPTIONS), dice).state, dice


def _hidden_places(state: WarAtSeaState) -> set[str]:
    return {u.location for u in state.units.values() if hidden(state, u) and u.location}


def _mid_game() -> WarAtSeaState:
    """A game some turns in, not over, with face-down Allied counters in two places or more."""
    for actions in (50, 40, 60, 30, 70, 20):
        start, dice = _new_game()
        state = play(RULESET, start, dice, random.Random(0), max_actions=actions).state
        assert isinstance(state, WarAtSeaState)
        if state.result is None and state.turn >= 2 and len(_hidden_places(state)) >= 2:
            return state
    raise AssertionError("no mid-game position with face-down Allied counters in two places")


@pytest.fixture(scope="module")
def states() -> dict[str, WarAtSeaState]:
    return {"start": _new_game()[0], "mid": _mid_game()}


def view(state: WarAtSeaState, audience: str | None) -> dict[str, Any]:
    return RULESET.view(state, audience).model_dump(mode="json")


def _clear_caches() -> None:
    fonts.clear_cache()
    counters._render.cache_clear()
    pieces._tile_image.cache_clear()
    cache.clear_layers()
    cache.PICTURES.clear()
    clear_text_cache()
    for cached in (icons.aircraft, icons.air_strike_marker, icons.passage, icons.gate):
        cached.cache_clear()


@pytest.fixture
def cold() -> Iterator[None]:
    _clear_caches()
    yield
    _clear_caches()


# --- the picture ---------------------------------------------------------------------------


@pytest.mark.parametrize("position", ["start", "mid"])
@pytest.mark.parametrize("audience", [None, "allies"])
def test_png_is_valid_small_and_deterministic(
    states: dict[str, WarAtSeaState], position: str, audience: str | None, cold: None
) -> None:
    data = render(view(states[position], audience))
    assert data.startswith(PNG_MAGIC)
    image = Image.open(io.BytesIO(data))
    image.verify()
    image = Image.open(io.BytesIO(data))
    assert image.format == "PNG"
    assert image.width <= 1600
    assert image.height >= 900  # a whole board, not a thumbnail
    assert len(data) < 1_000_000
    assert not image.info  # no text chunks, timestamps or profiles
    _clear_caches()
    assert render(view(states[position], audience)) == data  # same view, same bytes
    assert render(json.loads(json.dumps(view(states[position], audience)))) == data


def test_registry_draws_war_at_sea(states: dict[str, WarAtSeaState]) -> None:
    public = view(states["start"], None)
    assert registry.render_view(public) == render(public)


def test_public_picture_ignores_which_allied_ships_are_hidden_where(
    states: dict[str, WarAtSeaState],
) -> None:
    """18.2: swap two face-down Allied ships between places: the public picture is the same
    to the byte (the view only counts them), the Allied player's picture changes."""
    state = states["mid"]
    concealed = sorted(
        (u for u in state.units.values() if hidden(state, u)), key=lambda u: (u.location, u.id)
    )
    a = concealed[0]
    b = next(u for u in concealed if u.location != a.location and u.name != a.name)
    swapped = state.model_copy(deep=True)
    swapped.units[a.id].location, swapped.units[b.id].location = b.location, a.location

    assert view(swapped, None) == view(state, None)
    assert render(view(swapped, None)) == render(view(state, None))
    assert render(view(swapped, "axis")) == render(view(state, "axis"))
    assert render(view(swapped, "allies")) != render(view(state, "allies"))


def test_allied_picture_shows_what_the_public_one_hides(states: dict[str, WarAtSeaState]) -> None:
    for position in ("start", "mid"):
        public, allied = view(states[position], None), view(states[position], "allies")
        assert public["hidden"] and not allied["hidden"]
        assert render(public) != render(allied)


def test_face_down_tiles_carry_only_a_count() -> None:
    one = pieces.tiles_for([], 3, [])
    other = pieces.tiles_for([], 3, [])
    assert one == other
    assert pieces.tile_image(one[0], 62).tobytes() == pieces.tile_image(other[0], 62).tobytes()
    assert one[0].face is not None and one[0].face.face_down and not one[0].face.name


def test_every_phase_of_a_game_renders_within_limits() -> None:
    state, dice = _new_game()
    rng = random.Random(7)
    seen: set[str] = set()
    step = 0
    while state.result is None:
        audiences = (None, "allies") if step % 3 == 0 else (None,)
        for audience in audiences:
            data = render(view(state, audience))
            with Image.open(io.BytesIO(data)) as image:
                assert image.width <= 1600
            assert len(data) < 1_000_000
        seen.add(state.phase)
        step += 1
        state = play(RULESET, state, dice, rng, max_actions=5).state  # type: ignore[assignment]
    data = render(view(state, None))  # the final position, with its result
    assert data.startswith(PNG_MAGIC)
    assert len(seen) >= 6, seen


# --- packing and text ----------------------------------------------------------------------


def _tile(n: int) -> pieces.Tile:
    face = pieces.face_for(("axis", "german", "uboat", "1-0", None, 0, ()), "")
    return pieces.Tile(side="axis", face=face, count=n)


def test_a_crowded_zone_shrinks_its_counters_then_overflows() -> None:
    zone: Rect = (0, 0, 400, 200)
    size, placed = pieces.pack(zone, [_tile(2)] * 4)
    assert size == pieces.SIZES[0] and len(placed) == 4
    size, placed = pieces.pack(zone, [_tile(2)] * 14)
    assert size < pieces.SIZES[0] and len(placed) == 14
    size, placed = pieces.pack(zone, [_tile(2)] * 200)
    assert size == pieces.SIZES[-1]
    last = placed[-1][0]
    assert last.face is not None and last.face.factors.startswith("+")
    c = pieces.cell(size)
    assert all(0 <= x <= 400 - c and 0 <= y <= 200 - c for _t, x, y in placed)


def test_caption_names_turn_phase_and_decision(states: dict[str, WarAtSeaState]) -> None:
    text = caption(view(states["start"], None))
    assert "War at Sea" in text and "大西洋海战" in text
    assert "Allies to decide" in text
