"""Alt text for a map attachment: what the picture shows (the game's own description, from the
view the picture was drawn from) and what changed (the lines posted with it, which are built
from the same audience's events). Discord keeps up to 1,024 characters."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from rendering.registry import describe

LIMIT = 1024
_MARKUP = re.compile(r"<@[!&]?\d+>|[*_`~|]|^-# |^>+ ?", re.M)
_TIME = re.compile(r"<t:(\d+)(?::\w)?>")
_EMPTY = re.compile(r" ?(\(\)|（）)")
"""Brackets a removed mention leaves empty ("Japan ()", "日本（）")."""


def _time(match: re.Match[str]) -> str:
    """A Discord timestamp as plain text (alt text is read out, not rendered), in no
    language's words."""
    when = datetime.fromtimestamp(int(match.group(1)), tz=UTC)
    return when.strftime("%Y-%m-%d %H:%M +00:00")


def alt_text(view: Mapping[str, Any] | None, posted: str, lang: str = "en") -> str | None:
    """None without a view (no picture); the words in the reader's language ``lang``."""
    if not view:
        return None
    return alt_caption(describe(view, lang), posted)


def alt_caption(shown: str, posted: str) -> str:
    """The alt text from the view's description, already made (delivery's map workers make it
    beside the picture, bot/scenes.py)."""
    lines = [
        _EMPTY.sub("", _MARKUP.sub("", _TIME.sub(_time, line))).strip()
        for line in posted.splitlines()[1:]
    ]
    changed = "; ".join(line for line in lines if line)
    text = " — ".join(part for part in (shown, changed) if part)
    return text if len(text) <= LIMIT else text[: LIMIT - 1] + "…"
