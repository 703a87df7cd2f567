"""bot/rules is pure: no Discord, no database, no images, no event loop, no clock, no chance."""

from __future__ import annotations

import ast
from pathlib import Path

FORBIDDEN = {"discord", "aiosqlite", "sqlite3", "PIL", "asyncio", "random", "time", "secrets"}
RULES = Path(__file__).resolve().parents[1] / "bot" / "rules"


def imported_roots(path: Path) -> set[str]:
    roots = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            roots |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            roots.add(node.module.split(".")[0])
    return roots


def test_rules_import_nothing_impure() -> None:
    files = sorted(RULES.rglob("*.py"))
    assert len(files) > 10  # the core and at least one game are really being scanned
    offenders = {
        str(p.relative_to(RULES)): sorted(imported_roots(p) & FORBIDDEN)
        for p in files
        if imported_roots(p) & FORBIDDEN
    }
    assert offenders == {}


def test_the_scan_catches_an_impure_module(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import random\nfrom discord import ui\nfrom time import monotonic\n")
    assert imported_roots(bad) & FORBIDDEN == {"random", "discord", "time"}
