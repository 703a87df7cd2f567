"""The whole state of a Pocket Battles game, secrets included (only the referee holds it).

Sections are cited as ``Pocket Battles <n>`` from the Chinese rule summary's headings (see
``bot/rules/pocket_battles/__init__.py`` for the numbering).
"""

from __future__ import annotations

from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from bot.rules.core import Event, GameState, Prompt
from bot.rules.pocket_battles.components import Army
from bot.rules.pocket_battles.options import PocketBattlesOptions

Side = Army
"""A seat: ``celts`` or ``romans`` (one army each)."""
SIDES: tuple[Side, ...] = ("celts", "romans")
Role = Literal["attacker", "defender"]

Phase = Literal[
    "build",
    "deploy",
    "redeploy",
    "order",
    "reaction",
    "assign",
    "overwhelm",
    "extra_order",
    "round_end",
    "over",
]
"""The sequence of play (sequence.py gives each its section, prompts and successors):
sealed army building (3), deployment (4: the die roll is made on entering it), a player's
turn of phase 1 redeployment (5.1) and phase 2 one order (5.2), the charged side's reaction
(5.4), a side assigning the hits it took (5.4), a follow-on Overwhelming charge (9.8), the
further orders of a Double Order (9.3), the end of a round (7) and the end of the game (8)."""

StrikeKind = Literal["charge", "counter", "carry", "free", "shot", "reaction_shot"]
"""What a roll of dice is: the charge (5.4, charge bonus), the free counterattack (5.4),
carrying on an engagement (5.5), the free attack on a unit leaving one (5.6), a shot (5.7) and
a shot at a charger in reaction (5.4)."""

RECENT = 16
"""Events kept for the views' "last events" list."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Troop(_Model):
    """One tile of a unit and the wound tokens on it (Pocket Battles 5.4: wounds are order
    tokens turned over)."""

    tile: str
    damage: int = 0


class Unit(_Model):
    """A stack of tiles (Pocket Battles 3.3): ``troops[0]`` is the top tile, the one the
    opponent sees until the stack is revealed (4.4)."""

    id: str
    side: Side
    troops: list[Troop]
    zone: str | None = None  # None: not placed yet (4.2)
    orders: int = 0  # order tokens standing on the unit this round (5.2)
    redeployed: bool = False  # moved in phase 1 of this turn (5.1)
    revealed: bool = False
    destroyed: bool = False


class Strike(_Model):
    """One roll of a unit's dice at an enemy unit, queued while a procedure runs."""

    kind: StrikeKind
    striker: str
    target: str
    bonus: int = 0  # dice beyond the unit's own: charge bonus, Excite (5.4, 9.2)
    split_with: str | None = None  # shooting into an engagement: the shooter's own unit (5.7)


class Hits(_Model):
    """Hits a unit took that its owner must assign to its troops (5.4: the defender assigns)."""

    unit: str
    count: int
    striker: str
    kind: StrikeKind


class Combat(_Model):
    """The procedure under way: who acts, on whom, and what is still to roll."""

    kind: Literal["charge", "carry", "leave", "shoot"]
    side: Side  # the side that gave the order
    unit: str  # the unit ordered
    target: str | None = None
    strikes: list[Strike] = Field(default_factory=list)
    hits: list[Hits] = Field(default_factory=list)
    excite: str | None = None  # the Excite unit ordered with it (9.2)
    follow_on: bool = False  # an Overwhelming charge (9.8)
    destroyed_target: bool = False
    current: Strike | None = None  # the strike whose hits are being assigned
    scored: int = 0  # the hits it scored


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Rolled(_Record):
    """One strike as rolled: each die's face and the hits it scored, the hits in all (with
    +X Wounds, 9.12)."""

    kind: StrikeKind
    striker: str
    target: str
    dice: tuple[int, ...]
    scored: tuple[int, ...]  # hits of each die
    hits: int


class Loss(_Record):
    """A hit taken: a troop wounded, or lost (``lost``)."""

    unit: str
    side: Side
    tile: str
    lost: bool


