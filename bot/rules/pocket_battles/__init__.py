"""Pocket Battles: Celts vs Romans (Z-Man Games, 2009): component data so far.

The rules engine comes next (issue 14); it is not registered as a playable ruleset until then.
"""

from __future__ import annotations
