"""`python -m bot`: run the bot, play locally, verify and export games, run rule cases, bench."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
from importlib import import_module
from pathlib import Path
from typing import Any

from bot.i18n import lang_for, tr

BENCHES = {
    "core": "bot.benches.core",
    "war-at-sea": "bot.benches.war_at_sea",
    "war-at-sea-render": "bot.benches.war_at_sea_render",
    "discord": "bot.benches.discord",
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
    if not settings.token:
        from bot.client import NO_TOKEN_MESSAGE

        print(NO_TOKEN_MESSAGE[_lang(args)], file=sys.stderr)
        return 2
    from bot.client import run

    asyncio.run(run(settings))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    from bot.local.play import LocalSession
    from bot.rules.core import RuleViolation
    from bot.store import Store

    _load_extra(args.load)
    lang = _lang(args)
    script = None
    if args.script:
        lines = Path(args.script).read_text(encoding="utf-8").splitlines()
        script = [json.loads(line) for line in lines if line.strip() and not line.startswith("#")]

    async def main() -> int:
        store = await Store.open(args.db)
        try:
            session = await LocalSession.open(
                store,
                args.game,
                scenario=args.scenario,
                options=_options(args.option),
                seed=args.seed,
                resume=args.resume,
                out=Path(args.out) if args.out else None,
                lang=lang,
                say=print,
            )
            return await session.play(input, script=script)
        except RuleViolation as exc:
            from bot.i18n import violation

            print(violation(exc, lang), file=sys.stderr)
            return 2
        except (EOFError, KeyboardInterrupt):
            print()
            return 0
        finally:
            await store.close()

    return asyncio.run(main())


def cmd_verify(args: argparse.Namespace) -> int:
    from bot.referee.export import verify

    export = json.loads(Path(args.export).read_text(encoding="utf-8"))
    problems = verify(export)
    rolls = sum(len(e.get("rolls", [])) for e in export.get("log", []))
    if problems:
        print(tr("cli.verify.mismatch", _lang(args), first=problems[0], count=len(problems)))
        return 1
    print(tr("cli.verify.ok", _lang(args), rolls=rolls, game=export.get("game")))
    return 0


def cmd_store(args: argparse.Namespace) -> int:
    from bot.storecopy import copy

    _load_extra(args.load)
    lang = _lang(args)
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
            source=_hide_password(args.source),
            destination=_hide_password(args.destination),
        )
    )
    return 0


def _hide_password(target: str) -> str:
    import re

    return re.sub(r"(://[^:/@]+:)[^@]+@", r"\1***@", target)


def cmd_export(args: argparse.Namespace) -> int:
    from bot.i18n import violation
    from bot.referee import Referee
    from bot.rules.core import RuleViolation
    from bot.store import Store

    _load_extra(args.load)

    async def main() -> int:
        store = await Store.open(args.db)
        try:
            audience = None if args.audience in ("public", "full") else args.audience
            data = await Referee(store).export(args.game, audience, full=args.audience == "full")
        except RuleViolation as exc:
            print(violation(exc, _lang(args)), file=sys.stderr)
            return 2
        finally:
            await store.close()
        text = json.dumps(data, ensure_ascii=False, indent=1)
        if args.output:
            Path(args.output).write_text(text, encoding="utf-8")
        else:
            print(text)
        return 0

    return asyncio.run(main())


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


def cmd_bench(args: argparse.Namespace, rest: list[str]) -> int:
    module = import_module(BENCHES[args.name])
    module.run(rest)
    return 0


def _load_extra(modules: list[str] | None) -> None:
    """Import modules that register rulesets (tests use it for the test-only game)."""
    for name in modules or []:
        import_module(name)


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m bot", description=__doc__)
    top.add_argument(
        "--lang", choices=["en", "zh"], help="language of messages (default: from LANG)"
    )
    sub = top.add_subparsers(dest="command", required=True)

    sub.add_parser("run", help="run the Discord bot (needs REFEREE_TOKEN or DISCORD_TOKEN)")

    play = sub.add_parser("play", help="play hot-seat in this terminal, no Discord needed")
    play.add_argument("game", help="ruleset id, e.g. war-at-sea")
    play.add_argument("--scenario")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    play.add_argument("--seed", type=int, help="a fixed dice seed (reproducible games)")
    play.add_argument(
        "--db", default="local-play.sqlite3", help="SQLite file (default %(default)s)"
    )
    play.add_argument("--resume", metavar="GAME_ID", help="carry on a game stored in --db")
    play.add_argument("--out", default="maps", help="folder for map images (default %(default)s)")
    play.add_argument("--script", help="JSON lines of orders to play non-interactively")
    play.add_argument("--load", action="append", help=argparse.SUPPRESS)

    verify = sub.add_parser("verify", help="recompute every die of an exported finished game")
    verify.add_argument("export", help="EXPORT.json")

    export = sub.add_parser("export", help="export a game's log for an audience")
    export.add_argument("game")
    export.add_argument("--db", default="referee.sqlite3")
    export.add_argument("--audience", default="public", help="public, a seat, or full (game over)")
    export.add_argument("-o", "--output")
    export.add_argument("--load", action="append", help=argparse.SUPPRESS)

    case = sub.add_parser("case", help="run rule-case files (tests/cases/README.md)")
    case.add_argument("action", choices=["run", "list"])
    case.add_argument("files", nargs="+", help="case files or folders")
    case.add_argument("-v", "--verbose", action="store_true")
    case.add_argument("--load", action="append", help=argparse.SUPPRESS)

    store = sub.add_parser("store", help="database tools")
    store_sub = store.add_subparsers(dest="store_command", required=True)
    store_copy = store_sub.add_parser(
        "copy",
        help="copy a whole database (SQLite file or postgresql:// URL) into an empty one, "
        "checked by comparing every game's exports",
    )
    store_copy.add_argument("source", help="a SQLite file or postgresql://user:pass@host/db")
    store_copy.add_argument("destination", help="an empty (or new) database, either kind")
    store_copy.add_argument("--load", action="append", help=argparse.SUPPRESS)

    bench = sub.add_parser("bench", help="print performance figures")
    bench.add_argument("name", choices=sorted(BENCHES))
    return top


def main(argv: list[str] | None = None) -> int:
    args, rest = parser().parse_known_args(argv)
    if args.command == "bench":
        return cmd_bench(args, rest)
    if rest:
        parser().error(f"unrecognized arguments: {' '.join(rest)}")
    handlers = {
        "run": cmd_run,
        "play": cmd_play,
        "verify": cmd_verify,
        "export": cmd_export,
        "case": cmd_case,
        "store": cmd_store,
    }
    return handlers[args.command](args)
