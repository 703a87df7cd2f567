"""Every rule case of tests/cases/war_at_sea runs and holds."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tests.war_at_sea.case_runner import run_case

CASES = sorted((Path(__file__).resolve().parents[1] / "cases" / "war_at_sea").glob("*.toml"))


@pytest.mark.parametrize("path", CASES, ids=lambda p: p.stem)
def test_rule_case(path: Path) -> None:
    run_case(path)


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
