"""The commands that read stored or exported games: export, verify, games, backup.

None of them creates a database: a missing file is reported, not made (opening SQLite on a
wrong path would leave an empty database behind).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any

from bot.i18n import render, tr


def existing_db(target: str | Path, lang: str, *, quiet: bool = False) -> str | None:
    """The database if it exists (a PostgreSQL URL is taken as given); else None, after
    saying so (unless ``quiet``)."""
    from bot.store.base import is_postgres, sqlite_path

    if is_postgres(target) or Path(sqlite_path(target)).is_file():
        return str(target)
    if not quiet:
        print(tr("cli.db.missing", lang, path=str(target)), file=sys.stderr)
    return None


def bad_db(db: str, exc: sqlite3.Error, lang: str) -> int:
    print(tr("cli.db.bad", lang, path=str(db), detail=str(exc)), file=sys.stderr)
    return 2


def cmd_export(args: argparse.Namespace, lang: str) -> int:
    from bot.i18n import violation
    from bot.referee import Referee
    from bot.rules.core import RuleViolation
    from bot.store import Store

    db = existing_db(args.db or _bot_db(), lang)
    if db is None:
        return 2

    async def main() -> dict[str, Any] | int:
        store = await Store.open(db)
        try:
            referee = Referee(store)
            record = await referee.game(args.game)
            from bot.rules.core.registry import get as get_ruleset

            seats = get_ruleset(record.ruleset).seats
            if args.audience not in ("public", "full", *seats):
                raise RuleViolation(
                    "cli.export.audience",
                    "Referee",
                    audience=args.audience,
                    choices=", ".join(("public", "full", *seats)),
                )
            audience = None if args.audience in ("public", "full") else args.audience
            return await referee.export(args.game, audience, full=args.audience == "full")
        except RuleViolation as exc:
            print(violation(exc, lang), file=sys.stderr)
            return 2
        finally:
            await store.close()

    try:
        data = asyncio.run(main())
    except sqlite3.Error as exc:
        return bad_db(db, exc, lang)
    if isinstance(data, int):
        return data
    text = json.dumps(data, ensure_ascii=False, indent=1)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        print(text)
    return 0


def cmd_verify(args: argparse.Namespace, lang: str) -> int:
    from bot.referee.verify import verify

    path = Path(args.export)
    try:
        export = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        print(tr("cli.verify.no_file", lang, path=str(path)), file=sys.stderr)
        return 2
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        print(tr("cli.verify.not_json", lang, path=str(path), detail=str(exc)), file=sys.stderr)
        return 2
    report = verify(export)
    if report.problems:
        print(
            tr(
                "cli.verify.mismatch",
                lang,
                first=render(report.problems[0], lang),
                count=len(report.problems),
            )
        )
        for problem in report.problems[1:10]:
            print("  " + render(problem, lang))
        return 1
    game = export.get("game")
    if report.replayed:
        counts = {"rolls": report.rolls, "events": report.events, "game": game}
        print(tr("cli.verify.ok_replayed", lang, **counts))
    else:
        print(tr("cli.verify.ok", lang, rolls=report.rolls, game=game))
        print(tr("cli.verify.dice_only", lang))
    return 0


def cmd_games(args: argparse.Namespace, lang: str) -> int:
    """The games stored in a database, newest first (run.sh asks it for one to resume)."""
    from bot.store import Store

    db = existing_db(args.db, lang, quiet=args.quiet)
    if db is None:
        return 2

    async def main() -> list[Any]:
        store = await Store.open(db)
        try:
            return await store.games()
        finally:
            await store.close()

    try:
        found = asyncio.run(main())
    except sqlite3.Error as exc:
        return bad_db(db, exc, lang)
    games = sorted(found, key=lambda g: g.updated_at, reverse=True)
    if args.unfinished:
        games = [g for g in games if g.status in ("active", "paused")]
    if args.last:
        games = games[:1]
    for game in games:
        if args.quiet:
            print(f"{game.id} {game.ruleset}")
        else:
            print(tr("cli.games.line", lang, game=game.id, ruleset=game.ruleset,
                     status=game.status, version=game.version))  # fmt: skip
    return 0 if games else 1


def cmd_backup(args: argparse.Namespace, lang: str) -> int:
    from bot.store.backup import backup
    from bot.store.base import is_postgres, sqlite_path

    db = existing_db(args.db or _bot_db(), lang)
    if db is None:
        return 2
    if is_postgres(db):
        print(tr("cli.backup.postgres", lang), file=sys.stderr)
        return 2
    try:
        pages = backup(Path(sqlite_path(db)), Path(args.file))
    except (ValueError, OSError, sqlite3.Error) as exc:
        print(tr("cli.backup.failed", lang, detail=str(exc)), file=sys.stderr)
        return 2
    print(tr("cli.backup.done", lang, source=db, target=args.file, pages=pages))
    return 0


def _bot_db() -> str:
    """The bot's database, as configured (environment or .env)."""
    from bot.settings import Settings

    return str(Settings().database)
