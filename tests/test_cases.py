"""Every rule case under tests/cases runs green (the same runner as `python -m bot case run`)."""

from __future__ import annotations

from pathlib import Path

import pytest

import tests.vaults  # noqa: F401  (registers the test-only ruleset)
from bot.cases import run_case

CASES = sorted((Path(__file__).parent / "cases").rglob("*.toml"))


@pytest.mark.parametrize("path", CASES, ids=[f"{p.parent.name}/{p.stem}" for p in CASES])
def test_rule_case(path: Path) -> None:
    assert run_case(path) == []


def test_a_broken_expectation_is_reported(tmp_path: Path) -> None:
    """The runner is not a rubber stamp: a wrong expectation fails and says what it saw."""
    source = (Path(__file__).parent / "cases" / "vaults" / "3_raid_capture.toml").read_text()
    broken = tmp_path / "broken.toml"
    broken.write_text(source.replace('equals = "south"', 'equals = "north"'))
    failures = run_case(broken)
    assert failures == ["result.winner = 'south', expected 'north'"]


def test_an_unexpected_acceptance_is_reported(tmp_path: Path) -> None:
    source = (Path(__file__).parent / "cases" / "vaults" / "2_sealed_hide.toml").read_text()
    broken = tmp_path / "broken.toml"
    broken.write_text(source.replace('refused = "core.prompt.not_your_turn"\n', ""))
    assert run_case(broken)[0].startswith("step 2: refused core.prompt.not_your_turn")
