"""Finding a font that draws both Latin and Chinese text.

Resolution order (once per weight, then cached):

1. the file named by the environment variable ``REFEREE_FONT`` (a bold face may be given with
   ``REFEREE_FONT_BOLD``; otherwise the regular file is used for bold too);
2. well-known Noto Sans CJK / Source Han / WenQuanYi / system CJK paths (`CJK_CANDIDATES`);
3. a search of the font directories (`SEARCH_DIRS`) for files matching `CJK_PATTERNS`
   (no fontconfig needed);
4. DejaVu Sans (`FALLBACK_CANDIDATES`): Latin only, Chinese becomes boxes; a warning is logged;
5. Pillow's built-in font; a warning is logged.

For ``.ttc`` collections the Simplified Chinese face is chosen when present. Every font is loaded
with Pillow's BASIC layout so the same text gives the same pixels whether or not libraqm exists.
"""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from pathlib import Path

from PIL import ImageFont

logger = logging.getLogger(__name__)

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

ENV_VAR = "REFEREE_FONT"
ENV_VAR_BOLD = "REFEREE_FONT_BOLD"

_NOTO_DIRS = (
    "/usr/share/fonts/opentype/noto",
    "/usr/share/fonts/noto-cjk",
    "/usr/share/fonts/google-noto-cjk",
    "/usr/share/fonts/opentype/noto-cjk",
    "/usr/share/fonts/truetype/noto",
    "/usr/local/share/fonts",
)

CJK_CANDIDATES: dict[bool, tuple[Path, ...]] = {
    False: (
        *(
            Path(d) / f
            for d in _NOTO_DIRS
            for f in (
                "NotoSansCJK-Regular.ttc",
                "NotoSansCJKsc-Regular.otf",
                "NotoSansSC-Regular.otf",
            )
        ),
        Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"),
        Path("/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"),
        Path("/System/Library/Fonts/PingFang.ttc"),
        Path("C:/Windows/Fonts/msyh.ttc"),
    ),
    True: (
        *(
            Path(d) / f
            for d in _NOTO_DIRS
            for f in ("NotoSansCJK-Bold.ttc", "NotoSansCJKsc-Bold.otf", "NotoSansSC-Bold.otf")
        ),
        Path("C:/Windows/Fonts/msyhbd.ttc"),
    ),
}

SEARCH_DIRS: tuple[Path, ...] = (
    Path("/usr/share/fonts"),
    Path("/usr/local/share/fonts"),
    Path.home() / ".fonts",
    Path.home() / ".local/share/fonts",
)

CJK_PATTERNS: dict[bool, tuple[str, ...]] = {
    False: ("NotoSansCJK*Regular*", "NotoSansSC*Regular*", "SourceHanSans*Regular*", "wqy-*"),
    True: ("NotoSansCJK*Bold*", "NotoSansSC*Bold*", "SourceHanSans*Bold*"),
}

FALLBACK_CANDIDATES: dict[bool, tuple[Path, ...]] = {
    False: (
        Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
        Path("/usr/share/fonts/dejavu/DejaVuSans.ttf"),
        Path("/usr/share/fonts/TTF/DejaVuSans.ttf"),
    ),
    True: (
        Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
        Path("/usr/share/fonts/dejavu/DejaVuSans-Bold.ttf"),
        Path("/usr/share/fonts/TTF/DejaVuSans-Bold.ttf"),
    ),
}

_FONT_SUFFIXES = (".ttf", ".otf", ".ttc", ".otc")


class FontKind(StrEnum):
    CJK = "cjk"  # draws Chinese and Latin
    LATIN = "latin"  # Latin only (DejaVu fallback)
    BUILTIN = "builtin"  # Pillow's own font


@dataclass(frozen=True)
class FontChoice:
    """The file chosen for one weight; `path` is None for Pillow's built-in font."""

    path: Path | None
    index: int
    kind: FontKind


