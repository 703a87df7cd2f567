"""The rule index (bot/ruleindex.py): read from the code and the cases, and complete."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot import ruleindex
from bot.ruleindex import Section, cited_by_case, cited_in_source, gaps, index

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "cases" / "war_at_sea"


def test_every_war_at_sea_section_has_a_module_and_a_case() -> None:
    entries = index("war-at-sea")
    assert gaps(entries) == []
    assert len(entries) > 80


def test_the_index_points_at_the_code_and_the_cases_of_a_section() -> None:
    entry = index("war-at-sea")["11.2"]
    assert "bot/rules/war_at_sea/combat/escape.py" in entry.modules
    named = sorted(f"tests/cases/war_at_sea/{p.name}" for p in CASES.glob("11_2_*.toml"))
    assert named and set(named) <= set(entry.cases)
    assert all((ROOT / p).is_file() for p in (*entry.modules, *entry.cases))
    # A section cited only by a case's `also` still finds that case.
    assert "tests/cases/war_at_sea/05_1_turn_sequence.toml" in index("war-at-sea")["5.6"].cases


def test_citations_are_read_from_strings_docstrings_and_comments_only() -> None:
    source = '''"""Docstring citing (12.3)."""
x = RuleViolation("code", "War at Sea 6.4")
y = 0.5 * 2.25  # a comment citing 15.6, not the 2.5 ms it takes
z = "version 3.14"
'''
    assert cited_in_source(source, "War at Sea") == {"12.3", "6.4", "15.6"}


def test_a_case_counts_for_its_section_also_and_file_name(tmp_path: Path) -> None:
    case = tmp_path / "07_3_something.toml"
    case.write_text('section = "War at Sea 7.5"\nalso = ["War at Sea 9.4"]\n', encoding="utf-8")
    assert cited_by_case(case, "War at Sea") == {"7.3", "7.5", "9.4"}


def test_a_section_without_a_module_or_a_case_is_a_gap() -> None:
    entries = {
        "7": Section("7", modules=["a.py"]),
        "7.1": Section("7.1", cases=["c.toml"]),
        "8.1": Section("8.1", modules=["b.py"]),
    }
    # The chapter is covered by its section's case; 7.1 lacks a module, 8.1 a case.
    assert gaps(entries) == ["7.1: no module", "8.1: no case"]


def test_the_command_prints_the_index() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bot", "rules", "index", "war-at-sea"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "| 11.2 | " in done.stdout and "combat/escape.py" in done.stdout
    assert done.stdout == ruleindex.render("war-at-sea") + "\n"
