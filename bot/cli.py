"""`python -m bot` (or `wargame-referee`): run the bot, play locally, export, verify and back up
games, run rule cases, bench."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sqlite3
import sys
from importlib import import_module
from pathlib import Path
from typing import Any

from bot.cli_records import cmd_backup, cmd_export, cmd_games, cmd_verify, existing_db
from bot.i18n import lang_for, tr

LOCAL_DB = "local-play.sqlite3"

BENCHES = {
    "aa50": "bot.benches.aa50",
    "core": "bot.benches.core",
    "war-at-sea": "bot.benches.war_at_sea",
    "war-at-sea-render": "bot.benches.war_at_sea_render",
    "pocket-battles": "bot.benches.pocket_battles",
    "gj74": "bot.benches.gj74",
    "jutland": "bot.benches.jutland",
    "discord": "bot.benches.discord",
    "delivery": "bot.benches.delivery",
    "aa50-odds": "bot.benches.aa50_odds",
    "aa50-render": "bot.benches.aa50_render",
}


def _lang(args: argparse.Namespace) -> str:
    return str(getattr(args, "lang", None) or lang_for(os.environ.get("LANG", "en")))


def _options(pairs: list[str]) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, _, raw = pair.partition("=")
        try:
            options[key] = json.loads(raw)
        except json.JSONDecodeError:
            options[key] = raw
    return options


def cmd_run(args: argparse.Namespace) -> int:
    from bot.settings import Settings

    settings = Settings()
    if args.check:  # scripts/run.sh: is a token configured (environment or .env)?
        return 0 if settings.token else 1
    if not settings.token:
        from bot.client import NO_TOKEN_MESSAGE

        print(NO_TOKEN_MESSAGE[_lang(args)], file=sys.stderr)
        return 2
    from bot.client import run

    asyncio.run(run(settings))
    return 0


def _ask(prompt: str) -> str:
    """input(), interruptible: asyncio.run's own Ctrl-C handler only cancels the main task,
    which a blocking input() never notices (the first Ctrl-C was lost, the next answer
    crashed). While waiting for a line, Ctrl-C raises KeyboardInterrupt at once."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return input(prompt)
    finally:
        signal.signal(signal.SIGINT, previous)


