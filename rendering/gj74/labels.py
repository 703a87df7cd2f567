"""Words on the GJ74 picture, English and Chinese side by side (one picture serves readers of
both languages, as the other games' pictures do), and how a counter's face reads."""

from __future__ import annotations

from bot.rules.gj74.view import Face

NATION: dict[str, tuple[str, str]] = {
    "jp": ("Japan", "日本"),
    "cn": ("China", "中国"),
    "kr": ("Korea", "韩国"),
}
PHASE: dict[str, tuple[str, str]] = {
    "deploy": ("Set-up", "部署"),
    "draw": ("Chit draw", "抽取作战签"),
    "air": ("Base air operation", "航空作战"),
    "submarine": ("Submarine operation", "潜水艇作战"),
    "surface": ("Surface operation", "水面舰艇作战"),
    "end_turn": ("End of turn", "回合结束"),
    "over": ("Game over", "游戏结束"),
}
CHIT: dict[str, tuple[str, str]] = {
    "AF": ("Air", "航空"),
    "SS": ("Subs", "潜艇"),
    "TF": ("Surface", "水面"),
}
STATUS: dict[str, tuple[str, str]] = {
    "damaged": ("Damaged", "损伤"),
    "sunk": ("Sunk", "击沉"),
    "returned": ("Returned to port", "回港"),
    "offmap": ("Waiting to enter", "待入场"),
}


def both(pair: tuple[str, str]) -> str:
    return f"{pair[0]} {pair[1]}"


def number(x: float) -> str:
    """0.5 as .5, 2.0 as 2: ASW values as the counters print them (2.11(3))."""
    if x == int(x):
        return str(int(x))
    return f"{x:g}".lstrip("0")


def face_name(face: Face) -> str:
    """Type and tech level, the counter's top line (2.11(3))."""
    return f"{face.type}{face.tech}"


def face_factors(face: Face) -> str:
    """Anti-ship, anti-air (circled when wide-area: shown as w) and ASW (2.11(3))."""
    aa = f"{face.anti_air}w" if face.wide_area_aa else str(face.anti_air)
    return f"{face.anti_ship}-{aa}-{number(face.asw)}"
