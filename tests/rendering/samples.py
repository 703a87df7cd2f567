"""Write a sample sheet of the rendering primitives: `python -m tests.rendering.samples OUTDIR`.

The sheet shows counters face-up and face-down, a stack, a small area map with ports and labels
in English and Chinese, and a small hex grid with counters on it. It is for looking at, not a
test: render it after changing `rendering/` and check it still reads well at half size.
"""

from __future__ import annotations

import sys
from pathlib import Path

from PIL import Image, ImageDraw

from rendering import fonts, palette
from rendering.areamap import Area, AreaMap, Link, Port, RenderedMap, render_area_map
from rendering.canvas import new_image, paste, stack
from rendering.counters import CounterFace, StatusMark, draw_stack, render_counter, spread
from rendering.hexgrid import HexCell, HexGrid, OffsetKind, offset_to_axial, render_hex_grid
from rendering.panels import Legend, LegendEntry, ScoreTrack, TrackMarker
from rendering.png import EncodedPng, encode_for_discord
from rendering.text import draw_text, draw_wrapped

GB = palette.side_style("britain")
DE = palette.side_style("germany")
IT = palette.side_style("italy")


def sample_faces() -> list[CounterFace]:
    disabled = StatusMark("DISABLED 瘫痪", palette.DISABLED, dim=True)
    sunk = StatusMark("SUNK", palette.SUNK, cross=True)
    return [
        CounterFace.for_side("britain", "Hood", factors="4-4-5"),
        CounterFace.for_side("britain", "Ark Royal", factors="1-2-6", air=3),
        CounterFace.for_side("germany", "Bismarck", factors="5-5-5", damage=2),
        CounterFace.for_side("germany", "俾斯麦", factors="5-5-5"),
        CounterFace.for_side("italy", "Littorio", factors="4-4-4", status=(disabled,)),
        CounterFace.for_side("britain", "Prince of Wales", factors="4-4-5", damage=6),
        CounterFace.for_side("germany", "Scharnhorst", factors="3-3-6", status=(sunk,)),
        CounterFace.for_side("ussr", "Марат", factors="2-2-3", highlight=palette.HIGHLIGHT),
        CounterFace.for_side("germany", "Tirpitz", factors="5-5-5").hidden(),
        CounterFace.for_side("britain", "Rodney", factors="4-4-3").hidden(),
    ]


def counters_panel(size: int = 84) -> Image.Image:
    faces = sample_faces()
    gap = 14
    width = (size + gap) * (len(faces) + 2) + gap
    img = new_image(width, size + 70, palette.PANEL)
    draw = ImageDraw.Draw(img)
    draw_text(
        draw,
        (gap, 16),
        "Counters · 算子 (face-up, disabled, sunk, face-down)",
        20,
        anchor="lm",
        bold=True,
    )
    for i, face in enumerate(faces):
        paste(img, render_counter(face, size), (gap + i * (size + gap), 40), "lt")
    stack_faces = [faces[0], faces[1], faces[9]]
    draw_stack(
        img, stack_faces, (gap + len(faces) * (size + gap), 34), size, anchor="lt", space=size + 30
    )
    return img


SEA_AREAS = [
    (
        "na",
        "North Atlantic",
        "北大西洋",
        [(0, 0), (360, 0), (360, 120), (330, 260), (300, 330), (0, 330)],
    ),
    (
        "sa",
        "South Atlantic",
        "南大西洋",
        [(0, 330), (300, 330), (330, 460), (340, 620), (0, 620)],
    ),
    (
        "ns",
        "North Sea",
        "北海",
        [(420, 130), (560, 90), (610, 200), (570, 330), (450, 340), (405, 260)],
    ),
    (
        "barents",
        "Barents Sea",
        "巴伦支海",
        [(600, 0), (1000, 0), (1000, 170), (760, 175), (640, 100)],
    ),
    (
        "baltic",
        "Baltic Sea",
        "波罗的海",
        [(660, 240), (780, 215), (840, 300), (800, 390), (690, 400), (645, 320)],
    ),
    (
        "med",
        "Mediterranean",
        "地中海",
        [(420, 470), (620, 440), (840, 460), (1000, 500), (1000, 620), (420, 620)],
    ),
]


LABEL_AT = {"sa": (150, 400), "med": (600, 490), "na": (160, 130), "ns": (505, 170)}


