"""Every numbered section of the AA50 rulebook (1-7) has a rule case, and the rule index
(bot/ruleindex.py) shows every one of its two-level sections with a module and a case.

The rule index reads sections two levels deep (``5.5``); this test reads the cases' citations
at full depth (``5.5.3.7``): a case proves the section its ``section`` names, those its
``also`` lists, and the one its file name spells (``05_5_3_7_liberation.toml``)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from bot import ruleindex

CASES = Path(__file__).resolve().parents[1] / "cases" / "aa50"

SECTIONS = [
    "1.1",
    "1.3",
    "1.4",
    "1.4.1",
    "2.1",
    "2.2",
    "2.3",
    "2.4",
    "2.5",
    "2.6",
    "2.7",
    "2.8",
    "2.9",
    "2.10",
    "2.11",
    "2.12",
    "2.13",
    "2.14",
    "3",
    "3.1",
    "3.2",
    "4",
    "5",
    "5.1",
    "5.2",
    "5.2.1",
    "5.2.2",
    "5.2.3",
    "5.2.4",
    "5.3",
    "5.3.1",
    "5.3.2",
    "5.3.3",
    "5.4",
    "5.4.1",
    "5.4.2",
    "5.4.3",
    "5.4.4",
    "5.4.5",
    "5.4.6",
    "5.4.7",
    "5.4.8",
    "5.5",
    "5.5.1",
    "5.5.2",
    "5.5.2.1",
    "5.5.2.2",
    "5.5.2.3",
    "5.5.3",
    "5.5.3.1",
    "5.5.3.2",
    "5.5.3.3",
    "5.5.3.4",
    "5.5.3.5",
    "5.5.3.6",
    "5.5.3.7",
    "5.5.3.8",
    "5.5.3.9",
    "5.5.4",
    "5.5.4.1",
    "5.5.4.2",
    "5.6",
    "5.6.1",
    "5.6.1.1",
    "5.6.1.2",
    "5.6.1.3",
    "5.7",
    "5.7.1",
    "5.8",
    "5.8.1",
    "5.8.1.1",
    "5.8.1.2",
    "5.8.1.3",
    "5.8.1.4",
    "5.8.1.5",
    "5.8.1.6",
    "6",
    "7.1",
    "7.1.1",
    "7.1.2",
    "7.1.3",
    "7.1.4",
    "7.1.5",
    "7.2",
    "7.2.1",
    "7.2.2",
    "7.3",
    "7.3.1",
    "7.3.2",
    "7.3.3",
    "7.3.4",
    "7.3.5",
    "7.3.6",
]
"""The rulebook's numbered sections (``../shared/rules/``, the AA50 file). Left out: 1 (the
designer's notes) and 1.2 (a note on the cover art), which the rulebook omits (暂略) and
which hold no rule; their chapters' other sections stand for them."""

_NAME = re.compile(r"^(\d{2})((?:_\d{1,2})*)_[a-z]")


def cited(path: Path) -> set[str]:
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    found = set()
    for s in [str(case.get("section", "")), *map(str, case.get("also", []))]:
        if s.startswith("AA50 "):
            found.add(s.removeprefix("AA50 ").split()[0])
    name = _NAME.match(path.name)
    if name:
        found.add(".".join(str(int(p)) for p in [name.group(1), *name.group(2).split("_")[1:]]))
    return found


def test_every_numbered_section_of_the_rulebook_has_a_rule_case() -> None:
    proved = {s for path in CASES.glob("*.toml") for s in cited(path)}
    missing = [s for s in SECTIONS if s not in proved]
    assert missing == []


def test_the_rule_index_shows_every_section_with_a_module_and_a_case() -> None:
    entries = ruleindex.index("aa50")
    assert ruleindex.gaps(entries) == []
    two_levels = {".".join(s.split(".")[:2]) for s in SECTIONS}
    assert sorted(two_levels - set(entries)) == []