class Fight(_Record):
    """The last fight (5.4-5.7): the order, the reaction, every strike's dice and what the hits
    did. Kept until the next fight replaces it, for the picture. Frozen: replaced whole, so a
    copy of the state shares it."""

    kind: Literal["charge", "carry", "leave", "shoot"]
    side: Side
    unit: str
    target: str | None = None
    reaction: Literal["intercept", "shoot", "hold"] | None = None
    reactor: str | None = None  # the unit that intercepted or shot at the charger
    strikes: tuple[Rolled, ...] = ()
    losses: tuple[Loss, ...] = ()


class SideState(_Model):
    """One player's army and order tokens (Pocket Battles 3.1, 5.2, 7.3).

    Tokens are conserved: ``unused + set_aside + (tokens on units) + (wounds on troops) ==
    tokens``; ``tokens - debt`` is size/10 plus Leaders on the field (9.4)."""

    side: Side
    role: Role | None = None
    tokens: int = 0
    unused: int = 0
    set_aside: int = 0  # spent tokens not standing on a unit (Pass, Disband, the dead)
    debt: int = 0  # tokens a dead Leader still owes when the round's tokens come back (9.4)
    built: bool = False
    placed_all: bool = False
    conceded: bool = False
    points: int = 0  # the army's deployment points, fixed when deployment ends (8.1)
    lost: list[str] = Field(default_factory=list)  # tile ids of this side's destroyed troops
    deploy_roll: int | None = None
    progress: int = 0  # this side's own orders while building (prompt identity)


M = TypeVar("M", bound=BaseModel)


def _clone(model: M, **changes: Any) -> M:
    """A shallow copy with some fields replaced: what ``model_copy(update=...)`` does without
    its generic walk (these models have no extra fields and no private attributes). The state
    copy makes tens of thousands of these in a long random play."""
    new = type(model).__new__(type(model))
    values = model.__dict__.copy()
    values.update(changes)
    object.__setattr__(new, "__dict__", values)
    object.__setattr__(new, "__pydantic_fields_set__", model.model_fields_set | changes.keys())
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


class PocketBattlesState(GameState):
    options: PocketBattlesOptions = PocketBattlesOptions()
    phase: Phase = "build"
    sides: dict[Side, SideState]
    units: dict[str, Unit] = Field(default_factory=dict)
    round: int = 0
    turn: int = 0  # turns played in this round; the attacker's first is 1 (5.8)
    active: Side | None = None  # whose turn it is (or who places next while deploying)
    orders_left: int = 0  # further orders of a Double Order this turn (9.3)
    ordered: list[str] = Field(default_factory=list)  # units ordered this turn (9.3)
    combat: Combat | None = None
    fight: Fight | None = None  # the last fight, for the picture
    next_unit: dict[Side, int] = Field(default_factory=dict)  # numbering of new units
    recent: tuple[Event, ...] = ()
    seq: int = 0  # accepted orders and automatic steps (prompt identity)

    # The open prompts, worked out once when an order (or the set-up) has been applied: the
    # engine finds them to know it may stop, and every reader asks again. Not a field: never
    # stored, not copied (a copy is about to change), not compared.
    _open: tuple[Prompt, ...] | None = PrivateAttr(default=None)

    def keep_prompts(self, prompts: list[Prompt] | None) -> None:
        """The prompts of this state as it now stands (None: forget them, it will change)."""
        self._open = tuple(prompts) if prompts is not None else None

    def kept_prompts(self) -> list[Prompt] | None:
        return list(self._open) if self._open is not None else None

    def __eq__(self, other: object) -> bool:
        # Pydantic compares private attributes too; the kept prompts are a cache.
        return type(other) is type(self) and self.__dict__ == other.__dict__

    __hash__ = GameState.__hash__  # unhashable, as every mutable model

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> PocketBattlesState:
        """A deep copy by hand: every mutable part copied, frozen parts shared (options, the
        result, the recent events and the last fight, which are only ever replaced).
        Ruleset.apply copies the state before every order; walking it generically was most of
        an order's time."""
        fields = dict(self.__dict__)
        fields["sides"] = {k: _clone(s, lost=list(s.lost)) for k, s in self.sides.items()}
        fields["units"] = {
            k: _clone(u, troops=[_clone(tr) for tr in u.troops]) for k, u in self.units.items()
        }
        fields["combat"] = self.combat.model_copy(deep=True) if self.combat is not None else None
        fields["ordered"] = list(self.ordered)
        fields["next_unit"] = dict(self.next_unit)
        return type(self).model_construct(_fields_set=set(self.model_fields_set), **fields)
