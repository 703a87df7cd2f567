"""Convert TripleA's AA50 game files into the project's data (data/aa50/*.toml).

    python scripts/convert_aa50.py [--reference ../shared/reference/aa50] [--out data/aa50]

Reads the two scenario XMLs (World War II v3 1941/1942, see the reference's SOURCES.md) and
writes validated, sourced TOML: the board (territories, sea zones, adjacency, canals), the
powers, the unit types, each scenario's owners, IPCs and set-up, the national objectives and the
research charts. Values the rulebook prints (its section 7 unit pages, 5.2.3 charts, 3.1/3.2
set-up tables, 5.8.1 objectives) are taken from the rulebook and checked against the XML; where
they differ the rulebook wins and the difference is recorded in the value's `source` and in
data/aa50/README.md. Re-running it gives the same files byte for byte.
"""

from __future__ import annotations

import argparse
import re
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from aa50_names_zh import PROJECT, RULEBOOK
from toml_writer import table, toml_value

XML_SOURCE = "TripleA triplea-maps/world_war_ii_v3 map/games/WW2v3-{year}.xml (commit 8f4a808)"
# TripleA player names -> our power ids (kept: they are what TripleA's fixtures use).
POWERS: dict[str, dict[str, str]] = {
    "Germans": {"id": "germans", "name": "Germany", "zh": "德国", "alliance": "axis"},
    "Russians": {"id": "russians", "name": "Soviet Union", "zh": "苏联", "alliance": "allies"},
    "Japanese": {"id": "japanese", "name": "Japan", "zh": "日本", "alliance": "axis"},
    "British": {"id": "british", "name": "United Kingdom", "zh": "英国", "alliance": "allies"},
    "Italians": {"id": "italians", "name": "Italy", "zh": "意大利", "alliance": "axis"},
    "Americans": {"id": "americans", "name": "United States", "zh": "美国", "alliance": "allies"},
    "Chinese": {"id": "chinese", "name": "China", "zh": "中国", "alliance": "allies"},
}
# Rulebook 3.1 / 3.2: the victory city in each territory, as the set-up tables name them.
CITIES: dict[str, tuple[str, str]] = {
    "Germany": ("Berlin", "柏林"),
    "France": ("Paris", "巴黎"),
    "Poland": ("Warsaw", "华沙"),
    "Italy": ("Rome", "罗马"),
    "Japan": ("Tokyo", "东京"),
    "Kiangsu": ("Shanghai", "上海"),
    "Kwangtung": ("Hong Kong", "香港"),
    "Philippine Islands": ("Manila", "马尼拉"),
    "Eastern United States": ("Washington", "华盛顿"),
    "Western United States": ("San Francisco", "旧金山"),
    "Hawaiian Islands": ("Honolulu", "檀香山"),
    "United Kingdom": ("London", "伦敦"),
    "India": ("Calcutta", "加尔各答"),
    "Australia": ("Sydney", "悉尼"),
    "Eastern Canada": ("Ottawa", "渥太华"),
    "Russia": ("Moscow", "莫斯科"),
    "Caucasus": ("Stalingrad", "斯大林格勒"),
    "Karelia S.S.R.": ("Leningrad", "列宁格勒"),
}
# Rulebook section 7: cost, attack, defence, move (the unit pages and the 2.11 chart).
UNITS: list[dict[str, Any]] = [
    {
        "id": "infantry",
        "zh": "步兵",
        "sec": "7.1.1",
        "kind": "land",
        "cost": 3,
        "att": 1,
        "def": 2,
        "move": 1,
    },
    {
        "id": "artillery",
        "zh": "炮兵",
        "sec": "7.1.2",
        "kind": "land",
        "cost": 4,
        "att": 2,
        "def": 2,
        "move": 1,
    },
    {
        "id": "armour",
        "zh": "坦克",
        "sec": "7.1.3",
        "kind": "land",
        "cost": 5,
        "att": 3,
        "def": 3,
        "move": 2,
    },
    {
        "id": "aaGun",
        "zh": "防空炮",
        "sec": "7.1.4",
        "kind": "land",
        "cost": 6,
        "att": 0,
        "def": 0,
        "move": 1,
    },
    {
        "id": "factory",
        "zh": "工业设施",
        "sec": "7.1.5",
        "kind": "building",
        "cost": 15,
        "att": 0,
        "def": 0,
        "move": 0,
    },
    {
        "id": "fighter",
        "zh": "战斗机",
        "sec": "7.2.1",
        "kind": "air",
        "cost": 10,
        "att": 3,
        "def": 4,
        "move": 4,
    },
    {
        "id": "bomber",
        "zh": "轰炸机",
        "sec": "7.2.2",
        "kind": "air",
        "cost": 12,
        "att": 4,
        "def": 1,
        "move": 6,
    },
    {
        "id": "battleship",
        "zh": "战列舰",
        "sec": "7.3.1",
        "kind": "sea",
        "cost": 20,
        "att": 4,
        "def": 4,
        "move": 2,
    },
    {
        "id": "carrier",
        "zh": "航空母舰",
        "sec": "7.3.2",
        "kind": "sea",
        "cost": 14,
        "att": 1,
        "def": 2,
        "move": 2,
    },
    {
        "id": "cruiser",
        "zh": "巡洋舰",
        "sec": "7.3.3",
        "kind": "sea",
        "cost": 12,
        "att": 3,
        "def": 3,
        "move": 2,
    },
    {
        "id": "destroyer",
        "zh": "驱逐舰",
        "sec": "7.3.4",
        "kind": "sea",
        "cost": 8,
        "att": 2,
        "def": 2,
        "move": 2,
    },
    {
        "id": "submarine",
        "zh": "潜水艇",
        "sec": "7.3.5",
        "kind": "sea",
        "cost": 6,
        "att": 2,
        "def": 1,
        "move": 2,
    },
    {
        "id": "transport",
        "zh": "运输艇",
        "sec": "7.3.6",
        "kind": "sea",
        "cost": 7,
        "att": 0,
        "def": 0,
        "move": 2,
    },
]
UNIT_IDS = {"aaGun": "aa_gun"}  # our ids are snake_case
# Rulebook 5.2.3: the two breakthrough charts, in die order.
TECH: dict[str, list[tuple[str, str, str]]] = {
    "chart_1": [
        ("advanced_artillery", "Advanced Artillery", "高等炮兵"),
        ("rockets", "Rockets", "火箭"),
        ("paratroopers", "Paratroopers", "空降兵"),
        ("increased_factory_production", "Increased Factory Production", "提升工业产出"),
        ("war_bonds", "War Bonds", "战争公债"),
        ("mechanized_infantry", "Mechanized Infantry", "机械化步兵"),
    ],
    "chart_2": [
        ("super_submarines", "Super Submarines", "超级潜水艇"),
        ("jet_fighters", "Jet Fighters", "喷气式战斗机"),
        ("improved_shipyards", "Improved Shipyards", "改良船坞"),
        ("radar", "Radar", "雷达"),
        ("long_range_aircraft", "Long-range Aircraft", "远程飞机"),
        ("heavy_bombers", "Heavy Bombers", "重型轰炸机"),
    ],
}
# Rulebook 5.2.3, Improved Shipyards: the naval prices with the advance.
SHIPYARDS = {
    "battleship": 17,
    "carrier": 11,
    "cruiser": 10,
    "destroyer": 7,
    "transport": 6,
    "submarine": 3,
}
OBJECTIVE_SECTIONS = {
    "germans": "5.8.1.1",
    "japanese": "5.8.1.2",
    "italians": "5.8.1.3",
    "americans": "5.8.1.4",
    "british": "5.8.1.5",
    "russians": "5.8.1.6",
}


