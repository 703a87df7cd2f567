"""Square unit counters, face-up or face-down, and stacks of them.

A face-up counter shows, top to bottom: the short name, the factors line ("4-4-7", with the air
factor as "(3)"), a row of damage pips (or a number when there are many) and a status ribbon
("disabled"). A face-down counter shows only its back colour, a hatch pattern and the side mark:
nothing of the face is drawn, so two hidden units of the same side give identical pixels.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from rendering import palette
from rendering.canvas import SUPERSAMPLE, new_image, paste, shrink
from rendering.palette import Colour
from rendering.text import draw_text, fit_font, text_width, wrap

DEFAULT_SIZE = 84


@dataclass(frozen=True)
class StatusMark:
    """A status shown on a ribbon (text already in the reader's language)."""

    text: str
    colour: Colour = palette.DISABLED
    dim: bool = False  # wash the face out (disabled, out of supply)
    cross: bool = False  # strike the counter through (sunk, destroyed)


@dataclass(frozen=True)
class CounterFace:
    """What one counter shows. With `face_down`, only `back_colour` and `side_mark` are used."""

    name: str = ""
    colour: Colour = palette.NEUTRAL
    factors: str = ""
    air: int | None = None
    damage: int = 0
    face_down: bool = False
    side_mark: str = ""
    back_colour: Colour | None = None
    text_colour: Colour | None = None
    status: tuple[StatusMark, ...] = ()
    highlight: Colour | None = None
    max_pips: int = 4

    @classmethod
    def for_side(cls, side: str, name: str = "", **fields: Any) -> CounterFace:
        """A face in the colours of a side from `palette.SIDES` (mark defaults to its mark)."""
        style = palette.side_style(side)
        base = cls(
            name=name,
            colour=style.face,
            back_colour=style.back,
            text_colour=style.text,
            side_mark=style.mark,
        )
        return replace(base, **fields)

    def hidden(self) -> CounterFace:
        """This counter turned face-down, with every face detail dropped."""
        return CounterFace(
            face_down=True,
            side_mark=self.side_mark,
            back_colour=self.back,
            highlight=self.highlight,
        )

    @property
    def back(self) -> Colour:
        return self.back_colour if self.back_colour is not None else palette.darken(self.colour)

    @property
    def factors_line(self) -> str:
        air = f"({self.air})" if self.air is not None else ""
        return " ".join(part for part in (self.factors, air) if part)


def _frame(draw: ImageDraw.ImageDraw, s: int, fill: Colour, highlight: Colour | None) -> None:
    radius = round(s * 0.1)
    edge = max(2, round(s * 0.025))
    draw.rounded_rectangle((0, 0, s - 1, s - 1), radius, fill=palette.PANEL_BORDER)
    draw.rounded_rectangle((edge, edge, s - 1 - edge, s - 1 - edge), radius - edge, fill=fill)
    if highlight is not None:
        ring = max(3, round(s * 0.06))
        draw.rounded_rectangle((0, 0, s - 1, s - 1), radius, outline=highlight, width=ring)


def _draw_back(img: Image.Image, face: CounterFace, s: int) -> None:
    draw = ImageDraw.Draw(img)
    back = face.back
    _frame(draw, s, back, None)
    # diagonal hatching, clipped to the rounded face
    hatch = new_image(s, s)
    hatch_draw = ImageDraw.Draw(hatch)
    step = max(4, round(s * 0.12))
    for k in range(-s, s, step):
        hatch_draw.line((k, s, k + s, 0), fill=palette.darken(back, 0.12), width=max(1, step // 3))
    mask = Image.new("L", (s, s), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, s - 1, s - 1), round(s * 0.1), fill=255)
    img.paste(hatch, (0, 0), Image.composite(hatch, new_image(s, s), mask).getchannel("A"))
    _frame_outline(draw, s)
    if face.side_mark:
        ink = palette.text_on(back)
        font = fit_font(face.side_mark, round(s * 0.78), round(s * 0.42), round(s * 0.14), True)
        draw_text(
            draw,
            (s / 2, s / 2),
            face.side_mark,
            font,
            fill=ink,
            halo=palette.halo_for(ink),
            halo_width=max(2, s // 40),
        )
    if face.highlight is not None:
        ring = max(3, round(s * 0.06))
        draw.rounded_rectangle(
            (0, 0, s - 1, s - 1), round(s * 0.1), outline=face.highlight, width=ring
        )


def _frame_outline(draw: ImageDraw.ImageDraw, s: int) -> None:
    edge = max(2, round(s * 0.025))
    draw.rounded_rectangle(
        (0, 0, s - 1, s - 1), round(s * 0.1), outline=palette.PANEL_BORDER, width=edge
    )


def _draw_name(draw: ImageDraw.ImageDraw, face: CounterFace, s: int, ink: Colour) -> None:
    if not face.name:
        return
    width = round(s * 0.86)
    one_line_min = round(s * (0.15 if " " in face.name.strip() else 0.12))
    font = fit_font(face.name, width, round(s * 0.22), one_line_min, bold=True)
    if text_width(face.name, font) <= width:
        draw_text(draw, (s / 2, s * 0.2), face.name, font, fill=ink)
        return
    if " " in face.name.strip():
        font = fit_font("Mg", width, round(s * 0.15), round(s * 0.12), bold=True)
        lines = wrap(face.name, font, width)
    else:
        lines = [face.name]
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    if text_width(lines[-1], font) > width:
        last = lines[-1]
        while len(last) > 1 and text_width(last + "…", font) > width:
            last = last[:-1]
        lines[-1] = last + "…"
    for i, line in enumerate(lines):
        y = s * (0.13 + 0.15 * i) if len(lines) == 2 else s * 0.2
        draw_text(draw, (s / 2, y), line, font, fill=ink)


def _draw_damage(draw: ImageDraw.ImageDraw, face: CounterFace, s: int) -> None:
    if face.damage <= 0:
        return
    y = s * 0.7
    if face.damage <= face.max_pips:
        r = s * 0.055
        gap = s * 0.16
        x0 = s / 2 - gap * (face.damage - 1) / 2
        for i in range(face.damage):
            x = x0 + gap * i
            draw.ellipse(
                (x - r, y - r, x + r, y + r),
                fill=palette.DAMAGE,
                outline=palette.HALO,
                width=max(1, round(s * 0.015)),
            )
        return
    label = f"×{face.damage}"
    font = fit_font(label, round(s * 0.5), round(s * 0.15), round(s * 0.1), bold=True)
    w = text_width(label, font) + s * 0.1
    draw.rounded_rectangle(
        (s / 2 - w / 2, y - s * 0.085, s / 2 + w / 2, y + s * 0.085),
        round(s * 0.05),
        fill=palette.DAMAGE,
    )
    draw_text(draw, (s / 2, y), label, font, fill=palette.TEXT_LIGHT)


def _draw_status(draw: ImageDraw.ImageDraw, face: CounterFace, s: int) -> None:
    if not face.status:
        return
    edge = max(2, round(s * 0.025))
    band = face.status[0].colour
    top, bottom = s * 0.8, s - 1 - edge
    draw.rectangle((edge, top, s - 1 - edge, bottom), fill=band)
    label = " · ".join(m.text for m in face.status)
    font = fit_font(label, round(s * 0.84), round(s * 0.15), round(s * 0.09), bold=True)
    ink = palette.text_on(band)
    draw_text(draw, (s / 2, (top + bottom) / 2), label, font, fill=ink)


def _draw_face(img: Image.Image, face: CounterFace, s: int) -> None:
    draw = ImageDraw.Draw(img)
    fill = face.colour
    if any(m.dim for m in face.status):
        fill = palette.mix(fill, palette.NEUTRAL, 0.6)
    _frame(draw, s, fill, None)
    ink = face.text_colour if face.text_colour is not None else palette.text_on(fill)
    _draw_name(draw, face, s, ink)
    line = face.factors_line
    if line:
        font = fit_font(line, round(s * 0.88), round(s * 0.27), round(s * 0.13), bold=True)
        y = s * 0.47 if face.damage else s * 0.55
        draw_text(draw, (s / 2, y), line, font, fill=ink)
    _draw_damage(draw, face, s)
    _draw_status(draw, face, s)
    _frame_outline(draw, s)
    if any(m.cross for m in face.status):
        w = max(3, round(s * 0.05))
        m = s * 0.12
        draw.line((m, m, s - m, s - m), fill=palette.DAMAGE, width=w)
        draw.line((m, s - m, s - m, m), fill=palette.DAMAGE, width=w)
    if face.highlight is not None:
        ring = max(3, round(s * 0.06))
        draw.rounded_rectangle(
            (0, 0, s - 1, s - 1), round(s * 0.1), outline=face.highlight, width=ring
        )


@lru_cache(maxsize=512)
def _render(face: CounterFace, size: int) -> Image.Image:
    if face.face_down:
        face = face.hidden()  # defence in depth: nothing of the face reaches the pixels
    s = size * SUPERSAMPLE
    img = new_image(s, s)
    if face.face_down:
        _draw_back(img, face, s)
    else:
        _draw_face(img, face, s)
    return shrink(img, SUPERSAMPLE)


def render_counter(face: CounterFace, size: int = DEFAULT_SIZE) -> Image.Image:
    """An RGBA image `size` x `size` of the counter (transparent rounded corners)."""
    return _render(face, size).copy()


def stack_offsets(count: int, size: int, space: int | None = None) -> list[tuple[int, int]]:
    """Top-left offsets of `count` stacked counters, bottom first, each shifted up and right.

    The whole stack spans `size + step * (count - 1)` pixels each way; the step is `size * 0.15`
    at most and shrinks (to 3 px at least) so the stack fits in a square of `space` pixels.
    """
    if count <= 0:
        return []
    step = size * 0.15
    if space is not None and count > 1:
        step = min(step, max(3.0, (space - size) / (count - 1)))
    span = step * (count - 1)
    return [(round(step * i), round(span - step * i)) for i in range(count)]


def draw_stack(
    target: Image.Image,
    faces: Sequence[CounterFace],
    xy: tuple[float, float],
    size: int = DEFAULT_SIZE,
    *,
    space: int | None = None,
    max_visible: int = 6,
    anchor: str = "mm",
) -> tuple[int, int, int, int]:
    """Draw `faces` (bottom first) as a stack at `xy`; returns the box covered.

    With more faces than `max_visible`, only the top ones are drawn and a badge shows the total.
    """
    shown = list(faces)[-max_visible:]
    offsets = stack_offsets(len(shown), size, space)
    extent = size + (offsets[0][1] if offsets else 0)
    layer = new_image(extent, extent)
    for face, (dx, dy) in zip(shown, offsets, strict=True):
        paste(layer, render_counter(face, size), (dx, dy), "lt")
    if len(faces) > len(shown):
        _badge(layer, str(len(faces)))
    x, y = paste(target, layer, xy, anchor)
    return (x, y, x + extent, y + extent)


def _badge(layer: Image.Image, label: str) -> None:
    draw = ImageDraw.Draw(layer)
    d = max(14, layer.width // 4)
    draw.ellipse(
        (0, layer.height - d, d, layer.height - 1),
        fill=palette.TITLE_BAR,
        outline=palette.HALO,
        width=2,
    )
    font = fit_font(label, round(d * 0.8), round(d * 0.6), 8, bold=True)
    draw_text(draw, (d / 2, layer.height - d / 2), label, font, fill=palette.TEXT_LIGHT)


def spread(
    count: int, size: int, centre: tuple[float, float], max_width: int, gap: int = 4
) -> list[tuple[int, int]]:
    """Centres for `count` items of `size` px laid out in centred rows no wider than `max_width`."""
    if count <= 0:
        return []
    per_row = max(1, min(count, (max_width + gap) // (size + gap)))
    rows = -(-count // per_row)
    pitch = size + gap
    top = centre[1] - pitch * (rows - 1) / 2
    out: list[tuple[int, int]] = []
    for row in range(rows):
        n = min(per_row, count - row * per_row)
        left = centre[0] - pitch * (n - 1) / 2
        out.extend((round(left + pitch * i), round(top + pitch * row)) for i in range(n))
    return out
