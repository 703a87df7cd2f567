"""Jutland's colours and small marks, shared by the sheet and the battle surface."""

from __future__ import annotations

from PIL import ImageDraw

from bot.rules.jutland.advanced.components import adv
from rendering import palette
from rendering.palette import Colour
from rendering.text import draw_text, font_for, text_width

GERMAN: Colour = (70, 76, 84)
BRITISH: Colour = (176, 40, 36)
SIDE_NAME = {"german": ("German", "德国"), "british": ("British", "英国")}


def side_colour(side: str | None) -> Colour:
    return GERMAN if side == "german" else BRITISH


def other(side: str | None) -> str:
    return "british" if side == "german" else "german"


def hh(hour: int) -> str:
    return f"{hour % 24:02d}h"


def stamp(hour: int) -> str:
    """A short date and hour for a mark on the sheet: "5/31 04h" (month/day, both languages)."""
    day = 30 + hour // 24
    month, day = (5, day) if day <= 31 else (6, day - 31)
    return f"{month}/{day} {hour % 24:02d}h"


def clock(hour: int) -> str:
    """30 May 00:00 is hour 0 (the Time Record, 3.2)."""
    day = 30 + hour // 24
    date = f"{day} May 5月{day}日" if day <= 31 else f"{day - 31} June 6月{day - 31}日"
    return f"{date} {hour % 24:02d}:00"


def tf_short(tf_id: str) -> str:
    """ "TF2" for de2 or gb2; a light-ship counter (Jutland 12.1) by its printed name."""
    if tf_id[2:].isdigit():
        return f"TF{tf_id[2:]}"
    light = adv().light.get(tf_id)
    return light.name if light else tf_id


def tf_order(tf_id: str) -> tuple[int, str]:
    """Task forces by number, then light-ship counters by id."""
    return (int(tf_id[2:]), "") if tf_id[2:].isdigit() else (99, tf_id)


def chip(
    d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, face: Colour, dead: bool = False
) -> None:
    """A task force's marker: a rounded label in its side's colour (grey when dead in the
    water, 13.5)."""
    x, y = xy
    w = text_width(text, font_for(14, True)) / 2 + 6
    fill = palette.SUNK if dead else face
    d.rounded_rectangle([x - w, y - 10, x + w, y + 10], radius=5, fill=fill, outline=palette.HALO)
    draw_text(d, (x, y), text, 14, fill=palette.TEXT_LIGHT, bold=True)


POINTS = (("N", "北"), ("NE", "东北"), ("E", "东"), ("SE", "东南"),
          ("S", "南"), ("SW", "西南"), ("W", "西"), ("NW", "西北"))  # fmt: skip


def wind(blows_from: int) -> str:
    """Tournament 22.1 item 2: the wind by the point it blows from."""
    en, zh = POINTS[round(blows_from / 45) % 8]
    return f"wind from {en} 风自{zh}"
