"""Jutland's component data: it loads, every problem is reported at once, the stand-ins are
the documented formula of their recorded figures, and the converter reproduces the sheet."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from bot.rules.core.data import data_dir
from bot.rules.core.sourced import DataError
from bot.rules.jutland import board
from bot.rules.jutland.components import comps, load_components
from tests.converters import assert_reproduced

FACTORS = ("bow", "broadside", "stern", "protection", "movement", "hit_boxes")


def _half_up(x: float) -> int:
    return int(x + 0.5)


def test_the_fleets_and_the_sheet_load() -> None:
    c = comps()
    assert len(c.hexes) == 645  # 15 rows of 22 and 15 of 21 (corners A13, A34, DD-1, DD19)
    sides = [s.side for s in c.ships.values() if s.task_force is not None]
    assert sides.count("british") == 45 and sides.count("german") == 27
    assert {c.bases[b].hex for b in ("scapa", "cromarty", "rosyth", "jade")} == {
        "A17", "D13", "K9", "BB16",
    }  # fmt: skip
    assert c.ships["posen"].protection == 6 and c.ships["ajax"].broadside == 6  # Jutland 4.3
    assert c.ships["kaiser"].broadside == 10 and c.ships["kaiser"].hit_boxes == 12  # 13.1
    assert len(c.exits["channel"].hexes) == 6 and len(c.exits["skagerrak"].hexes) == 4


def test_every_stand_in_factor_is_formula_s1_of_its_class_figures() -> None:
    """data/jutland/README.md: gunnery = lb / 1700, protection = belt / 2, movement = knots /
    2.5, hit boxes = tons / 2000, rounded half up; a printed value is `rules` instead."""
    for c in comps().classes.values():
        formula = {
            "bow": _half_up(c.bow_lb / 1700),
            "broadside": max(1, _half_up(c.broadside_lb / 1700)),
            "stern": _half_up(c.stern_lb / 1700),
            "protection": max(1, _half_up(c.belt_in / 2)),
            "movement": _half_up(c.speed_kn / 2.5),
            "hit_boxes": max(1, _half_up(c.displacement_t / 2000)),
        }
        for f in FACTORS:
            if c.provenance(f).status == "standin":
                assert getattr(c, f) == formula[f], (c.id, f)
            else:
                assert c.provenance(f).status == "rules", (c.id, f)


def test_every_base_opens_on_the_sea_for_its_side() -> None:
    for b in comps().bases.values():
        # Within two hexes of open sea, through hexes the side may enter.
        first = [n for n in comps().neighbours(b.hex) if board.enterable(b.side, n)]
        second = [m for n in first for m in comps().neighbours(n) if board.enterable(b.side, m)]
        assert any(comps().hexes[h].terrain != "coast" for h in first + second), b.id


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    root = tmp_path / "jutland"
    shutil.copytree(data_dir() / "jutland", root)
    places = (root / "places.toml").read_text(encoding="utf-8")
    places = places.replace('hex = "A17"', 'hex = "A99"').replace('hex = "K10"', 'hex = "M10"')
    (root / "places.toml").write_text(places, encoding="utf-8")
    ships = (root / "ships.toml").read_text(encoding="utf-8")
    (root / "ships.toml").write_text(ships.replace('class = "tiger"', 'class = "kitten"'))
    with pytest.raises(DataError) as err:
        load_components(tmp_path)
    text = str(err.value)
    assert "A99 is not on the sheet" in text and "M10 is" in text and "'kitten'" in text


def test_the_converter_reproduces_the_sheet(tmp_path: Path) -> None:
    assert_reproduced("convert_jutland.py", "jutland", "jutland", tmp_path)
