"""The whole picture of one audience's `BoardLook`: title bar, the top army's strip, the
battlefield, the bottom army's strip, the units not placed yet and a legend."""

from __future__ import annotations

from PIL import Image, ImageDraw

from rendering import palette
from rendering.canvas import new_image
from rendering.panels import draw_title_bar, title_bar_height
from rendering.pocket_battles import board, fight, labels, strips
from rendering.pocket_battles.look import BoardLook, UnitLook

TITLE_FONT = 24


def title(look: BoardLook) -> str:
    when = (
        f"Round {look.round} 第{look.round}轮"
        if look.round
        else labels.both(labels.phase(look.phase))
    )
    parts = [f"Pocket Battles 口袋战争 · {look.size} pts 分", when]
    if look.round:
        parts.append(labels.both(labels.phase(look.phase)))
    return " · ".join(parts)


def audience(look: BoardLook) -> str:
    if look.audience in labels.ARMY:
        name = labels.army(look.audience)
        return f"{name[0]} view {name[1]}视图"
    return "Public view 公开视图"


def outcome(look: BoardLook) -> str:
    if look.phase == "over":
        if look.winner in labels.ARMY:
            name = labels.army(look.winner)
            return f"{name[0]} win {name[1]}获胜"
        return "Battle over 战斗结束"
    if not look.waiting:
        return ""
    en = " & ".join(labels.army(s)[0] for s in look.waiting)
    zh = "、".join(labels.army(s)[1] for s in look.waiting)
    return f"{en} to decide 等待{zh}"


def status(look: BoardLook) -> str:
    return " · ".join(p for p in (outcome(look), audience(look)) if p)


def draw_look(look: BoardLook, unit_label: board.Labeller) -> Image.Image:
    field = board.draw_board(look, unit_label)
    width = field.width
    top_side, bottom_side = board.rows(look)[0][0] or "", board.rows(look)[-1][0] or ""
    top = strips.side_strip(look.side(top_side), width, look.active == top_side)
    bottom = strips.side_strip(look.side(bottom_side), width, look.active == bottom_side)
    own = [(u, unit_label(u)) for u in look.units if u.zone is None]
    others = [(s.side, s.unplaced) for s in look.sides]
    reserve = strips.reserve_strip(own, others, width)
    legend = strips.legend_strip(width)
    bar_h = title_bar_height(TITLE_FONT)
    parts = [top, field, bottom]
    if look.fight is not None:
        parts.append(fight.fight_strip(look.fight, width))
    parts += ([reserve] if reserve is not None else []) + [legend]
    height = bar_h + sum(p.height for p in parts)
    out = new_image(width, height, palette.BACKGROUND).convert("RGB")
    draw = ImageDraw.Draw(out)
    draw_title_bar(draw, (0, 0, width, bar_h), title(look), status(look), TITLE_FONT)
    y = bar_h
    for part in parts:
        out.paste(part, (0, y), part)
        y += part.height
    return out


def default_label(unit: UnitLook) -> str:
    return unit.id