def cmd_play(args: argparse.Namespace) -> int:
    from bot.i18n import violation
    from bot.local.handover import Screen
    from bot.local.play import LocalSession, where_args
    from bot.local.script import ScriptError, message, parse
    from bot.rules.core import RuleViolation
    from bot.rules.core.registry import get as get_ruleset
    from bot.store import Store

    _load_extra(args.load)
    lang = _lang(args)
    if not args.game and not args.resume:
        print(tr("cli.play.which", lang), file=sys.stderr)
        return 2
    script = None
    try:
        if args.script:
            script = parse(Path(args.script).read_text(encoding="utf-8"))
    except OSError as exc:
        print(tr("cli.play.no_script", lang, path=args.script, detail=str(exc)), file=sys.stderr)
        return 2
    except ScriptError as exc:
        print(message(exc, lang), file=sys.stderr)
        return 2
    if args.resume and existing_db(args.db, lang) is None:
        return 2
    from bot.store.base import is_postgres, sqlite_path

    folder = Path(sqlite_path(args.db)).parent
    if not is_postgres(args.db) and not folder.is_dir():
        print(tr("cli.db.no_folder", lang, folder=str(folder)), file=sys.stderr)
        return 2
    if not args.resume:
        try:  # an unknown game is refused before a database is made for it
            get_ruleset(args.game)
        except RuleViolation as exc:
            print(violation(exc, lang), file=sys.stderr)
            return 2
    screen = Screen(say=print, ask=_ask, tty=sys.stdout.isatty())
    session: list[LocalSession] = []

    async def main() -> int:
        store = await Store.open(args.db)
        try:
            session.append(
                await LocalSession.open(
                    store,
                    args.game,
                    scenario=args.scenario,
                    options=_options(args.option),
                    seed=args.seed,
                    resume=args.resume,
                    out=Path(args.out) if args.out else None,
                    lang=lang,
                    screen=screen,
                    where=where_args(args.db, args.load),
                    script=script,
                )
            )
            return await session[0].play(script=script, defaults=args.defaults)
        except RuleViolation as exc:
            print(violation(exc, lang), file=sys.stderr)
            return 2
        except ScriptError as exc:
            print(message(exc, lang), file=sys.stderr)
            return 2
        finally:
            await store.close()

    try:
        return asyncio.run(main())
    except (sqlite3.Error, OSError) as exc:  # a --db that cannot be opened or written
        print(tr("cli.db.bad", lang, path=str(args.db), detail=str(exc)), file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # Ctrl-C while the referee was working: the game is stored
        print()
        if session:
            print(session[0].resume_hint())
        return 130


def cmd_case(args: argparse.Namespace) -> int:
    from bot.cases import run_case, section_of

    _load_extra(args.load)
    paths = [
        p
        for arg in args.files
        for p in (sorted(Path(arg).rglob("*.toml")) if Path(arg).is_dir() else [Path(arg)])
    ]
    if args.action == "list":
        for path in paths:
            print(f"{section_of(path):<22} {path}")
        return 0
    failed = 0
    for path in paths:
        failures = run_case(path)
        if failures:
            failed += 1
            print(f"FAIL {path}")
            for failure in failures:
                print(f"     {failure}")
        elif args.verbose:
            print(f"ok   {path}")
    print(f"{len(paths) - failed} passed, {failed} failed")
    return 1 if failed else 0


def cmd_rules(args: argparse.Namespace) -> int:
    """The rule index: sections, the modules that implement them, the cases that test them."""
    from bot import ruleindex

    _load_extra(args.load)
    print(ruleindex.render(args.game))
    gaps = ruleindex.gaps(ruleindex.index(args.game))
    for gap in gaps:
        print(f"GAP {gap}", file=sys.stderr)
    return 1 if gaps else 0


def cmd_bench(args: argparse.Namespace, rest: list[str]) -> int:
    module = import_module(BENCHES[args.name])
    module.run(rest)
    return 0


def _cmd_store(args: argparse.Namespace, lang: str) -> int:
    from bot.storecopy import cmd_store

    return cmd_store(args, lang)


def _load_extra(modules: list[str] | None) -> None:
    """Import modules that register rulesets (tests use it for the test-only game)."""
    for name in modules or []:
        import_module(name)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    top.add_argument(
        "--lang", choices=["en", "zh"], help="language of messages (default: from LANG)"
    )
    # --lang is accepted after the sub-command too; SUPPRESS keeps a top-level one.
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--lang", choices=["en", "zh"], default=argparse.SUPPRESS)
    sub = top.add_subparsers(dest="command", required=True)

    def command(name: str, help_text: str) -> argparse.ArgumentParser:
        return sub.add_parser(name, help=help_text, parents=[common])

    run = command("run", "run the Discord bot (needs REFEREE_TOKEN or DISCORD_TOKEN, or .env)")
    run.add_argument("--check", action="store_true", help="only say whether a token is set")

    play = command("play", "play hot-seat in this terminal, no Discord needed")
    play.add_argument("game", nargs="?", help="ruleset id, e.g. war-at-sea")
    play.add_argument("--scenario")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument("--seed", type=int, help="a fixed dice seed (reproducible games)")
    play.add_argument("--db", default=LOCAL_DB, help="SQLite file (default %(default)s)")
    play.add_argument("--resume", metavar="GAME_ID", help="carry on a game stored in --db")
    play.add_argument("--out", metavar="DIR", help="write every view's map here after each step")
    play.add_argument("--script", help="JSON lines of orders to play non-interactively")
    play.add_argument(
        "--defaults", action="store_true", help="then play every seat's default order to the end"
    )
    play.add_argument("--load", action="append", help=argparse.SUPPRESS)

    verify = command("verify", "replay an exported finished game and check every die and event")
    verify.add_argument("export", help="EXPORT.json")
    verify.add_argument("--load", action="append", help=argparse.SUPPRESS)

    export = command("export", "export a game's log for an audience")
    export.add_argument("game")
    export.add_argument("--db", help="SQLite file (default: REFEREE_DATABASE)")
    export.add_argument("--audience", default="public", help="public, a seat, or full (game over)")
    export.add_argument("-o", "--output")
    export.add_argument("--load", action="append", help=argparse.SUPPRESS)

    games = command("games", "list the games stored in a database, newest first")
    games.add_argument("--db", default=LOCAL_DB, help="SQLite file (default %(default)s)")
    games.add_argument("--unfinished", action="store_true")
    games.add_argument("--last", action="store_true", help="only the newest")
    games.add_argument("--quiet", action="store_true", help=argparse.SUPPRESS)

    backup = command("backup", "copy a database safely, even while the bot runs")
    backup.add_argument("file", help="the copy to write")
    backup.add_argument("--db", help="the database (default: REFEREE_DATABASE)")

    case = command("case", "run rule-case files (tests/cases/README.md)")
    case.add_argument("action", choices=["run", "list"])
    case.add_argument("files", nargs="+", help="case files or folders")
    case.add_argument("-v", "--verbose", action="store_true")
    case.add_argument("--load", action="append", help=argparse.SUPPRESS)

    rules = command("rules", "the rule index: each section's modules and cases")
    rules.add_argument("action", choices=["index"])
    rules.add_argument("game", help="ruleset id, e.g. war-at-sea")
    rules.add_argument("--load", action="append", help=argparse.SUPPRESS)

    store = command("store", "database tools")
    store_sub = store.add_subparsers(dest="store_command", required=True)
    store_copy = store_sub.add_parser(
        "copy",
        parents=[common],
        help="copy a whole database (SQLite file or postgresql:// URL) into an empty one, "
        "checked by comparing every game's exports",
    )
    store_copy.add_argument("source", help="a SQLite file or postgresql://user:pass@host/db")
    store_copy.add_argument("destination", help="an empty (or new) database, either kind")
    store_copy.add_argument("--load", action="append", help=argparse.SUPPRESS)

    command("odds", "exact odds of an AA50 battle (python -m bot odds --help)")
    bench = command("bench", "print performance figures")
    bench.add_argument("name", choices=sorted(BENCHES))
    return top


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["odds"]:  # its own options: bot/rules/aa50/odds/command.py
        return int(import_module("bot.rules.aa50.odds.command").run(argv[1:]))
    args, rest = parser().parse_known_args(argv)
    if args.command == "bench":
        return cmd_bench(args, rest)
    if rest:
        parser().error(f"unrecognized arguments: {' '.join(rest)}")
    with_lang = {"verify": cmd_verify, "export": cmd_export, "games": cmd_games,
                 "backup": cmd_backup, "store": _cmd_store}  # fmt: skip
    if args.command in with_lang:
        _load_extra(getattr(args, "load", None))
        return with_lang[args.command](args, _lang(args))
    handlers = {"run": cmd_run, "play": cmd_play, "case": cmd_case, "rules": cmd_rules}
    return handlers[args.command](args)
