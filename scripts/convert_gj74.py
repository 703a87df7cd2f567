"""Convert the GJ74 stand-in component tables into the project's data (data/gj74/*.toml).

    python scripts/convert_gj74.py [--reference ../shared/reference/gj74] [--out data/gj74]

The counter values and the map of GJ74 were not found (reference NOTES.md), so
`reference/gj74/standin/` holds a consistent hex map and counter set built from what the rulebook
prints. This script turns those CSVs into sourced TOML: every value is `standin` unless the
rulebook confirms it (the CSVs' own status column says which, and is kept as the source), so
printed values can replace them later by editing the data, without code changes. Re-running it
gives the same files byte for byte.
"""

from __future__ import annotations

import argparse
import csv
import re
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from toml_writer import table, toml_value

STANDIN = (
    "reference/gj74/standin/{file} (NOTES.md 'Stand-in grid'); the real map was not found: "
    "hexes 80 km apart laid on the real geography from the three hexes the rulebook names "
    "(0901 off the Kii peninsula, 1313 Socotra Rock, 2513 near Miyako), a scale that fits "
    "2-hex moves of 4 hours, 2-hex missile and 10-hex air ranges"
)
NATION = {"CN": "cn", "JP": "jp", "KR": "kr", "KP": "kp", "TW": "tw"}


def rows(path: Path) -> list[dict[str, str]]:
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def number(text: str) -> int | float:
    value = float(text)
    return int(value) if value.is_integer() else value


def slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def write_map(standin: Path, out: Path) -> None:
    hexes = rows(standin / "gj74-standin-hexmap.csv")
    header = (
        "# GJ74: the hex map (rulebook 2.2-2.6: sea, coastal hexes by nation, land,\n"
        "# ports, air bases, SOSUS). STAND-IN: the printed map was not found; this grid fits the\n"
        "# rulebook's anchors (1313 Socotra Rock, 0901 off Kii, 2513 the 19.4 target) and\n"
        "# scale (NOTES.md).\n"
        "# Written by scripts/convert_gj74.py; change the script or the reference, not this file.\n"
    )
    lines = []
    for h in hexes:
        record: dict[str, Any] = {"id": h["hex"], "terrain": h["terrain"]}
        if h["nation"]:
            record["nation"] = NATION[h["nation"]]
        lines.append("  " + toml_value(record) + ",")
    sides = rows(standin / "gj74-standin-land-hexsides.csv")
    sources = {
        "hexes": STANDIN.format(file="gj74-standin-hexmap.csv"),
        "land_hexsides": STANDIN.format(file="gj74-standin-land-hexsides.csv"),
    }
    parts = [
        header,
        # Top-level arrays first: in TOML a key after a [table] header belongs to that table.
        "hexes = [\n" + "\n".join(lines) + "\n]\n",
        "# Hexsides that are wholly land: no ship crosses them (rulebook 8).\n"
        "land_hexsides = [\n"
        + "\n".join(f"  {toml_value({'a': s['hex_a'], 'b': s['hex_b']})}," for s in sides)
        + "\n]\n",
        "[grid]\ncolumns = 30\nrows = 24\n"
        "# Columns run north to south, rows east to west; even columns sit half a hex west.\n"
        'status = "standin"\n'
        f"source = {toml_value(sources['hexes'])}\n",
        *(
            f'[record_defaults.{name}]\nstatus = "standin"\nsource = {toml_value(src)}\n'
            for name, src in sources.items()
        ),
    ]
    for p in rows(standin / "gj74-standin-places.csv"):
        kind = p["kind"]
        owner = p["owner"]
        record = {
            "id": f"{kind}_{slug(p['name_en'])}",
            "hex": p["hex"],
            "kind": kind,
            "owner": NATION.get(owner),
            "disputed": sorted(NATION[n] for n in owner.split()[-1].split("/"))
            if owner.startswith("disputed")
            else None,
            "name": p["name_en"],
            "name_zh": p["name_zh"],
            "name_ja": p["name_ja"],
            "status": "standin",
            "source": STANDIN.format(file="gj74-standin-places.csv")
            + (
                f"; {p['km_from_hex_centre']} km from the real place"
                if p["km_from_hex_centre"]
                else ""
            ),
        }
        parts.append(table("places", record))
    (out / "map.toml").write_text("\n".join(parts), encoding="utf-8")


