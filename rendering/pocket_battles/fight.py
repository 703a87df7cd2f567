"""The last fight under the battlefield (Pocket Battles 5.4-5.7): the order and the reaction,
each strike's dice as rolled (black for engagement, white for shooting, a red ring and a count
on each die that hit) with its hits, and what the hits did: troops wounded or lost. Drawn from
the `FightLook` alone, so it shows only what the view let this audience know."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rendering import palette
from rendering.canvas import new_image
from rendering.fonts import Font, get_font
from rendering.pocket_battles import labels
from rendering.pocket_battles.look import FightLook, LossLook, RollLook
from rendering.pocket_battles.tiles import DIE_BLACK, DIE_WHITE, INK, WOUND
from rendering.text import draw_text, text_width

HEAD_H = 34
ROW_H = 40
DIE = 28
SHOTS = ("shot", "reaction_shot")


def headline(fight: FightLook) -> str:
    """ "Last fight: Charge #3 → #5 · held" in both languages."""
    order = labels.ORDER.get(fight.kind, (fight.kind, fight.kind))
    who = labels.unit_mark(fight.unit)
    if fight.target:
        who += f" → {labels.unit_mark(fight.target)}"
    parts = [f"Last fight 最近战斗: {order[0]} {order[1]} {who}"]
    if fight.reaction:
        react = labels.REACTION.get(fight.reaction, (fight.reaction, fight.reaction))
        by = f" {labels.unit_mark(fight.reactor)}" if fight.reactor else ""
        parts.append(f"{react[0]}{by} {react[1]}{by.strip()}")
    return " · ".join(parts)


def roll_words(roll: RollLook) -> str:
    kind = labels.STRIKE.get(roll.kind, (roll.kind, roll.kind))
    return f"{labels.unit_mark(roll.striker)} {kind[0]} {kind[1]} → {labels.unit_mark(roll.target)}"


def loss_words(loss: LossLook) -> str:
    what = ("lost", "阵亡") if loss.lost else ("wounded", "受伤")
    troop = f"{loss.name[0]} {loss.name[1]}" if loss.name else "a troop 一个兵种"
    return f"{troop} ({labels.unit_mark(loss.unit)}) {what[0]} {what[1]}"


def _die(draw: ImageDraw.ImageDraw, x: float, cy: float, face: int, black: bool, hits: int) -> None:
    """A die as rolled; one that hit wears a red ring and, top right, how many hits it made."""
    fill, ink = (DIE_BLACK, DIE_WHITE) if black else (DIE_WHITE, DIE_BLACK)
    box = (x, cy - DIE / 2, x + DIE, cy + DIE / 2)
    if hits:
        ring = (box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4)
        draw.rounded_rectangle(ring, 8, outline=WOUND, width=3)
    draw.rounded_rectangle(box, 6, fill=fill, outline=INK, width=1)
    draw_text(draw, (x + DIE / 2, cy), str(face), get_font(16, bold=True), fill=ink)
    if hits:
        r = 8
        cx, top = box[2] + 2, box[1] - 2
        draw.ellipse((cx - r, top - r, cx + r, top + r), fill=WOUND, outline=palette.HALO)
        draw_text(draw, (cx, top), str(hits), get_font(11, True), fill=palette.HALO)


def hits_words(n: int) -> str:
    return f"= {n} hit{'' if n == 1 else 's'} 命中"


def _lines(head: str, items: list[str], width: int, font: Font) -> list[str]:
    """``head`` and the items after it, as many to a line as fit."""
    lines = [head]
    for item in items:
        joined = f"{lines[-1]} · {item}" if lines[-1] != head else f"{head} {item}"
        if text_width(joined, font) <= width or lines[-1] == head:
            lines[-1] = joined
        else:
            lines.append(item)
    return lines


def fight_strip(fight: FightLook, width: int) -> Image.Image:
    font = get_font(15)
    losses = [loss_words(loss) for loss in fight.losses]
    lost_lines = _lines("Hits 伤害:", losses, width - 56, font) if losses else []
    rows = len(fight.strikes) + len(lost_lines)
    img = new_image(width, HEAD_H + ROW_H * rows + 8, palette.PANEL)
    draw = ImageDraw.Draw(img)
    draw.line((0, 0, width, 0), fill=palette.PANEL_BORDER, width=2)
    draw_text(draw, (16, HEAD_H / 2 + 2), headline(fight), get_font(17, True), anchor="lm")
    y = HEAD_H + ROW_H / 2
    for roll in fight.strikes:
        words = roll_words(roll)
        draw_text(draw, (28, y), words, font, anchor="lm")
        x = 28 + max(360.0, text_width(words, font) + 16)
        black = roll.kind not in SHOTS
        for face, hits in zip(roll.dice, roll.scored, strict=True):
            _die(draw, x, y, face, black, hits)
            x += DIE + 20
        draw_text(draw, (x + 6, y), hits_words(roll.hits), get_font(15, True), anchor="lm")
        y += ROW_H
    for line in lost_lines:
        draw_text(draw, (28, y), line, font, fill=WOUND, anchor="lm")
        y += ROW_H
    return img
