"""Drawing text: a halo (outline) for legibility on maps, anchoring, wrapping, fitting.

Mixed Latin and Chinese text is drawn with one font from `rendering.fonts` (Noto Sans CJK carries
Latin glyphs too). Wrapping breaks Latin text at spaces and Chinese text between any two
characters, never putting closing punctuation at the start of a line.

Laying out and rasterising glyphs was most of drawing a map (issue 9): every map draws the same
names, chips and legend again. The ink boxes and the glyph masks of a line are cached per font,
text, anchor, halo width and sub-pixel start, and drawn with Pillow's own bitmap call, so a
cached line gives exactly the pixels `ImageDraw.text` gives (tests/rendering/test_cache.py).
The caches hold only shapes of strings, never which view they came from.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import ImageDraw, ImageFont

from rendering import palette
from rendering.fonts import Font, get_font
from rendering.palette import Colour

Box = tuple[int, int, int, int]

# Characters that must not begin a line (simplified kinsoku rule).
_NO_LINE_START = set("，。、；：？！）」』》〉】,.;:?!)]}%·…")


def font_for(size_or_font: int | Font, bold: bool = False) -> Font:
    """Accept either a pixel size or a font already loaded."""
    return get_font(size_or_font, bold) if isinstance(size_or_font, int) else size_or_font


@lru_cache(maxsize=8192)
def _bbox(
    font: ImageFont.FreeTypeFont, text: str, mode: str, anchor: str, stroke: int
) -> tuple[float, float, float, float]:
    return font.getbbox(text, mode, None, None, None, stroke, anchor)


@lru_cache(maxsize=2048)
def _mask(
    font: ImageFont.FreeTypeFont, text: str, anchor: str, stroke: int, start: tuple[float, float]
) -> tuple[Any, tuple[int, int]]:
    """The glyph coverage of a line, as ImageDraw.text asks for it (mode "L", filled stroke)."""
    return font.getmask2(text, "L", None, None, None, stroke, anchor, 0, start, stroke_filled=True)


def clear_cache() -> None:
    _bbox.cache_clear()
    _mask.cache_clear()


def text_box(text: str, font: Font, halo_width: int = 0) -> Box:
    """Ink box of single-line `text` drawn at (0, 0) with anchor "la" (left, ascender)."""
    if isinstance(font, ImageFont.FreeTypeFont):
        left, top, right, bottom = _bbox(font, text, "", "la", halo_width)
    else:
        left, top, right, bottom = font.getbbox(text, anchor="la", stroke_width=halo_width)
    return (int(left), int(top), int(right), int(bottom))


def text_width(text: str, font: Font, halo_width: int = 0) -> int:
    left, _top, right, _bottom = text_box(text, font, halo_width)
    return right - left


def line_height(font: Font, spacing: float = 1.2) -> int:
    """Distance between baselines for `font` (size times `spacing`)."""
    size = getattr(font, "size", 10)
    return max(1, round(size * spacing))


def is_wide(ch: str) -> bool:
    """True for CJK ideographs, kana, hangul and full-width forms (breakable anywhere)."""
    o = ord(ch)
    return (
        0x2E80 <= o <= 0x9FFF
        or 0xAC00 <= o <= 0xD7AF
        or 0xF900 <= o <= 0xFAFF
        or 0xFE30 <= o <= 0xFE4F
        or 0xFF00 <= o <= 0xFFEF
        or 0x20000 <= o <= 0x3FFFF
    )


def _tokens(text: str) -> list[str]:
    """Split into breakable pieces: Latin words (with their trailing space), single CJK chars."""
    tokens: list[str] = []
    word = ""
    for ch in text:
        if is_wide(ch):
            if word:
                tokens.append(word)
                word = ""
            tokens.append(ch)
        elif ch == " ":
            tokens.append(word + " ")
            word = ""
        else:
            word += ch
    if word:
        tokens.append(word)
    # glue line-start-forbidden punctuation onto the previous token
    glued: list[str] = []
    for tok in tokens:
        if glued and tok and tok[0] in _NO_LINE_START:
            glued[-1] += tok
        else:
            glued.append(tok)
    return glued


def _split_long(token: str, font: Font, max_width: int) -> list[str]:
    """Break a single over-long word by characters."""
    pieces: list[str] = []
    current = ""
    for ch in token:
        if current and text_width(current + ch, font) > max_width:
            pieces.append(current)
            current = ch
        else:
            current += ch
    if current:
        pieces.append(current)
    return pieces


def wrap(text: str, font: Font, max_width: int) -> list[str]:
    """Wrap `text` into lines no wider than `max_width` pixels (explicit newlines are kept)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        current = ""
        for token in _tokens(paragraph):
            candidate = current + token
            if not current or text_width(candidate.rstrip(), font) <= max_width:
                current = candidate
                continue
            lines.append(current.rstrip())
            current = token
        if current and text_width(current.rstrip(), font) > max_width:
            *full, current = _split_long(current.rstrip(), font, max_width)
            lines.extend(full)
        lines.append(current.rstrip())
    return lines


