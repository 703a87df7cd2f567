"""``python -m bot odds``: the exact odds of one AA50 battle, from the command line.

    python -m bot odds --attack "infantry=6 artillery=2 armour=3 fighter=2" \\
        --defend "infantry=8 fighter=1" --aa
    python -m bot odds --sea --attack "submarine=2" --defend "transport=2"

Unit names are the data's ids (``data/aa50/units.toml``) or the usual short names (inf, art,
tank, ftr, bmb, bb, cv, ca, dd, sub, tt)."""

from __future__ import annotations

import argparse

from pydantic import ValidationError

from bot.rules.aa50 import board
from bot.rules.aa50.odds.solve import odds
from bot.rules.aa50.odds.spec import BattleSpec, Odds

SHORT = {
    "inf": "infantry",
    "art": "artillery",
    "tank": "armour",
    "arm": "armour",
    "ftr": "fighter",
    "bmb": "bomber",
    "bb": "battleship",
    "cv": "carrier",
    "ca": "cruiser",
    "dd": "destroyer",
    "sub": "submarine",
    "tt": "transport",
}


def units(text: str) -> dict[str, int]:
    """``"infantry=3 tank=2"`` (commas or spaces) to counts by unit id."""
    out: dict[str, int] = {}
    for item in text.replace(",", " ").split():
        name, _, count = item.partition("=")
        unit = SHORT.get(name.lower(), name.lower())
        if unit not in board.UNIT_TYPES:
            raise ValueError(f"unknown unit {name!r}")
        out[unit] = out.get(unit, 0) + int(count or 1)
    return out


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bot odds", description=__doc__.split("\n")[0])
    p.add_argument("--attack", required=True, help='e.g. "infantry=3 armour=2 fighter=1"')
    p.add_argument("--defend", required=True)
    p.add_argument("--sea", action="store_true", help="a sea battle (default: land)")
    p.add_argument("--aa", action="store_true", help="an AA gun defends the territory (7.1.4)")
    p.add_argument("--bombard", default="", help='ships bombarding, e.g. "battleship=1"')
    p.add_argument("--amphibious", type=int, default=0, help="attacking land units landed")
    p.add_argument("--no-retreat", action="store_true", help="no friendly space to retreat to")
    p.add_argument("--retreat-after", type=int, help="retreat after this round")
    p.add_argument("--retreat-when", type=int, help="retreat with this many units or fewer")
    p.add_argument("--attacker-tech", default="", help="advances, e.g. jet_fighters")
    p.add_argument("--defender-tech", default="", help="advances, e.g. radar")
    p.add_argument("--attacker-order", default="", help="unit types to lose first, in order")
    p.add_argument("--defender-order", default="")
    p.add_argument("--attacker-submerge", type=int, help="subs submerge from this round")
    p.add_argument("--defender-submerge", type=int)
    p.add_argument("--lang", choices=["en", "zh"], help="language (default: from LANG)")
    return p


def spec_of(args: argparse.Namespace) -> BattleSpec:
    def side(which: str) -> dict[str, object]:
        order = [SHORT.get(u, u) for u in getattr(args, f"{which}_order").replace(",", " ").split()]
        return {
            "units": units(args.attack if which == "attacker" else args.defend),
            "tech": getattr(args, f"{which}_tech").replace(",", " ").split(),
            "order": {"first": order},
            "submerge_from_round": getattr(args, f"{which}_submerge"),
        }

    return BattleSpec.model_validate(
        {
            "kind": "sea" if args.sea else "land",
            "attacker": side("attacker"),
            "defender": side("defender"),
            "aa_gun": args.aa,
            "bombard": units(args.bombard),
            "amphibious": args.amphibious,
            "can_retreat": not args.no_retreat,
            "retreat_after_round": args.retreat_after,
            "retreat_when_left": args.retreat_when,
        }
    )


def report(spec: BattleSpec, o: Odds, lang: str = "en") -> str:
    """The odds in the reader's language (catalog ``aa50_odds.json``)."""
    from bot.i18n import tr

    def left(d: dict[str, float]) -> str:
        units = [f"{v:.2f} {tr(f'aa50.unit.{k}', lang)}" for k, v in sorted(d.items()) if v > 0.005]
        return ", ".join(units) or tr("aa50.odds.none", lang)

    def line(key: str, p: float, extra: str = "") -> str:
        return f"  {tr(key, lang):14} {p:7.2%}{extra}"

    kind = tr(f"aa50.odds.kind.{spec.kind}", lang)
    capture = f"  ({tr('aa50.odds.captures', lang, p=f'{o.captures:.2%}')})"
    lines = [
        tr("aa50.odds.title", lang, kind=kind, positions=o.states),
        line("aa50.odds.attacker_wins", o.attacker_wins, capture if spec.kind == "land" else ""),
        line("aa50.odds.defender_wins", o.defender_wins),
        line("aa50.odds.draw", o.draw),
    ]
    if o.retreat:
        lines.append(line("aa50.odds.retreat", o.retreat))
    lines += [
        "  " + tr("aa50.odds.rounds", lang, rounds=f"{o.rounds:.2f}"),
        "  " + tr("aa50.odds.attacker_keeps", lang, units=left(o.attacker_survivors)),
        "  " + tr("aa50.odds.defender_keeps", lang, units=left(o.defender_survivors)),
        "  "
        + tr(
            "aa50.odds.ipcs",
            lang,
            attacker=f"{o.attacker_ipc_lost:.2f}",
            defender=f"{o.defender_ipc_lost:.2f}",
            swing=f"{o.ipc_swing:+.2f}",
        ),
    ]
    return "\n".join(lines)


def run(argv: list[str]) -> int:
    import os

    from bot.i18n import lang_for, tr

    args = parser().parse_args(argv)
    lang = args.lang or lang_for(os.environ.get("LANG", "en"))
    try:
        spec = spec_of(args)
    except ValidationError as err:
        reason = "; ".join(str(e["msg"]).removeprefix("Value error, ") for e in err.errors())
        print(tr("aa50.odds.refused", lang, reason=reason))
        return 2
    except ValueError as err:
        print(tr("aa50.odds.refused", lang, reason=str(err)))
        return 2
    print(report(spec, odds(spec), lang))
    return 0
