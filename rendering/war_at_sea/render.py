"""Draw a War at Sea view: title bar, board, score track and footer, encoded deterministically.

Only the view is read (never the state): under variant 18.2 the Axis and public views carry a
bare count of face-down Allied counters per place, so nothing about their identity can reach
the picture.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from bot.rules.war_at_sea.view import WarAtSeaView
from rendering import palette
from rendering.png import MAX_WIDTH, encode_for_discord
from rendering.war_at_sea import board, footer, report

MAX_BYTES = 1_000_000


def draw(raw: WarAtSeaView | Mapping[str, Any]) -> Image.Image:
    """The whole picture of a view (RGB)."""
    view = report.typed(raw)
    top = board.draw_board(view, report.title(view), report.status(view))
    bottom = footer.draw_footer(view, top.width)
    out = Image.new("RGB", (top.width, top.height + bottom.height), palette.BACKGROUND)
    out.paste(top, (0, 0))  # both parts are opaque: a plain copy, no compositing
    out.paste(bottom, (0, top.height))
    return out


def render(view: WarAtSeaView | Mapping[str, Any]) -> bytes:
    """PNG bytes of the view's map: at most 1600 px wide and under 1 MB; the same view gives
    the same bytes."""
    return encode_for_discord(draw(view), max_width=MAX_WIDTH, max_bytes=MAX_BYTES).data
