"""The strip under the score track: the turn record (score after each turn, reinforcements to
come), a bilingual legend, and the facts with no place on the board (sunk ships, U-boat bank,
variants, the battle being fought)."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from bot.rules.war_at_sea.view import WarAtSeaView as View
from rendering import palette
from rendering.canvas import new_image, paste
from rendering.counters import CounterFace, render_counter
from rendering.fonts import get_font
from rendering.text import draw_text, text_width, wrap
from rendering.war_at_sea import icons, labels, pieces, report

HEIGHT = 290
PAD = 14
BODY = 16  # legend and info text size
TITLE = 18
TURNS_W, FACTS_W = 380, 400  # the turn record and Notes columns; the legend takes the rest


def _heading(draw: ImageDraw.ImageDraw, x: float, y: float, text: str) -> float:
    draw_text(draw, (x, y), text, get_font(TITLE, bold=True), anchor="lt")
    return y + TITLE + 10


# --- turn record -----------------------------------------------------------------------------


def _turns(draw: ImageDraw.ImageDraw, view: View, x: float, y: float, width: float) -> None:
    y = _heading(draw, x, y, "Turn record 回合表")
    turns, turn, history = view.turns, view.turn, view.history
    upcoming = {k: len(v) for k, v in view.upcoming.items()}
    cell = (width - 4) / max(1, turns)
    h = 92
    small = get_font(14, bold=True)
    for n in range(1, turns + 1):
        cx0 = x + cell * (n - 1)
        fill = palette.HIGHLIGHT if n == turn else palette.PANEL
        if n < turn or (n == turn and len(history) >= n):
            fill = palette.lighten(palette.SEA, 0.4) if n != turn else fill
        draw.rectangle(
            (cx0, y, cx0 + cell, y + h), fill=fill, outline=palette.PANEL_BORDER, width=2
        )
        draw_text(draw, (cx0 + cell / 2, y + 16), str(n), get_font(22, bold=True))
        if len(history) >= n:
            score = history[n - 1]
            colour = labels.AXIS if score > 0 else labels.ALLIES if score < 0 else palette.TEXT
            draw_text(
                draw,
                (cx0 + cell / 2, y + 46),
                f"{score:+d}" if score else "0",
                get_font(19, bold=True),
                fill=colour,
            )
        elif upcoming.get(n):
            draw_text(
                draw, (cx0 + cell / 2, y + 46), f"+{upcoming[n]}", small, fill=palette.TEXT_MUTED
            )
        if n == turn:
            draw_text(draw, (cx0 + cell / 2, y + 74), "now", small)
    note = "score after each turn 每回合后分数 · +N ships arrive 增援"
    draw_text(draw, (x, y + h + 8), note, get_font(14), anchor="lt", fill=palette.TEXT_MUTED)
    if history:
        text = last_turn_line(view.last_points)
        draw_text(draw, (x, y + h + 32), text, get_font(BODY, bold=True), anchor="lt")


def last_turn_line(last: Mapping[str, int]) -> str:
    """Each side's points last turn, signed (a neutral-port penalty can make them negative)."""
    axis, allies = last.get("axis", 0), last.get("allies", 0)
    return f"Last turn 上回合: Axis 轴心国 {axis:+d}, Allies 盟军 {allies:+d}"


# --- legend ----------------------------------------------------------------------------------


