"""The strips around the battlefield: each side's role, order tokens (unused, spent, wounds) and
the points it destroyed against what it needs to win (Pocket Battles 5.2, 8.1); the units not
placed yet; a legend."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rendering import palette
from rendering.canvas import new_image, paste
from rendering.fonts import get_font
from rendering.pocket_battles import labels
from rendering.pocket_battles.look import SideLook, UnitLook
from rendering.pocket_battles.tiles import DIE_BLACK, DIE_WHITE, GOLD, GREY_BOX, INK, WOUND
from rendering.pocket_battles.units import draw_unit, order_token, wound_token
from rendering.text import draw_text, text_width

SIDE_H = 64
SPENT = (176, 170, 156)


def side_strip(side: SideLook, width: int, active: bool) -> Image.Image:
    img = new_image(width, SIDE_H, palette.PANEL)
    draw = ImageDraw.Draw(img)
    style = palette.side_style(side.side)
    draw.rectangle((0, 0, 14, SIDE_H), fill=style.face)
    if active:
        draw.rectangle((0, 0, width - 1, SIDE_H - 1), outline=palette.HIGHLIGHT, width=4)
    name = labels.army(side.side)
    role = labels.ROLE.get(side.role or "", ("", ""))
    title = f"{name[0]} {name[1]}"
    bold = get_font(24, bold=True)
    draw_text(draw, (28, SIDE_H / 2 - 10), title, bold, anchor="lm")
    sub = f"{role[0]} {role[1]}".strip()
    if not sub:
        sub = labels.both(("Army built", "已组军") if side.built else ("Building", "组军中"))
    draw_text(draw, (28, SIDE_H / 2 + 15), sub, get_font(15), fill=palette.TEXT_MUTED, anchor="lm")
    x = 250
    tokens = f"Tokens 命令点数 {side.unused}/{side.tokens}"
    draw_text(draw, (x, 17), tokens, get_font(15, True), anchor="lm")
    r = 9
    cx = x + r
    for colour, count in (("unused", side.unused), ("spent", side.spent), ("wound", side.wounds)):
        for _ in range(count):
            if colour == "unused":
                order_token(draw, cx, 44, r)
            elif colour == "spent":
                draw.ellipse((cx - r, 44 - r, cx + r, 44 + r), fill=SPENT, outline=INK, width=1)
            else:
                wound_token(draw, cx, 44, r)
            cx += 2 * r + 3
        cx += 8
    legend = "unused 可用 · spent 已用 · wounds 伤害"
    draw_text(
        draw, (max(cx, x + 180) + 6, 44), legend, get_font(13), fill=palette.TEXT_MUTED, anchor="lm"
    )
    _score(draw, side, width)
    return img


def _score(draw: ImageDraw.ImageDraw, side: SideLook, width: int) -> None:
    """Points destroyed against half the enemy's army (Pocket Battles 8.1)."""
    x1 = width - 20
    x0 = x1 - 300
    need = str(side.to_win) if side.to_win else "?"  # the enemy's points are not known yet
    text = f"Destroyed 消灭 {side.destroyed} / {need} to win 获胜"
    draw_text(draw, (x1, 18), text, get_font(15, True), anchor="rm")
    draw.rounded_rectangle(
        (x0, 36, x1, 52), 6, fill=palette.lighten(palette.NEUTRAL, 0.4), outline=INK, width=1
    )
    if side.to_win:
        share = min(1.0, side.destroyed / side.to_win)
        if share > 0:
            fill = palette.DAMAGE if share >= 1 else palette.side_style(side.side).face
            draw.rounded_rectangle((x0, 36, x0 + (x1 - x0) * share, 52), 6, fill=fill)


def reserve_strip(
    units: list[tuple[UnitLook, str]], hidden: list[tuple[str, int]], width: int
) -> Image.Image | None:
    """Units not placed yet: the audience's own, drawn; the others' only counted."""
    if not units and not any(n for _s, n in hidden):
        return None
    tile = 84
    images = [draw_unit(u, tile, label) for u, label in units]
    x, y, line = 16, 40, 0
    spots = []
    for im in images:
        if x > 16 and x + im.width > width - 16:
            x, y, line = 16, y + line + 8, 0
        spots.append((x, y))
        x += im.width + 8
        line = max(line, im.height)
    height = y + line + 14 if images else 70
    img = new_image(width, height, palette.PANEL)
    draw = ImageDraw.Draw(img)
    draw.line((0, 0, width, 0), fill=palette.PANEL_BORDER, width=2)
    head = "Not placed yet 尚未布阵"
    counts = [
        f"{labels.army(s)[0]} {labels.army(s)[1]}: {n} to place 待布阵" for s, n in hidden if n
    ]
    if counts:
        head += " · " + " · ".join(counts)
    draw_text(draw, (16, 20), head, get_font(17, True), anchor="lm")
    for im, spot in zip(images, spots, strict=True):
        paste(img, im, spot, "lt")
    return img


def legend_strip(width: int) -> Image.Image:
    img = new_image(width, 40, palette.PANEL)
    draw = ImageDraw.Draw(img)
    draw.line((0, 0, width, 0), fill=palette.PANEL_BORDER, width=2)
    x = 16.0
    cy = 20
    font = get_font(14)

    def item(text: str) -> None:
        nonlocal x
        draw_text(draw, (x, cy), text, font, anchor="lm")
        x += text_width(text, font) + 22

    def die(black: bool) -> None:
        nonlocal x
        fill, ink = (DIE_BLACK, DIE_WHITE) if black else (DIE_WHITE, DIE_BLACK)
        draw.rounded_rectangle((x, cy - 9, x + 18, cy + 9), 4, fill=fill, outline=INK, width=1)
        draw_text(draw, (x + 9, cy), "5", get_font(12, True), fill=ink)
        x += 24

    die(True)
    item("engagement 近战")
    die(False)
    item("shooting 射击")
    draw.ellipse((x, cy - 9, x + 18, cy + 9), fill=GOLD, outline=INK)
    x += 24
    item("points 分数")
    draw.rectangle((x, cy - 9, x + 18, cy + 9), fill=GREY_BOX, outline=INK)
    x += 24
    item("formation 编制上限")
    draw.ellipse((x, cy - 9, x + 18, cy + 9), fill=WOUND)
    x += 24
    item("wound points 血量")
    order_token(draw, x + 9, cy, 9)
    x += 24
    item("order token 命令标记")
    wound_token(draw, x + 9, cy, 9)
    x += 24
    item("wound token 伤害标记")
    item("moved: redeployed this turn 已调动：本回合重新部署")
    return img
