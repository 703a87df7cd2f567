"""Axis & Allies 50th Anniversary (1941 and 1942): rules engine and component data.

Pure rules (stdlib and pydantic only). ``turn`` runs the order of play (AA50 5); each phase
or procedure has its module; ``ruleset.Aa50`` is what the referee drives."""

from __future__ import annotations

from bot.rules.aa50.ruleset import Aa50
from bot.rules.core.registry import register

__all__ = ["RULESET", "Aa50"]

RULESET = register(Aa50())
