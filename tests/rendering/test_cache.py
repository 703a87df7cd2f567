"""The shared rendering caches and the PNG writer (issue 9): what they return is exactly what
drawing from scratch returns, and nothing cached for one view can reach another."""

from __future__ import annotations

import io
import zlib
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from PIL import Image, ImageDraw

from bot.maps import MapPool
from rendering import palette, registry, text
from rendering.cache import PictureCache, digest, view_json
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


# --- pictures by the view's own bytes -----------------------------------------------------------


@pytest.fixture
def counted() -> Iterator[list[dict[str, Any]]]:
    """A game whose renderer records every view it really draws (its picture is the view)."""
    drawn: list[dict[str, Any]] = []

    def renderer(view: Mapping[str, Any]) -> bytes:
        drawn.append(dict(view))
        return encode_png(Image.new("L", (4, 4), len(drawn) * 10 % 256)) + view_json(view).encode()

    registry.register("cache-test", renderer)
    yield drawn
    registry.unregister("cache-test")


def test_a_view_is_drawn_once_and_only_its_own_bytes_get_its_picture(
    counted: list[dict[str, Any]],
) -> None:
    public = {"ruleset": "cache-test", "audience": None, "units": [1, 2]}
    seat = {"ruleset": "cache-test", "audience": "axis", "units": [1, 2]}
    first = registry.render_view(public)
    assert registry.render_view(dict(public)) == first and len(counted) == 1
    mine = registry.render_view(seat)  # another audience: drawn for itself
    assert len(counted) == 2 and mine != first and mine is not None
    assert mine.endswith(view_json(seat).encode())
    changed = {**public, "units": [1, 3]}
    assert registry.render_view(changed) != first and len(counted) == 3
    assert registry.render_view(public, cache=False) is not None and len(counted) == 4


def test_picture_cache_keeps_its_byte_budget_and_digests_beyond_it() -> None:
    pictures = PictureCache(max_bytes=100, max_digests=3)
    keys = [PictureCache.key(str(n)) for n in range(4)]
    marks = [pictures.put(key, bytes([n]) * 40) for n, key in enumerate(keys)]
    assert pictures.get(keys[0]) is None and pictures.get(keys[1]) is None
    assert pictures.get(keys[3]) == bytes([3]) * 40
    assert pictures.digest_of(keys[0]) is None  # only the newest three digests
    assert [pictures.digest_of(k) for k in keys[1:]] == marks[1:]
    assert len(set(marks)) == 4


async def test_map_pool_tells_an_unchanged_map_without_drawing_it(
    counted: list[dict[str, Any]],
) -> None:
    pool = MapPool("thread", 1)
    view = {"ruleset": "cache-test", "audience": "allies", "turn": 7}
    png, mark = await pool.picture(view)
    assert png is not None and mark == digest(png) and len(counted) == 1
    assert await pool.picture(view, mark) == (None, mark)  # the lane already shows it
    assert await pool.picture(view, "another") == (png, mark)
    assert len(counted) == 1 and pool.drawn == 1
    assert await pool.picture({"ruleset": "no-such-game"}) == (None, "")
    pool.close()
