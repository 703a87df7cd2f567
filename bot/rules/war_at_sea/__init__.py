"""War at Sea (Avalon Hill 1976): rules engine and component data.

The engine is pure (stdlib and pydantic only). ``turn`` runs the sequence of play (War at Sea
5); each phase or procedure has its module; ``ruleset.WarAtSea`` is what the referee drives.
"""

from __future__ import annotations

from bot.rules.war_at_sea.ruleset import WarAtSea

__all__ = ["RULESET", "WarAtSea"]

from bot.rules.core.registry import register

RULESET = register(WarAtSea())
