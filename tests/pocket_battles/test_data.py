"""Pocket Battles data: every file loads, cross-checks hold, and a broken edit is reported whole."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.rules.core.data import data_dir
from bot.rules.core.sourced import DataError
from bot.rules.pocket_battles.actions import ARMY_TILES, MAX_FORMATION
from bot.rules.pocket_battles.components import GAME_DIR, load_components


@pytest.fixture(scope="module")
def components():
    return load_components()


def test_both_armies_have_thirty_tiles_with_the_transcribed_totals(components) -> None:
    celts, romans = components.army("celts"), components.army("romans")
    assert len(celts) == len(romans) == 30 == ARMY_TILES  # the bound of a unit's tile list
    # The highest formation value is the most tiles the menus let a unit take (3.3).
    assert max(t.formation for t in [*celts, *romans]) == MAX_FORMATION
    # NOTES.md: 119 and 111 deployment points in the fan transcription.
    assert sum(t.points for t in celts) == 119
    assert sum(t.points for t in romans) == 111


def test_tile_values_read_as_printed(components) -> None:
    ballista = components.tiles["romans_05_ballista"]
    assert ballista.shooting == (5, 6)
    assert ballista.formation == 1
    assert ballista.provenance("formation").status == "rules"  # the summary's own example
    assert [t.id for t in ballista.traits] == ["wide_arc", "plus_shooting", "long_range"]
    assert ballista.trait("plus_shooting").x == 1
    warchief = components.tiles["celts_30_warchief"]
    assert warchief.engagement == () and warchief.trait("plus_engagement").x == 2
    # A repeated number is one die icon each (NOTES.md): Horsemen 3 3.
    assert components.tiles["celts_12_horsemen"].engagement == (3, 3)
    assert components.tiles["celts_01_druid"].provenance("name_zh").status == "inferred"


def test_every_trait_is_used_and_order_traits_are_the_special_tactics(components) -> None:
    used = {ref.id for tile in components.tiles.values() for ref in tile.traits}
    assert used == set(components.traits)
    order = {t.id for t in components.traits.values() if t.kind == "order"}
    assert order == {"heal", "excite", "double_order"}


def test_battlefield_is_fifteen_zones_with_orthogonal_neighbours(components) -> None:
    assert len(components.zones) == 15
    near = components.neighbours
    assert near["engagement_2"] == {
        "engagement_1",
        "engagement_3",
        "celts_front_2",
        "romans_front_2",
    }
    assert near["celts_rear_1"] == {"celts_rear_2", "celts_front_1"}  # no diagonal
    assert components.battle.sizes == (50, 60, 70, 80, 90, 100)


def test_a_broken_edit_reports_every_problem_at_once(tmp_path: Path) -> None:
    shutil.copytree(data_dir() / GAME_DIR, tmp_path / GAME_DIR)
    tiles = tmp_path / GAME_DIR / "tiles.toml"
    text = tiles.read_text(encoding="utf-8")
    text = text.replace('{ id = "fury" }', '{ id = "furry" }', 1)  # unknown trait
    text = text.replace("formation = 4\n", "formation = 0\n", 1)  # out of range
    text = text.replace("number = 2\n", "number = 1\n", 1)  # numbered twice
    tiles.write_text(text, encoding="utf-8")
    battle = tmp_path / GAME_DIR / "battle.toml"
    battle.write_text(battle.read_text(encoding="utf-8").replace("[[zones]]", "[[zonez]]", 1))
    with pytest.raises(DataError) as caught:
        load_components(tmp_path)
    messages = [str(p) for p in caught.value.problems]
    assert any("unknown trait 'furry'" in m for m in messages)
    assert any("formation" in m and "greater than or equal to 1" in m for m in messages)
    assert any("celts tile 1" in m and "numbered 2 times" in m for m in messages)
    assert any("zonez" in m and "unknown top-level key" in m for m in messages)
    assert any("14 zones, the battlefield has 15" in m for m in messages)
