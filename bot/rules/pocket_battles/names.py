"""How units, tiles and zones are named in prompts and events: localisable texts built from
public facts only (a unit's number and its top tile, which the opponent sees, 3.3)."""

from __future__ import annotations

from typing import Any

from bot.rules.core import Text, t
from bot.rules.pocket_battles.state import Unit


def unit_label(unit: Unit) -> Text:
    top = t(f"pb.tile.{unit.troops[0].tile}").model_dump() if unit.troops else "-"
    return t("pb.unit", number=unit.id.rsplit("_", 1)[1], top=top)


def unit_text(unit: Unit) -> dict[str, Any]:
    return unit_label(unit).model_dump()


def tile_text(tile_id: str) -> dict[str, Any]:
    return t(f"pb.tile.{tile_id}").model_dump()


def zone_text(zone_id: str) -> dict[str, Any]:
    return t(f"pb.zone.{zone_id}").model_dump()
