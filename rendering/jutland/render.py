"""Draw a Jutland view: a title bar, then the battle surface while a battle is fought or the
search sheet otherwise (the audience's own, or the public's), then a panel of the audience's
task forces (fuel and hours left). Only the view is read, never the state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from bot.rules.jutland.view import JutlandView
from rendering import palette
from rendering.jutland import look
from rendering.jutland.sheet import draw_sheet
from rendering.jutland.surface import draw_surface
from rendering.png import MAX_WIDTH, encode_for_discord
from rendering.text import draw_text, font_for, text_width

MAX_BYTES = 1_000_000
LEGEND_PUBLIC = ("triangle: sighted by the patrols 巡逻发现 · ring: found by a search 搜索发现 · "
                 "octagon: battle 战斗")  # fmt: skip
LEGEND_SIDE = LEGEND_PUBLIC + " · ?: announced by the enemy 敌方宣布"
BAR = 34
LINE = 24


def typed(raw: JutlandView | Mapping[str, Any]) -> JutlandView:
    return raw if isinstance(raw, JutlandView) else JutlandView.model_validate(raw)


def title(view: JutlandView) -> str:
    who = look.SIDE_NAME.get(view.side or "", ("Public", "公开"))
    night = " · night 夜间" if view.night else ""
    return f"Jutland 日德兰 · {look.clock(view.hour)}{night} · {who[0]} {who[1]}"


def lines(view: JutlandView) -> list[str]:
    """The panel: the battle's turn and visibility, one's forces, the losses."""
    out: list[str] = []
    b = view.battle
    if b is not None:
        rolled = " (weather 天气)" if b.weather else ""  # Tournament 22.1
        wind = f" · {look.wind(b.wind)}" if b.wind is not None else ""
        out.append(f"Battle in {b.hex} 战斗 · turn {b.turn}/6 第{b.turn}回合 · "
                   f"visibility {int(b.visibility):,} yd 目视距离{rolled}{wind}")  # fmt: skip
    for f in sorted(view.forces, key=lambda f: look.tf_order(f.id)):
        where = f.hex or f"off map 地图外 ({f.exit_hex})"
        fuel = "in base 基地" if f.fuel_left is None else f"fuel {f.fuel_left} h 燃料"
        dead = " · dead in the water 瘫痪" if f.dead else ""
        makeup = (f" · makeup 编组 {len(f.ships)}-{f.columns}-{f.interval or 0}"
                  if f.columns else "")  # fmt: skip
        out.append(f"{look.tf_short(f.id)} {where} · {len(f.ships)} ships 艘 · "
                   f"{f.hours_at_sea} h at sea 海上 · {fuel}{dead}{makeup}")  # fmt: skip
    for hex_ in view.battles:
        out.append(f"Battle going on in {hex_} 战斗进行中")
    out.append(f"Sunk 击沉: German 德国 {view.sunk.get('german', 0)} · "
               f"British 英国 {view.sunk.get('british', 0)}")  # fmt: skip
    if b is None:
        out.append(LEGEND_SIDE if view.side else LEGEND_PUBLIC)
    return out


def draw(raw: JutlandView | Mapping[str, Any]) -> Image.Image:
    view = typed(raw)
    body = draw_surface(view.battle) if view.battle is not None else draw_sheet(view)
    text = lines(view)
    width = max(body.width, 640, *(text_width(t, font_for(15)) + 24 for t in text))
    out = Image.new("RGB", (width, BAR + body.height + LINE * len(text) + 12), palette.BACKGROUND)
    d = ImageDraw.Draw(out)
    d.rectangle([0, 0, width, BAR], fill=palette.TITLE_BAR)
    draw_text(d, (12, BAR / 2), title(view), 17, fill=palette.TITLE_TEXT, anchor="lm", bold=True)
    out.paste(body.convert("RGB"), ((width - body.width) // 2, BAR))
    y = BAR + body.height + 6
    for t in text:
        draw_text(d, (12, y + LINE / 2), t, 15, fill=palette.TEXT, anchor="lm")
        y += LINE
    return out


def render(view: JutlandView | Mapping[str, Any]) -> bytes:
    """PNG bytes of the view: at most 1600 px wide and under 1 MB; the same view gives the
    same bytes."""
    return encode_for_discord(draw(view), max_width=MAX_WIDTH, max_bytes=MAX_BYTES).data


def describe(raw: Mapping[str, Any]) -> str:
    """The picture in words (its alt text)."""
    view = typed(raw)
    return " · ".join([title(view), *lines(view)])
