"""Plane geometry of the battle surface (yards, headings clockwise from north)."""

from __future__ import annotations

import math

Point = tuple[float, float]

COUNTER = 2500.0
"""A counter's length in yards (NOTES.md §1): ships in a column are this far apart."""
CLEARANCE = 250.0
"""Half a counter's width: a line of fire passing closer to a counter crosses it (4.3 item 8)."""
YARDS_PER_FACTOR = 800.0


def unit(heading: float) -> Point:
    rad = math.radians(heading)
    return math.sin(rad), math.cos(rad)


def bearing(a: Point, b: Point) -> float:
    """The heading from a to b."""
    return math.degrees(math.atan2(b[0] - a[0], b[1] - a[1])) % 360


def dist(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def ahead(p: Point, heading: float, d: float) -> Point:
    ux, uy = unit(heading)
    return p[0] + ux * d, p[1] + uy * d


def _point_segment(p: Point, a: Point, b: Point) -> float:
    ax, ay = b[0] - a[0], b[1] - a[1]
    length2 = ax * ax + ay * ay
    if length2 == 0:
        return dist(p, a)
    s = max(0.0, min(1.0, ((p[0] - a[0]) * ax + (p[1] - a[1]) * ay) / length2))
    return dist(p, (a[0] + s * ax, a[1] + s * ay))


def _crosses(a: Point, b: Point, c: Point, d: Point) -> bool:
    def side(p: Point, q: Point, r: Point) -> float:
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])

    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0


def segment_distance(a: Point, b: Point, c: Point, d: Point) -> float:
    if _crosses(a, b, c, d):
        return 0.0
    return min(
        _point_segment(a, c, d),
        _point_segment(b, c, d),
        _point_segment(c, a, b),
        _point_segment(d, a, b),
    )


def counter(centre: Point, heading: float) -> tuple[Point, Point]:
    """The counter's bow and stern ends."""
    return ahead(centre, heading, COUNTER / 2), ahead(centre, heading, -COUNTER / 2)


def along(track: list[Point], back: float) -> tuple[Point, float]:
    """The point ``back`` yards behind the newest point of a track (turning points, oldest
    first), and the heading there: where a follower in line ahead is (4.2 item 2a)."""
    for i in range(len(track) - 1, 0, -1):
        here, before = track[i], track[i - 1]
        leg = dist(here, before)
        if back <= leg or i == 1:
            heading = bearing(before, here)
            return ahead(here, heading, -back), heading
        back -= leg
    return track[0], 0.0


TURN_STEP = 45
ARC_PER_STEP = 2 * YARDS_PER_FACTOR
"""The gauge's turning section (14.4 item 5): 45 degrees of turn along 2 movement factors of
arc, so its radius is 1,600 / (pi / 4), about 2,040 yards."""


def arc(p: Point, heading: float, angle: int) -> tuple[list[Point], float]:
    """A turn of ``angle`` degrees (a multiple of 45, to starboard positive) along the
    gauge's arc: the points at each 45 degrees and the heading at the end."""
    radius = ARC_PER_STEP / math.radians(TURN_STEP)
    chord = 2 * radius * math.sin(math.radians(TURN_STEP / 2))
    sign = 1 if angle > 0 else -1
    points: list[Point] = []
    for _ in range(abs(angle) // TURN_STEP):
        p = ahead(p, heading + sign * TURN_STEP / 2, chord)
        heading = (heading + sign * TURN_STEP) % 360
        points.append(p)
    return points, heading


def overlap(a: tuple[Point, Point], b: tuple[Point, Point]) -> bool:
    """Two counters lying on each other (closer than a counter's width)."""
    return segment_distance(a[0], a[1], b[0], b[1]) < 2 * CLEARANCE