def fit_font(
    text: str, max_width: int, max_size: int, min_size: int = 8, bold: bool = False
) -> Font:
    """The largest font (from `max_size` down to `min_size`) that fits `text` on one line."""
    for size in range(max_size, min_size - 1, -1):
        font = get_font(size, bold)
        if text_width(text, font) <= max_width:
            return font
    return get_font(min_size, bold)


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    font: int | Font = 16,
    *,
    fill: Colour = palette.TEXT,
    halo: Colour | None = None,
    halo_width: int = 2,
    anchor: str = "mm",
    bold: bool = False,
) -> Box:
    """Draw one line of text anchored at `xy` (Pillow anchors: "mm" centre, "la" top-left, ...).

    With `halo`, the glyphs get an outline of that colour `halo_width` pixels wide.
    Returns the bounding box of the ink.
    """
    f = font_for(font, bold)
    stroke = halo_width if halo is not None else 0
    if (
        not isinstance(f, ImageFont.FreeTypeFont)
        or "\n" in text
        or draw.palette
        or draw.fontmode != "L"
    ):
        draw.text(xy, text, font=f, fill=fill, anchor=anchor, stroke_width=stroke, stroke_fill=halo)
        left, top, right, bottom = draw.textbbox(
            xy, text, font=f, anchor=anchor, stroke_width=stroke
        )
        return (int(left), int(top), int(right), int(bottom))
    _draw_line(draw, xy, text, f, fill, halo if stroke else None, stroke, anchor)
    x, y = xy
    b = _bbox(f, text, "L", anchor, stroke)
    return (int(b[0] + x), int(b[1] + y), int(b[2] + x), int(b[3] + y))


def _draw_line(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    font: ImageFont.FreeTypeFont,
    fill: Colour,
    halo: Colour | None,
    stroke: int,
    anchor: str,
) -> None:
    """What ImageDraw.text does for one line (halo first, then the glyphs on top), with the
    glyph masks taken from the cache."""
    x, y = xy
    start = (math.modf(x)[0], math.modf(y)[0])
    core = draw.draw
    ink = core.draw_ink(fill)
    layers: list[tuple[int, int]] = []
    if halo is not None:
        halo_ink = core.draw_ink(halo)
        layers.append((halo_ink, stroke))
        if ink != halo_ink:
            layers.append((ink, 0))
    else:
        layers.append((ink, 0))
    for colour, width in layers:
        mask, (dx, dy) = _mask(font, text, anchor, width, start)
        core.draw_bitmap((int(x) + dx, int(y) + dy), mask, colour)


def block_size(lines: Sequence[str], font: Font, spacing: float = 1.2) -> tuple[int, int]:
    """Width and height of a block of lines drawn with `draw_lines`."""
    if not lines:
        return (0, 0)
    width = max(text_width(line, font) for line in lines)
    return (width, line_height(font, spacing) * len(lines))


def draw_lines(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    lines: Sequence[str],
    font: int | Font = 16,
    *,
    fill: Colour = palette.TEXT,
    halo: Colour | None = None,
    halo_width: int = 2,
    align: str = "center",
    valign: str = "middle",
    spacing: float = 1.2,
    bold: bool = False,
) -> Box:
    """Draw several lines around `xy`.

    `align` ("left", "center", "right") says where `xy` sits horizontally, `valign` ("top",
    "middle", "bottom") vertically. Returns the box the block occupies.
    """
    f = font_for(font, bold)
    step = line_height(f, spacing)
    width, height = block_size(lines, f, spacing)
    x, y = xy
    top = {"top": y, "middle": y - height / 2, "bottom": y - height}[valign]
    h_anchor = {"left": "l", "center": "m", "right": "r"}[align]
    for i, line in enumerate(lines):
        cy = top + step * i + step / 2
        draw_text(
            draw,
            (x, cy),
            line,
            f,
            fill=fill,
            halo=halo,
            halo_width=halo_width,
            anchor=h_anchor + "m",
        )
    left = {"left": x, "center": x - width / 2, "right": x - width}[align]
    return (int(left), int(top), int(left + width), int(top + height))


def draw_wrapped(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    max_width: int,
    font: int | Font = 16,
    *,
    fill: Colour = palette.TEXT,
    halo: Colour | None = None,
    halo_width: int = 2,
    align: str = "center",
    valign: str = "middle",
    spacing: float = 1.2,
    bold: bool = False,
) -> Box:
    """Wrap `text` to `max_width` pixels and draw it as a block around `xy`."""
    f = font_for(font, bold)
    return draw_lines(
        draw,
        xy,
        wrap(text, f, max_width),
        f,
        fill=fill,
        halo=halo,
        halo_width=halo_width,
        align=align,
        valign=valign,
        spacing=spacing,
    )
