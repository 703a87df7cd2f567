"""Map furniture: a title/status bar, a legend box and a score track strip.

Each `draw_*` function draws at the scale it is given (`scale` multiplies every size), so the
area map can draw them on its supersampled canvas; each `*_height` / `legend_size` tells the
caller how much room to leave.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import ImageDraw

from rendering import palette
from rendering.fonts import get_font
from rendering.palette import Colour
from rendering.text import draw_text, fit_font, text_width

Box = tuple[float, float, float, float]


# --- title bar ----------------------------------------------------------------------------


def title_bar_height(font_size: int) -> int:
    return round(font_size * 2.0)


def draw_title_bar(
    draw: ImageDraw.ImageDraw, box: Box, title: str, status: str = "", font_size: int = 24
) -> None:
    """A dark bar: `title` on the left in bold, `status` on the right (shrunk to fit)."""
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=palette.TITLE_BAR)
    pad = font_size * 0.6
    cy = (y0 + y1) / 2
    room = x1 - x0 - 2 * pad
    title_font = fit_font(title, round(room * 0.6), font_size, max(8, font_size // 2), bold=True)
    used = text_width(title, title_font) if title else 0
    if title:
        draw_text(draw, (x0 + pad, cy), title, title_font, fill=palette.TITLE_TEXT, anchor="lm")
    if status:
        width = round(room - used - pad)
        status_font = fit_font(status, max(1, width), round(font_size * 0.85), 8, bold=True)
        draw_text(draw, (x1 - pad, cy), status, status_font, fill=palette.STATUS_TEXT, anchor="rm")


# --- legend -------------------------------------------------------------------------------


@dataclass(frozen=True)
class LegendEntry:
    """One row of a legend: a swatch (`box`, `circle` or `line`) and its text."""

    label: str
    colour: Colour
    shape: str = "box"


@dataclass(frozen=True)
class Legend:
    entries: tuple[LegendEntry, ...]
    title: str = ""
    corner: str = "rb"  # where in the map: lt, rt, lb, rb
    at: tuple[float, float] | None = None  # or the top-left corner, in map coordinates


def legend_size(legend: Legend, font_size: int) -> tuple[float, float]:
    font = get_font(font_size)
    bold = get_font(font_size, bold=True)
    row = font_size * 1.5
    widths = [font_size * 2.0 + text_width(e.label, font) for e in legend.entries]
    if legend.title:
        widths.append(text_width(legend.title, bold))
    rows = len(legend.entries) + (1 if legend.title else 0)
    return (max(widths, default=0) + font_size * 1.4, rows * row + font_size * 0.8)


def draw_legend(
    draw: ImageDraw.ImageDraw, xy: tuple[float, float], legend: Legend, font_size: int = 16
) -> Box:
    """Draw the legend with its top-left corner at `xy`; returns its box."""
    w, h = legend_size(legend, font_size)
    x, y = xy
    radius = round(font_size * 0.4)
    draw.rounded_rectangle(
        (x, y, x + w, y + h),
        radius,
        fill=palette.PANEL,
        outline=palette.PANEL_BORDER,
        width=max(1, font_size // 8),
    )
    row = font_size * 1.5
    cy = y + font_size * 0.4 + row / 2
    left = x + font_size * 0.7
    if legend.title:
        draw_text(draw, (left, cy), legend.title, get_font(font_size, True), anchor="lm")
        cy += row
    sw = font_size * 0.5
    for entry in legend.entries:
        sx = left + sw
        if entry.shape == "circle":
            draw.ellipse(
                (sx - sw, cy - sw, sx + sw, cy + sw),
                fill=entry.colour,
                outline=palette.PORT_OUTLINE,
                width=max(1, font_size // 8),
            )
        elif entry.shape == "line":
            draw.line(
                (sx - sw * 1.2, cy, sx + sw * 1.2, cy),
                fill=entry.colour,
                width=max(2, font_size // 5),
            )
        else:
            draw.rectangle(
                (sx - sw, cy - sw, sx + sw, cy + sw),
                fill=entry.colour,
                outline=palette.PANEL_BORDER,
                width=max(1, font_size // 10),
            )
        draw_text(draw, (left + font_size * 1.6, cy), entry.label, get_font(font_size), anchor="lm")
        cy += row
    return (x, y, x + w, y + h)


# --- score track --------------------------------------------------------------------------


@dataclass(frozen=True)
class TrackMarker:
    """A side's marker on the track: a disc of `colour` with a short `label` in it."""

    value: int
    colour: Colour
    label: str = ""


@dataclass(frozen=True)
class ScoreTrack:
    low: int = 0
    high: int = 20
    markers: tuple[TrackMarker, ...] = ()
    title: str = ""
    emphasis_every: int = 5


def track_height(font_size: int) -> int:
    return round(font_size * 4.2)


def draw_score_track(
    draw: ImageDraw.ImageDraw, box: Box, track: ScoreTrack, font_size: int = 16
) -> None:
    """A strip of numbered cells from `low` to `high` with the markers on their values."""
    x0, y0, x1, y1 = box
    draw.rectangle(box, fill=palette.PANEL)
    draw.line((x0, y0, x1, y0), fill=palette.PANEL_BORDER, width=max(1, font_size // 8))
    pad = font_size * 0.5
    left = x0 + pad
    if track.title:
        tf = get_font(font_size, bold=True)
        draw_text(draw, (left, (y0 + y1) / 2), track.title, tf, anchor="lm")
        left += text_width(track.title, tf) + pad * 2
    count = track.high - track.low + 1
    cell = (x1 - pad - left) / max(1, count)
    top, bottom = y0 + pad, y1 - pad
    number_font = fit_font(str(track.high), round(cell * 0.86), font_size, 6)
    line_w = max(1, font_size // 10)
    for i in range(count):
        value = track.low + i
        cx0 = left + cell * i
        strong = track.emphasis_every and value % track.emphasis_every == 0
        fill = palette.lighten(palette.SEA_DEEP, 0.3) if strong else palette.lighten(palette.SEA)
        draw.rectangle(
            (cx0, top, cx0 + cell, bottom), fill=fill, outline=palette.PANEL_BORDER, width=line_w
        )
        draw_text(
            draw,
            (cx0 + cell / 2, top + font_size * 0.55),
            str(value),
            number_font,
            fill=palette.TEXT,
        )
    radius = min(cell * 0.5, (bottom - top) * 0.26)
    groups: dict[int, list[TrackMarker]] = {}
    for marker in track.markers:
        groups.setdefault(min(max(marker.value, track.low), track.high), []).append(marker)
    for value, markers in sorted(groups.items()):
        for i, marker in enumerate(markers):
            shift = (i - (len(markers) - 1) / 2) * radius * 1.5
            cx = left + cell * (value - track.low + 0.5) + shift
            cy = bottom - radius - font_size * 0.2
            draw.ellipse(
                (cx - radius, cy - radius, cx + radius, cy + radius),
                fill=marker.colour,
                outline=palette.PORT_OUTLINE,
                width=max(1, font_size // 7),
            )
            if marker.label:
                ink = palette.text_on(marker.colour)
                mf = fit_font(marker.label, round(radius * 1.6), round(radius * 1.1), 6, True)
                draw_text(draw, (cx, cy), marker.label, mf, fill=ink)