def _legend(img: Image.Image, draw: ImageDraw.ImageDraw, x: float, y: float, width: float) -> float:
    """Draw the legend in its column; returns the right edge of what it drew."""
    right = x
    y = _heading(draw, x, y, "Legend 图例")
    font = get_font(BODY)
    bold = get_font(BODY, bold=True)
    size = 40
    cx = x
    for nat, en, zh in (
        ("british", "GB", "英"),
        ("american", "US", "美"),
        ("soviet", "SU", "苏"),
        ("german", "DE", "德"),
        ("italian", "IT", "意"),
    ):
        style = labels.NATIONS[nat]
        face = CounterFace(name=en, colour=style.face, text_colour=style.text, factors=zh)
        paste(img, render_counter(face, size), (cx, y), "lt")
        cx += size + 4
    paste(img, render_counter(pieces.hidden_face(), size), (cx + 8, y), "lt")
    draw_text(
        draw,
        (cx + size + 16, y + size / 2),
        "face-down Allied 面朝下盟军 (18.2)",
        font,
        anchor="lm",
    )
    y += size + 10
    rows = (
        ("4-4-7 (3)", "gunnery-armor-speed (air) 火力-装甲-速度（空袭）"),
        ("●●  ×5", "damage 损伤 · five alike 五个相同"),
        ("1-0", "U-boat flotilla 潜艇队"),
        ("AX 3 AL 1", "points of control 制海点数"),
        ("rep 8", "port repairs per turn 修复值"),
    )
    for key, text in rows:
        if key.startswith("●"):  # damage pips are red on the counters
            dots = draw_text(draw, (x, y), "●●", bold, anchor="lt", fill=palette.DAMAGE)
            draw_text(draw, (dots[2] + 8, y), key.removeprefix("●●").strip(), bold, anchor="lt")
        else:
            draw_text(draw, (x, y), key, bold, anchor="lt")
        draw_text(draw, (x + 96, y), text, font, anchor="lt")
        y += BODY + 10
    col2 = x + 96 + max(text_width(text, font) for _key, text in rows) + 24
    ry = y - len(rows) * (BODY + 10)
    step = 29
    paste(img, icons.aircraft("allies", 22), (col2, ry), "lt")
    paste(img, icons.aircraft("axis", 22), (col2 + 24, ry), "lt")
    right = draw_text(draw, (col2 + 54, ry + 11), "air-strike symbols 空袭标示", font, anchor="lm")[
        2
    ]
    ry += step
    paste(img, icons.air_strike_marker("allies", 3, 24), (col2 - 1, ry - 1), "lt")
    paste(img, icons.air_strike_marker("axis", 3, 24), (col2 + 24, ry - 1), "lt")
    draw_text(draw, (col2 + 54, ry + 11), "air strike placed 空袭标签", font, anchor="lm")
    ry += step
    paste(img, icons.passage(22, True), (col2, ry), "lt")
    draw_text(draw, (col2 + 30, ry + 11), "adjacent areas 相邻海域", font, anchor="lm")
    ry += step
    paste(img, icons.gate("right", labels.ALLIES, 20), (col2 + 1, ry + 1), "lt")
    bx: float = draw_text(draw, (col2 + 30, ry + 11), "port exit 出港", font, anchor="lm")[2] + 18
    combat = "combat 战斗中"
    if bx + 30 + text_width(combat, font) > x + width - 8:  # keep out of the Notes column
        bx, ry = col2, ry + step
    draw.rectangle((bx, ry + 2, bx + 22, ry + 20), outline=palette.HIGHLIGHT, width=4)
    right = max(right, draw_text(draw, (bx + 30, ry + 11), combat, font, anchor="lm")[2])
    ry += step + 4
    sx, small = x, get_font(14, bold=True)
    ry = max(ry, y + 4)
    for word, zh, colour in labels.STATUS.values():
        text = f"{word} {zh}"
        w = text_width(text, small) + 10
        if sx + w > x + width:
            sx, ry = x, ry + 25
        draw.rectangle((sx, ry, sx + w, ry + 21), fill=colour)
        draw_text(draw, (sx + w / 2, ry + 10), text, small, fill=palette.text_on(colour))
        right = max(right, sx + w)
        sx += w + 6
    return right


# --- facts -----------------------------------------------------------------------------------


def _facts(draw: ImageDraw.ImageDraw, view: View, x: float, y: float, width: float) -> None:
    y = _heading(draw, x, y, "Notes 备注")
    font = get_font(BODY)
    lines: list[str] = []
    battle = report.battle_line(view)
    if battle:
        lines.append(battle)
    sunk = sorted(u.name for u in view.units if u.status == "sunk")
    gone = sorted(u.name for u in view.units if u.status == "removed")
    lines.append("Sunk 沉没: " + (", ".join(sunk) if sunk else "none 无"))
    if gone:
        lines.append("Removed 移出: " + ", ".join(gone))
    uboats = sum(1 for u in view.units if u.type == "uboat" and u.status == "active")
    text = f"U-boat flotillas 潜艇队: {uboats}/{view.max_uboats}"
    if view.uboat_bank:
        text += f", banked 累积 {view.uboat_bank} (18.3)"
    lines.append(text)
    variants = [
        k.removeprefix("variant_").replace("_", ".") for k, v in sorted(view.options.items()) if v
    ]
    lines.append("Variants 变体: " + (", ".join(variants) if variants else "none 无"))
    bottom = y + HEIGHT - 50
    for line in lines:
        for part in wrap(line, font, round(width)):
            if y + BODY > bottom:
                return
            draw_text(draw, (x, y), part, font, anchor="lt")
            y += BODY + 7


def legend_right(width: int) -> tuple[float, float]:
    """Where the legend ends when drawn in a footer ``width`` wide, and where the Notes column
    begins (for the test that they do not run into each other)."""
    img = new_image(width, HEIGHT, palette.PANEL)
    lx, legend_w = _columns(width)
    return _legend(img, ImageDraw.Draw(img), lx, PAD, legend_w), lx + legend_w + PAD


def _columns(width: int) -> tuple[float, float]:
    return PAD * 2 + TURNS_W, width - TURNS_W - FACTS_W - 4 * PAD


def draw_footer(view: View, width: int) -> Image.Image:
    img = new_image(width, HEIGHT, palette.PANEL)
    draw = ImageDraw.Draw(img)
    draw.line((0, 0, width, 0), fill=palette.PANEL_BORDER, width=2)
    lx, legend_w = _columns(width)
    _turns(draw, view, PAD, PAD, TURNS_W)
    _legend(img, draw, lx, PAD, legend_w)  # keeps to its column (tests: legend_right)
    _facts(draw, view, lx + legend_w + PAD, PAD, FACTS_W)
    for sx in (lx - PAD / 2, lx + legend_w + PAD / 2):
        draw.line((sx, PAD, sx, HEIGHT - PAD), fill=palette.lighten(palette.PANEL_BORDER, 0.6))
    return img
