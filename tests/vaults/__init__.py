"""Vaults: a test-only ruleset, small enough to read in a minute.

Two seats, north and south. At setup each secretly rolls the gem in their treasury (a
private die). Then both hide their treasury in one of six vaults at once (a sealed
decision, default vault 1). Then they raid alternately, north first: name an opponent's
vault and roll; 1-2 the guards hold (nothing learnt), 3-6 the vault is opened: the gem is
captured (the raider wins) or the vault is shown empty. When both have used their raids,
the game is a draw. A raid's deadline default is the lowest unopened vault.

It exists to prove the core (hidden information, sealed decisions, dice, defaults, undo)
before the real games arrive; it is not shipped.
"""

from __future__ import annotations

from pathlib import Path

from bot.i18n import add_catalog_dir
from bot.rules.core.registry import register
from tests.vaults.ruleset import GEMS, Vaults, VaultsState

RULESET = register(Vaults())
add_catalog_dir(Path(__file__).resolve().parent / "locales")

__all__ = ["GEMS", "RULESET", "Vaults", "VaultsState"]
