"""The rule index: each rulebook section of a game, the modules that implement it and the rule
cases that test it, read from the code itself.

A module implements a section when its source cites it: ``War at Sea 11.2`` anywhere (a
``section=`` string, a docstring, a comment), or a bare ``(11.2)``-style number in a docstring
or comment. A case tests the section its ``section =`` names, those its ``also =`` lists and
the one its file name starts with (``11_3_escape_pursuit.toml`` tests 11.3). A chapter
(``11``) counts every one of its sections. ``python -m bot rules index war-at-sea`` prints it;
``/rule`` and the README read ``index()``; tests/test_rule_index.py fails on a section
without a module or a case.
"""

from __future__ import annotations

import io
import re
import tokenize
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from bot.rules.core.registry import get as get_ruleset

ROOT = Path(__file__).resolve().parents[1]
_NUMBER = r"(\d{1,2}(?:\.\d{1,2})?)"
# A bare section number: not part of a longer number, not a measure ("0.7 ms", "2.5 KB").
_BARE = re.compile(r"(?<![\d.])([1-9]\d?\.\d{1,2})(?![\d.]|[a-z]|\s*(?:ms|s|KB|MB|%)\b)")
_CASE_NAME = re.compile(r"^(\d{2})_(\d{1,2})_")


@dataclass
class Section:
    """One section: where it is implemented and where it is tested (sorted paths)."""

    section: str
    modules: list[str] = field(default_factory=list)
    cases: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Game:
    """Where a game's rules and cases live, and how its sections are cited."""

    ruleset: str
    citation: str
    package: Path
    cases: Path


def game(ruleset_id: str) -> Game:
    ruleset = get_ruleset(ruleset_id)
    module = type(ruleset).__module__.rsplit(".", 1)[0]  # bot.rules.war_at_sea
    package = ROOT.joinpath(*module.split("."))
    return Game(ruleset_id, ruleset.citation, package, ROOT / "tests" / "cases" / package.name)


def _key(section: str) -> tuple[int, ...]:
    return tuple(int(part) for part in section.split("."))


def cited_in_source(source: str, citation: str) -> set[str]:
    """The sections a module's source cites (see the module docstring)."""
    explicit = re.compile(re.escape(citation) + r" " + _NUMBER)
    found = set(explicit.findall(source))
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT or (
            tok.type == tokenize.STRING and tok.string.lstrip("rbuRBU").startswith('"""')
        ):
            found.update(_BARE.findall(tok.string))
    return found


def cited_by_case(path: Path, citation: str) -> set[str]:
    """The sections a case tests: its ``section`` and its file name's number."""
    found: set[str] = set()
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    for section in [str(case.get("section", "")), *map(str, case.get("also", []))]:
        if section.startswith(citation + " "):
            found.update(re.findall(_NUMBER, section.removeprefix(citation + " "))[:1])
    name = _CASE_NAME.match(path.name)
    if name:
        found.add(f"{int(name.group(1))}.{int(name.group(2))}")
    return found


def index(ruleset_id: str) -> dict[str, Section]:
    """Every section the game's code or cases cite, in rulebook order, with the modules (paths
    from the repository root) that implement it and the cases that test it."""
    g = game(ruleset_id)
    out: dict[str, Section] = {}
    if not g.citation:
        return out
    for path in sorted(g.package.rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        for s in cited_in_source(path.read_text(encoding="utf-8"), g.citation):
            out.setdefault(s, Section(s)).modules.append(where)
    if g.cases.is_dir():
        for path in sorted(g.cases.rglob("*.toml")):  # a game's module folders too
            where = path.relative_to(ROOT).as_posix()
            for s in cited_by_case(path, g.citation):
                out.setdefault(s, Section(s)).cases.append(where)
    for entry in out.values():
        entry.modules = sorted(set(entry.modules))
        entry.cases = sorted(set(entry.cases))
    return {s: out[s] for s in sorted(out, key=_key)}


def covered(entries: dict[str, Section]) -> dict[str, Section]:
    """The index with each chapter holding its sections' modules and cases too."""
    out = {s: Section(s, list(e.modules), list(e.cases)) for s, e in entries.items()}
    for s, e in entries.items():
        chapter = s.split(".")[0]
        if chapter != s and chapter in out:
            out[chapter].modules = sorted({*out[chapter].modules, *e.modules})
            out[chapter].cases = sorted({*out[chapter].cases, *e.cases})
    return out


def gaps(entries: dict[str, Section]) -> list[str]:
    """Sections without a module or without a case, each with what it lacks."""
    problems = []
    for s, e in covered(entries).items():
        lacks = [what for what, have in (("module", e.modules), ("case", e.cases)) if not have]
        if lacks:
            problems.append(f"{s}: no {' and no '.join(lacks)}")
    return problems


def render(ruleset_id: str) -> str:
    """The index as a Markdown table (what ``python -m bot rules index`` prints)."""
    g = game(ruleset_id)
    lines = [
        f"# {g.citation}: rule index",
        "",
        "| Section | Modules | Cases |",
        "|---|---|---|",
    ]
    strip = g.package.relative_to(ROOT).as_posix() + "/"
    for s, e in index(ruleset_id).items():
        modules = ", ".join(m.removeprefix(strip) for m in e.modules) or "—"
        cases = ", ".join(Path(c).stem for c in e.cases) or "—"
        lines.append(f"| {s} | {modules} | {cases} |")
    return "\n".join(lines)
