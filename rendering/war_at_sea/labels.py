"""Words and colours of the War at Sea map, in English and Simplified Chinese.

The map is read by both language groups at once, so every label is drawn in both. Names of
areas and ports are static board facts, read from the component data (public); phase and
status words are the renderer's own short forms of the catalog's phrases.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from rendering import palette
from rendering.palette import Colour

# --- side and nationality colours (after the counters: War at Sea 2.2, 3.1) ------------------

ALLIES: Colour = (52, 140, 72)  # green: Allied ports and control
AXIS: Colour = (196, 48, 44)  # red: Axis ports and control
NEUTRAL_PORT: Colour = (150, 150, 144)
SIDE_COLOUR = {"allies": ALLIES, "axis": AXIS, "neutral": NEUTRAL_PORT}


@dataclass(frozen=True)
class NationStyle:
    face: Colour
    text: Colour


# The board's counters are green for all the Allies (an "A" or "R" marks American and Soviet
# ones); here each Allied nation gets its own shade so it reads at a glance.
NATIONS: dict[str, NationStyle] = {
    "british": NationStyle((168, 210, 150), palette.TEXT),
    "american": NationStyle((132, 196, 196), palette.TEXT),
    "soviet": NationStyle((222, 176, 150), palette.TEXT),
    "german": NationStyle((46, 66, 120), palette.TEXT_LIGHT),
    "italian": NationStyle((150, 196, 236), palette.TEXT),
}
HIDDEN_BACK: Colour = (44, 104, 58)  # one back for every face-down Allied counter (18.2)
HIDDEN_MARK = "?"

# --- words ----------------------------------------------------------------------------------

SIDE_NAME = {"allies": ("Allies", "盟军"), "axis": ("Axis", "轴心国"), None: ("Public", "公开")}

PHASES: dict[str, tuple[str, str]] = {
    "setup": ("Set-up", "布局"),
    "move_allies": ("Allied movement", "盟军移动"),
    "move_axis": ("Axis movement", "轴心国移动"),
    "repair": ("Repairs", "修复"),
    "uboats": ("U-boat deployment", "潜艇部署"),
    "air_allies": ("Allied air strike", "盟军空袭"),
    "air_axis": ("Axis air strike", "轴心国空袭"),
    "combat": ("Combat", "战斗"),
    "convoys": ("Convoys", "运输船队"),
    "refuel": ("Refuelling at sea", "海上补给"),
    "return_axis": ("Axis return to port", "轴心国回港"),
    "return_allies": ("Allied return to port", "盟军回港"),
    "over": ("Game over", "游戏结束"),
}

BATTLE_KIND = {
    "asw": ("ASW combat", "反潜战"),
    "air": ("Air strike", "空袭"),
    "surface": ("Surface combat", "水面战"),
}
BATTLE_SHORT = {"asw": "ASW 反潜战", "air": "Air 空袭", "surface": "Surface 水面战"}

# Status ribbons on counters: short English word (the counter is small), colour; the legend
# gives both languages.
STATUS: dict[str, tuple[str, str, Colour]] = {
    "disabled": ("DISABLED", "丧失战力", (236, 142, 24)),
    "failed_move": ("ABORTED", "移动失败", (150, 60, 40)),
    "escaped": ("ESCAPED", "逃逸", (110, 70, 170)),
    "refuelled": ("AT SEA", "海上补给", (24, 120, 150)),
    "not_joined": ("NEUTRAL", "未参战", (110, 110, 104)),
    "stays": ("STAYS", "留下", (60, 90, 150)),
    "captured": ("CAPTURED", "被接收", (20, 20, 20)),
}

UBOAT = "U-boat"  # a lone flotilla's counter (its full name does not fit)

RESULT = {
    "allies": ("Allied victory", "盟军胜利"),
    "axis": ("Axis victory", "轴心国胜利"),
    None: ("Draw", "平手"),
}


def both(pair: tuple[str, str], sep: str = " ") -> str:
    return f"{pair[0]}{sep}{pair[1]}"


# --- static board facts ----------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    en: str
    zh: str


@cache
def places() -> dict[str, Place]:
    """English and Chinese names of every area and port (printed on the board)."""
    from bot.rules.war_at_sea.components import load_components

    comps = load_components()
    out = {a.id: Place(a.name, a.name_zh) for a in comps.areas.values()}
    out.update({p.id: Place(p.name, p.name_zh) for p in comps.ports.values()})
    return out


def place(loc: str) -> Place:
    return places().get(loc, Place(loc.replace("_", " ").title(), ""))
