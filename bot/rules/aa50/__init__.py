"""Axis & Allies 50th Anniversary: component data so far (data/aa50/, scripts/convert_aa50.py).

The rules engine comes next (issue 17); it is not registered as a playable ruleset until then.
"""

from __future__ import annotations
