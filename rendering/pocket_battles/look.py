"""What the picture draws, already cut down to one audience: the typed view is turned into these
small records (`report.look`) and the drawing reads nothing else.

A stack the audience may not see into is a `UnitLook` with only its top troop and a count of
tiles under it: the tiles below never reach the drawing code, so they cannot reach a pixel.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class TroopLook:
    tile: str  # tile id (data/pocket_battles/tiles.toml)
    wounds: int = 0  # wound tokens on this troop


@dataclass(frozen=True)
class UnitLook:
    id: str
    side: str
    zone: str | None  # None: not placed yet
    troops: tuple[TroopLook, ...]  # top tile first; only the tiles this audience may see
    concealed: bool = False  # tiles under the top may exist that this audience may not see
    orders: int = 0  # order tokens standing on the unit this round
    redeployed: bool = False
    fighting: bool = False  # in the combat under way
    hits: int = 0  # hits it took that its owner has still to assign (Pocket Battles 5.4)


@dataclass(frozen=True)
class SideLook:
    side: str
    role: str | None = None  # attacker / defender
    tokens: int = 0  # order tokens this side holds in all (wounds included)
    unused: int = 0
    wounds: int = 0
    destroyed: int = 0  # enemy deployment points this side destroyed
    to_win: int = 0  # half the enemy army's deployment points (Pocket Battles 8.1)
    unplaced: int = 0  # units not placed yet (a count only when the audience may not see them)
    built: bool = False

    @property
    def spent(self) -> int:
        return max(0, self.tokens - self.unused - self.wounds)


@dataclass(frozen=True)
class RollLook:
    """One strike of the last fight: the dice as rolled and the hits each scored."""

    kind: str
    striker: str
    target: str
    dice: tuple[int, ...]
    scored: tuple[int, ...]
    hits: int


@dataclass(frozen=True)
class LossLook:
    unit: str
    name: tuple[str, str] | None  # the troop (English, Chinese); None: not known to the audience
    lost: bool  # lost, else wounded


@dataclass(frozen=True)
class FightLook:
    """The last fight (Pocket Battles 5.4-5.7) as the audience may know it."""

    kind: str
    unit: str
    target: str | None
    reaction: str | None
    reactor: str | None
    strikes: tuple[RollLook, ...] = ()
    losses: tuple[LossLook, ...] = ()


@dataclass(frozen=True)
class BoardLook:
    audience: str | None
    phase: str
    round: int = 0
    turn: int = 0
    active: str | None = None
    waiting: tuple[str, ...] = ()
    winner: str | None = None
    size: int = 0
    sides: tuple[SideLook, ...] = ()
    units: tuple[UnitLook, ...] = field(default_factory=tuple)
    engaged: tuple[str, ...] = ()  # engagement zones where both armies stand
    fight: FightLook | None = None  # the last fight's dice and losses

    def side(self, side: str) -> SideLook:
        return next((s for s in self.sides if s.side == side), SideLook(side))
