"""Convert TripleA's pixel geometry of the AA50 board into ``data/aa50/map/``.

    python scripts/convert_aa50_map.py [--reference ../shared/reference/aa50] [--out data/aa50/map]

Reads ``map/`` of the reference (TripleA triplea-maps/world_war_ii_v3, provenance in its
SOURCES.md): territory and sea-zone polygons, centres, unit slots, name and IPC positions,
the victory-city and capital markers and the map's colours, and writes ``geometry.json``: one
record per space, by the ids of ``data/aa50/map.toml`` (the names converted as
``convert_aa50.ident`` does), polygons simplified (Ramer-Douglas-Peucker, 1 px) to keep the
file small. ``rendering/aa50/geometry.py`` loads and checks it; do not edit it by hand.
"""

from __future__ import annotations

import argparse
import json
import re
from pathlib import Path

from convert_aa50 import ident

SOURCE = (
    "TripleA triplea-maps/world_war_ii_v3 map/{file} (commit cd24cf1, 2016-02-02); "
    "copy: ../shared/reference/aa50/{file}"
)
POINT = re.compile(r"\((-?\d+),(-?\d+)\)")
TOLERANCE = 1.0


def _named_points(path: Path) -> dict[str, list[tuple[int, int]]]:
    out: dict[str, list[tuple[int, int]]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if "(" not in line:
            continue
        name = line[: line.index("(")].strip()
        out[name] = [(int(x), int(y)) for x, y in POINT.findall(line)]
    return out


def _polygons(path: Path) -> dict[str, list[list[tuple[int, int]]]]:
    out: dict[str, list[list[tuple[int, int]]]] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if "<" not in line:
            continue
        name = line[: line.index("<")].strip()
        rings = re.findall(r"<([^>]*)>", line)
        out[name] = [[(int(x), int(y)) for x, y in POINT.findall(r)] for r in rings]
    return out


def _simplify(points: list[tuple[int, int]], tolerance: float) -> list[tuple[int, int]]:
    """Ramer-Douglas-Peucker on a closed ring (kept closed by its first point)."""
    if len(points) < 4:
        return points

    def rdp(pts: list[tuple[int, int]]) -> list[tuple[int, int]]:
        (x1, y1), (x2, y2) = pts[0], pts[-1]
        dx, dy = x2 - x1, y2 - y1
        norm = (dx * dx + dy * dy) ** 0.5
        best, index = -1.0, 0
        for i in range(1, len(pts) - 1):
            x, y = pts[i]
            if norm:
                d = abs(dy * x - dx * y + x2 * y1 - y2 * x1) / norm
            else:
                d = ((x - x1) ** 2 + (y - y1) ** 2) ** 0.5
            if d > best:
                best, index = d, i
        if best <= tolerance:
            return [pts[0], pts[-1]]
        return rdp(pts[: index + 1])[:-1] + rdp(pts[index:])

    far = max(
        range(len(points)),
        key=lambda i: (points[i][0] - points[0][0]) ** 2 + (points[i][1] - points[0][1]) ** 2,
    )
    ring = rdp(points[: far + 1])[:-1] + rdp([*points[far:], points[0]])[:-1]
    return ring if len(ring) >= 3 else points


def convert(reference: Path, out: Path) -> None:
    geo = reference / "map"
    polys = _polygons(geo / "polygons.txt")
    centres = _named_points(geo / "centers.txt")
    slots = _named_points(geo / "place.txt")
    names = _named_points(geo / "name_place.txt")
    ipcs = _named_points(geo / "pu_place.txt")
    victory = _named_points(reference / "vc.txt")
    capitals = _named_points(reference / "capitols.txt")
    props = dict(
        line.split("=", 1)
        for line in (geo / "map.properties").read_text(encoding="utf-8").splitlines()
        if "=" in line and not line.startswith("#")
    )
    spaces = []
    for name in sorted(polys, key=ident):
        rings = [_simplify(r, TOLERANCE) for r in polys[name]]
        spaces.append(
            {
                "id": ident(name),
                "name": name,
                "polygons": [[c for p in r for c in p] for r in rings],
                "center": list(centres[name][0]),
                "slots": [list(p) for p in slots.get(name, [])],
                "name_at": list(names[name][0]) if name in names else None,
                "ipc_at": list(ipcs[name][0]) if name in ipcs else None,
                "victory_at": list(victory[name][0]) if name in victory else None,
                "capital_at": list(capitals[name][0]) if name in capitals else None,
            }
        )
    data = {
        "sources": {
            f: SOURCE.format(file=f)
            for f in (
                "map/polygons.txt",
                "map/centers.txt",
                "map/place.txt",
                "map/name_place.txt",
                "map/pu_place.txt",
                "map/map.properties",
                "vc.txt",
                "capitols.txt",
            )
        },
        "status": "confirmed",
        "note": f"polygons simplified by Ramer-Douglas-Peucker at {TOLERANCE} px; "
        "written by scripts/convert_aa50_map.py",
        "width": int(props["map.width"]),
        "height": int(props["map.height"]),
        "colours": {
            "neutral": "#" + props["color.Neutral"].strip(),
            "impassable": "#" + props["color.Impassable"].strip(),
        },
        "spaces": spaces,
    }
    out.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, separators=(",", ":"), sort_keys=False)
    # One space per line keeps diffs readable.
    text = text.replace(',{"id"', ',\n{"id"')
    (out / "geometry.json").write_text(text + "\n", encoding="utf-8")


def main() -> None:
    root = Path(__file__).resolve().parents[1]
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--reference", type=Path, default=root.parent / "shared/reference/aa50")
    parser.add_argument("--out", type=Path, default=root / "data/aa50/map")
    args = parser.parse_args()
    convert(args.reference, args.out)


if __name__ == "__main__":
    main()
