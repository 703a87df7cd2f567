"""Plane geometry for maps: polygon centroid and inside test, a label point well inside a
polygon, clipping a link to the land between two areas, and dash segments along a polyline."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

Point = tuple[float, float]


def polygon_area(poly: Sequence[Point]) -> float:
    return 0.5 * sum(
        poly[i][0] * poly[(i + 1) % len(poly)][1] - poly[(i + 1) % len(poly)][0] * poly[i][1]
        for i in range(len(poly))
    )


def centroid(poly: Sequence[Point]) -> Point:
    a = polygon_area(poly)
    if abs(a) < 1e-9:
        return (sum(p[0] for p in poly) / len(poly), sum(p[1] for p in poly) / len(poly))
    cx = cy = 0.0
    for i, (x0, y0) in enumerate(poly):
        x1, y1 = poly[(i + 1) % len(poly)]
        cross = x0 * y1 - x1 * y0
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    return (cx / (6 * a), cy / (6 * a))


def contains(poly: Sequence[Point], p: Point) -> bool:
    inside = False
    x, y = p
    for i, (x0, y0) in enumerate(poly):
        x1, y1 = poly[i - 1]
        if (y0 > y) != (y1 > y) and x < (x1 - x0) * (y - y0) / (y1 - y0) + x0:
            inside = not inside
    return inside


def _edge_distance(poly: Sequence[Point], p: Point) -> float:
    best = math.inf
    for i, a in enumerate(poly):
        b = poly[i - 1]
        dx, dy = b[0] - a[0], b[1] - a[1]
        t = (
            0.0
            if dx == dy == 0
            else ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / (dx * dx + dy * dy)
        )
        t = min(1.0, max(0.0, t))
        best = min(best, math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy))
    return best


def label_point(poly: Sequence[Point], steps: int = 24) -> Point:
    """A point well inside the polygon: the centroid if it is inside and clear of the edges,
    else the inside grid point farthest from every edge."""
    c = centroid(poly)
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    span = min(max(xs) - min(xs), max(ys) - min(ys))
    if contains(poly, c) and _edge_distance(poly, c) >= span * 0.25:
        return c
    best, best_d = c, -1.0
    for i in range(steps + 1):
        for j in range(steps + 1):
            p = (
                min(xs) + (max(xs) - min(xs)) * i / steps,
                min(ys) + (max(ys) - min(ys)) * j / steps,
            )
            if contains(poly, p):
                d = _edge_distance(poly, p) - 0.02 * math.dist(p, c)
                if d > best_d:
                    best, best_d = p, d
    return best


def dashes(points: Sequence[Point], dash: float, gap: float) -> list[tuple[Point, Point]]:
    """Split a polyline into dash segments."""
    out: list[tuple[Point, Point]] = []
    on, left = True, dash
    for a, b in itertools.pairwise(points):
        length = math.dist(a, b)
        pos = 0.0
        while pos < length:
            step = min(left, length - pos)
            p = (a[0] + (b[0] - a[0]) * pos / length, a[1] + (b[1] - a[1]) * pos / length)
            q_pos = pos + step
            q = (a[0] + (b[0] - a[0]) * q_pos / length, a[1] + (b[1] - a[1]) * q_pos / length)
            if on:
                out.append((p, q))
            pos, left = q_pos, left - step
            if left <= 1e-9:
                on = not on
                left = dash if on else gap
    return out


def _segment_hits(a: Point, b: Point, poly: Sequence[Point]) -> list[float]:
    """Parameters t in [0, 1] where segment a-b crosses the polygon's edges."""
    hits: list[float] = []
    rx, ry = b[0] - a[0], b[1] - a[1]
    for i, c in enumerate(poly):
        d = poly[i - 1]
        sx, sy = d[0] - c[0], d[1] - c[1]
        denom = rx * sy - ry * sx
        if abs(denom) < 1e-12:
            continue
        t = ((c[0] - a[0]) * sy - (c[1] - a[1]) * sx) / denom
        u = ((c[0] - a[0]) * ry - (c[1] - a[1]) * rx) / denom
        if 0 <= t <= 1 and 0 <= u <= 1:
            hits.append(t)
    return hits


def _lerp(a: Point, b: Point, t: float) -> Point:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def clip_link(
    points: Sequence[Point],
    start: Sequence[Point] | None,
    end: Sequence[Point] | None,
    min_length: float = 24,
) -> list[Point]:
    """The part of a polyline between leaving polygon `start` and entering polygon `end`.

    A None polygon leaves that end unclipped (a port). When the two polygons touch along the
    line, a short connector of `min_length` centred on the crossing is returned instead.
    """
    pts = list(points)
    if len(pts) < 2:
        return pts
    t0, t1 = 0.0, 1.0
    first, last = 0, len(pts) - 2
    if start is not None and contains(start, pts[0]):
        t0 = max(_segment_hits(pts[0], pts[1], start), default=0.0)
    if end is not None and contains(end, pts[-1]):
        t1 = min(_segment_hits(pts[-2], pts[-1], end), default=1.0)
    if first == last and t1 - t0 < 1e-9 + min_length / max(1e-9, math.dist(pts[0], pts[1])):
        length = math.dist(pts[0], pts[1])
        mid = (t0 + t1) / 2
        half = min_length / 2 / max(length, 1e-9)
        return [_lerp(pts[0], pts[1], mid - half), _lerp(pts[0], pts[1], mid + half)]
    head = _lerp(pts[0], pts[1], t0)
    tail = _lerp(pts[-2], pts[-1], t1)
    return [head, *pts[1:-1], tail]