def ident(name: str) -> str:
    if m := re.fullmatch(r"(\d+) Sea Zone", name):
        return f"sz_{int(m.group(1))}"
    return re.sub(r"[^a-z0-9]+", "_", name.lower().replace(".", "")).strip("_")


class Scenario:
    def __init__(self, path: Path, year: str) -> None:
        self.year = year
        self.root = ET.parse(path).getroot()
        self.source = XML_SOURCE.format(year=year)

    def territories(self) -> list[tuple[str, bool]]:
        return [(t.get("name", ""), t.get("water") == "true") for t in self.root.iter("territory")]

    def connections(self) -> list[tuple[str, str]]:
        return [(c.get("t1", ""), c.get("t2", "")) for c in self.root.iter("connection")]

    def attachments(self, name: str) -> dict[str, dict[str, str]]:
        out: dict[str, dict[str, str]] = {}
        for a in self.root.iter("attachment"):
            if a.get("name") == name:
                out[a.get("attachTo", "")] = {o.get("name", ""): o.get("value", "") for o in a}
        return out

    def owners(self) -> dict[str, str]:
        return {
            o.get("territory", ""): o.get("owner", "") for o in self.root.iter("territoryOwner")
        }

    def placements(self) -> list[tuple[str, str, str, int]]:
        return [
            (
                u.get("territory", ""),
                u.get("owner", ""),
                u.get("unitType", ""),
                int(u.get("quantity", "0")),
            )
            for u in self.root.iter("unitPlacement")
        ]

    def resources(self, resource: str) -> dict[str, int]:
        return {
            r.get("player", ""): int(r.get("quantity", "0"))
            for r in self.root.iter("resourceGiven")
            if r.get("resource") == resource
        }

    def turn_order(self) -> list[str]:
        order: list[str] = []
        for step in self.root.iter("step"):
            player, delegate = step.get("player"), step.get("delegate", "")
            if player and delegate in ("purchase", "purchaseNoPU") and player not in order:
                order.append(player)
        return order

    def costs(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for rule in self.root.iter("productionRule"):
            cost, result = rule.find("cost"), rule.find("result")
            if cost is not None and result is not None:
                unit = result.get("resourceOrUnit", "")
                out.setdefault(unit, int(cost.get("quantity", "0")))  # the first: the normal price
        return out

    def unit_options(self) -> dict[str, dict[str, str]]:
        return self.attachments("unitAttachment")


def convert(reference: Path, out: Path) -> list[str]:
    s41 = Scenario(reference / "WW2v3-1941.xml", "1941")
    s42 = Scenario(reference / "WW2v3-1942.xml", "1942")
    notes: list[str] = []
    out.mkdir(parents=True, exist_ok=True)
    _write_map(s41, out, notes)
    _write_powers(reference, out)
    _write_units(s41, out, notes)
    for s in (s41, s42):
        _write_scenario(s, out, notes)
    _write_objectives(s41, out)
    _write_tech(out)
    return notes


def _write_map(s: Scenario, out: Path, notes: list[str]) -> None:
    attach = s.attachments("territoryAttachment")
    adjacent: dict[str, set[str]] = defaultdict(set)
    for a, b in s.connections():
        adjacent[a].add(b)
        adjacent[b].add(a)
    parts = [
        "# AA50: the board. Converted by scripts/convert_aa50.py from " + s.source + ";\n"
        "# do not edit by hand: change the script or its tables and re-run it.\n"
        "# ipc: the territory's value (rulebook 2.2); island: land touching only sea zones (2.5);\n"
        "# impassable: a neutral no unit may enter or fly over (2.2, 5.4); capital_of: the power\n"
        "# whose capital it is (5.5.3.8); victory_city: the city's name (2.7, 3.1).\n"
    ]
    for name, water in s.territories():
        a = attach.get(name, {})
        land_neighbours = [n for n in adjacent[name] if not _is_sea(s, n)]
        capital = a.get("capital")
        if capital == "Chinese":
            # TripleA puts a placeholder Chinese capital on impassable Mongolia; the rulebook's
            # China (section 4) has no capital.
            notes.append(
                "Mongolia: TripleA's placeholder Chinese capital dropped (rulebook 4: no capital)"
            )
            capital = None
        zh = _zh_name(name)
        city = CITIES.get(name)
        record: dict[str, Any] = {
            "id": ident(name),
            "name": name,
            "name_zh": zh[0],
            "sea": water,
            "ipc": 0 if water else int(a.get("production", "0")),
            "island": (not water) and not land_neighbours,
            "impassable": a.get("isImpassable") == "true",
            "capital_of": POWERS[capital]["id"] if capital else None,
            "victory_city": city[0] if city else None,
            "victory_city_zh": city[1] if city else None,
            "adjacent": sorted(ident(n) for n in adjacent[name]),
            "status": "confirmed",
            "source": s.source,
        }
        if zh[1]:
            record["fields"] = {"name_zh": {"status": "inferred", "source": zh[1]}}
        parts.append(table("territories", record))
    canals: dict[str, dict[str, Any]] = {}
    for zone, opts in s.attachments("canalAttachment").items():
        name = opts["canalName"]
        c = canals.setdefault(name, {"zones": [], "land": opts["landTerritories"].split(":")})
        c["zones"].append(ident(zone))
    zh_canal = {"Suez Canal": "苏伊士运河", "Panama Canal": "巴拿马运河"}
    for name, c in sorted(canals.items()):
        parts.append(
            table(
                "canals",
                {
                    "id": ident(name.replace(" Canal", "")),
                    "name": name,
                    "name_zh": zh_canal[name],
                    "sea_zones": sorted(c["zones"]),
                    "controlled_by": [ident(t) for t in c["land"]],
                    "status": "rules",
                    "source": "rulebook 2.6: a power moves through only if its side controlled the "
                    "territories at the start of its turn; zones and territories from " + s.source,
                },
            )
        )
    (out / "map.toml").write_text("\n".join(parts), encoding="utf-8")


def _is_sea(s: Scenario, name: str) -> bool:
    return name.endswith("Sea Zone")


def _zh_name(name: str) -> tuple[str, str | None]:
    if m := re.fullmatch(r"(\d+) Sea Zone", name):
        return f"海域 {int(m.group(1))}", None  # the rulebook's own form: 「海域 13」 (5.8.1.3)
    if name in RULEBOOK:
        return RULEBOOK[name], None
    return PROJECT[name], "the project's translation (the rulebook prints no Chinese name)"


def _write_powers(reference: Path, out: Path) -> None:
    colours = dict(
        line.split("=", 1)
        for line in (reference / "map" / "map.properties").read_text().splitlines()
        if line.startswith("color.")
    )
    parts = ["# AA50: the powers (rulebook 1.1, 4). Colours from TripleA's map.properties.\n"]
    for tname, p in POWERS.items():
        parts.append(
            table(
                "powers",
                {
                    "id": p["id"],
                    "name": p["name"],
                    "name_zh": p["zh"],
                    "alliance": p["alliance"],
                    "colour": "#" + colours[f"color.{tname}"],
                    "status": "rules",
                    "source": "rulebook 1.1 (alliances), 4 (China); colour: map.properties",
                },
            )
        )
    (out / "powers.toml").write_text("\n".join(parts), encoding="utf-8")


def _write_units(s: Scenario, out: Path, notes: list[str]) -> None:
    costs, opts = s.costs(), s.unit_options()
    parts = [
        "# AA50: the unit types as the rulebook's section 7 gives them (cost, attack, defence,\n"
        "# move), checked against " + s.source + ".\n"
        "# shipyards_cost: the price with Improved Shipyards (5.2.3).\n"
    ]
    for u in UNITS:
        xml = opts.get(u["id"], {})
        record: dict[str, Any] = {
            "id": UNIT_IDS.get(u["id"], u["id"]),
            "name": u["id"].replace("aaGun", "AA gun").replace("armour", "tank").capitalize()
            if u["id"] != "aaGun"
            else "AA gun",
            "name_zh": u["zh"],
            "kind": u["kind"],
            "cost": u["cost"],
            "attack": u["att"],
            "defense": u["def"],
            "move": u["move"],
            "hits": int(xml.get("hitPoints", "1")),
            "shipyards_cost": SHIPYARDS.get(u["id"]),
            "status": "rules",
            "source": f"rulebook {u['sec']}",
        }
        checks = {
            "cost": costs.get(u["id"]),
            "attack": int(xml.get("attack", "0")),
            "defense": int(xml.get("defense", "0")),
            "move": int(xml.get("movement", "0")),
        }
        for field, xml_value in checks.items():
            if xml_value is not None and xml_value != record[field]:
                notes.append(f"{u['id']} {field}: rulebook {record[field]}, TripleA {xml_value}")
        if u["id"] == "submarine":
            record["fields"] = {
                "shipyards_cost": {
                    "status": "rules",
                    "source": "rulebook 5.2.3 prints 3; TripleA's productionShipyards has 5 "
                    "(probably a slip in the translation; the rulebook wins)",
                }
            }
        parts.append(table("units", record))
    (out / "units.toml").write_text("\n".join(parts), encoding="utf-8")


def _write_scenario(s: Scenario, out: Path, notes: list[str]) -> None:
    attach = s.attachments("territoryAttachment")
    ipcs = s.resources("PUs")
    parts = [
        f"# AA50 {s.year} scenario (rulebook 3.{1 if s.year == '1941' else 2}). Converted by\n"
        f"# scripts/convert_aa50.py from {s.source}.\n"
    ]
    order = [POWERS[p]["id"] for p in s.turn_order()]
    head = {
        "id": s.year,
        "turn_order": order,
        "status": "confirmed",
        "source": s.source,
    }
    parts.append(
        "[scenario]\n" + "\n".join(f"{k} = {toml_value(v)}" for k, v in head.items()) + "\n"
    )
    for tname, amount in sorted(ipcs.items(), key=lambda kv: POWERS[kv[0]]["id"]):
        record: dict[str, Any] = {"power": POWERS[tname]["id"], "ipcs": amount}
        if s.year == "1942" and tname != "Chinese":
            record.update(
                status="inferred",
                source="TripleA's 1942 PUs, equal to the 1942 territory totals; the rulebook's 3.2 "
                "table repeats the 1941 figures (a copy slip: 5.8 pays income by territory)",
            )
            notes.append(
                f"1942 {tname}: starting IPCs {amount} from TripleA (rulebook 3.2 repeats 1941)"
            )
        else:
            record.update(status="rules", source=f"rulebook 3.1 set-up table; {s.source} agrees")
        parts.append(table("starting_ipcs", record))
    owners = s.owners()
    for territory, owner in sorted(owners.items(), key=lambda kv: ident(kv[0])):
        impassable = attach.get(territory, {}).get("isImpassable") == "true"
        if impassable:
            # Saudi Arabia: TripleA gives the British an impassable neutral; a neutral has no owner.
            notes.append(f"{s.year} {territory}: impassable neutral, TripleA owner {owner} dropped")
            continue
        original = attach.get(territory, {}).get("originalOwner")
        parts.append(
            table(
                "owners",
                {
                    "territory": ident(territory),
                    "power": POWERS[owner]["id"],
                    "original": POWERS[original]["id"] if original else None,
                    "status": "confirmed",
                    "source": s.source,
                },
            )
        )
    for territory, owner, unit, count in s.placements():
        parts.append(
            table(
                "placements",
                {
                    "territory": ident(territory),
                    "power": POWERS[owner]["id"],
                    "unit": UNIT_IDS.get(unit, unit),
                    "count": count,
                    "status": "confirmed",
                    "source": s.source,
                },
            )
        )
    (out / f"scenario_{s.year}.toml").write_text("\n".join(parts), encoding="utf-8")


def _write_objectives(s: Scenario, out: Path) -> None:
    parts = [
        "# AA50 national objectives (rulebook 5.8.1), checked against " + s.source + ".\n"
        "# control: the power's alliance must control `count` of `territories`;\n"
        "# no_allied_units: no other allied power's units in territories the power controls;\n"
        "# no_enemy_surface_ships: no enemy surface warship in these sea zones.\n"
    ]
    for a in s.root.iter("attachment"):
        name = a.get("name", "")
        if not name.startswith("objectiveAttachment"):
            continue
        power = POWERS[a.get("attachTo", "")]["id"]
        opts = {o.get("name"): o for o in a}
        own = opts["alliedOwnershipTerritories"]
        territories = [ident(t) for t in own.get("value", "").split(":")]
        record: dict[str, Any] = {
            "id": f"{power}_{name.removeprefix('objectiveAttachment')}",
            "power": power,
            "value": int(opts["objectiveValue"].get("value", "0")),
            "territories": territories,
            "count": int(own.get("count", str(len(territories)))),
            "no_allied_units": "alliedExclusionTerritories" in opts,
            "no_enemy_surface_ships": [
                ident(t)
                for t in opts["enemySurfaceExclusionTerritories"].get("value", "").split(":")
            ]
            if "enemySurfaceExclusionTerritories" in opts
            else None,
            "status": "rules",
            "source": f"rulebook {OBJECTIVE_SECTIONS[power]}; {s.source}",
        }
        if record["id"] == "british_1":
            record["fields"] = {
                "territories": {
                    "status": "inferred",
                    "source": "rulebook 5.8.1.5: 'any territory originally controlled by Japan'; "
                    "TripleA lists the six Japan holds at the 1941 start (Kiangsu and Manchuria "
                    "are originally Chinese there)",
                }
            }
        parts.append(table("objectives", record))
    (out / "objectives.toml").write_text("\n".join(parts), encoding="utf-8")


def _write_tech(out: Path) -> None:
    parts = ["# AA50 research & development (rulebook 5.2.3): two charts, the die picks the row.\n"]
    for chart, rows in TECH.items():
        for roll, (tid, name, zh) in enumerate(rows, start=1):
            parts.append(
                table(
                    "advances",
                    {
                        "id": tid,
                        "chart": chart,
                        "roll": roll,
                        "name": name,
                        "name_zh": zh,
                        "status": "rules",
                        "source": f"rulebook 5.2.3, breakthrough chart {chart[-1]}, row {roll}",
                    },
                )
            )
    (out / "tech.toml").write_text("\n".join(parts), encoding="utf-8")


def main() -> None:
    here = Path(__file__).resolve().parents[1]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference", type=Path, default=here.parent / "shared/reference/aa50")
    parser.add_argument("--out", type=Path, default=here / "data/aa50")
    args = parser.parse_args()
    for note in convert(args.reference, args.out):
        print(note)


if __name__ == "__main__":
    main()
