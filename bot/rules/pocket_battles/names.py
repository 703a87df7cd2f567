"""How units, tiles and zones are named in prompts and events: localisable texts built from
public facts only (a unit's number and its top tile, which the opponent sees, 3.3)."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from bot.rules.core import Text, t
from bot.rules.pocket_battles.state import Unit


def unit_label(unit: Unit) -> Text:
    return _unit_label(unit.id.rsplit("_", 1)[1], unit.troops[0].tile if unit.troops else None)


@lru_cache(maxsize=512)
def _unit_label(number: str, top_tile: str | None) -> Text:
    """Texts are frozen: one per unit number and top tile serves every prompt and event."""
    top = t(f"pb.tile.{top_tile}").model_dump() if top_tile else "-"
    return t("pb.unit", number=number, top=top)


def unit_text(unit: Unit) -> dict[str, Any]:
    return unit_label(unit).model_dump()


def tile_text(tile_id: str) -> dict[str, Any]:
    return t(f"pb.tile.{tile_id}").model_dump()


def zone_text(zone_id: str) -> dict[str, Any]:
    return t(f"pb.zone.{zone_id}").model_dump()
