"""AA50 data: the converted board, powers, units, scenarios, objectives and research charts load,
cross-check against the rulebook, are reproduced by the converter, and a broken edit is reported
whole."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from bot.rules.aa50.components import GAME_DIR, load_components
from bot.rules.core.data import data_dir
from bot.rules.core.sourced import DataError
from tests.converters import assert_reproduced, reference

REFERENCE = reference("aa50")


@pytest.fixture(scope="module")
def components():
    return load_components()


def test_the_board_as_notes_count_it(components) -> None:
    ts = components.territories.values()
    assert sum(1 for t in ts if t.sea) == 65
    assert sum(1 for t in ts if not t.sea) == 97
    assert sum(len(t.adjacent) for t in ts) == 2 * 407  # undirected connections
    assert sum(1 for t in ts if t.island) == 19
    assert sum(1 for t in ts if t.impassable) == 15
    assert sum(1 for t in ts if t.victory_city) == 18  # rulebook 2.7
    assert sum(t.ipc for t in ts) == 178
    capitals = {t.capital_of: t.id for t in ts if t.capital_of}
    assert capitals == {
        "germans": "germany",
        "russians": "russia",
        "japanese": "japan",
        "british": "united_kingdom",
        "italians": "italy",
        "americans": "eastern_united_states",
    }  # rulebook 4: China has no capital (TripleA's Mongolia placeholder dropped)
    assert components.canals["suez"].controlled_by == ("egypt", "trans_jordan")  # rulebook 2.6
    assert components.territories["karelia_ssr"].victory_city_zh == "列宁格勒"


def test_units_are_the_rulebooks_section_7(components) -> None:
    u = components.units
    assert (u["infantry"].cost, u["infantry"].attack, u["infantry"].defense) == (3, 1, 2)
    assert (u["bomber"].attack, u["bomber"].defense, u["bomber"].move) == (4, 1, 6)
    assert u["battleship"].hits == 2 and u["cruiser"].hits == 1
    assert u["submarine"].shipyards_cost == 3  # 5.2.3 as printed; TripleA says 5
    assert u["submarine"].provenance("shipyards_cost").source.startswith("rulebook 5.2.3")


def test_scenarios_start_as_the_rulebook_prints(components) -> None:
    s41, s42 = components.scenarios["1941"], components.scenarios["1942"]
    assert s41.turn_order[:6] == (
        "germans", "russians", "japanese", "british", "italians", "americans",
    )  # fmt: skip
    assert s42.turn_order[:6] == (
        "japanese", "russians", "germans", "british", "italians", "americans",
    )  # fmt: skip
    assert s41.ipcs["british"] == 43 and s42.ipcs["germans"] == 37
    totals = Counter()
    for p in s41.placements:
        totals[(p.power, p.unit)] += p.count
    # NOTES.md unit totals, 1941: Germans 19 inf, 8 arm, 3 sub; Chinese 4 inf, 1 fighter.
    assert totals[("germans", "infantry")] == 19 and totals[("germans", "armour")] == 8
    assert totals[("germans", "submarine")] == 3
    assert totals[("chinese", "infantry")] == 4 and totals[("chinese", "fighter")] == 1
    assert s42.owners["kiangsu"].original == "chinese"


def test_objectives_and_research(components) -> None:
    o = components.objectives
    assert len(o) == 17
    assert o["russians_2"].value == 10 and o["russians_2"].count == 3
    assert o["russians_1"].no_allied_units
    assert o["italians_2"].no_enemy_surface_ships == ("sz_13", "sz_14", "sz_15")
    chart2 = sorted((a.roll, a.id) for a in components.advances.values() if a.chart == "chart_2")
    assert chart2[0] == (1, "super_submarines") and chart2[5] == (6, "heavy_bombers")


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="no ../shared/reference/aa50")
def test_the_converter_reproduces_the_data(tmp_path: Path) -> None:
    assert_reproduced("convert_aa50.py", "aa50", GAME_DIR, tmp_path)


def test_a_broken_edit_reports_every_problem_at_once(tmp_path: Path) -> None:
    shutil.copytree(data_dir() / GAME_DIR, tmp_path / GAME_DIR)
    board = tmp_path / GAME_DIR / "map.toml"
    text = board.read_text(encoding="utf-8")
    # Alaska forgets Western Canada: the adjacency is no longer symmetric.
    text = text.replace(
        'adjacent = ["sz_64", "sz_65", "western_canada"]', 'adjacent = ["sz_64", "sz_65"]'
    )
    board.write_text(text, encoding="utf-8")
    s41 = tmp_path / GAME_DIR / "scenario_1941.toml"
    text = s41.read_text(encoding="utf-8")
    text = text.replace('unit = "carrier"', 'unit = "cruiser"', 1)  # fighters lose their deck
    text = text.replace("ipcs = 43", "ipcs = 44", 1)
    s41.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_components(tmp_path)
    messages = [str(p) for p in caught.value.problems]
    assert any("western_canada" in m and "not symmetric" in m for m in messages)
    assert any("fighters but room on carriers" in m for m in messages)
    assert any("starting_ipcs british" in m and "rulebook 3.1 prints 43" in m for m in messages)