def _sc_index(path: Path) -> int:
    """Index of the Simplified Chinese face in a collection (0 when unknown or not a .ttc)."""
    if path.suffix.lower() not in (".ttc", ".otc"):
        return 0
    for index in range(16):
        try:
            family, _style = ImageFont.truetype(str(path), 12, index=index).getname()
        except OSError:
            break
        if family and family.rstrip().endswith(" SC"):
            return index
    return 0


def _loadable(path: Path, index: int = 0) -> bool:
    try:
        ImageFont.truetype(str(path), 12, index=index)
    except OSError:
        return False
    return True


def draws_cjk(path: Path, index: int = 0) -> bool:
    """Whether the font has a real glyph for a common Chinese character (not its 'missing' box)."""
    font = ImageFont.truetype(str(path), 24, index=index, layout_engine=ImageFont.Layout.BASIC)
    probe, missing = font.getmask("海"), font.getmask("\U000efffd")
    return probe.size != missing.size or bytes(probe) != bytes(missing)


def _search_dirs(bold: bool) -> Path | None:
    for directory in SEARCH_DIRS:
        if not directory.is_dir():
            continue
        for pattern in CJK_PATTERNS[bold]:
            for found in sorted(directory.rglob(pattern)):
                if found.suffix.lower() in _FONT_SUFFIXES and _loadable(found):
                    return found
    return None


def _from_env(bold: bool) -> Path | None:
    names = (ENV_VAR_BOLD, ENV_VAR) if bold else (ENV_VAR,)
    for name in names:
        value = os.environ.get(name)
        if not value:
            continue
        path = Path(value).expanduser()
        if path.is_file() and _loadable(path):
            return path
        logger.warning("%s=%s is not a loadable font file; searching elsewhere", name, value)
    return None


@cache
def resolve(bold: bool = False) -> FontChoice:
    """Choose the font file for a weight (cached; see the module docstring for the order)."""
    env = _from_env(bold)
    if env is not None:
        index = _sc_index(env)
        if draws_cjk(env, index):
            return FontChoice(env, index, FontKind.CJK)
        logger.warning("%s=%s has no Chinese glyphs: Chinese text will not render", ENV_VAR, env)
        return FontChoice(env, index, FontKind.LATIN)
    for candidate in CJK_CANDIDATES[bold]:
        if candidate.is_file() and _loadable(candidate):
            return FontChoice(candidate, _sc_index(candidate), FontKind.CJK)
    found = _search_dirs(bold)
    if found is not None:
        return FontChoice(found, _sc_index(found), FontKind.CJK)
    if bold:
        regular = resolve(False)
        if regular.kind is FontKind.CJK:
            return regular  # a CJK regular face beats a Latin-only bold face
    for candidate in FALLBACK_CANDIDATES[bold]:
        if candidate.is_file() and _loadable(candidate):
            logger.warning(
                "no CJK font found (set %s); falling back to %s: Chinese text will not render",
                ENV_VAR,
                candidate,
            )
            return FontChoice(candidate, 0, FontKind.LATIN)
    logger.warning(
        "no TrueType font found (set %s); falling back to Pillow's built-in font", ENV_VAR
    )
    return FontChoice(None, 0, FontKind.BUILTIN)


@cache
def get_font(size: int, bold: bool = False) -> Font:
    """The chosen font at `size` pixels (cached per size and weight)."""
    if size < 1:
        raise ValueError(f"font size must be positive, not {size}")
    choice = resolve(bold)
    if choice.path is None:
        return ImageFont.load_default(size)
    return ImageFont.truetype(
        str(choice.path), size, index=choice.index, layout_engine=ImageFont.Layout.BASIC
    )


def supports_cjk() -> bool:
    """Whether the chosen regular font draws Chinese."""
    return resolve(False).kind is FontKind.CJK


def clear_cache() -> None:
    """Forget the resolved files and loaded fonts (after changing the environment, in tests)."""
    resolve.cache_clear()
    get_font.cache_clear()
