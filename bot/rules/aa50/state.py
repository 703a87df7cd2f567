"""The whole AA50 game state (referee only): the board, every unit with the per-unit state
the rules need, each power's IPCs, research and purchases, and where the turn stands."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, Self

from pydantic import BaseModel, ConfigDict, Field, PrivateAttr

from bot.rules.aa50.board import Power, UnitId
from bot.rules.aa50.chronicle import BattleLog, TurnLog
from bot.rules.aa50.options import Aa50Options
from bot.rules.core import GameState, Prompt

Phase = Literal[
    "research",
    "purchase",
    "combat_move",
    "combat",
    "noncombat_move",
    "mobilize",
    "income",
]
"""5.1: the seven phases of a power's turn, in order."""

BattleStep = Literal[
    "choose",
    "open",
    "surprise",
    "attacker_fire",
    "defender_fire",
    "casualties",
    "press",
    "conclude",
]
"""5.5.3: one battle's steps (choose: the attacker picks the next battle, 5.5.3 note 36)."""

HitKind = Literal["any", "sea", "no_sub", "land"]
"""What a batch of hits may be taken on: anything; sea units only (submarines, 7.3.5);
anything but submarines (aircraft without a destroyer, 7.3.4); land units (bombardment)."""


class Unit(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    type: UnitId
    owner: Power
    at: str
    moved: int = 0
    """Movement spent this turn (air range across both moves, 7.2)."""
    combat: bool = False
    """Moved in the combat move or fought: it may not move in the noncombat move (5.6)."""
    carried_by: str | None = None
    """The transport (cargo, 7.3.6) or carrier (7.3.2) it is aboard."""
    hits: int = 0
    """Damage: a battleship's first hit within a battle (7.3.1); a factory's damage markers
    (7.1.5)."""
    came_from: str | None = None
    """Where it entered its battle from (retreat, 5.5.3.5)."""
    assault: str | None = None
    """Cargo: the territory it lands in by amphibious assault this turn (5.4.3)."""
    amphibious: bool = False
    """Landed from the sea this turn: it may not retreat (5.5.2.3)."""
    loaded: bool = False
    """Cargo loaded this turn (7.3.6)."""
    unloaded: bool = False
    """A transport that unloaded this turn: it may not move again (7.3.6)."""
    bombed: bool = False
    """A bomber on a strategic bombing raid this turn (5.5.1)."""
    submerged: bool = False
    """A submarine that submerged out of its battle (7.3.5); cleared when the battle ends."""
    captured: bool = False
    """An AA gun or factory captured this turn (5.5.3.6): it may not move or produce."""
    withdrawn: bool = False
    """Aircraft that retreated from a battle the units landed from the sea fight on (5.5.2.3):
    out of it, landing in the noncombat move; cleared when the battle ends."""
    dropped: bool = False
    """A bomber that carried a paratrooper this turn, and that paratrooper (5.2.3): the bomber's
    combat move is over and it may not raid a factory."""
    bombarded: bool = False
    """A battleship or cruiser that bombarded this turn (7.3.1), or an AA gun that fired its
    rocket (5.2.3)."""


def _clone(u: Unit) -> Unit:
    """A copy of a unit (its fields are plain values), without pydantic's generic copy."""
    new = Unit.__new__(Unit)
    object.__setattr__(new, "__dict__", u.__dict__.copy())
    object.__setattr__(new, "__pydantic_fields_set__", set(u.__pydantic_fields_set__))
    object.__setattr__(new, "__pydantic_extra__", None)
    object.__setattr__(new, "__pydantic_private__", None)
    return new


class CasualtyOrder(BaseModel):
    """A power's standing casualty order (5.5.3.2-3 in asynchronous play): which units it
    loses first when hit, set once and applied to every batch of hits its units take.
    Transports are always lost last, as 7.3.6 requires, whatever the ranks say."""

    model_config = ConfigDict(extra="forbid")

    ranks: list[UnitId] = Field(default_factory=list, max_length=13)
    """Unit types, the first lost first; types not listed follow, cheapest first."""
    battleship_hits_first: bool = True
    """An undamaged battleship takes a hit (7.3.1) before any unit is lost."""
    keep_land: bool = False
    """Attacking a territory, the last land unit is lost after the aircraft, so the
    territory can still be taken (5.5.3.6)."""
    auto: bool = True
    """Answer this power's casualty prompts at once; otherwise it only fills their default."""


class Hits(BaseModel):
    model_config = ConfigDict(extra="forbid")

    kind: HitKind
    count: int
    side: Literal["attacker", "defender"]
    """Whose units take the hits."""
    final: bool = False
    """Surprise strike and AA hits remove at once (7.3.5); others stay to fire back."""


class Battle(BaseModel):
    model_config = ConfigDict(extra="forbid")

    where: str
    round: int = 1
    step: BattleStep = "open"
    kind: Literal["land", "sea", "bombing"] = "land"
    attacker: Power
    pending: list[Hits] = Field(default_factory=list)
    doomed: list[str] = Field(default_factory=list)
    """Defenders hit this round: they still fire back, then are removed (5.5.3.4)."""
    asked: list[str] = Field(default_factory=list)
    """Sides whose submarines were offered to submerge this round (7.3.5)."""
    sunk: list[str] = Field(default_factory=list)
    """Defenceless transports found by the end-of-round check, destroyed next (5.5.3.2)."""


class Aa50State(GameState):
    options: Aa50Options
    round: int = 1
    order: tuple[Power, ...]
    """The six powers in the scenario's order of play (5); China has no turn of its own."""
    turn: int = 0
    """Index into ``order`` of the power whose turn it is."""
    phase: Phase = "research"
    china: bool = False
    """Rule 4: China's forces are acting, in one of their phases bound into the US turn
    (turn.CHINA): ``power`` is then China, the US player deciding for it."""
    china_then: Phase | None = None
    """Rule 4: the US phase that follows the China phases under way."""
    ipcs: dict[str, int]
    """Each power's IPCs (2.10), kept apart even when one player holds several powers (3)."""
    owners: dict[str, Power]
    """Land territories' controllers, the national control markers (2.8; neutrals have none)."""
    original: dict[str, Power]
    start_owners: dict[str, Power] = Field(default_factory=dict)
    """Controllers at the start of the current turn (2.6 canals, 5.6.1.2 landing, 5.7)."""
    conquered: list[str] = Field(default_factory=list)
    """Territories that changed hands this turn."""
    units: dict[str, Unit]
    next_id: int = 0
    tech: dict[str, list[str]] = Field(default_factory=dict)
    """Advances each power has, as marked on the research chart (2.12, 5.2.4)."""
    tokens: dict[str, int] = Field(default_factory=dict)
    """Research tokens kept after failed rolls (5.2.2)."""
    researched: bool = False
    """This turn's research is done (5.2)."""
    rockets_done: bool = False
    """This turn's rocket attacks are over (5.2.3)."""
    tech_roll: bool = False
    """A breakthrough awaits its chart choice (5.2.3)."""
    pending: dict[str, dict[str, int]] = Field(default_factory=dict)
    """Units bought and not yet placed, per power (5.3.3, 5.7: they wait, never lost)."""
    battles: list[str] = Field(default_factory=list)
    """Spaces where a battle is still to be fought this turn."""
    bombing: list[str] = Field(default_factory=list)
    """Territories whose factory the bombers on them raid (5.5.1)."""
    battle: Battle | None = None
    assaults: dict[str, list[str]] = Field(default_factory=dict)
    """Amphibious assaults declared this combat move: each territory with the sea zones its
    transports unload from (5.4.3, 5.5.2)."""
    battle_plan: list[str] = Field(default_factory=list)
    """The order the attacker decided for this combat phase's battles, still to be fought
    (5.5.3 note 36: decided once, before the first; an assault named by its territory)."""
    planned: bool = False
    """The order is decided: the battles are being fought (note 36)."""
    assault_now: str | None = None
    """The amphibious assault being resolved: its sea combat, then its land combat, before
    any other battle (5.5.2, note 35)."""
    hostile_seas: list[str] = Field(default_factory=list)
    """Sea zones hostile to the power whose turn it is when its turn began: a fleet retreats
    only into a zone friendly since then (5.5.3.5)."""
    sea_battles: list[str] = Field(default_factory=list)
    """Sea zones where a sea battle was fought this turn (no bombardment from them, 5.5.2.2)."""
    placed: dict[str, int] = Field(default_factory=dict)
    """Units placed this turn per factory territory (5.7.1)."""
    victory_cities: dict[str, int] = Field(default_factory=dict)
    pickups: dict[str, str] = Field(default_factory=dict)
    """Carriers declared in this combat move to pick fighters up, with the zone (7.2)."""
    awaiting: list[str] = Field(default_factory=list)
    """Fighters that ended a noncombat move over a sea zone with no free deck: a carrier owes
    each a deck (5.6.1.2, 7.3.2, decks.py)."""
    new_decks: list[str] = Field(default_factory=list)
    """Sea zones where a carrier bought this turn is declared to be placed, one carrier each
    (5.4.2, note 26: fighters may attack counting on it; it is placed there, pickup.py)."""
    casualty_orders: dict[Power, CasualtyOrder] = Field(default_factory=dict)
    """Standing casualty orders per power (5.5.3.2-3), set with the casualty_order order."""
    step_no: int = 0
    """Counts decisions made this turn, for prompt ids (prompt identity contract)."""
    battle_log: BattleLog | None = None
    """The current (or last) round of this turn's latest battle, dice included (chronicle)."""
    turn_log: TurnLog | None = None
    """This turn so far (chronicle): what the summary at its end reports."""
    last_turn: TurnLog | None = None
    """The turn that ended last (the summary posted to the game's thread)."""

    _prompts: list[Prompt] | None = PrivateAttr(default=None)
    """The open prompts of this very position, computed once (menus of every unit's moves
    are the costliest thing the engine does). Cleared whenever the engine changes the state
    (``Aa50.resolve`` and each step of ``turn.advance``) and in every copy."""

    _landing: dict[tuple[str, bool], dict[str, int]] | None = PrivateAttr(default=None)
    """Distances to a landing place per (power, fighters) in this very position
    (air.landing_distance), cleared with ``_prompts``."""

    _decks: list[Any] | None = PrivateAttr(default=None)
    """The decks that may serve waiting fighters in this very position (decks.decks)."""

    def forget(self) -> None:
        """Drop what was worked out for this position: the engine is about to change it."""
        self._prompts = None
        self._landing = None
        self._decks = None

    @property
    def power(self) -> Power:
        return "chinese" if self.china else self.order[self.turn]

    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> Self:
        """A deep copy that copies only what may change: units one by one (their fields are
        plain values), the mutable containers, the battle. Pydantic's generic deep copy costs
        ten times more for a state of some 250 units, and random play copies before each
        order (Ruleset.apply)."""
        if not deep:
            new = super().model_copy(update=update)
            new.forget()
            return new
        new = super().model_copy(update=update)
        new.forget()
        new.units = {k: _clone(u) for k, u in self.units.items()}
        for name in (
            "ipcs",
            "owners",
            "original",
            "start_owners",
            "tokens",
            "placed",
            "pickups",
            "victory_cities",
        ):
            setattr(new, name, dict(getattr(self, name)))
        new.tech = {k: list(v) for k, v in self.tech.items()}
        new.assaults = {k: list(v) for k, v in self.assaults.items()}
        new.pending = {k: dict(v) for k, v in self.pending.items()}
        for name in (
            "conquered",
            "battles",
            "bombing",
            "sea_battles",
            "hostile_seas",
            "awaiting",
            "new_decks",
            "battle_plan",
        ):
            setattr(new, name, list(getattr(self, name)))
        new.casualty_orders = {k: v.model_copy(deep=True) for k, v in self.casualty_orders.items()}
        new.battle = self.battle.model_copy(deep=True) if self.battle is not None else None
        for name in ("battle_log", "turn_log"):
            value = getattr(self, name)
            setattr(new, name, value.model_copy(deep=True) if value is not None else None)
        return new
