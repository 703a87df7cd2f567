"""The rendering primitives: determinism, PNG output, hidden counters, CJK text, hex geometry,
font fallback."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from rendering import counters, fonts, palette
from rendering.areamap import Area, AreaMap, Link, Port, render_area_map
from rendering.counters import CounterFace, StatusMark, render_counter, spread, stack_offsets
from rendering.geometry import clip_link, contains, label_point
from rendering.hexgrid import (
    Hex,
    HexGrid,
    HexLayout,
    OffsetKind,
    Orientation,
    axial_to_offset,
    fit_layout,
    grid_hexes,
    offset_to_axial,
    render_hex_grid,
)
from rendering.panels import Legend, LegendEntry, ScoreTrack, TrackMarker
from rendering.png import encode_for_discord, encode_png
from rendering.text import text_width, wrap


@pytest.fixture
def fresh_fonts() -> Iterator[None]:
    fonts.clear_cache()
    counters._render.cache_clear()
    yield
    fonts.clear_cache()
    counters._render.cache_clear()


def small_map() -> AreaMap:
    areas = (
        Area("w", ((0, 0), (180, 0), (180, 200), (0, 200)), palette.SEA, "West", "西海"),
        Area("e", ((240, 0), (400, 0), (400, 200), (240, 200)), palette.SEA, "East", "东海"),
    )
    return AreaMap(
        400,
        200,
        areas,
        ports=(Port("p", (210, 100), "Port 港", palette.side_style("uk").face),),
        links=(Link("w", "e"),),
        title="Test 测试",
        status="Turn 1",
        legend=Legend((LegendEntry("Sea 海", palette.SEA),)),
        track=ScoreTrack(0, 10, (TrackMarker(3, palette.DAMAGE, "A"),)),
    )


# --- determinism and PNG ------------------------------------------------------------------


def test_same_spec_gives_identical_bytes(fresh_fonts: None) -> None:
    first = encode_png(render_area_map(small_map()).image)
    fonts.clear_cache()
    counters._render.cache_clear()
    second = encode_png(render_area_map(small_map()).image)
    assert first == second
    face = CounterFace.for_side("germany", "Bismarck", factors="5-5-5", damage=2)
    a = encode_png(render_counter(face))
    counters._render.cache_clear()
    assert encode_png(render_counter(face)) == a


def test_png_is_valid_without_metadata_and_of_expected_size() -> None:
    rendered = render_area_map(small_map())
    title = rendered.origin[1]
    assert title > 0
    assert rendered.image.width == 400
    assert rendered.image.height > title + 200  # title bar + map + score track
    data = encode_png(rendered.image)
    img = Image.open(io.BytesIO(data))
    img.verify()
    assert Image.open(io.BytesIO(data)).size == rendered.image.size
    for chunk in (b"tEXt", b"iTXt", b"zTXt", b"tIME", b"pHYs", b"iCCP", b"eXIf"):
        assert chunk not in data
    source = Image.new("RGB", (2000, 500), (10, 20, 30))
    source.info["dpi"] = (300, 300)
    encoded = encode_for_discord(source, max_width=1600)
    assert (encoded.width, encoded.height, encoded.scaled) == (1600, 400, True)
    assert Image.open(io.BytesIO(encoded.data)).size == (1600, 400)
    assert encoded.size == len(encoded.data)
    assert encode_for_discord(source, max_width=1600).data == encoded.data
    small = encode_for_discord(Image.new("RGBA", (100, 50)))
    assert (small.width, small.height, small.scaled) == (100, 50, False)


def test_map_anchors_and_origin() -> None:
    rendered = render_area_map(small_map())
    assert rendered.anchor("p") == rendered.to_pixel((210, 100))
    x, y = rendered.anchor("w")
    assert 0 < x < 180 and rendered.origin[1] < y < rendered.origin[1] + 200


# --- counters -----------------------------------------------------------------------------


def test_face_down_counter_hides_the_face() -> None:
    base = {"colour": (150, 156, 164), "back_colour": (70, 76, 84), "side_mark": "DE"}
    units = [
        CounterFace(name="Bismarck", factors="5-5-5", air=None, damage=0, **base),
        CounterFace(name="Tirpitz", factors="5-5-4", air=2, damage=3, **base),
        CounterFace(name="北大西洋", status=(StatusMark("SUNK", cross=True),), **base),
    ]
    hidden = [encode_png(render_counter(replace(u, face_down=True))) for u in units]
    assert len(set(hidden)) == 1  # whatever the hidden unit is, the pixels are the same
    assert encode_png(render_counter(units[0].hidden())) == hidden[0]
    face_up = [encode_png(render_counter(u)) for u in units]
    assert len(set(face_up)) == len(units)  # face-up counters do show what they are
    assert hidden[0] not in face_up
    other_side = CounterFace(face_down=True, back_colour=(150, 112, 60), side_mark="GB")
    assert encode_png(render_counter(other_side)) != hidden[0]


def test_counter_size_and_transparent_corners() -> None:
    img = render_counter(CounterFace.for_side("britain", "Hood", factors="4-4-5"), 80)
    assert img.size == (80, 80) and img.mode == "RGBA"
    assert img.getpixel((0, 0))[3] == 0
    assert img.getpixel((40, 40))[3] == 255


def test_stacking_fits_the_space() -> None:
    offsets = stack_offsets(5, 60, space=90)
    span = 60 + offsets[0][1]
    assert span <= 90
    assert offsets[-1][1] == 0 and offsets[0][0] == 0
    xs = [x for x, _ in offsets]
    assert xs == sorted(xs)
    centres = spread(7, 50, (200, 100), 170, gap=4)
    assert len(centres) == 7 and len({c[1] for c in centres}) == 3


# --- text ---------------------------------------------------------------------------------


def _ink(text: str, size: int = 32) -> tuple[bytes, int]:
    font = fonts.get_font(size)
    img = Image.new("L", (size * (len(text) + 2), size * 2), 0)
    ImageDraw.Draw(img).text((size // 2, size // 2), text, font=font, fill=255)
    return img.tobytes(), sum(1 for v in img.tobytes() if v > 128)


def test_chinese_renders_with_glyphs() -> None:
    assert fonts.supports_cjk(), "no CJK font: install fonts-noto-cjk or set REFEREE_FONT"
    font = fonts.get_font(32)
    width = text_width("北大西洋", font)
    assert width > 4 * 32 * 0.8
    pixels_a, ink_a = _ink("北大西洋")
    _, ink_b = _ink("地中海")
    _, ink_tofu = _ink("\U000efffd" * 4)
    assert ink_a > 200 and ink_b > 200
    assert pixels_a != _ink("南大西洋")[0]  # different characters, different pixels
    assert ink_a != ink_tofu


def test_wrapping_latin_and_chinese() -> None:
    font = fonts.get_font(20)
    lines = wrap("英国舰队必须在下一回合结束前返回港口，否则将受到惩罚。", font, 150)
    assert len(lines) > 1
    assert all(text_width(line, font) <= 150 + 20 for line in lines)
    assert not any(line.startswith(("，", "。")) for line in lines)
    latin = wrap("The quick brown fox jumps over the lazy dog", font, 120)
    assert all(" " not in (line[0], line[-1]) for line in latin)
    assert " ".join(latin) == "The quick brown fox jumps over the lazy dog"


# --- hex geometry -------------------------------------------------------------------------


@pytest.mark.parametrize("kind", list(OffsetKind))
def test_hex_round_trip(kind: OffsetKind) -> None:
    layout = fit_layout(12, 9, kind, 30, margin=5)
    for col in range(12):
        for row in range(9):
            h = offset_to_axial(col, row, kind)
            assert axial_to_offset(h, kind) == (col, row)
            centre = layout.to_pixel(h)
            assert layout.from_pixel(centre) == h
            for corner in layout.corners(h, 0.9):
                assert layout.from_pixel(corner) == h
            assert all(h.distance(n) == 1 for n in h.neighbours())
    xs = [p[0] for h in grid_hexes(12, 9, kind) for p in layout.corners(h)]
    assert min(xs) == pytest.approx(5)


def test_hex_grid_image_size() -> None:
    grid = HexGrid(4, 3, size=20, kind=OffsetKind.ODD_Q, margin=4)
    image, layout = render_hex_grid(grid)
    assert layout.from_pixel(layout.to_pixel(Hex(1, 1))) == Hex(1, 1)
    # 3 column steps of 1.5 * size plus one hex width, and 3 rows plus half a row, plus margins
    assert image.size == (4 + 130 + 4, 4 + 122 + 4)
    pointy = HexLayout(Orientation.POINTY, 10)
    assert pointy.height == 20 and pointy.width == pytest.approx(17.32, abs=0.01)


# --- geometry -----------------------------------------------------------------------------


def test_label_point_inside_concave_polygon() -> None:
    ell = ((0, 0), (100, 0), (100, 20), (20, 20), (20, 100), (0, 100))
    assert contains(ell, label_point(ell))


def test_link_between_touching_areas_is_a_short_connector() -> None:
    a = ((0, 0), (100, 0), (100, 100), (0, 100))
    b = ((100, 0), (200, 0), (200, 100), (100, 100))
    line = clip_link([(50, 50), (150, 50)], a, b, min_length=20)
    assert line[0][0] == pytest.approx(90) and line[-1][0] == pytest.approx(110)
    apart = ((150, 0), (250, 0), (250, 100), (150, 100))
    line = clip_link([(50, 50), (200, 50)], a, apart)
    assert line[0][0] == pytest.approx(100) and line[-1][0] == pytest.approx(150)


# --- fonts --------------------------------------------------------------------------------


def _no_fonts_anywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fonts, "CJK_CANDIDATES", {False: (), True: ()})
    monkeypatch.setattr(fonts, "SEARCH_DIRS", ())


def test_font_falls_back_to_builtin_with_a_warning(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, fresh_fonts: None
) -> None:
    monkeypatch.setenv(fonts.ENV_VAR, "/nonexistent/font.ttf")
    _no_fonts_anywhere(monkeypatch)
    monkeypatch.setattr(fonts, "FALLBACK_CANDIDATES", {False: (), True: ()})
    with caplog.at_level(logging.WARNING, logger="rendering.fonts"):
        choice = fonts.resolve()
        font = fonts.get_font(20)
    assert choice.kind is fonts.FontKind.BUILTIN and choice.path is None
    messages = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert any("/nonexistent/font.ttf" in m for m in messages)
    assert any("built-in" in m for m in messages)
    assert text_width("Hood", font) > 0
    assert fonts.get_font(20) is font  # cached per size


def test_font_falls_back_to_dejavu_with_a_warning(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, fresh_fonts: None
) -> None:
    monkeypatch.delenv(fonts.ENV_VAR, raising=False)
    _no_fonts_anywhere(monkeypatch)
    dejavu = fonts.FALLBACK_CANDIDATES[False]
    if not any(p.is_file() for p in dejavu):
        pytest.skip("DejaVu Sans is not installed")
    with caplog.at_level(logging.WARNING, logger="rendering.fonts"):
        choice = fonts.resolve()
    assert choice.kind is fonts.FontKind.LATIN
    assert any("DejaVu" in r.getMessage() for r in caplog.records)


def test_env_font_is_used_first(monkeypatch: pytest.MonkeyPatch, fresh_fonts: None) -> None:
    dejavu = next((p for p in fonts.FALLBACK_CANDIDATES[False] if p.is_file()), None)
    if dejavu is None:
        pytest.skip("DejaVu Sans is not installed")
    monkeypatch.setenv(fonts.ENV_VAR, str(dejavu))
    choice = fonts.resolve()
    assert choice.path == Path(dejavu) and choice.kind is fonts.FontKind.LATIN
