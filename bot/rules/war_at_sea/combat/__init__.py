"""War at Sea 7-11: combat. ``phase`` runs the combat phase; one module per kind of combat."""

from __future__ import annotations
