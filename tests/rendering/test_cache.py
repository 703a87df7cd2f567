"""The shared rendering caches and the PNG writer (issue 9): what they return is exactly what
drawing from scratch returns, and nothing cached for one view can reach another."""

from __future__ import annotations

import io
import zlib

import pytest
from PIL import Image, ImageDraw

from rendering import palette, text
from rendering.fonts import get_font
from rendering.png import encode_png

CASES = [
    ("NORTH ATLANTIC", 22, True, "lt", (240, 10), palette.HALO),
    ("北大西洋", 20, True, "lt", (401.5, 11), palette.HALO),
    ("AX 3", 17, True, "mm", (73.25, 40.5), None),
    ("Score 分数  ◀ Allies 盟军 · Axis 轴心国 ▶", 19, False, "lm", (5.75, 60.125), None),
    ("rep 8", 15, True, "rm", (310.4, 80.6), (250, 250, 250)),
    ("-3", 19, True, "mb", (-2.5, 99.9), palette.HALO),
]


@pytest.mark.parametrize("mode", ["RGB", "RGBA"])
def test_cached_text_draws_the_pixels_pillow_draws(mode: str) -> None:
    text.clear_cache()
    for line, size, bold, anchor, xy, halo in CASES:
        font = get_font(size, bold=bold)
        for attempt in range(2):  # the second draw comes from the cache
            ours = Image.new(mode, (420, 120), (30, 60, 90))
            theirs = ours.copy()
            box = text.draw_text(
                ImageDraw.Draw(ours), xy, line, font, fill=(200, 20, 20), halo=halo, anchor=anchor
            )
            draw = ImageDraw.Draw(theirs)
            stroke = 2 if halo is not None else 0
            draw.text(
                xy,
                line,
                font=font,
                fill=(200, 20, 20),
                anchor=anchor,
                stroke_width=stroke,
                stroke_fill=halo,
            )
            expected = draw.textbbox(xy, line, font=font, anchor=anchor, stroke_width=stroke)
            assert ours.tobytes() == theirs.tobytes(), (line, attempt)
            assert box == tuple(int(v) for v in expected)
            assert ours.getbbox() is not None
    assert text._mask.cache_info().hits > 0


def test_text_width_is_the_fonts_own() -> None:
    font = get_font(17, bold=True)
    for line in ("AX 3", "Bismarck 俾斯麦", ""):
        left, _top, right, _bottom = font.getbbox(line, anchor="la", stroke_width=3)
        assert text.text_width(line, font, 3) == int(right) - int(left)


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L", "LA", "P"])
def test_png_round_trips_the_pixels(mode: str) -> None:
    source = Image.new("RGBA", (37, 11), (10, 200, 30, 255))
    ImageDraw.Draw(source).rectangle((3, 2, 20, 8), fill=(250, 10, 90, 128))
    image = source.convert(mode)
    data = encode_png(image)
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    with Image.open(io.BytesIO(data)) as decoded:
        decoded.load()
        kept = mode if mode != "P" else "RGBA"
        assert decoded.mode == kept and decoded.size == image.size
        assert decoded.tobytes() == image.convert(kept).tobytes()
    # Every chunk's CRC is right (a strict decoder refuses a bad one).
    at = 8
    while at < len(data):
        length = int.from_bytes(data[at : at + 4], "big")
        body = data[at + 4 : at + 8 + length]
        assert zlib.crc32(body) == int.from_bytes(data[at + 8 + length : at + 12 + length], "big")
        at += 12 + length
    assert encode_png(image) == data
