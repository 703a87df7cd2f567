"""Provably fair dice: committed seed, HMAC-derived faces, verifiable after the game.

A game's secret seed is drawn at creation; SHA-256(seed) is published when it starts. Roll
number n is HMAC-SHA256(seed, "<game id>:<n>:<attempt>"), read as a 64-bit integer and
accepted only below the largest multiple of the die's sides (rejection sampling), so every
face is exactly equally likely. The seed is revealed when the game ends; anyone can then
recompute every roll (`python -m bot verify`).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from bot.rules.core.dice import RecordingDice
from bot.rules.core.text import Text

_SPACE = 1 << 64


def new_seed() -> bytes:
    return secrets.token_bytes(32)


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def face(seed: bytes, game_id: str, n: int, sides: int) -> int:
    """The face of roll ``n`` of ``game_id`` on a die of ``sides``."""
    if sides < 2:
        raise ValueError("a die has at least two sides")
    limit = _SPACE - (_SPACE % sides)
    attempt = 0
    while True:
        digest = hmac.new(seed, f"{game_id}:{n}:{attempt}".encode(), hashlib.sha256).digest()
        value = int.from_bytes(digest[:8], "big")
        if value < limit:
            return value % sides + 1
        attempt += 1


class FairDice(RecordingDice):
    """The dice the referee gives an engine: deterministic in (seed, game, roll number)."""

    def __init__(self, seed: bytes, game_id: str, start: int) -> None:
        super().__init__(start)
        self._seed = seed
        self._game_id = game_id

    def _face(self, n: int, label: Text, sides: int) -> int:
        return face(self._seed, self._game_id, n, sides)
