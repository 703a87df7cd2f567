"""Map polish (issue 12.16): the battle badge never covers an area's names, the footer signs
negative points once, the legend keeps out of the Notes column, the final map of an 18.2 game
names every counter, and map attachments carry alt text built from the same view."""

from __future__ import annotations

import random

from bot.alt import alt_text
from bot.autoplay import play
from bot.referee.fairdice import FairDice
from bot.rules.war_at_sea import RULESET
from bot.rules.war_at_sea.state import WarAtSeaState
from bot.rules.war_at_sea.units import hidden
from rendering.war_at_sea import board, footer, layout


def test_the_battle_badge_never_covers_an_areas_names() -> None:
    """North and South Atlantic: the names (both languages) leave no room for the badge, so it
    goes below them; wherever it is put beside, it starts right of the names."""
    beside = []
    for sea in layout.SEAS:
        right = board.names_right(sea.key)
        for kind in ("asw", "air", "surface"):
            badge = board.battle_badge({"kind": kind, "round": 3})
            if board.badge_beside(right, badge, sea.zone[2]):
                width = board._chips_width([badge])
                assert sea.zone[2] - width + 6 >= right, (sea.key, kind)
                beside.append(sea.key)
    assert "north_atlantic" not in beside and "south_atlantic" not in beside


def test_the_footer_signs_negative_points_once() -> None:
    line = footer.last_turn_line({"last_points": {"axis": 4, "allies": -3}})
    assert line.endswith("Axis 轴心国 +4, Allies 盟军 -3") and "+-" not in line


def test_the_legend_keeps_out_of_the_notes_column() -> None:
    right, notes = footer.legend_right(layout.WIDTH)
    assert right < notes, (right, notes)


def _finished(options: dict[str, bool]) -> WarAtSeaState:
    dice = FairDice(b"war-at-sea-final-map-seed-000001", "final", 0)
    state = RULESET.setup("standard", RULESET.parse_options(options), dice).state
    state = play(RULESET, state, dice, random.Random(1)).state
    assert isinstance(state, WarAtSeaState) and state.result is not None
    return state


def test_the_final_map_of_an_18_2_game_names_every_counter() -> None:
    """Ruling (units.hidden): 18.2 hides counters while the game is played; once it is over
    the seed is revealed and the export names every move, so the public view turns them up."""
    state = _finished({"variant_18_2": True})
    assert not [u.id for u in state.units.values() if hidden(state, u)]
    view = RULESET.view(state, None).model_dump(mode="json")
    assert view["hidden"] == [], "no face-down stack is left"
    named = {u["name"] for u in view["units"]}
    assert {"Hood", "Nelson"} <= named
    assert not {"Hood", "Nelson"} & RULESET.secrets(state, None)


def test_a_maps_alt_text_says_what_it_shows_and_what_changed() -> None:
    state = _finished({})
    view = RULESET.view(state, None).model_dump(mode="json")
    posted = "**War at Sea** · game `abc`\n• Bismarck moves to <@123> the North Sea\n-# small"
    alt = alt_text(view, posted)
    assert alt is not None and alt.startswith("War at Sea 大西洋海战 · Turn 8/8")
    assert "Bismarck moves to  the North Sea" in alt and "<@" not in alt and "**" not in alt
    assert alt_text(None, posted) is None
    assert len(alt_text(view, posted + "\nx" * 2000) or "") <= 1024
