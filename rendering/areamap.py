"""An area map drawn from polygons: areas, borders, labels, ports, links, legend, track, title.

Map coordinates are pixels of the map part of the finished image at scale 1; the returned
`RenderedMap` says where map (0, 0) landed (below the title bar) so counters can be placed on it
with `to_pixel`. Everything is drawn at `supersample` times the size and shrunk, for smooth edges.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PIL import Image, ImageDraw

from rendering import palette
from rendering.canvas import new_image, shrink
from rendering.fonts import get_font
from rendering.geometry import clip_link, dashes, label_point
from rendering.palette import Colour
from rendering.panels import (
    Legend,
    ScoreTrack,
    draw_legend,
    draw_score_track,
    draw_title_bar,
    legend_size,
    title_bar_height,
    track_height,
)
from rendering.text import draw_lines, wrap

Point = tuple[float, float]


@dataclass(frozen=True)
class Area:
    """One region; `label` (bold) and `sublabel` are drawn at `label_at` or an inside point."""

    key: str
    polygon: tuple[Point, ...]
    fill: Colour = palette.SEA
    label: str = ""
    sublabel: str = ""
    label_at: Point | None = None
    highlight: Colour | None = None


@dataclass(frozen=True)
class Port:
    """A port marker; `colour` is the owner's, `side` where the label goes (above/below/...)."""

    key: str
    at: Point
    label: str = ""
    colour: Colour = palette.PORT
    side: str = "below"
    major: bool = False


@dataclass(frozen=True)
class Link:
    """A line between two areas or ports (by key), optionally through `via` map points."""

    start: str
    end: str
    via: tuple[Point, ...] = ()
    colour: Colour = palette.LINK
    width: float = 3
    dashed: bool = False


@dataclass(frozen=True)
class AreaMap:
    width: int
    height: int
    areas: tuple[Area, ...]
    ports: tuple[Port, ...] = ()
    links: tuple[Link, ...] = ()
    background: Colour = palette.LAND
    title: str = ""
    status: str = ""
    legend: Legend | None = None
    track: ScoreTrack | None = None
    label_size: int = 22
    border: Colour = palette.BORDER
    border_width: float = 3


@dataclass(frozen=True)
class RenderedMap:
    image: Image.Image
    origin: tuple[int, int]
    anchors: dict[str, Point] = field(default_factory=dict)

    def to_pixel(self, point: Point) -> Point:
        """Image pixel of a map point."""
        return (point[0] + self.origin[0], point[1] + self.origin[1])

    def anchor(self, key: str) -> Point:
        """Image pixel of an area's label point or a port's marker."""
        return self.anchors[key]


# --- drawing ------------------------------------------------------------------------------


def _label_anchor(area: Area) -> Point:
    return area.label_at if area.label_at is not None else label_point(area.polygon)