RULEBOOK = {
    "cn_shandong_type_002": (
        {"anti_air": 0},
        "; anti-air 0 from the same battle (it fires 4 dice, its interception air alone)",
    ),
}
"""Values the rulebook prints over the stand-in's (23.0 example 4), with the note kept."""
NAME_ZH = {
    "cn_luyang_iii_052d": "052D型 旅洋Ⅲ级",
    "cn_luyang_ii_052c": "052C型 旅洋Ⅱ级",
    "cn_sovremenny_956e_em": "956E 现代级",
    "cn_jiangkai_ii_054a": "054A型 江凯Ⅱ级",
    "kr_sejong_the_great_kdx_iii": "世宗大王级(Ⅲ)",
    "kr_chungmugong_yi_sun_sin_kdx_ii": "忠武公李舜臣级(Ⅱ)",
    "kr_gwanggaeto_the_great_kdx_i": "广开土大王级(I)",
}
"""Chinese class names without Latin letters (as Chinese text reads them; the catalogs word
the classes with these, tests/gj74/test_data.py)."""


REASON = {
    "cn": "stand-in values set as NOTES.md 3 says: every value the rulebook prints kept; "
    "Chinese ships tech 2 but the newest (055, 003) 3, as a Chinese ship scores 0.5 VP "
    "against 1 for a Japanese or Korean one (21.1: more but weaker ships); Aegis-type "
    "wide-area anti-air 4",
    "jp": "stand-in values set as NOTES.md 3 says: every value the rulebook prints kept; "
    "Japanese ships tech 3 but the older destroyers (たかなみ, むらさめ, あさぎり) 2; Aegis-type "
    "wide-area anti-air 6",
    "kr": "stand-in values set as NOTES.md 3 says: every value the rulebook prints kept; "
    "Korean ships tech 3 for the newest classes (KDX-III, 独岛, 214), 2 for the older; "
    "Aegis-type wide-area anti-air 6",
}
"""Why each navy's stand-in values are what they are (reference NOTES.md 3)."""


def write_ships(standin: Path, out: Path) -> None:
    parts = [
        "# GJ74: ship classes per navy (rulebook 2.11: type and tech level above, anti-ship,\n"
        "# anti-air and ASW below; a circled anti-air value is wide-area AA, a circled anti-ship\n"
        "# value on a submarine lets it attack several ships; carrier air factors anti-ship,\n"
        "# interception and ASW). STAND-IN values where the counters were not found: `source`\n"
        "# keeps the reference's own note of what is confirmed. Written by convert_gj74.py.\n"
    ]
    for s in rows(standin / "gj74-standin-ships.csv"):
        note = s["status"]
        # The reference marks a class 'pattern confirmed' when the rulebook's search table or
        # worked examples print its values; the class it belongs to is still our inference.
        status = (
            "inferred" if note.startswith(("pattern confirmed", "rule confirmed")) else "standin"
        )
        names = [n for n in s["names"].split(";") if n and not n.startswith("(")]
        submarine = s["type"] in ("SS", "SSN")
        record: dict[str, Any] = {
            "id": f"{s['nation'].lower()}_{slug(s['class_en'])}",
            "nation": NATION[s["nation"]],
            "type": s["type"],
            "name": s["class_en"],
            "name_zh": NAME_ZH.get(f"{s['nation'].lower()}_{slug(s['class_en'])}", s["class_zh"]),
            "name_local": s["class_local"],
            "count": int(s["count"]),
            "names": names,
            "tech": int(s["tech"]),
            "anti_ship": int(s["anti_ship"]),
            "multi_target": submarine,  # the search table prints every SS anti-ship value circled
            "anti_air": int(s["anti_air"]),
            "wide_area_aa": s["aa_wide"] == "1",
            "asw": number(s["asw"]),
            "air_anti_ship": int(s["air_antiship"]),
            "air_intercept": int(s["air_intercept"]),
            "air_asw": int(s["air_asw"]),
            "move": int(s["move"]),
            "long_range": int(s["long_range_opt"]) if s["long_range_opt"] else None,
            "vp_multiplier": number(s["vp_mult"]),
            "status": status,
            "source": "reference/gj74/standin/gj74-standin-ships.csv: " + note,
        }
        fix, why = RULEBOOK.get(record["id"], ({}, ""))
        record |= fix
        record["source"] += why
        if status == "standin":
            record["source"] += "; " + REASON[record["nation"]]
        parts.append(table("classes", record))
    (out / "ships.toml").write_text("\n".join(parts), encoding="utf-8")


