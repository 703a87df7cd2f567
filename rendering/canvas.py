"""Small image helpers: supersampled drawing, flattening, composing panels side by side.

Pillow draws polygons and circles without anti-aliasing; drawing at `SUPERSAMPLE` times the size
and shrinking with a Lanczos filter gives smooth edges and stays deterministic.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from rendering import palette
from rendering.palette import Colour

SUPERSAMPLE = 3

RGBA = tuple[int, int, int, int]


def new_image(width: int, height: int, background: Colour | RGBA | None = None) -> Image.Image:
    """An RGBA image, transparent unless `background` is given."""
    if background is None:
        fill: RGBA = (0, 0, 0, 0)
    elif len(background) == 3:
        fill = (background[0], background[1], background[2], 255)
    else:
        fill = (background[0], background[1], background[2], background[3])
    return Image.new("RGBA", (max(1, width), max(1, height)), fill)


def shrink(image: Image.Image, factor: int) -> Image.Image:
    """Reduce an image drawn at `factor` times the size (Lanczos)."""
    if factor == 1:
        return image
    size = (max(1, image.width // factor), max(1, image.height // factor))
    return image.resize(size, Image.Resampling.LANCZOS)


def fit_width(image: Image.Image, max_width: int) -> Image.Image:
    """Shrink (never enlarge) so the width is at most `max_width`, keeping the aspect ratio."""
    if image.width <= max_width:
        return image
    height = max(1, round(image.height * max_width / image.width))
    return image.resize((max_width, height), Image.Resampling.LANCZOS)


def flatten(image: Image.Image, background: Colour = palette.BACKGROUND) -> Image.Image:
    """An RGB copy with transparency composited onto `background`."""
    if image.mode == "RGB":
        return image.copy()
    rgba = image.convert("RGBA")
    base = Image.new("RGBA", rgba.size, (*background, 255))
    base.alpha_composite(rgba)
    return base.convert("RGB")


def paste(
    target: Image.Image, image: Image.Image, xy: tuple[float, float], anchor: str = "mm"
) -> tuple[int, int]:
    """Alpha-composite `image` onto `target` (RGBA) with `xy` at the given anchor of `image`.

    Anchors are two letters like Pillow's text anchors: l/m/r then t/m/b ("mm" is the centre,
    "lt" the top-left corner). Returns the top-left corner used.
    """
    h, v = anchor[0], anchor[1]
    x = xy[0] - {"l": 0, "m": image.width / 2, "r": image.width}[h]
    y = xy[1] - {"t": 0, "m": image.height / 2, "b": image.height}[v]
    ix, iy = round(x), round(y)
    src = image if image.mode == "RGBA" else image.convert("RGBA")
    # alpha_composite refuses negative offsets: crop what falls outside
    cx, cy = max(0, -ix), max(0, -iy)
    if cx or cy:
        src = src.crop((cx, cy, src.width, src.height))
    target.alpha_composite(src, (max(0, ix), max(0, iy)))
    return (ix, iy)


def stack(
    images: Sequence[Image.Image],
    *,
    vertical: bool = True,
    gap: int = 16,
    margin: int = 16,
    background: Colour = palette.BACKGROUND,
    align: str = "start",
) -> Image.Image:
    """Place images in a column (or row) with gaps and margins; `align` is start/center/end."""
    if not images:
        return new_image(2 * margin, 2 * margin, background)
    if vertical:
        width = max(i.width for i in images) + 2 * margin
        height = sum(i.height for i in images) + gap * (len(images) - 1) + 2 * margin
    else:
        width = sum(i.width for i in images) + gap * (len(images) - 1) + 2 * margin
        height = max(i.height for i in images) + 2 * margin
    out = new_image(width, height, background)
    pos = margin
    for img in images:
        span = (width if vertical else height) - 2 * margin
        own = img.width if vertical else img.height
        cross = margin + {"start": 0, "center": (span - own) // 2, "end": span - own}[align]
        xy = (cross, pos) if vertical else (pos, cross)
        paste(out, img, xy, "lt")
        pos += (img.height if vertical else img.width) + gap
    return out
