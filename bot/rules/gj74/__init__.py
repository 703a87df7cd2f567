"""GJ74 modern naval war (Game Journal 74): rules engine and component data.

Pure (stdlib and pydantic only). ``turn`` runs the sequence of play as a table (GJ74 4):
operation chits drawn from a cup, each activating one side's air (5), submarine (6) or
surface (7) operation; ``ruleset.GJ74`` is what the referee drives.
"""

from __future__ import annotations

from bot.rules.gj74.ruleset import GJ74

__all__ = ["GJ74", "RULESET"]

from bot.rules.core.registry import register

RULESET = register(GJ74())