def sample_map() -> RenderedMap:
    areas = tuple(
        Area(
            key,
            tuple(poly),
            palette.SEA,
            label,
            zh,
            LABEL_AT.get(key),
            palette.HIGHLIGHT if key == "ns" else None,
        )
        for key, label, zh, poly in SEA_AREAS
    )
    ports = (
        Port("england", (385, 225), "England 英国", GB.face, "left", major=True),
        Port("germany", (625, 345), "Germany 德国", DE.face, "below", major=True),
        Port("italy", (700, 430), "Italy 意大利", IT.face, "above"),
        Port("murmansk", (830, 190), "Murmansk", palette.side_style("ussr").face, "below"),
    )
    links = (
        Link("na", "ns", via=((385, 110),)),
        Link("ns", "baltic"),
        Link("ns", "barents"),
        Link("sa", "med", via=((380, 545),), dashed=True),
    )
    legend = Legend(
        (
            LegendEntry("Allied port 盟军港口", GB.face, "circle"),
            LegendEntry("Axis port 轴心港口", DE.face, "circle"),
            LegendEntry("Sea lane 航线", palette.LINK, "line"),
            LegendEntry("Contested 争夺中", palette.HIGHLIGHT, "box"),
        ),
        title="Legend 图例",
        corner="lb",
    )
    track = ScoreTrack(
        0,
        30,
        (TrackMarker(12, DE.face, "AX"), TrackMarker(7, GB.face, "AL"), TrackMarker(12, IT.face)),
        title="POC 控制点",
    )
    spec = AreaMap(
        1000,
        620,
        areas,
        ports,
        links,
        title="War at Sea · 海战 — Turn 3 第3回合",
        status="Allies to move · 盟军行动",
        legend=legend,
        track=track,
    )
    rendered = render_area_map(spec)
    placements = {
        "na": [
            CounterFace.for_side("britain", "Hood", factors="4-4-5"),
            CounterFace.for_side("britain", "Rodney", factors="4-4-3", damage=1),
        ],
        "ns": [CounterFace.for_side("germany", "Bismarck", factors="5-5-5").hidden()] * 2,
        "med": [
            CounterFace.for_side("italy", "Littorio", factors="4-4-4"),
            CounterFace.for_side("italy", "Vittorio Veneto", factors="4-4-4"),
            CounterFace.for_side("britain", "Ark Royal", factors="1-2-6", air=3),
        ],
    }
    size = 64
    for key, faces in placements.items():
        x, y = rendered.anchor(key)
        centres = spread(len(faces), size, (x, y + 75), 260)
        for face, centre in zip(faces, centres, strict=True):
            paste(rendered.image, render_counter(face, size), centre)
    return rendered


def hex_panel() -> Image.Image:
    land = palette.LAND
    cells = {
        (0, 0): HexCell(land, "Qingdao"),
        (1, 0): HexCell(land),
        (0, 1): HexCell(land, "青岛"),
        (5, 3): HexCell(land, "Sasebo"),
        (6, 3): HexCell(land, "佐世保"),
        (6, 4): HexCell(land),
        (3, 2): HexCell(None, "", outline=palette.HIGHLIGHT),
    }
    grid = HexGrid(8, 6, size=34, kind=OffsetKind.ODD_Q, cells=cells, margin=10)
    image, layout = render_hex_grid(grid)
    for (col, row), side, name in (((3, 2), "china", "054A"), ((4, 3), "japan", "DDG")):
        centre = layout.to_pixel(offset_to_axial(col, row, grid.kind))
        face = CounterFace.for_side(side, name, factors="3-4-6")
        paste(image, render_counter(face, 48), centre)
    return image


def notes_panel(width: int) -> Image.Image:
    img = new_image(width, 300, palette.PANEL)
    draw = ImageDraw.Draw(img)
    choice = fonts.resolve()
    name = choice.path.name if choice.path is not None else "Pillow built-in"
    draw_text(draw, (16, 24), f"Font 字体: {name} [{choice.kind}]", 18, anchor="lm", bold=True)
    text = (
        "Mixed text wraps at spaces in English and between characters in Chinese: 北大西洋的"
        "英国舰队必须在下一回合结束前返回港口，否则将受到补给惩罚。Halo keeps labels readable."
    )
    draw_wrapped(draw, (16, 56), text, width - 32, 20, align="left", valign="top")
    draw.rectangle((16, 190, width - 16, 280), fill=palette.SEA_DEEP)
    draw_text(
        draw,
        (width / 2, 235),
        "Halo on a busy map 地图上的描边文字",
        24,
        halo=palette.HALO,
        halo_width=3,
        bold=True,
    )
    return img


def sample_sheet() -> Image.Image:
    rendered = sample_map()
    hexes = hex_panel()
    counters = counters_panel()
    bottom = stack(
        [hexes, notes_panel(max(200, counters.width - hexes.width - 32))],
        vertical=False,
        margin=0,
        background=palette.PANEL,
    )
    return stack([counters, rendered.image, bottom], margin=16, gap=16)


def write(outdir: Path) -> tuple[Path, EncodedPng]:
    outdir.mkdir(parents=True, exist_ok=True)
    encoded = encode_for_discord(sample_sheet(), max_width=1600)
    path = outdir / "sample_sheet.png"
    path.write_bytes(encoded.data)
    return path, encoded


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tests.rendering.samples OUTDIR", file=sys.stderr)
        return 2
    path, encoded = write(Path(argv[0]))
    print(f"{path}: {encoded.width}x{encoded.height}, {encoded.size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
