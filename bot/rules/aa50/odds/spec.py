"""What an odds calculation is asked (a battle as the AA50 rules resolve it, 5.5) and what it
answers (win / lose / draw, survivors, IPC swing).

The battle is given by unit counts, not by a game state, so a player can ask "what if" before
committing a combat move; ``from_state`` builds one from the engine's position."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from bot.rules.aa50 import board
from bot.rules.aa50.board import UnitId
from bot.rules.aa50.options import Aa50Options

Advance = Literal[
    "advanced_artillery", "jet_fighters", "super_submarines", "heavy_bombers", "radar"
]
"""The advances that change a battle's dice (5.2.3): the attacker's first four, the
defender's radar (AA fire)."""

BATTLE_UNITS: frozenset[str] = frozenset(board.UNIT_TYPES) - {"aa_gun", "factory"}
"""Units that fight on the battle board; AA guns and factories are not battle units (5.5.4.1,
7.1.4): an AA gun is the battle's ``aa_gun`` flag."""


class CasualtyOrder(BaseModel):
    """A side's ranked casualty order (the standing order of issue 17, as the odds use it).

    ``first`` lists unit types to lose first, in that order; the types not listed follow,
    cheapest first (the engine's default, ``combat/casualties.slots``). A battleship's free
    first hit comes before everything when ``battleship_first_hit`` (the engine's default),
    else at the battleship's place. Transports always come last (7.3.6 Chosen Last): that is a
    rule, not a preference."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    first: tuple[UnitId, ...] = ()
    battleship_first_hit: bool = True
    keep_land: bool = False
    """Attacking a territory, the last land unit is lost after the aircraft, so the
    territory can still be taken (5.5.3.6), as the engine's standing order does."""

    @classmethod
    def standing(
        cls, ranks: Sequence[UnitId], battleship_hits_first: bool, keep_land: bool
    ) -> CasualtyOrder:
        """From the fields of a power's standing casualty order in the engine (issue 17's
        ``CasualtyOrder``: ranks, battleship_hits_first, keep_land), which ranks the same
        way (``combat/standing.rank``)."""
        return cls(
            first=tuple(ranks), battleship_first_hit=battleship_hits_first, keep_land=keep_land
        )

    @model_validator(mode="after")
    def _distinct(self) -> CasualtyOrder:
        if len(set(self.first)) != len(self.first):
            raise ValueError("a unit type is listed twice in the casualty order")
        return self


def engine_surprise(options: Aa50Options) -> bool:
    """The game's 7.3.5 rule: ``Aa50Options.surprise_every_round`` (issue 17: once a battle
    by default). Ruling: an engine without that option strikes in every round (its rule
    before the option came), so the odds follow whichever engine they run beside."""
    return bool(getattr(options, "surprise_every_round", True))


class Side(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    units: dict[UnitId, int] = Field(default_factory=dict)
    tech: tuple[Advance, ...] = ()
    order: CasualtyOrder = CasualtyOrder()
    submerge_from_round: int | None = Field(default=None, ge=1)
    """7.3.5 Submersible: from this round on, this side's submarines submerge at the start of
    each round when no enemy destroyer is in the battle (None: they never submerge)."""

    @model_validator(mode="after")
    def _counts(self) -> Side:
        for kind, n in self.units.items():
            if n < 0:
                raise ValueError(f"negative count of {kind}")
            if kind not in BATTLE_UNITS:
                raise ValueError(f"{kind} is not a battle unit (AA50 5.5.4.1, 7.1.4)")
        return self

    def count(self) -> int:
        return sum(self.units.values())


class BattleSpec(BaseModel):
    """One battle: a land battle (5.5.3, with AA fire 7.1.4 and an amphibious assault's
    bombardment 5.5.2.2) or a sea battle (with submarines 7.3.5 and transports 7.3.6)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["land", "sea"]
    attacker: Side
    defender: Side
    aa_gun: bool = False
    """An enemy AA gun in the territory fires at the attacking aircraft (7.1.4)."""
    bombard: dict[Literal["battleship", "cruiser"], int] = Field(default_factory=dict)
    """Ships bombarding from a zone with no sea battle (5.5.2.2), at most one per unit
    landed."""
    amphibious: int = Field(default=0, ge=0)
    """Attacking land units landed from the sea (5.5.2.3): while they fight, nobody retreats."""
    surprise_every_round: bool = Field(default_factory=lambda: engine_surprise(Aa50Options()))
    """7.3.5: the submarines' surprise strike in every round, or in the first round only (once
    a battle); by default as the engine's option (``Aa50Options.surprise_every_round``)."""
    can_retreat: bool = True
    """Whether an adjacent friendly space some attacker came from exists (5.5.3.5)."""
    retreat_after_round: int | None = Field(default=None, ge=1)
    """The attacker's policy: retreat at the press step of this round (5.5.3.5 condition B)."""
    retreat_when_left: int | None = Field(default=None, ge=0)
    """The attacker's policy: retreat once it has this many units or fewer in the battle."""

    @model_validator(mode="after")
    def _legal(self) -> BattleSpec:
        allowed = board.LAND_UNITS | board.AIR_UNITS
        if self.kind == "sea":
            allowed = board.SEA_UNITS | board.AIR_UNITS
        for role, side in (("attacker", self.attacker), ("defender", self.defender)):
            bad = sorted(k for k, n in side.units.items() if n and k not in allowed)
            if bad:
                raise ValueError(f"{role}: {', '.join(bad)} cannot fight a {self.kind} battle")
        if self.kind == "sea" and (self.aa_gun or self.bombard or self.amphibious):
            raise ValueError("AA fire and bombardment belong to land battles (7.1.4, 5.5.2.2)")
        landed = sum(n for k, n in self.attacker.units.items() if k in board.LAND_UNITS)
        if self.amphibious > landed:
            raise ValueError("more units landed from the sea than attacking land units")
        if sum(self.bombard.values()) > self.amphibious:
            raise ValueError("no more bombarding ships than units landed (AA50 5.5.2.2)")
        return self


class Odds(BaseModel):
    """The answer: probabilities of each end of the battle, what survives on average and the
    IPC value each side loses on average."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    attacker_wins: float
    """Every defending unit destroyed and at least one attacking unit left (5.5.3.5 A)."""
    defender_wins: float
    """Every attacking unit destroyed and at least one defender left."""
    draw: float
    """Both sides destroyed, or neither can hit the other (7.3.4-5)."""
    retreat: float
    """The attacker retreated (5.5.3.5 B)."""
    captures: float
    """A land battle won with a land unit left: the territory is taken (5.5.3.6)."""
    attacker_survivors: dict[str, float]
    defender_survivors: dict[str, float]
    attacker_ipc_lost: float
    defender_ipc_lost: float
    rounds: float
    """Expected number of combat rounds."""
    states: int
    """Positions the calculation visited (exact methods) or runs (Monte Carlo)."""

    @property
    def ipc_swing(self) -> float:
        """The defender's expected IPC lost minus the attacker's (TripleA's "TUV swing")."""
        return self.defender_ipc_lost - self.attacker_ipc_lost
