"""`python -m bot store copy SRC DST`: move a whole database between SQLite and PostgreSQL.

The destination is migrated and must hold no game yet; every table is copied in one transaction,
then the copy is checked twice: every row of every table reads back the same, and every game's
exports (the public one, each seat's, and the full one of a finished game) are identical.
"""

from __future__ import annotations

import argparse
import asyncio
import re
import sys
from dataclasses import dataclass, field
from typing import Any

from bot.i18n import tr
from bot.referee import Referee
from bot.rules.core import RuleViolation
from bot.rules.core.registry import get as get_ruleset
from bot.store import GameRecord, Store


@dataclass
class CopyReport:
    games: int = 0
    rows: int = 0
    exports: int = 0
    problems: list[str] = field(default_factory=list)


async def copy(source: str, destination: str) -> CopyReport:
    src = await Store.open(source)
    try:
        dst = await Store.open(destination)
        try:
            return await _copy(src, dst)
        finally:
            await dst.close()
    finally:
        await src.close()


async def _copy(src: Store, dst: Store) -> CopyReport:
    report = CopyReport()
    if await src.user_version() != await dst.user_version():
        report.problems.append("the two databases are at different schema versions")
        return report
    rows = await src.table_rows()
    await dst.load_rows(rows)
    report.rows = sum(len(r) for r in rows.values())
    copied = await dst.table_rows()
    for table in sorted(set(rows) | set(copied)):
        if rows.get(table) != copied.get(table):
            report.problems.append(f"table {table} differs after the copy")
    before, after = Referee(src), Referee(dst)
    for record in await src.games():
        report.games += 1
        for audience, full in _exports(record):
            theirs = await _export(before, record.id, audience, full)
            ours = await _export(after, record.id, audience, full)
            report.exports += 1
            if theirs != ours:
                who = "full" if full else audience or "public"
                report.problems.append(f"game {record.id}: the {who} export differs")
    return report


def _exports(record: GameRecord) -> list[tuple[str | None, bool]]:
    try:
        seats = list(get_ruleset(record.ruleset).seats)
    except RuleViolation:
        seats = []  # a ruleset this install does not have: the public export still compares
    audiences: list[tuple[str | None, bool]] = [(None, False), *((s, False) for s in seats)]
    if record.status in ("over", "abandoned"):
        audiences.append((None, True))
    return audiences


async def _export(referee: Referee, game_id: str, audience: str | None, full: bool) -> Any:
    return await referee.export(game_id, audience, full=full)


def cmd_store(args: argparse.Namespace, lang: str) -> int:
    """`python -m bot store copy SRC DST`."""
    try:
        report = asyncio.run(copy(args.source, args.destination))
    except RuntimeError as exc:  # the destination holds games, a missing driver, ...
        print(tr("cli.store.failed", lang, error=str(exc)), file=sys.stderr)
        return 2
    if report.problems:
        print(tr("cli.store.mismatch", lang, first=report.problems[0], count=len(report.problems)))
        return 1
    print(
        tr(
            "cli.store.copied",
            lang,
            rows=report.rows,
            games=report.games,
            exports=report.exports,
            source=hide_password(args.source),
            destination=hide_password(args.destination),
        )
    )
    return 0


def hide_password(target: str) -> str:
    return re.sub(r"(://[^:/@]+:)[^@]+@", r"\1***@", target)
