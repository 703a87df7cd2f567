"""Hidden tiles: what each audience must not read (``secret_tiles``, which the leak checks
use), and pairs of them for the non-interference guard (tests/guards/noninterference.py).

An audience cannot tell apart two tiles of the other army that it does not see: tiles under
the top of a concealed stack and the tiles of units not yet placed (Pocket Battles 3.2, 3.3).
Trading two such tiles (each now where the other was) must change nothing it can read.
"""

from __future__ import annotations

from itertools import combinations

from bot.rules.core import Audience
from bot.rules.pocket_battles import board
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


def _names(tile_ids: set[str]) -> set[str]:
    return {n for tid in tile_ids for n in (board.tile(tid).name, board.tile(tid).name_zh)}


def seen_names(state: PocketBattlesState, audience: Audience) -> set[str]:
    """Tile names (English and Chinese) ``audience`` may read now: those of the tiles it
    sees, of the tiles that fell (revealed when they did) and, for a seat, of every tile of
    its own army, placed or not (its own box, 3.2)."""
    seen = {tid for unit in state.units.values() for tid in visible_tiles(unit, audience)}
    for s in state.sides.values():
        seen.update(s.lost)
    if audience in SIDES:
        seen.update(tile.id for tile in board.comps().army(audience))
    return _names(seen)


def secret_tiles(state: PocketBattlesState, audience: Audience) -> set[str]:
    """Tile ids, and tile names, that ``audience`` must not read anywhere now: the tiles of
    the other army's units it does not see (3.2, 3.3). A name is secret unless it is exactly a
    name the audience may read (``seen_names``: a hidden Warband's name is no secret while
    another Warband shows); a name inside a longer seen name stays secret ("Cavalry" of a
    hidden Roman tile, though "Noble Cavalry" is a Celtic one): a leak check reads names
    whole (``cover_names``)."""
    lost = {tid for s in state.sides.values() for tid in s.lost}
    hidden: set[str] = set()
    for unit in state.units.values():
        shown = set(visible_tiles(unit, audience))
        hidden.update(tr.tile for tr in unit.troops if tr.tile not in shown)
    hidden -= lost
    return hidden | (_names(hidden) - seen_names(state, audience))


def cover_names(state: PocketBattlesState, audience: Audience) -> set[str]:
    """The names ``audience`` may read that hold a secret name inside them ("Noble Cavalry"
    holds "Cavalry"): a leak check blanks these first, so a secret name is found only where
    it stands whole."""
    secrets = secret_tiles(state, audience)
    return {n for n in seen_names(state, audience) if any(s in n for s in secrets if s != n)}
