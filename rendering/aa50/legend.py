"""The AA50 map's key: a strip under the map, legible on a phone (issue 18: a theatre crop is
800 px wide and shown 400 px wide, so its key is drawn at 21 px to read at 10.5 px).

Fewer words: only what the picture shows is explained (the unit kinds counted on it and the
markers drawn on it), each as its sample (a grey chip, a star...) and one name per language.
The picture is the same for every reader (pictures are cached by the view, which carries no
language), so each name is the unit's name in English and in Chinese, from the catalogs."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from rendering import palette
from rendering.aa50 import board as mapdraw
from rendering.canvas import new_image
from rendering.text import draw_text, font_for, text_width

BASE = 21
"""The key's text size on an 800 px wide picture (11 px on a 400 px wide phone)."""
STRIP: palette.Colour = (32, 36, 44)
INK: palette.Colour = (236, 236, 236)
MARKS = ("count", "capital", "victory", "factory", "damaged", "battle", "fighting")
"""The markers the map may draw (5.5 battles, 6 victory cities, 7.1.5 factory damage; on
the whole world a power's units in a space are one number)."""


def _name(key: str) -> str:
    from bot.i18n import tr

    return f"{tr(key, 'en')} {tr(key, 'zh')}"


def items(kinds: frozenset[str], marks: frozenset[str]) -> list[tuple[str, str]]:
    """(sample, words) for what the picture shows, in the map's order: units as their chips
    count them, then the markers."""
    out = [
        (short, _name(f"aa50.unit.{unit}"))
        for unit, short in mapdraw.SHORT.items()
        if unit in kinds
    ]
    out += [
        ("3" if mark == "count" else f"@{mark}", _name(f"aa50.map.key.{mark}"))
        for mark in MARKS
        if mark in marks
    ]
    return out


def _sample(draw: ImageDraw.ImageDraw, sample: str, x: float, cy: float, size: int) -> float:
    """Draw one item's sample at ``x`` (left), centred on ``cy``; its width."""
    r = size * 0.45
    if not sample.startswith("@"):
        font = font_for(size, True)
        w = text_width(sample, font) + size * 0.6
        fill = (96, 100, 108)
        draw.rounded_rectangle(
            (x, cy - size * 0.6, x + w, cy + size * 0.6),
            radius=3,
            fill=fill,
            outline=(255, 255, 255),
        )
        draw_text(draw, (x + w / 2, cy), sample, font, fill=palette.text_on(fill))
        return w
    mark = sample[1:]
    box = (x, cy - r, x + 2 * r, cy + r)
    if mark == "capital":
        draw.polygon(mapdraw.star(x + r, cy, r * 1.3), fill=(250, 214, 40), outline=(0, 0, 0))
    elif mark == "victory":
        draw.ellipse(box, fill=(255, 255, 255), outline=(0, 0, 0), width=2)
    elif mark in ("factory", "damaged"):
        fill = (190, 30, 30) if mark == "damaged" else (60, 60, 60)
        draw.rectangle(box, fill=fill, outline=(255, 255, 255))
    else:
        colour = mapdraw.FIGHTING if mark == "fighting" else mapdraw.BATTLE
        draw.rectangle(box, fill=mapdraw.SEA, outline=colour, width=max(2, size // 6))
    return 2 * r


@lru_cache(maxsize=64)
def strip(width: int, kinds: frozenset[str], marks: frozenset[str]) -> Image.Image:
    """The key as an image ``width`` wide: items in rows, as many as fit on each."""
    size = max(11, round(BASE * width / 800))
    font = font_for(size)
    gap, pad, row = size, size // 2, round(size * 1.45)
    laid: list[list[tuple[str, str, float]]] = [[]]
    used: float = pad
    for sample, words in items(kinds, marks):
        probe = new_image(1, 1)
        w = _sample(ImageDraw.Draw(probe), sample, 0, 0, size) + size * 0.3
        w += text_width(words, font)
        if laid[-1] and used + w > width - pad:
            laid.append([])
            used = pad
        laid[-1].append((sample, words, w))
        used += w + gap
    if not laid[-1]:
        return new_image(width, 1, STRIP)
    img = new_image(width, row * len(laid) + pad, STRIP)
    draw = ImageDraw.Draw(img)
    for i, line in enumerate(laid):
        cy = pad / 2 + row * i + row / 2
        x = float(pad)
        for sample, words, w in line:
            sw = _sample(draw, sample, x, cy, size)
            draw_text(draw, (x + sw + size * 0.3, cy), words, font, fill=INK, anchor="lm")
            x += w + gap
    return img
