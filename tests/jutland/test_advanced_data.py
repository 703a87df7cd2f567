"""Jutland's Advanced data: everything loads, every problem is reported at once, the printed
tables are exactly the rulebook's, and the stand-ins are their documented formulas."""

from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

from bot.rules.core.data import data_dir
from bot.rules.core.sourced import DataError
from bot.rules.jutland.advanced.components import adv, load_advanced

RATES = {1: 0.5, 2: 0.4, 3: 0.3, 4: 0.2, 5: 0.1}


def _half_up(x: float) -> int:
    return int(x + 0.5)


def test_every_advanced_table_loads_with_its_provenance() -> None:
    a = adv()
    assert a.rules.gunnery_loss_per_hit == 1 and a.rules.torpedo_range == 6000
    assert [(b.low, b.high, b.numerator, b.denominator) for b in a.bands] == [
        (0, 3000, 3, 1), (3000, 10000, 2, 1), (10000, 16000, 1, 1), (16000, None, 1, 2),
    ]  # fmt: skip
    # 12.4 item 2, the Torpedo Attack Table as printed, the 6 rolling again.
    assert a.torpedo[1].hits == (3, 4, 5, 6, 7, 9, 10, 11, 12, 14)
    assert a.torpedo[5].hits == (0, 0, 1, 2, 3, 3, 4, 5, 6, 6) and a.torpedo[6].again
    assert a.weapons["dd_guns"].against("cl") == "none"
    assert a.weapons["cl_guns"].against("capital") == "none"
    assert a.weapons["torpedo"].against("capital") == "torpedo"
    assert a.victory["sink_capital"].per_protection == 4 and a.victory["flotation_hit"].points == 2
    assert [c.effect for c in a.critical][:3] == ["magazine", "engine_room", "director"]
    assert a.critical[0].sub[0].effect == "magazine_explosion"  # 23.3: 1-2 blows up
    for table in (a.torpedo, a.weapons, a.bands, a.victory, a.flotation, a.critical):
        rows = table.values() if isinstance(table, dict) else table
        assert all(r.status == "rules" for r in rows)
    assert all(r.status == "standin" for r in a.damage.values())
    sides = [u.side for u in a.light.values() if not u.extra]
    assert sides.count("british") == 10 and sides.count("german") == 8


def test_the_gunnery_damage_table_is_formula_g1() -> None:
    for die, rate in RATES.items():
        assert adv().damage[die].hits == tuple(_half_up(f * rate) for f in range(1, 41))
    assert adv().damage[6].again


def test_light_ships_are_formula_l1_or_printed() -> None:
    for u in adv().light.values():
        if u.id in ("gb_harwich9", "gb_harwich10", "gb_cl5", "gb_dover"):
            assert u.status == "rules" and u.extra  # Tournament 21.3, printed whole
            continue
        assert u.ships is not None and u.speed_kn is not None and u.tubes is not None
        if u.provenance("movement").status == "standin":
            assert u.movement == _half_up(u.speed_kn / 2.5), u.id
        n = u.ships
        if u.kind == "CL":
            assert u.boxes == tuple(2 * (n - i) for i in range(n)), u.id
        elif u.provenance("boxes").status == "standin" and u.id != "gb_dd1":
            t = _half_up(n * u.tubes / 10)
            assert u.boxes == tuple(math.ceil((n - 1 - i) * t / (n - 1)) for i in range(n))
    # 12.7's examples: CL-Sqd 1 at 6 after a hit, 2 after three; DD-Flot 1 torpedo 1 after
    # three hits, 0 after eight, gunnery 10 and ten boxes.
    cl1, dd1 = adv().light["gb_cl1"], adv().light["gb_dd1"]
    assert cl1.boxes[1] == 6 and cl1.boxes[3] == 2 and len(cl1.boxes) == 4
    assert dd1.gunnery == 10 and len(dd1.boxes) == 10 and dd1.boxes[3] == 1 and dd1.boxes[8] == 0


def test_every_problem_is_reported_at_once(tmp_path: Path) -> None:
    root = tmp_path / "data"
    shutil.copytree(data_dir() / "jutland" / "advanced", root / "jutland" / "advanced")
    tables = root / "jutland" / "advanced" / "tables.toml"
    text = tables.read_text(encoding="utf-8")
    text = text.replace("hits = [3, 4, 5, 6, 7, 9, 10, 11, 12, 14]", "hits = [3, 4, 5]")
    text = text.replace("low = 10000", "low = 9000")
    tables.write_text(text, encoding="utf-8")
    lights = root / "jutland" / "advanced" / "light_ships.toml"
    lights.write_text(
        lights.read_text(encoding="utf-8").replace("boxes = [10, 8, 6, 4, 2]", "boxes = [2, 4]"),
        encoding="utf-8",
    )
    with pytest.raises(DataError) as err:
        load_advanced(root)
    found = "\n".join(str(p) for p in err.value.problems)
    assert "torpedo 1" in found and "3 columns" in found
    assert "band b2" in found and "starts at 9000" in found
    assert "light gb_cl5" in found
