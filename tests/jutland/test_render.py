"""Jutland's pictures (rendering/jutland/): drawn from the view alone, so a hidden German
move never changes the British picture, while one's own move does; the battle surface shows
the counters where they are; every picture fits a phone (at most 1600 px wide)."""

from __future__ import annotations

import io
from typing import Any

from PIL import Image

from bot.referee.fairdice import FairDice
from bot.rules.core.registry import get
from bot.rules.jutland.state import Announcement, BattleShip, JutlandState
from rendering.jutland.render import describe, render
from rendering.registry import render_view

RULES = get("jutland")


def _state() -> JutlandState:
    dice = FairDice(b"jutland-render-test-seed-0000001", "r", 0)
    state: Any = RULES.setup("basic", RULES.parse_options({}), dice).state
    state.phase, state.hour = "plot", 14
    for tf, where in {"de1": "P15", "de2": "Q14", "gb3": "M12", "gb1": "H18"}.items():
        state.task_forces[tf].hex, state.task_forces[tf].left_at = where, 2
        state.task_forces[tf].track.append(where)
    assert isinstance(state, JutlandState)
    return state


def _png(state: JutlandState, audience: str | None) -> bytes:
    return render(RULES.view(state, audience).model_dump(mode="json"))


def _size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as img:
        return img.size


def test_a_hidden_german_move_leaves_the_british_and_public_pictures_unchanged() -> None:
    state = _state()
    moved = state.model_copy(deep=True)
    moved.task_forces["de1"].hex = "P16"
    moved.task_forces["de1"].track.append("P16")
    for audience in ("british", None):
        assert _png(state, audience) == _png(moved, audience)
    assert _png(state, "german") != _png(moved, "german")  # his own sheet shows it


def test_what_the_rules_reveal_is_drawn_for_both() -> None:
    """A coastal patrol's sighting (3.1) changes every audience's picture."""
    state = _state()
    seen = state.model_copy(deep=True)
    seen.spotted.append((14, "P15"))
    for audience in ("british", "german", None):
        assert _png(state, audience) != _png(seen, audience)


def test_a_hidden_british_move_leaves_the_german_and_public_pictures_unchanged() -> None:
    state = _state()
    moved = state.model_copy(deep=True)
    moved.task_forces["gb3"].hex = "M13"
    moved.task_forces["gb3"].track.append("M13")
    for audience in ("german", None):
        assert _png(state, audience) == _png(moved, audience)
    assert _png(state, "british") != _png(moved, "british")


def test_past_contacts_and_sightings_stay_on_every_sheet() -> None:
    """A battle of 12 hours ago and a sighting of 9 hours ago (3.3 item 4c, 3.1) are still
    drawn, far from any force, on the public sheet and on both players' own."""
    state = _state()
    old = state.model_copy(deep=True)
    old.contacts.append((2, "W16"))
    older = old.model_copy(deep=True)
    older.spotted.append((5, "Z16"))
    for audience in ("british", "german", None):
        assert _png(state, audience) != _png(old, audience) != _png(older, audience)


def test_the_enemys_announcement_is_drawn_on_the_players_sheet_only() -> None:
    """3.3 item 2: the Germans announce every hex holding a force, and the British hear it;
    the public sheet shows only the contacts (answers yes), the sightings and the battles."""
    state = _state()
    heard = state.model_copy(deep=True)
    heard.announcements.append(
        Announcement(hour=14, side="german", answers={"P15": False, "Q14": False})
    )
    assert _png(state, "british") != _png(heard, "british")
    assert _png(state, None) == _png(heard, None)
    found = state.model_copy(deep=True)
    found.announcements.append(Announcement(hour=14, side="german", answers={"M12": True}))
    assert _png(state, None) != _png(found, None)


def test_the_battle_surface_draws_the_counters_where_they_are() -> None:
    state = _state()
    state.task_forces["gb3"].hex = "P15"
    state.contact = "P15"
    from bot.rules.jutland.battle.placement import new_battle

    state.battle = new_battle(state, "P15")
    state.phase = "battle"
    first = _png(state, "british")
    ship = next(iter(state.battle.ships.values()))
    assert isinstance(ship, BattleShip)
    ship.x += 3000
    assert _png(state, "british") != first
    assert _png(state, "german") != _png(state, "british")  # range bands from one's flagship
    width, height = _size(first)
    assert 640 <= width <= 1600 and height <= 2000
    text = describe(RULES.view(state, "british").model_dump(mode="json"))
    assert "P15" in text and "visibility" in text


def test_pictures_are_pure_and_registered() -> None:
    state = _state()
    view = RULES.view(state, "german").model_dump(mode="json")
    assert render(view) == render(view)
    assert render_view(view) == render(view)
    width, _ = _size(render(view))
    assert width <= 1600