def render_area_map(spec: AreaMap, supersample: int = 2) -> RenderedMap:
    """Draw the whole map; see `RenderedMap` for placing counters on the result."""
    k = supersample
    fs = spec.label_size
    top = title_bar_height(fs) if spec.title or spec.status else 0
    bottom = track_height(round(fs * 0.8)) if spec.track is not None else 0
    width, height = spec.width, top + spec.height + bottom
    image = new_image(width * k, height * k, spec.background)
    draw = ImageDraw.Draw(image)

    def px(p: Point) -> Point:
        return ((p[0]) * k, (p[1] + top) * k)

    anchors: dict[str, Point] = {}
    rings = {area.key: [px(p) for p in area.polygon] for area in spec.areas}
    for area in spec.areas:
        draw.polygon(rings[area.key], fill=area.fill)
    for area in spec.areas:
        ring = rings[area.key]
        draw.line(
            [*ring, ring[0]], fill=spec.border, width=round(spec.border_width * k), joint="curve"
        )
        if area.highlight is not None:
            draw.line(
                [*ring, ring[0]],
                fill=area.highlight,
                width=round(spec.border_width * 2 * k),
                joint="curve",
            )
        label_at = _label_anchor(area)
        anchors[area.key] = (label_at[0], label_at[1] + top)
    for port in spec.ports:
        anchors[port.key] = (port.at[0], port.at[1] + top)
    for link in spec.links:
        points = [anchors[link.start], *((v[0], v[1] + top) for v in link.via), anchors[link.end]]
        scaled = [(x * k, y * k) for x, y in points]
        scaled = clip_link(scaled, rings.get(link.start), rings.get(link.end), fs * k * 1.2)
        w = round(link.width * k)
        for x, y in (scaled[0], scaled[-1]):
            draw.ellipse((x - w, y - w, x + w, y + w), fill=link.colour)
        if link.dashed:
            for a, b in dashes(scaled, 4 * w, 3 * w):
                draw.line((a, b), fill=link.colour, width=w)
        else:
            draw.line(scaled, fill=link.colour, width=w, joint="curve")
    for port in spec.ports:
        _draw_port(draw, port, px(port.at), fs * k)
    for area in spec.areas:
        at = anchors[area.key]
        _draw_area_label(draw, area, (at[0] * k, at[1] * k), fs * k, k)
    if spec.legend is not None:
        lfs = round(fs * 0.72) * k
        lw, lh = legend_size(spec.legend, lfs)
        m = 10 * k
        corner = spec.legend.corner
        lx = m if corner[0] == "l" else width * k - m - lw
        ly = top * k + m if corner[1] == "t" else (top + spec.height) * k - m - lh
        if spec.legend.at is not None:
            lx, ly = spec.legend.at[0] * k, (spec.legend.at[1] + top) * k
        draw_legend(draw, (lx, ly), spec.legend, lfs)
    if top:
        draw_title_bar(draw, (0, 0, width * k, top * k), spec.title, spec.status, fs * k)
    if spec.track is not None:
        box = (0, (top + spec.height) * k, width * k, height * k)
        draw_score_track(draw, box, spec.track, round(fs * 0.8) * k)
    return RenderedMap(shrink(image, k), (0, top), anchors)


def _draw_area_label(
    draw: ImageDraw.ImageDraw, area: Area, at: Point, size: int, scale: int
) -> None:
    if not (area.label or area.sublabel):
        return
    xs = [p[0] for p in area.polygon]
    max_w = max(size * 4, round((max(xs) - min(xs)) * 0.8 * scale))
    font = get_font(size, bold=True)
    sub = get_font(round(size * 0.85))
    lines = wrap(area.label, font, max_w) if area.label else []
    sub_lines = wrap(area.sublabel, sub, max_w) if area.sublabel else []
    h_main = len(lines) * size * 1.2
    h_sub = len(sub_lines) * size * 0.85 * 1.2
    y = at[1] - (h_main + h_sub) / 2
    halo_w = max(2, size // 7)
    if lines:
        draw_lines(
            draw, (at[0], y), lines, font, halo=palette.HALO, halo_width=halo_w, valign="top"
        )
    if sub_lines:
        draw_lines(
            draw,
            (at[0], y + h_main),
            sub_lines,
            sub,
            halo=palette.HALO,
            halo_width=halo_w,
            valign="top",
        )


def _draw_port(draw: ImageDraw.ImageDraw, port: Port, at: Point, size: int) -> None:
    r = size * (0.5 if port.major else 0.38)
    x, y = at
    ring = max(2, size // 8)
    draw.ellipse((x - r - ring, y - r - ring, x + r + ring, y + r + ring), fill=palette.HALO)
    draw.ellipse(
        (x - r, y - r, x + r, y + r),
        fill=port.colour,
        outline=palette.PORT_OUTLINE,
        width=max(2, size // 9),
    )
    draw.ellipse((x - r * 0.3, y - r * 0.3, x + r * 0.3, y + r * 0.3), fill=palette.PORT_OUTLINE)
    if not port.label:
        return
    font = get_font(round(size * 0.7), bold=True)
    gap = r + ring + size * 0.2
    offset, anchor = {
        "below": ((0, gap), "mt"),
        "above": ((0, -gap), "mb"),
        "left": ((-gap, 0), "rm"),
        "right": ((gap, 0), "lm"),
    }[port.side]
    draw.text(
        (x + offset[0], y + offset[1]),
        port.label,
        font=font,
        fill=palette.TEXT,
        anchor=anchor,
        stroke_width=max(2, size // 7),
        stroke_fill=palette.HALO,
    )