def write_air(standin: Path, out: Path) -> None:
    parts = [
        "# GJ74: aircraft counters (rulebook 2.12: blue or red, each side uses its colour; ATK\n"
        "# face strikes, ASP face fights in the air) and the Air Operations Table (5.3, 7.3, 17).\n"
        "# STAND-IN values (NOTES.md 3-4). Written by scripts/convert_gj74.py.\n"
    ]
    for a in rows(standin / "gj74-standin-aircraft.csv"):
        parts.append(
            table(
                "aircraft",
                {
                    "id": a["side_colour"],
                    "count": int(a["count"]),
                    "atk_anti_ship": int(a["atk_anti_ship"]),
                    "atk_asw_dice": int(a["atk_asw_dice"]),
                    "atk_tech": int(a["atk_tech"]),
                    "asp_air_combat_dice": int(a["asp_air_combat_dice"]),
                    "asp_tech": int(a["asp_tech"]),
                    "status": "standin",
                    "source": "reference/gj74/standin/gj74-standin-aircraft.csv: "
                    + a["status"]
                    + "; set as NOTES.md 3 says: 8 counters a colour, ATK anti-ship 2 at tech 2,"
                    " ASP tech 2, both colours alike (any nation flies either colour)",
                },
            )
        )
    for c in rows(standin / "gj74-standin-airops-columns.csv"):
        low, _, high = c["distance_hexes"].partition("-")
        parts.append(
            table(
                "air_ops_columns",
                {
                    "id": f"{c['operation']}_{low}",
                    "operation": c["operation"],
                    "min_distance": int(low),
                    "max_distance": int(high or low),
                    "column": int(c["column_k"]),
                    "status": "inferred" if c["status"].startswith("seed") else "standin",
                    "source": "rulebook tables (flattened; NOTES.md 4 reads the tab positions): "
                    + c["status"],
                },
            )
        )
    for r in rows(standin / "gj74-standin-airops-table.csv"):
        parts.append(
            table(
                "air_ops_rows",
                {
                    "die": int(r["modified_die"]),
                    "actions": [int(r[f"k{k}"]) for k in range(10)],
                    "status": "standin",
                    "source": "NOTES.md 4: actions = max(0, modified die - column); fits 23.0 ex.1",
                },
            )
        )
    (out / "air.toml").write_text("\n".join(parts), encoding="utf-8")


def main() -> None:
    here = Path(__file__).resolve().parents[1]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=here.parent / "shared/reference/gj74")
    parser.add_argument("--out", type=Path, default=here / "data/gj74")
    args = parser.parse_args()
    standin = args.reference / "standin"
    args.out.mkdir(parents=True, exist_ok=True)
    write_map(standin, args.out)
    write_ships(standin, args.out)
    write_air(standin, args.out)


if __name__ == "__main__":
    main()
