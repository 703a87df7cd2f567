"""How the engine words its events: every id a reader would see becomes a localisable Text
(places, powers, units, advances), lists of unit ids become counts. Events carry no raw id
into a message (tests/test_i18n_wording.py)."""

from __future__ import annotations

from typing import Any

from bot.rules.aa50 import events as _events  # noqa: F401  (registers the kinds' models)
from bot.rules.core import Event, t

PLACES = frozenset({"where", "to", "holder_place"})
POWERS = frozenset({"power", "by", "holder", "loser"})
PREFIXED = {
    "unit": "aa50.unit",
    "advance": "aa50.advance",
    "kind": "aa50.battle_kind",
    "who": "aa50.side",
    "scenario": "aa50.scenario",
    "chart": "aa50.chart",
    "phase": "aa50.phase",
}
PLACE_LISTS = frozenset({"battles", "returned", "objectives_places"})
COUNTS = frozenset({"units", "down"})


def word(key: str, value: Any) -> Any:
    if key in PLACES and isinstance(value, str):
        return t(f"aa50.loc.{value}").model_dump()
    if key in POWERS and isinstance(value, str):
        return t(f"aa50.power.{value}").model_dump()
    if key in PREFIXED and isinstance(value, str):
        return t(f"{PREFIXED[key]}.{value}").model_dump()
    if key in PLACE_LISTS and isinstance(value, list):
        return [t(f"aa50.loc.{v}").model_dump() for v in value]
    if key in COUNTS and isinstance(value, list):
        return len(value)
    if key == "objectives" and isinstance(value, list):
        return [t(f"aa50.objective.{v}").model_dump() for v in value]
    return value


def ev(kind: str, /, **params: Any) -> Event:
    return Event(kind=kind, params={k: word(k, v) for k, v in params.items()})
