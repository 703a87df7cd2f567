"""Hidden tiles for the non-interference guard (tests/guards/noninterference.py).

An audience cannot tell apart two tiles of the other army that it does not see: tiles under
the top of a concealed stack and the tiles of units not yet placed (Pocket Battles 3.2, 3.3).
Trading two such tiles (each now where the other was) must change nothing it can read.
"""

from __future__ import annotations

from itertools import combinations

from bot.rules.pocket_battles.state import SIDES, PocketBattlesState
from bot.rules.pocket_battles.view import visible_tiles


def lookalikes(state: PocketBattlesState, audience: str | None) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    for side in SIDES:
        if side == audience:
            continue
        hidden: list[str] = []
        for unit in state.units.values():
            if unit.side != side or unit.destroyed:
                continue
            shown = set(visible_tiles(unit, audience))
            hidden += [tr.tile for tr in unit.troops if tr.tile not in shown]
        pairs += [(a, b) if a < b else (b, a) for a, b in combinations(sorted(hidden), 2)]
    return pairs


def swap(state: PocketBattlesState, a: str, b: str) -> PocketBattlesState:
    twin = state.model_copy(deep=True)
    for unit in twin.units.values():
        for tr in unit.troops:
            if tr.tile == a:
                tr.tile = b
            elif tr.tile == b:
                tr.tile = a
    return twin
