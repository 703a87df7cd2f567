"""AA50 7.2.1: defending fighters whose carrier was sunk must land once the attacker's
combat phase is over, before its noncombat move
(「要等到攻击方结束进行战斗阶段，但在开始非战斗移动阶段之前」)."""

from __future__ import annotations

from bot.rules.aa50 import board, query
from bot.rules.aa50.combat import casualties
from bot.rules.aa50.components import CARRIER_CAPACITY
from bot.rules.aa50.state import Aa50State, Unit
from bot.rules.core import Event


def land(state: Aa50State, zone: str) -> list[Event]:
    """7.2.1: defending fighters whose carrier sank land on another friendly carrier in the
    zone, or fly one space to an adjacent friendly territory or to a friendly carrier with
    room, or are destroyed. Ruling: the engine picks for them, in that order (own carriers
    before an ally's, then by id), since the rulebook has no decision here worth a prompt."""
    lost = []
    for f in query.at(state, zone):
        if f.type != "fighter" or f.carried_by is not None or board.allied(f.owner, state.power):
            continue
        deck = _deck(state, zone, f)
        if deck is not None:
            f.carried_by = deck.id
            continue
        land = [t for t in board.adjacent(zone) if query.friendly_land(state, t, f.owner)]
        decks = [(z, _deck(state, z, f)) for z in sorted(board.adjacent(zone)) if board.is_sea(z)]
        if land:
            f.at = sorted(land)[0]
        elif any(d is not None for _, d in decks):
            z, d = next((z, d) for z, d in decks if d is not None)
            assert d is not None
            f.at, f.carried_by = z, d.id
        else:
            lost.append(f.id)
    return casualties.destroy(state, lost) if lost else []


def _deck(state: Aa50State, zone: str, f: Unit) -> Unit | None:
    """A carrier of the fighter's side in ``zone`` with room for it, its own power's first."""
    decks = [c for c in query.at(state, zone) if c.type == "carrier"]
    for c in sorted(decks, key=lambda c: (c.owner != f.owner, c.id)):
        if board.allied(c.owner, f.owner) and len(query.cargo(state, c)) < CARRIER_CAPACITY:
            return c
    return None
