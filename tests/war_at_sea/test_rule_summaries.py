"""The project's own summary of every War at Sea section (data/war_at_sea/rule_summaries.toml),
for /rule and the links under refusals: every section the rulebook numbers and every section
the engine or a rule case cites has one, in English and Chinese, in our own words."""

from __future__ import annotations

import re
from pathlib import Path

from bot.rules.core.summaries import lookup, section_id, summaries

ROOT = Path(__file__).resolve().parents[2]
RULEBOOK = Path("/work/shared/rules/war-at-sea.zh.txt")
CITED = re.compile(r"War at Sea (\d+(?:\.\d+)?)")


def _cited() -> set[str]:
    found: set[str] = set()
    for folder in (ROOT / "bot" / "rules" / "war_at_sea", ROOT / "tests" / "cases" / "war_at_sea"):
        for path in folder.rglob("*"):
            if path.suffix in (".py", ".toml"):
                found |= set(CITED.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_cited_section_has_its_own_summary() -> None:
    table = summaries("war-at-sea")
    cited = _cited()
    assert len(cited) > 60
    assert sorted(cited - set(table), key=lambda s: [int(p) for p in s.split(".")]) == []


def test_every_numbered_section_of_the_rulebook_has_a_summary() -> None:
    table = summaries("war-at-sea")
    numbered = {f"{n}.{k}" for n, k in ((int(a), int(b)) for a, b in _rulebook_numbers())}
    # The rulebook's text lost a few numbers in conversion (6.2, 15.3, ...): add the runs.
    for top in range(1, 19):
        subs = [int(s.split(".")[1]) for s in numbered if s.split(".")[0] == str(top)]
        numbered |= {f"{top}.{k}" for k in range(1, max(subs, default=0) + 1)}
        numbered.add(str(top))
    assert sorted(numbered - set(table)) == []
    assert {
        "appendix.barents_sea",
        "appendix.north_atlantic",
        "appendix.south_atlantic",
        "appendix.mediterranean",
    } <= set(table)


def _rulebook_numbers() -> list[tuple[str, str]]:
    if not RULEBOOK.exists():  # outside this workspace: the sections the engine cites
        return [tuple(s.split(".")) for s in _cited() if "." in s]  # type: ignore[misc]
    return re.findall(r"^(\d+)\.(\d+) ", RULEBOOK.read_text(encoding="utf-8"), re.M)


def test_summaries_are_complete_in_both_languages() -> None:
    for sid, summary in summaries("war-at-sea").items():
        assert summary.en.strip() and summary.zh.strip(), sid
        assert summary.heading("en") and summary.heading("zh") != summary.heading("en"), sid
        assert not re.search(r"[\u4e00-\u9fff]", summary.en), sid
        assert re.search(r"[\u4e00-\u9fff]", summary.zh), sid


def test_summaries_are_our_own_words_not_the_rulebooks() -> None:
    """No Chinese summary repeats eight characters in a row of the rulebook's text."""
    if not RULEBOOK.exists():
        return
    book = re.sub(r"\s+", "", RULEBOOK.read_text(encoding="utf-8"))
    for sid, summary in summaries("war-at-sea").items():
        text = re.sub(r"\s+", "", summary.zh)
        runs = {text[i : i + 8] for i in range(len(text) - 7)}
        assert not [r for r in runs if r in book], sid


def test_cited_sections_are_found_as_the_engine_cites_them() -> None:
    assert section_id("War at Sea 11.8") == "11.8" and section_id("Referee") is None
    found = lookup("war-at-sea", "War at Sea 6.2")
    assert found is not None and found.id == "6.2" and "speed" in found.en
    assert lookup("war-at-sea", "War at Sea 7") is not None  # a whole section
    assert lookup("war-at-sea", "Referee") is None
