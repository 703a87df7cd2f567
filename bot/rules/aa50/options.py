"""AA50 game options: the rulebook's optional rules and game length (1.4.1, 5.2, 5.8.1)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Aa50Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    research: bool = Field(default=True, description="AA50 5.2: research & development")
    national_objectives: bool = Field(
        default=True, description="AA50 5.8.1: national objectives and bonus income"
    )
    china_first: bool = Field(
        default=False,
        description=(
            "AA50 4 (note 12): China's combat move and combat come just after the US purchase"
            " (fixed before the game); otherwise just after the US combat"
        ),
    )
    surprise_every_round: bool = Field(
        default=False,
        description=(
            "AA50 7.3.5: submarines' surprise strike in every round of a battle (TripleA/LHTR)"
            " instead of once a battle, as the rulebook words it"
        ),
    )
    """Ruling: 7.3.5 says the surprise strike happens once in a battle (「这个特殊攻击在 1 场战斗
    中只发生 1 次」); from the second round on, submarines fire with their side (5.5.3.2-3), and
    a unit they hit fires back. TripleA and the LHTR house rules strike in every round: that
    reading is this option."""
    victory_cities: Literal[13, 15, 18] = Field(
        default=15, description="AA50 1.4, 6: victory cities to win (15; 13 shorter, 18 longer)"
    )
    round_limit: int | None = Field(
        default=None,
        ge=1,
        le=100,
        description=(
            "Referee option, not a rule: the game ends in a draw after this many rounds unless"
            " a side has won (none, the default: play until a side holds its victory cities)"
        ),
    )
    """Ruling: 1.4, 1.4.1 and 6 end a game only when a side holds the victory cities agreed
    before the game (15; 13 shorter, 18 longer: ``victory_cities``), so by default there is no
    round limit. A limit is a referee option for games by post that must end by a date; set
    it explicitly (random play and the shared tests that play a game to its end do)."""
