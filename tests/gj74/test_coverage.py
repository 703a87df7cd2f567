"""Issue 19's audit, as tests: every numbered section 3-22 of the rulebook has a rule case
(through the rule index: its file name, ``section`` or ``also``), every worked example of 23.0
is a case, the refusals the issue names are cases, and each optional rule (18.4, 22.1-22.5) is
a game option with a case that plays it."""

from __future__ import annotations

import re
import tomllib
from functools import cache
from pathlib import Path

import pytest

from bot.ruleindex import Section, index
from bot.rules.gj74.state import GJ74Options

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "tests" / "cases" / "gj74"
RULEBOOK = ROOT.parent / "shared" / "rules" / "gj74-modern-naval.zh.txt"
SECTIONS = [
    "3.1",
    "3.2",
    "3.3",
    "4.1",
    "4.2",
    "4.3",
    "4.4",
    "4.5",
    "5.1",
    "5.2",
    "5.3",
    "5.4",
    "6",
    "7.1",
    "7.2",
    "7.3",
    "8",
    "9.1",
    "9.2",
    "9.3",
    "10.1",
    "10.2",
    "10.3",
    "11",
    "12",
    "13.1",
    "13.2",
    "14",
    "15.1",
    "15.2",
    "16.1",
    "16.2",
    "16.3",
    "17.1",
    "17.2",
    "18.1",
    "18.2",
    "18.3",
    "18.4",
    "19.1",
    "19.2",
    "19.3",
    "19.4",
    "20.1",
    "21.1",
    "21.2",
    "22.1",
    "22.2",
    "22.3",
    "22.4",
    "22.5",
]
"""The rulebook's numbered sections 3-22 that hold rules (a chapter heading such as 3.0 or
18.0 only names its sections; 7.3.1 is indexed under 7.3). Checked against the rulebook's
own headings below when the workspace has it."""


@cache
def _index() -> dict[str, Section]:
    return index("gj74")


@cache
def _cases() -> dict[str, dict[str, object]]:
    return {p.name: tomllib.loads(p.read_text(encoding="utf-8")) for p in CASES.glob("*.toml")}


@pytest.mark.skipif(not RULEBOOK.is_file(), reason="no ../shared/rules")
def test_the_list_is_the_rulebooks_headings() -> None:
    text = RULEBOOK.read_text(encoding="utf-8")
    heads = set(re.findall(r"^(\d+\.\d+(?:\.\d+)?) ", text, flags=re.M))
    numbered = {h.removesuffix(".0") for h in heads if 3 <= int(h.split(".")[0]) <= 22}
    chapters = {
        s for s in numbered if "." not in s and any(x.startswith(s + ".") for x in numbered)
    }
    assert numbered - chapters - {"7.3.1"} == set(SECTIONS)


@pytest.mark.parametrize("section", SECTIONS)
def test_every_numbered_section_has_a_case(section: str) -> None:
    entry = _index().get(section)
    assert entry is not None and entry.cases, f"GJ74 {section}: no rule case"
    assert entry.modules, f"GJ74 {section}: no module cites it"


def test_every_worked_example_of_23_is_a_case() -> None:
    titles = [str(c.get("title", "")) for c in _cases().values()]
    for n in (1, 2, 3, 4):
        assert any(re.search(rf"[Ee]xample {n}\b", t) for t in titles), f"23.0 example {n}"
    assert _index()["23.0"].cases


@pytest.mark.parametrize(
    "code",
    [
        "gj74.attack.face_down",  # 10: attacking a face-down unit
        "gj74.move.land_hexside",  # 8(4)2: moving through a land hexside
        "core.prompt.wrong_order",  # 4.2: an operation out of chit order
        "gj74.stacking",  # 8(5): exceeding stacking
        "gj74.torpedo.target",  # 14(3): torpedoes at a ship not attacked
        "gj74.losses.range",  # 17.2(1): a split of losses that cannot be
        "gj74.intercept.origin",  # 17.1(6)2: carriers of a hex not in range
        "gj74.route.via",  # 8(1): a hex the move cannot pass through
        "gj74.attack.deal_one",  # 15.1(3): a second attacker before each target has one
    ],
)
def test_the_refusals_the_issue_names_are_cases(code: str) -> None:
    refused = [
        name
        for name, case in _cases().items()
        for step in case.get("step", [])  # type: ignore[union-attr]
        if step.get("refused") == code
    ]
    assert refused, f"no case refuses with {code}"


def test_each_optional_rule_is_a_game_option_with_a_case() -> None:
    played = {
        name
        for case in _cases().values()
        for name, on in dict(case.get("options", {})).items()  # type: ignore[call-overload]
        if on
    }
    options = set(GJ74Options.model_fields)
    assert options == {
        "lhd_18_4",
        "long_range_22_1",
        "dongfeng_22_2",
        "space_22_3",
        "cyber_22_4",
        "defensive_22_5",
    }
    assert options <= played
    for name in options:
        section = name.rsplit("_", 2)[-2] + "." + name.rsplit("_", 1)[-1]
        files = [n for n, c in _cases().items() if dict(c.get("options", {})).get(name)]  # type: ignore[call-overload]
        assert any(n.startswith(section.replace(".", "_") + "_") for n in files), (name, files)
