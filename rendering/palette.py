"""Named colours for maps, counters and UI, chosen to stay readable on a phone.

Colours are plain RGB tuples. Nation/side colours come as a `SideStyle` (face, back and text
colours plus a short default mark); look them up with `side_style(name)`, which accepts the usual
aliases ("uk", "gb", "britain", ...) and falls back to a neutral grey style for unknown names.
"""

from __future__ import annotations

from dataclasses import dataclass

Colour = tuple[int, int, int]

# --- map surfaces -------------------------------------------------------------------------
SEA: Colour = (164, 198, 226)
SEA_DEEP: Colour = (120, 162, 204)
SEA_ZONE_ALT: Colour = (182, 212, 236)
LAND: Colour = (222, 210, 170)
LAND_ALT: Colour = (204, 190, 146)
NEUTRAL: Colour = (196, 196, 190)
IMPASSABLE: Colour = (150, 146, 138)
PORT: Colour = (250, 250, 246)
PORT_OUTLINE: Colour = (30, 34, 40)
BORDER: Colour = (52, 64, 82)
COAST: Colour = (96, 84, 60)
LINK: Colour = (40, 48, 60)
GRID: Colour = (70, 84, 100)

# --- text and UI --------------------------------------------------------------------------
TEXT: Colour = (20, 22, 26)
TEXT_LIGHT: Colour = (250, 250, 250)
TEXT_MUTED: Colour = (90, 96, 106)
HALO: Colour = (255, 255, 255)
HALO_DARK: Colour = (16, 18, 22)
BACKGROUND: Colour = (244, 242, 236)
PANEL: Colour = (255, 255, 252)
PANEL_BORDER: Colour = (60, 66, 76)
TITLE_BAR: Colour = (34, 44, 62)
TITLE_TEXT: Colour = (255, 255, 255)
STATUS_TEXT: Colour = (255, 214, 120)

# --- states -------------------------------------------------------------------------------
DAMAGE: Colour = (208, 32, 32)
DISABLED: Colour = (232, 150, 20)
SUNK: Colour = (40, 40, 40)
HIGHLIGHT: Colour = (255, 200, 0)
SELECTED: Colour = (0, 170, 255)
CONTROL_MARK: Colour = (255, 255, 255)


@dataclass(frozen=True)
class SideStyle:
    """How one side or nation looks: counter face, counter back, text on the face, short mark."""

    face: Colour
    back: Colour
    text: Colour
    mark: str


_NEUTRAL_STYLE = SideStyle(face=(206, 206, 200), back=(120, 120, 116), text=TEXT, mark="?")

SIDES: dict[str, SideStyle] = {
    # War at Sea / Jutland / Axis & Allies nations
    "britain": SideStyle(face=(222, 196, 150), back=(150, 112, 60), text=TEXT, mark="GB"),
    "germany": SideStyle(face=(150, 156, 164), back=(70, 76, 84), text=TEXT, mark="DE"),
    "italy": SideStyle(face=(156, 196, 120), back=(70, 112, 50), text=TEXT, mark="IT"),
    "usa": SideStyle(face=(126, 160, 96), back=(62, 90, 44), text=TEXT, mark="US"),
    "ussr": SideStyle(face=(214, 96, 80), back=(140, 36, 28), text=TEXT, mark="SU"),
    "france": SideStyle(face=(120, 160, 220), back=(40, 76, 150), text=TEXT, mark="FR"),
    "japan": SideStyle(face=(246, 182, 70), back=(180, 110, 10), text=TEXT, mark="JP"),
    "china": SideStyle(face=(236, 110, 96), back=(168, 30, 30), text=TEXT, mark="CN"),
    "anzac": SideStyle(face=(108, 182, 190), back=(30, 110, 120), text=TEXT, mark="AZ"),
    "korea": SideStyle(face=(140, 170, 236), back=(40, 70, 160), text=TEXT, mark="KR"),
    # Pocket Battles
    "romans": SideStyle(face=(220, 70, 60), back=(130, 24, 20), text=TEXT_LIGHT, mark="R"),
    "celts": SideStyle(face=(86, 160, 90), back=(30, 90, 40), text=TEXT_LIGHT, mark="C"),
    # Generic sides
    "allies": SideStyle(face=(120, 160, 220), back=(40, 76, 150), text=TEXT, mark="AL"),
    "axis": SideStyle(face=(150, 156, 164), back=(70, 76, 84), text=TEXT, mark="AX"),
    "neutral": _NEUTRAL_STYLE,
}

ALIASES: dict[str, str] = {
    "uk": "britain",
    "gb": "britain",
    "british": "britain",
    "england": "britain",
    "royal navy": "britain",
    "de": "germany",
    "german": "germany",
    "it": "italy",
    "italian": "italy",
    "us": "usa",
    "america": "usa",
    "united states": "usa",
    "soviet": "ussr",
    "soviet union": "ussr",
    "russia": "ussr",
    "su": "ussr",
    "fr": "france",
    "french": "france",
    "jp": "japan",
    "japanese": "japan",
    "cn": "china",
    "prc": "china",
    "chinese": "china",
    "kr": "korea",
    "rok": "korea",
    "roman": "romans",
    "rome": "romans",
    "celt": "celts",
}


def side_style(name: str) -> SideStyle:
    """The style of a side or nation (case-insensitive, aliases allowed); neutral if unknown."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    return SIDES.get(key, _NEUTRAL_STYLE)


def luminance(colour: Colour) -> float:
    """Relative luminance (WCAG) in 0..1."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = colour
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: Colour, b: Colour) -> float:
    """WCAG contrast ratio between two colours (1..21)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def text_on(background: Colour) -> Colour:
    """Dark or light text, whichever reads better on `background`."""
    return TEXT if contrast(TEXT, background) >= contrast(TEXT_LIGHT, background) else TEXT_LIGHT


def halo_for(text: Colour) -> Colour:
    """The halo colour that makes `text` stand out (light halo for dark text and vice versa)."""
    return HALO if luminance(text) < 0.5 else HALO_DARK


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Linear blend: t=0 gives a, t=1 gives b."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def lighten(colour: Colour, t: float = 0.3) -> Colour:
    return mix(colour, (255, 255, 255), t)


def darken(colour: Colour, t: float = 0.3) -> Colour:
    return mix(colour, (0, 0, 0), t)


def from_hex(value: str) -> Colour:
    """'#RRGGBB' or 'RRGGBB' to an RGB tuple."""
    v = value.lstrip("#")
    if len(v) != 6:
        raise ValueError(f"not a #RRGGBB colour: {value!r}")
    return (int(v[0:2], 16), int(v[2:4], 16), int(v[4:6], 16))
