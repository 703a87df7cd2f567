"""Write data/jutland/sheet.toml: the Fleet Search Sheet as a stand-in reconstruction.

The printed sheet's coastlines, shaded (coastal patrol) hexes and exits were not found
(shared/reference/jutland/NOTES.md §2, §10). What is known: the grid (rows A..DD, columns
constant along the NW-SE diagonal, corners A13, A34, DD-1/DD1, DD19: J1) and the base hexes
(rules). This script places the grid on the real North Sea by the affine fit of the six base
hexes to their ports (each within 11 nm, under a hex), then classes each hex against coarse
coastlines: every sample point at sea -> sea, every point ashore -> land, otherwise coast
(a partial hex, not enterable: Jutland 3.1). Shaded hexes are the sea hexes next to a British or
Norwegian coast hex (the patrols of 3.1). Exits follow the rule's counts (Jutland 5): the 6 sea
hexes of row DD, the 14 sea hexes of row A east of Orkney, the 4 sea hexes of the east edge
between Norway and Denmark. Replace sheet.toml with the printed sheet when a scan is found.

    python scripts/convert_jutland.py --reference ../shared/reference/jutland --out data/jutland
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from toml_writer import table, toml_value

ROWS = [*"ABCDEFGHIJKLMNOPQRSTUVWXYZ", "AA", "BB", "CC", "DD"]
# Ports of the rulebook's base hexes (lat, lon) used to place the grid on the sea.
ANCHORS = {
    ("A", 17): (58.93, -3.10),  # Scapa Flow
    ("D", 13): (57.68, -4.03),  # Cromarty
    ("K", 9): (56.02, -3.43),  # Rosyth
    ("V", 5): (53.74, -0.33),  # Hull
    ("CC", 2): (51.95, 1.29),  # Harwich
    ("BB", 16): (53.52, 8.13),  # Wilhelmshaven (Jade)
}
LAT0 = 55.5
# Coarse coastlines (lat, lon), each a closed polygon; names say whose patrols watch them.
BRITAIN = [
    (58.55, -5.2), (58.6, -4.3), (58.62, -3.4), (58.64, -3.03), (58.44, -3.09), (58.12, -3.65),
    (57.85, -4.0), (57.87, -3.77), (57.68, -4.03), (57.48, -4.22), (57.59, -3.87),
    (57.72, -3.28), (57.69, -2.0), (57.61, -1.82), (57.5, -1.78), (57.15, -2.08),
    (56.71, -2.46), (56.28, -2.58), (56.02, -3.43), (56.06, -2.72), (55.9, -2.13),
    (55.77, -2.0), (55.02, -1.42), (54.69, -1.2), (54.49, -0.61), (54.12, -0.08),
    (53.58, 0.12), (53.74, -0.33), (53.14, 0.34), (52.9, 0.3), (52.93, 1.3), (52.6, 1.73),
    (52.48, 1.76), (52.09, 1.58), (51.95, 1.29), (51.79, 1.15), (51.6, 0.9), (51.38, 1.45),
    (51.13, 1.31), (50.8, 0.0), (50.5, -6.0), (58.5, -6.0),
]  # fmt: skip
ORKNEY = [(58.72, -3.45), (59.35, -3.35), (59.38, -2.4), (58.75, -2.7)]
SHETLAND = [(59.85, -1.35), (60.85, -1.1), (60.8, -0.75), (59.9, -1.15)]
NORWAY = [
    (62.5, 4.8), (61.0, 4.9), (60.0, 5.0), (59.3, 5.2), (58.9, 5.55), (58.45, 5.75),
    (58.1, 6.6), (57.98, 7.05), (58.1, 8.0), (58.3, 8.6), (58.6, 9.2), (59.0, 9.8),
    (59.0, 10.5), (59.9, 10.7), (60.0, 13.0), (62.5, 13.0),
]  # fmt: skip
CONTINENT = [
    (57.74, 10.6), (57.12, 8.6), (56.7, 8.2), (56.0, 8.12), (55.56, 8.08), (55.47, 8.45),
    (54.9, 8.3), (54.5, 8.6), (54.35, 8.6), (53.87, 8.7), (53.52, 8.13), (53.7, 7.3),
    (53.35, 7.2), (53.45, 6.5), (53.4, 5.5), (52.95, 4.75), (52.46, 4.58), (51.98, 4.12),
    (51.45, 3.55), (51.23, 2.92), (50.95, 1.85), (49.5, 1.5), (49.5, 13.0), (57.0, 13.0),
    (57.5, 10.55),
]  # fmt: skip
HELIGOLAND = [(54.16, 7.86), (54.2, 7.86), (54.2, 7.92), (54.16, 7.92)]
LANDS = {
    "britain": BRITAIN, "orkney": ORKNEY, "shetland": SHETLAND, "norway": NORWAY,
    "continent": CONTINENT, "heligoland": HELIGOLAND,
}  # fmt: skip
PATROLLED = {"britain", "orkney", "shetland", "norway"}  # British or Norwegian patrols (3.1)

SOURCE = (
    "stand-in: scripts/convert_jutland.py classes each hex against coarse coastlines after "
    "fitting the grid (J1 corners) to the six base ports; the printed sheet was not found"
)


def first(r: int) -> int:
    return 13 - r // 2  # A13 ... DD-1: one column less every second row (J1)


def last(r: int) -> int:
    return 34 - (r + 1) // 2  # A34 ... DD19


def plane(r: int, q: int) -> tuple[float, float]:
    """Centre of hex (row index r, column q) in nautical miles: 18 nm across (Jutland 3.1)."""
    return 18 * (q + r / 2), -18 * math.sqrt(3) / 2 * r


def _fit() -> tuple[list[float], list[float]]:
    def solve(rows: list[list[float]], rhs: list[float]) -> list[float]:
        m = [[sum(a[i] * a[j] for a in rows) for j in range(3)] for i in range(3)]
        v = [sum(a[i] * b for a, b in zip(rows, rhs, strict=True)) for i in range(3)]
        for i in range(3):
            for j in range(i + 1, 3):
                f = m[j][i] / m[i][i]
                m[j] = [x - f * y for x, y in zip(m[j], m[i], strict=True)]
                v[j] -= f * v[i]
        out = [0.0, 0.0, 0.0]
        for i in reversed(range(3)):
            out[i] = (v[i] - sum(m[i][k] * out[k] for k in range(i + 1, 3))) / m[i][i]
        return out

    rows, east, north = [], [], []
    for (row, q), (lat, lon) in ANCHORS.items():
        x, y = plane(ROWS.index(row), q)
        rows.append([x, y, 1.0])
        east.append(lon * 60 * math.cos(math.radians(LAT0)))
        north.append(lat * 60)
    return solve(rows, east), solve(rows, north)


E, N = _fit()


def latlon(x: float, y: float) -> tuple[float, float]:
    east = E[0] * x + E[1] * y + E[2]
    return (N[0] * x + N[1] * y + N[2]) / 60, east / 60 / math.cos(math.radians(LAT0))


def inside(lat: float, lon: float, poly: list[tuple[float, float]]) -> bool:
    hit = False
    for (a_lat, a_lon), (b_lat, b_lon) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (a_lat > lat) != (b_lat > lat):
            at = a_lon + (lat - a_lat) / (b_lat - a_lat) * (b_lon - a_lon)
            if lon < at:
                hit = not hit
    return hit


def samples(r: int, q: int) -> list[tuple[float, float]]:
    """The centre and two rings of points inside the hex (radius 9 nm)."""
    x, y = plane(r, q)
    out = [(x, y)]
    for ring in (4.5, 8.0):
        for k in range(12):
            a = math.pi * k / 6
            out.append((x + ring * math.cos(a), y + ring * math.sin(a)))
    return [latlon(px, py) for px, py in out]


def classify(r: int, q: int) -> tuple[str, set[str]]:
    lands: set[str] = set()
    wet = 0
    for lat, lon in samples(r, q):
        found = {name for name, poly in LANDS.items() if inside(lat, lon, poly)}
        lands |= found
        wet += not found
    dry = len(samples(r, q)) - wet
    # One point ashore is within the coastlines' coarseness (about 5 nm): still open sea.
    return ("sea" if dry <= 1 else "land" if wet == 0 else "coast"), lands


def _miles(a: tuple[float, float], b: tuple[float, float]) -> float:
    dlat = (a[0] - b[0]) * 60
    dlon = (a[1] - b[1]) * 60 * math.cos(math.radians(LAT0))
    return math.hypot(dlat, dlon)


def build() -> str:
    kinds: dict[tuple[int, int], str] = {}
    owners: dict[tuple[int, int], set[str]] = {}
    for r in range(len(ROWS)):
        for q in range(first(r), last(r) + 1):
            kinds[(r, q)], owners[(r, q)] = classify(r, q)
    # Heligoland is too small for the samples: its hex is an island hex (Jutland 3.1).
    island = min(kinds, key=lambda h: _miles(latlon(*plane(*h)), (54.18, 7.89)))
    kinds[island], owners[island] = "coast", {"heligoland"}

    def near(r: int, q: int) -> list[tuple[int, int]]:
        steps = [(1, 0), (-1, 0), (1, -1), (0, -1), (0, 1), (-1, 1)]
        return [(r + dr, q + dq) for dq, dr in steps if (r + dr, q + dq) in kinds]

    shaded = {
        h
        for h, kind in kinds.items()
        if kind == "sea" and any(owners[n] & PATROLLED for n in near(*h))
    }
    out = [
        "# The Fleet Search Sheet (Jutland 3.1, 5): generated by scripts/convert_jutland.py,",
        "# a stand-in until the printed sheet is found. terrain: one letter per hex from the",
        "# row's first column: s sea, p shaded sea (coastal patrols), c coast (partial), l land.",
        "",
        "[grid]",
        f"rows = {toml_value(ROWS)}",
        "hex_yards = 36000",
        'status = "inferred"',
        'source = "J1 coords.py and CLAUDE.md: rows A..DD, corners A13, A34, DD-1, DD19, '
        'column constant along NW-SE; Jutland 3.1: a hex is 36,000 yards"',
        "",
        "[record_defaults.row]",
        'status = "standin"',
        f"source = {toml_value(SOURCE)}",
        "",
    ]
    for r, row in enumerate(ROWS):
        letters = ""
        for q in range(first(r), last(r) + 1):
            kind = kinds[(r, q)]
            letters += "p" if (r, q) in shaded else kind[0]
        out.append(table("row", {"id": row, "first": first(r), "terrain": letters}))
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--reference", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    if not (args.reference / "NOTES.md").is_file():
        raise SystemExit(f"no NOTES.md in {args.reference}")
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "sheet.toml").write_text(build(), encoding="utf-8")


if __name__ == "__main__":
    main()
