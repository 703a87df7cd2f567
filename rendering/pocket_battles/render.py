"""Draw a Pocket Battles view and encode it deterministically (the same view gives the same
bytes). Only the view is read, never the state."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from bot.rules.pocket_battles.view import PocketBattlesView
from rendering.png import MAX_WIDTH, encode_for_discord
from rendering.pocket_battles import picture, report

MAX_BYTES = 1_000_000


def draw(raw: PocketBattlesView | Mapping[str, Any]) -> Image.Image:
    """The whole picture of a view (RGB)."""
    return picture.draw_look(report.look(report.typed(raw)), report.unit_label)


def render(view: PocketBattlesView | Mapping[str, Any]) -> bytes:
    """PNG bytes of the view: at most 1600 px wide and under 1 MB."""
    return encode_for_discord(draw(view), max_width=MAX_WIDTH, max_bytes=MAX_BYTES).data
