"""The War at Sea rule cases cover every numbered section, every variant and every printed
area exception (tests/test_cases.py runs them all with the shared runner, bot.cases)."""

from __future__ import annotations

import tomllib
from pathlib import Path

from bot.cases import run_case

CASES = sorted((Path(__file__).resolve().parents[1] / "cases" / "war_at_sea").glob("*.toml"))


def test_cases_cover_every_section() -> None:
    sections = set()
    for path in CASES:
        case = tomllib.loads(path.read_text(encoding="utf-8"))
        assert case["ruleset"] == "war-at-sea"
        sections.add(case["section"])
    numbers = {s.removeprefix("War at Sea ").split(".")[0] for s in sections}
    for n in range(2, 18):
        assert str(n) in numbers, f"no case for section {n}"
    for v in range(1, 7):
        assert f"War at Sea 18.{v}" in sections, f"no case for variant 18.{v}"
    stems = {p.stem for p in CASES}
    for area in ("barents", "north_atlantic", "south_atlantic", "mediterranean"):
        assert any(s.startswith(f"appendix_{area}") for s in stems), area


def test_refusals_are_among_the_cases() -> None:
    refused = set()
    for path in CASES:
        for step in tomllib.loads(path.read_text(encoding="utf-8")).get("step", []):
            if "refused" in step:
                refused.add(step["refused"])
    for code in (
        "was.move.enemy_port",
        "was.move.port_to_port",
        "was.move.italian_limit",
        "was.move.us_limit",
        "was.move.us_not_joined",
        "was.move.baltic",
        "was.move.must_stop",
    ):
        assert code in refused, code


def test_a_case_fails_loudly_when_its_expectation_is_wrong(tmp_path: Path) -> None:
    source = (CASES[0].parent / "06_1_speed_roll.toml").read_text(encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text(source.replace('equals = "barents_sea"', 'equals = "north_sea"'))
    assert run_case(broken)
