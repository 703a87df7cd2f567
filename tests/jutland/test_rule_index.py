"""Every Jutland section the code cites has a rule case, and every case's section a module."""

from __future__ import annotations

from bot.ruleindex import gaps, index


def test_every_jutland_section_has_a_module_and_a_case() -> None:
    entries = index("jutland")
    assert gaps(entries) == []
    assert {"3.1", "3.2", "3.3", "3.4", "4.1", "4.2", "4.3", "4.4", "5", "13.5"} <= set(entries)
