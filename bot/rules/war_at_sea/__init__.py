"""War at Sea (Avalon Hill 1976): rules engine and component data."""

from __future__ import annotations
