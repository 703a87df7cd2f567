"""The game panel beside the map (2.3), from a view: the turn and the time of day (4.3), the
operation chits drawn and those left in the cup (4.1), aircraft available, VP (21), the boxes
(damaged, sunk, returned, waiting to enter) and a legend of the map's symbols."""

from __future__ import annotations

from PIL import Image, ImageDraw

from bot.rules.gj74.view import ChitView, GJ74View
from rendering import palette
from rendering.canvas import new_image
from rendering.fonts import get_font
from rendering.gj74 import labels
from rendering.gj74.units import style_key
from rendering.text import draw_text

WIDTH = 390
PAD = 14
DAY: tuple[str, str] = ("Day", "白天")
NIGHT: tuple[str, str] = ("Night: air dice -2", "夜间：航空骰 -2")


def side_name(view: GJ74View, side: str) -> str:
    from bot.rules.gj74 import board

    nation = board.scenario(view.scenario).nations(side)[0]  # type: ignore[arg-type]
    return labels.both(labels.NATION.get(nation, (nation, nation)))


def draw_panel(view: GJ74View, height: int) -> Image.Image:
    img = new_image(WIDTH, height, palette.PANEL)
    draw = ImageDraw.Draw(img)
    head, body, small = get_font(20, bold=True), get_font(17), get_font(14)
    y = PAD

    def line(text: str, font: object = body, colour: palette.Colour = palette.TEXT) -> None:
        nonlocal y
        draw_text(draw, (PAD, y), text, font, fill=colour, anchor="lt")  # type: ignore[arg-type]
        y += round(font.size * 1.45)  # type: ignore[attr-defined]

    line(f"Turn {view.turn}/{view.last_turn} 第{view.turn}回合", head)
    line(
        labels.both(NIGHT if view.night else DAY),
        body,
        (60, 60, 140) if view.night else palette.TEXT,
    )
    line(labels.both(labels.PHASE.get(view.phase, (view.phase, view.phase))))
    if view.active:
        line(f"Acting 行动方: {side_name(view, view.active)}")
    if view.air_range is not None:
        line(f"Air range 航空距离 {view.air_range} · actions 行动 {view.air_actions}", small)
    y += 6
    line("Chits drawn 已抽作战签", head)
    y = _chits(img, view, view.drawn, y)
    line("In the cup 容器中", head)
    y = _chits(img, view, view.cup, y)
    y += 4
    line("Aircraft available 可用飞机", head)
    for side in ("blue", "red"):
        line(f"{side_name(view, side)}: {view.aircraft.get(side, 0)}")
    line("Victory points 胜利点", head)
    for side in ("blue", "red"):
        line(f"{side_name(view, side)}: {view.vp.get(side, 0):g}")
    line("Boxes 格", head)
    for side in ("blue", "red"):
        counts = {k: 0 for k in labels.STATUS}
        for u in view.units:
            if u.side == side and u.status in counts:
                counts[u.status] += 1
        parts = [f"{labels.STATUS[k][1]} {n}" for k, n in counts.items() if n]
        line(f"{side_name(view, side)}: {' · '.join(parts) or '—'}", small)
    y += 6
    for text in (
        "■ port 港湾  ★ air base 航空基地",
        "△ SOSUS  ▲ island 岛屿",
        "w wide-area AA 广域对空  (n) carrier air",
        "yellow ring: own counter found 已被发现",
        "+Sn supply markers 补给品  ? seen, face down",
    ):
        line(text, small, palette.TEXT_MUTED)
    return img


def _chits(img: Image.Image, view: GJ74View, chits: tuple[ChitView, ...], y: int) -> int:
    draw = ImageDraw.Draw(img)
    font = get_font(14, bold=True)
    x, w, h = PAD, 114, 28
    if not chits:
        draw_text(draw, (x, y), "—", get_font(17), fill=palette.TEXT_MUTED, anchor="lt")
        return y + 30
    for chit in chits:
        if x + w > WIDTH - PAD:
            x, y = PAD, y + h + 6
        style = palette.side_style(style_key(view, chit.side))
        draw.rounded_rectangle(
            (x, y, x + w, y + h), 5, fill=style.face, outline=palette.PANEL_BORDER
        )
        text = f"{style.mark} {chit.kind} {labels.CHIT[chit.kind][1]}"
        draw_text(draw, (x + w / 2, y + h / 2), text, font, fill=style.text, anchor="mm")
        x += w + 6
    return y + h + 10
