"""War at Sea component data: the files load, hold what the rulebook and NOTES.md confirm, and a
broken copy reports every problem at once."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from bot.rules.war_at_sea.components import (
    Components,
    DataError,
    Sourced,
    load_components,
)

DATA = Path(__file__).resolve().parents[2] / "data"


@pytest.fixture(scope="module")
def comp() -> Components:
    return load_components(DATA)


@pytest.fixture
def data_copy(tmp_path: Path) -> Path:
    shutil.copytree(DATA / "war_at_sea", tmp_path / "war_at_sea")
    return tmp_path


def _edit(root: Path, name: str, old: str, new: str) -> None:
    path = root / "war_at_sea" / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# Loading -----------------------------------------------------------------------------------


def test_default_dir_and_env_override(monkeypatch: pytest.MonkeyPatch, data_copy: Path) -> None:
    monkeypatch.delenv("REFEREE_DATA_DIR", raising=False)
    assert len(load_components().units) == len(load_components(DATA).units)
    _edit(data_copy, "units.toml", 'name = "Hood"', 'name = "Hood (copy)"')
    monkeypatch.setenv("REFEREE_DATA_DIR", str(data_copy))
    assert load_components().units["hood"].name == "Hood (copy)"


def test_missing_files_are_all_reported(tmp_path: Path) -> None:
    (tmp_path / "war_at_sea").mkdir()
    with pytest.raises(DataError) as err:
        load_components(tmp_path)
    files = {p.file for p in err.value.problems}
    assert files == {"map.toml", "map_exceptions.toml", "units.toml", "turns.toml"}


# The map -----------------------------------------------------------------------------------


def test_six_sea_areas(comp: Components) -> None:
    # War at Sea 2.1
    assert set(comp.areas) == {
        "north_atlantic",
        "south_atlantic",
        "north_sea",
        "baltic_sea",
        "mediterranean",
        "barents_sea",
    }


def test_inferred_poc_values(comp: Components) -> None:
    # NOTES.md section 1, solved from seven reports.
    axis = {a.id: a.poc_axis for a in comp.areas.values()}
    allies = {a.id: a.poc_allies for a in comp.areas.values()}
    assert axis["north_atlantic"] == axis["south_atlantic"] == 3
    assert axis["barents_sea"] == axis["mediterranean"] == 2
    assert axis["baltic_sea"] == 1
    assert all(v == 1 for k, v in allies.items() if k != "baltic_sea")


def test_norway_and_germany_are_one_port(comp: Components) -> None:
    # War at Sea 2.2
    assert "norway" not in comp.ports
    germany = comp.ports["germany"]
    assert "Norway" in germany.name and germany.side == "axis"
    assert "barents_sea" in germany.areas  # via Norway (S5)


def test_south_america_is_the_neutral_port(comp: Components) -> None:
    # War at Sea 2.3, 15.5
    neutral = [p.id for p in comp.ports.values() if p.side == "neutral"]
    assert neutral == ["south_america"]
    assert comp.ports["south_america"].areas == ("south_atlantic",)


def test_port_sides(comp: Components) -> None:
    allied = {p.id for p in comp.ports.values() if p.side == "allies"}
    axis = {p.id for p in comp.ports.values() if p.side == "axis"}
    assert allied == {"england", "malta", "usa", "russia", "leningrad"}
    assert axis == {"germany", "france", "italy"}


def test_france_repair_and_turns(comp: Components) -> None:
    france = comp.ports["france"]
    assert france.repair == 3  # War at Sea 15.2
    assert france.open_from_turn == 2 and france.closed_from_turn == 7  # 15.4
    assert [t for t in range(1, 9) if france.is_open(t)] == [2, 3, 4, 5, 6]
    assert "france_opens" in comp.turn(2).events
    assert "france_closes" in comp.turn(7).events


def test_england_borders_three_areas(comp: Components) -> None:
    # S14
    assert set(comp.ports["england"].areas) == {"north_sea", "north_atlantic", "south_atlantic"}
    assert not comp.adjacent("barents_sea", "mediterranean")


def test_adjacency_is_symmetric(comp: Components) -> None:
    for area in comp.areas.values():
        for other in area.adjacent:
            assert comp.adjacent(other, area.id)


def test_confirmed_air_strike_symbols(comp: Components) -> None:
    assert comp.areas["mediterranean"].air_strike_allies
    assert comp.areas["mediterranean"].air_strike_axis
    assert comp.areas["barents_sea"].air_strike_axis
    assert comp.areas["north_sea"].air_strike_axis
    assert comp.ports["italy"].air_strike_allies
    assert comp.ports["germany"].air_strike_allies


def test_printed_map_exceptions(comp: Components) -> None:
    def ports(area: str, nationality: str, turn: int, disabled: bool) -> set[str]:
        rules = comp.return_rules_for(area, nationality, turn, disabled)
        return {p for r in rules for p in r.ports}

    assert ports("barents_sea", "british", 2, False) == {"england"}
    assert ports("barents_sea", "british", 3, True) == {"russia"}
    assert ports("north_atlantic", "german", 1, True) == {"germany"}
    assert ports("north_atlantic", "german", 4, False) == {"germany", "france"}
    assert ports("north_atlantic", "german", 7, False) == {"germany"}
    assert ports("north_atlantic", "italian", 4, False) == set()
    assert ports("south_atlantic", "italian", 5, True) == {"south_america"}
    assert ports("south_atlantic", "british", 5, False) == set()
    assert ports("mediterranean", "british", 1, False) == {"england", "malta"}
    assert ports("mediterranean", "british", 1, True) == {"malta"}
    disabled_med = comp.return_rules_for("mediterranean", "british", 1, True)
    assert [r.mode for r in disabled_med] == ["must"]


# The counters ------------------------------------------------------------------------------


CONFIRMED_FACTORS = {
    # id: (gunnery, armor, speed, air), S1 turn-1 list and S2 turn 2
    "hood": (4, 4, 7, 0),
    "nelson": (5, 5, 3, 0),
    "rodney": (5, 5, 3, 0),
    "warspite": (4, 4, 4, 0),
    "queen_elizabeth": (4, 4, 4, 0),
    "royal_oak": (4, 4, 3, 0),
    "ramillies": (4, 4, 3, 0),
    "renown": (3, 3, 6, 0),
    "repulse": (3, 3, 6, 0),
    "exeter": (1, 1, 7, 0),
    "ark_royal": (0, 2, 7, 3),
    "eagle": (1, 2, 4, 1),
    "courageous": (0, 1, 6, 2),
    "glorious": (0, 1, 6, 2),
    "king_george_v": (4, 5, 6, 0),
    "prince_of_wales": (4, 5, 6, 0),
    "scharnhorst": (3, 5, 7, 0),
    "gneisenau": (3, 5, 7, 0),
    "admiral_graf_spee": (2, 2, 5, 0),
    "lutzow": (2, 2, 5, 0),
    "admiral_hipper": (1, 2, 7, 0),
    "blucher": (1, 2, 7, 0),
    "littorio": (4, 6, 6, 0),
    "vittorio_veneto": (4, 6, 6, 0),
    "giulio_cesare": (4, 3, 5, 0),
    "zara": (1, 1, 7, 0),
}


@pytest.mark.parametrize(("unit_id", "factors"), CONFIRMED_FACTORS.items())
def test_confirmed_factors(comp: Components, unit_id: str, factors: tuple[int, ...]) -> None:
    unit = comp.units[unit_id]
    assert (unit.gunnery, unit.armor, unit.speed, unit.air) == factors
    assert unit.status == "confirmed"


def test_turn_one_roster_counts(comp: Components) -> None:
    start = comp.starting_units()
    british = [u for u in start if u.nationality == "british" and u.type != "land_based_air"]
    german = [u for u in start if u.nationality == "german" and u.type != "land_based_air"]
    italian = [u for u in start if u.nationality == "italian"]
    assert len(british) == 27  # S1: 2+1+5+5+2 capital ships, 8 cruisers, 4 carriers
    assert len(german) == 7
    assert len(italian) == 10
    assert (
        len(
            [
                u
                for u in comp.units.values()
                if u.type == "heavy_cruiser"
                and u.id
                in {
                    "cumberland",
                    "devonshire",
                    "dorsetshire",
                    "exeter",
                    "kent",
                    "norfolk",
                    "suffolk",
                    "sussex",
                }
            ]
        )
        == 8
    )


def test_bismarck_and_tirpitz_armor_nine(comp: Components) -> None:
    # War at Sea 18.1 lowers it from nine to seven.
    for unit_id in ("bismarck", "tirpitz"):
        unit = comp.units[unit_id]
        assert unit.armor == 9
        assert unit.provenance("armor").status == "rules"
    # Bismarck is commissioned on turn 2 (S26, S27, S28), Tirpitz later (S26: one 4-9-6 on T2).
    assert comp.units["bismarck"].arrival_turn == 2
    assert comp.units["tirpitz"].arrival_turn == 3


def test_three_convoys(comp: Components) -> None:
    convoys = comp.units_where(type="convoy")
    assert sorted(u.name for u in convoys) == ["Convoy 1A", "Convoy 2B", "Convoy 3C"]
    assert all(u.asw == 3 and u.side == "allies" for u in convoys)
    assert all(comp.placement(u.id).reinforcement_port == "usa" for u in convoys)  # 13.1


def test_seven_uboat_flotillas(comp: Components) -> None:
    uboats = comp.units_where(type="uboat")
    assert len(uboats) == 7  # War at Sea 3.3, 8.6
    assert all((u.gunnery, u.armor, u.side) == (1, 0, "axis") for u in uboats)
    assert comp.turn(1).uboat_flotillas == 3  # S1


def test_two_land_based_air_units(comp: Components) -> None:
    lba = comp.units_where(type="land_based_air")
    assert sorted(u.side for u in lba) == ["allies", "axis"]
    assert all(u.air == 3 for u in lba)  # War at Sea 9.1


def test_asw_values(comp: Components) -> None:
    # War at Sea 8.2: each warship 1, carriers and convoys 3.
    for unit in comp.units.values():
        expected = {"carrier": 3, "convoy": 3, "uboat": 0, "land_based_air": 0}.get(unit.type, 1)
        assert unit.asw == expected, unit.id


def test_ids_are_stable_snake_case(comp: Components) -> None:
    assert all(re.fullmatch(r"[a-z][a-z0-9_]*", i) for i in comp.units)
    assert {"hood", "bismarck", "graf_zeppelin", "marat", "washington"} <= set(comp.units)


# The turn track ----------------------------------------------------------------------------


def test_eight_turns_with_reinforcements(comp: Components) -> None:
    assert comp.turn_count == 8
    assert comp.reinforcements(1) == ()
    turn2 = {u.id for u in comp.reinforcements(2)}
    assert {"king_george_v", "prince_of_wales", "formidable", "prinz_eugen", "bismarck"} == turn2
    for turn in range(2, 9):
        assert all(u.reinforcement and u.arrival_turn == turn for u in comp.reinforcements(turn))


def test_uboat_arrivals(comp: Components) -> None:
    # 3 at setup, 4 on turn 2, 5 on turn 3, 7 on turn 4 (S21).
    running = [sum(comp.turn(t).uboat_flotillas for t in range(1, n + 1)) for n in (1, 2, 3, 4)]
    assert running == [3, 4, 5, 7]


def test_british_set_up_in_england_or_malta(comp: Components) -> None:
    # War at Sea 4.3
    assert comp.placement("hood").setup_ports == ("england", "malta")
    assert comp.placement("king_george_v").reinforcement_port == "england"
    assert comp.placement("bismarck").setup_ports == ("germany",)
    assert comp.placement("littorio").setup_ports == ("italy",)


def test_soviet_entry_turn_three(comp: Components) -> None:
    # War at Sea 16.1
    assert comp.soviet_entry.turn == 3
    assert comp.soviet_entry.sortie_min_roll == 5
    assert "ussr_joins" in comp.turn(3).events
    soviets = comp.units_where(nationality="soviet")
    assert soviets and all(u.arrival_turn == 3 for u in soviets)
    assert all(comp.placement(u.id).reinforcement_port == "leningrad" for u in soviets)


def test_us_entry_from_turn_four(comp: Components) -> None:
    # War at Sea 16.2
    entry = comp.american_entry
    assert entry.turn == 4
    assert entry.min_roll == {4: 6, 5: 5, 6: 4, 7: 3, 8: 2}
    americans = comp.units_where(nationality="american")
    assert americans and all(u.arrival_turn == 4 for u in americans)
    assert all(comp.placement(u.id).reinforcement_port == "usa" for u in americans)


def test_refuelling_rolls(comp: Components) -> None:
    # War at Sea 14.3
    assert [comp.turn(t).refuel_max_roll for t in range(1, 9)] == [5, 4, 3, 0, 0, 0, 0, 0]


# Provenance --------------------------------------------------------------------------------


def _records(comp: Components) -> list[Sourced]:
    return [
        *comp.areas.values(),
        *comp.ports.values(),
        *comp.return_rules.values(),
        *comp.units.values(),
        *comp.turns,
        *comp.placements.values(),
        comp.soviet_entry,
        comp.american_entry,
    ]


def test_every_value_has_provenance(comp: Components) -> None:
    for record in _records(comp):
        provenances = [record.provenance(f) for f in type(record).model_fields]
        for prov in provenances:
            assert prov.status in {"confirmed", "rules", "inferred", "standin"}
            assert prov.source.strip()
            if prov.status == "confirmed":
                assert re.search(r"\bS\d+\b", prov.source), prov.source
            if prov.status == "rules":
                assert re.search(r"\d+\.\d+|appendix", prov.source), prov.source
            if prov.status == "standin":
                assert len(prov.source) > 30, prov.source  # the reasoning, not a label


def test_unit_defaults_apply(comp: Components) -> None:
    hood = comp.units["hood"]
    assert hood.provenance("asw").status == "rules"
    assert "8.2" in hood.provenance("asw").source
    assert hood.provenance("gunnery").status == "confirmed"


# A broken copy -----------------------------------------------------------------------------


def test_broken_copy_reports_every_problem(data_copy: Path) -> None:
    _edit(
        data_copy,
        "map.toml",
        'adjacent = ["north_atlantic", "north_sea"]',
        'adjacent = ["north_atlantic", "north_sea", "atlantis"]',
    )
    _edit(
        data_copy,
        "map.toml",
        'adjacent = ["south_atlantic"]',
        'adjacent = ["south_atlantic", "north_sea"]',
    )
    _edit(
        data_copy,
        "map.toml",
        'areas = ["north_atlantic", "south_atlantic"]',
        'areas = ["north_atlantic", "biscay"]',
    )
    _edit(data_copy, "units.toml", 'id = "rodney"', 'id = "nelson"')
    _edit(
        data_copy,
        "units.toml",
        "gunnery = 4\narmor = 4\nspeed = 7",
        "gunnery = -1\narmor = 4\nspeed = 7",
    )
    _edit(
        data_copy,
        "turns.toml",
        '"prince_of_wales", "formidable"',
        '"prince_of_wales", "yamato", "formidable"',
    )
    _edit(
        data_copy,
        "map_exceptions.toml",
        'ports = ["england", "malta"]',
        'ports = ["england", "gibraltar"]',
    )

    with pytest.raises(DataError) as err:
        load_components(data_copy)
    found = [(p.file, p.record, p.message) for p in err.value.problems]
    expected = [
        ("map.toml", "areas barents_sea", "'atlantis' does not exist"),
        ("map.toml", "areas mediterranean", "not symmetric"),
        ("map.toml", "ports france", "'biscay' does not exist"),
        ("units.toml", "units nelson", "duplicate id 'nelson'"),
        ("units.toml", "units hood", "gunnery"),
        ("turns.toml", "turns 2", "'yamato' is not in units.toml"),
        (
            "map_exceptions.toml",
            "return_rules mediterranean_british_to_england_or_malta",
            "'gibraltar' does not exist",
        ),
    ]
    for file, record, fragment in expected:
        assert any(f == file and r == record and fragment in m for f, r, m in found), (
            file,
            record,
            fragment,
            found,
        )
    message = str(err.value)
    for file, record, _ in expected:
        assert f"{file}: {record}:" in message


def test_syntax_error_does_not_hide_other_files(data_copy: Path) -> None:
    _edit(data_copy, "map_exceptions.toml", "[[return_rules]]", "[[return_rules]")
    _edit(data_copy, "turns.toml", "sortie_min_roll = 5", "sortie_min_roll = 9")
    with pytest.raises(DataError) as err:
        load_components(data_copy)
    records = {(p.file, p.record) for p in err.value.problems}
    assert ("map_exceptions.toml", "(file)") in records
    assert ("turns.toml", "soviet_entry") in records
