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
    p.add_argument("--eps", type=float, default=0.0, help="drop outcomes below this probability")
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


def report(spec: BattleSpec, o: Odds) -> str:
    def left(d: dict[str, float]) -> str:
        return ", ".join(f"{v:.2f} {k}" for k, v in sorted(d.items()) if v > 0.005) or "none"

    lines = [
        f"{spec.kind} battle, exact odds ({o.states} positions):",
        f"  attacker wins {o.attacker_wins:7.2%}"
        + (f"  (takes the territory {o.captures:.2%})" if spec.kind == "land" else ""),
        f"  defender wins {o.defender_wins:7.2%}",
        f"  draw          {o.draw:7.2%}",
    ]
    if o.retreat:
        lines.append(f"  retreat       {o.retreat:7.2%}")
    lines += [
        f"  rounds on average {o.rounds:.2f}",
        f"  attacker keeps on average: {left(o.attacker_survivors)}",
        f"  defender keeps on average: {left(o.defender_survivors)}",
        f"  IPCs lost on average: attacker {o.attacker_ipc_lost:.2f},"
        f" defender {o.defender_ipc_lost:.2f}; swing {o.ipc_swing:+.2f} for the attacker",
    ]
    if o.unresolved:
        lines.append(f"  probability not resolved (below --eps): {o.unresolved:.1e}")
    return "\n".join(lines)


def run(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    try:
        spec = spec_of(args)
    except ValidationError as err:
        print(
            "refused: "
            + "; ".join(str(e["msg"]).removeprefix("Value error, ") for e in err.errors())
        )
        return 2
    except ValueError as err:
        print(f"refused: {err}")
        return 2
    print(report(spec, odds(spec, args.eps)))
    return 0
