"""GJ74 data: the stand-in map, navies, aircraft and Air Operations Table load, fit what the
rulebook prints, are reproduced by the converter, and a broken edit is reported whole."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from bot.rules.core.data import data_dir
from bot.rules.core.sourced import DataError
from bot.rules.gj74.components import GAME_DIR, load_components, neighbours_of, sea_reach
from tests.converters import assert_reproduced, reference

REFERENCE = reference("gj74")


@pytest.fixture(scope="module")
def components():
    return load_components()


def test_the_map_fits_the_rulebooks_anchors(components) -> None:
    terrain = Counter(h.terrain for h in components.hexes.values())
    assert terrain == {"sea": 394, "coastal": 184, "land": 142}  # NOTES.md stand-in grid
    assert len(components.land_hexsides) == 59
    assert components.hexes["0901"].nation == "jp"  # 19.4: いずも off the Kii peninsula
    assert [p.kind for p in components.places_at("1313")] == ["reef"]  # 19.3 Socotra Rock
    assert "island" in {p.kind for p in components.places_at("2513")}  # the 19.4 target
    reach = sea_reach(components.hexes, components.land_hexsides)
    ports = [p for p in components.places.values() if p.kind == "port"]
    assert len(ports) == 10 and all(p.hex in reach for p in ports)
    assert not any(components.hexes[h].nation == "tw" for h in reach)  # Taiwan stays neutral


def test_neighbours_follow_the_column_parity() -> None:
    # Odd columns: (c, r+-1), (c+-1, r-1), (c+-1, r); even columns shift to r, r+1.
    assert set(neighbours_of("1313")) == {"1312", "1314", "1212", "1213", "1412", "1413"}
    assert set(neighbours_of("1212")) == {"1211", "1213", "1112", "1113", "1312", "1313"}
    assert set(neighbours_of("0101")) == {"0102", "0201"}  # a corner: three fall off the map


def test_navies_keep_every_value_the_rulebook_prints(components) -> None:
    by = {(c.nation, c.type, c.tech): c for c in components.classes.values()}
    ddg = components.classes["cn_luyang_iii_052d"]  # search table: DDG 2, 2/(4)/0.5
    assert (ddg.tech, ddg.anti_ship, ddg.anti_air, ddg.wide_area_aa, ddg.asw) == (
        2,
        2,
        4,
        True,
        0.5,
    )
    assert ddg.long_range == 3  # 22.1
    jp_ss = by[("jp", "SS", 3)]
    assert jp_ss.multi_target and jp_ss.move == 1  # circled anti-ship; SS move 1 (8)
    izumo = components.classes["jp_izumo_class"]
    assert izumo.vp_multiplier == 1.5 and izumo.names == ("いずも", "かが")  # 21.1
    assert components.classes["cn_shandong_type_002"].air_intercept == 4  # 23.0 ex.4 battle 3


def test_air_operations_table_reproduces_example_one(components) -> None:
    # 23.0 ex.1: carrier air operations at 3 hexes by tech-3 DDHs, a roll of 4: 4 actions.
    assert components.air_actions("carrier_air_ops", 3, 4 + 3) == 4
    assert components.air_actions("base_air_ops", 10, 6) == 1
    assert components.air_actions("base_air_ops", 11, 6) is None  # beyond 10 hexes
    assert components.air_actions("base_air_ops", 0, 1 - 2) == 0  # night: die - 2


@pytest.mark.skipif(not REFERENCE.is_dir(), reason="no ../shared/reference/gj74")
def test_the_converter_reproduces_the_data(tmp_path: Path) -> None:
    assert_reproduced("convert_gj74.py", "gj74", GAME_DIR, tmp_path)


def test_a_broken_edit_reports_every_problem_at_once(tmp_path: Path) -> None:
    shutil.copytree(data_dir() / GAME_DIR, tmp_path / GAME_DIR)
    board = tmp_path / GAME_DIR / "map.toml"
    text = board.read_text(encoding="utf-8")
    text = text.replace('{ a = "0116", b = "0117" }', '{ a = "0116", b = "0130" }')
    text = text.replace('hex = "0801"\nkind = "port"', 'hex = "0101"\nkind = "port"')  # at sea
    board.write_text(text, encoding="utf-8")
    ships = tmp_path / GAME_DIR / "ships.toml"
    # 054A: 12 counters become 2, so China has 4 FFG (with the two 054).
    ships.write_text(ships.read_text(encoding="utf-8").replace("count = 12\n", "count = 2\n"))
    with pytest.raises(DataError) as caught:
        load_components(tmp_path)
    messages = [str(p) for p in caught.value.problems]
    assert any("0116-0130" in m and "not neighbours" in m for m in messages)
    assert any("port_maizuru" in m and "a port on a sea hex" in m for m in messages)
    assert any("cn: 4 FFG, the scenarios draw 12" in m for m in messages)


def test_the_catalogs_name_each_class_as_the_data_does() -> None:
    """secrets() (view.py) holds the data's class names: the catalogs must word a class with
    exactly those, or a leak in a message would go unseen."""
    from bot.i18n import catalogs
    from bot.rules.gj74 import board

    for c in board.comps().classes.values():
        assert catalogs()["en"][f"gj74.cls.{c.id}"] == c.name
        assert catalogs()["zh"][f"gj74.cls.{c.id}"] == c.name_zh


def _records(node: object, where: str) -> list[tuple[str, dict[str, object]]]:
    """Every table of a TOML document that states a status, with where it sits."""
    out: list[tuple[str, dict[str, object]]] = []
    if isinstance(node, dict):
        if "status" in node:
            out.append((where, node))
        for k, v in node.items():
            out += _records(v, f"{where}.{k}")
    elif isinstance(node, list):
        for n, v in enumerate(node):
            out += _records(v, f"{where}[{n}]")
    return out


def test_every_standin_value_says_where_it_comes_from_and_why() -> None:
    """Issue 19 (data): a stand-in value names its source and the reasoning behind it (the
    reference's NOTES.md section, or the rule it is read from); a test listing them all."""
    import tomllib

    bare = []
    standins = 0
    for path in sorted((data_dir() / GAME_DIR).glob("*.toml")):
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        for where, record in _records(doc, path.name):
            if record["status"] != "standin":
                continue
            standins += 1
            source = str(record.get("source", ""))
            has_source = "reference/gj74" in source or "rulebook" in source or "NOTES.md" in source
            has_reason = ";" in source or ":" in source.split(")", 1)[-1]
            if not (has_source and has_reason and len(source) > 60):
                bare.append(f"{where}: {source!r}")
    assert standins > 50
    assert bare == []
