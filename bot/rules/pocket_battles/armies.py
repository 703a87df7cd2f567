"""Ready-made armies, so a newcomer can start in seconds (issue 14; Pocket Battles 3.2).

Each army lists units in the order they are worth taking; the ready-made army of a battle
size takes them in that order, skipping any that would exceed the size, so it is legal at
every size (3.1) and every unit keeps the formation limit (3.3).
"""

from __future__ import annotations

from bot.rules.pocket_battles import board
from bot.rules.pocket_battles.state import Side

READY_MADE = ("standard",)
"""The ready-made armies on offer (one per army and battle size)."""

_PRIORITY: dict[Side, tuple[tuple[int, ...], ...]] = {
    # Tile numbers of data/pocket_battles/tiles.toml, the top tile first.
    "celts": (
        (25, 26),  # Warband
        (18, 19),  # Noblemen
        (21, 22),  # Slingers
        (3,),  # Chariot
        (15, 16),  # Noble Cavalry
        (5, 6),  # Gaesatae
        (7, 8, 9),  # Javelinmen
        (30, 27),  # Warchief leading a Warband
        (1,),  # Druid
        (2,),  # Warrior Queen
        (12, 13),  # Horsemen
        (4,),  # Hero
        (23, 24),  # Slingers
        (20, 28, 29),  # Noblemen with Warband
        (11, 10),  # Champion with Javelinmen
        (17,),
        (14,),
    ),
    "romans": (
        (15, 16),  # Legionaries
        (20, 21),  # Archers
        (7, 8),  # Praetorians
        (10,),  # Imperator
        (28, 29),  # Cavalry
        (25, 26),  # Cataphracts
        (11, 12, 13),  # Auxiliares
        (5,),  # Ballista
        (2, 17, 18),  # Aquilifer with Legionaries
        (1,),  # Imaginifer
        (6, 9),  # Centurion with a Praetorian
        (3,),  # Onager
        (4,),  # Scorpio
        (22, 23, 24),  # Archers
        (19, 14),  # Legionary with an Auxiliary
        (27,),
        (30,),
    ),
}


def _tile_id(side: Side, number: int) -> str:
    for t in board.comps().army(side):
        if t.number == number:
            return t.id
    raise KeyError((side, number))


def ready_made(side: Side, size: int) -> list[list[str]]:
    """The units (tile ids, top first) of the ready-made army of ``side`` at ``size``."""
    units: list[list[str]] = []
    points = 0
    for numbers in _PRIORITY[side]:
        tiles = [_tile_id(side, n) for n in numbers]
        cost = sum(board.tile(t).points for t in tiles)
        if points + cost <= size:
            units.append(tiles)
            points += cost
    return units
