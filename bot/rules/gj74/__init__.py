"""GJ74 modern naval war: component data so far (data/gj74/, scripts/convert_gj74.py).

The rules engine comes next (issue 19); it is not registered as a playable ruleset until then.
"""

from __future__ import annotations
