"""The whole GJ74 game, secrets included (only the referee holds it).

Each ship is a counter (`Unit`) keyed by a public token (`b07`, `r12`): what every player
sees on the table, a counter in a hex. Its identity (class, name, supply markers) is the
hidden face (GJ74 2.11(2)): only its owner reads it until the rules turn it up (9), and
`known` records that the other side has seen it since (views keep what was shown).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.core import GameState

Side = Literal["blue", "red"]
SIDES: tuple[Side, ...] = ("blue", "red")
Kind = Literal["AF", "SS", "TF"]
"""The operation chits (GJ74 4.2): base air force, submarines, surface task force."""
KINDS: tuple[Kind, ...] = ("AF", "SS", "TF")
Phase = Literal["deploy", "draw", "air", "submarine", "surface", "end_turn", "over"]
Status = Literal["map", "offmap", "damaged", "sunk", "returned"]
"""On the map, waiting to enter (19.4, 20.1), or in a box of the game panel (2.3)."""


def other(side: Side) -> Side:
    return "red" if side == "blue" else "blue"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Chit(_Model):
    side: Side
    kind: Kind


class Unit(_Model):
    id: str
    side: Side
    nation: str
    sub: bool
    """A submarine counter (6, 9.3). Ruling: the back of a counter shows a submarine from a
    surface ship, since the rules let the enemy aim air actions at one submarine of a hex
    (5.2(4)) and count stacking per kind (8(5))."""
    cls: str
    name: str
    """The ship's name where the counter prints one (""), else ``serial`` tells it apart."""
    serial: int = 1
    hex: str | None = None
    status: Status = "map"
    face_up: bool = False
    known: bool = False
    supply: int = 0
    zone: tuple[str, ...] = ()
    """Where the owner may place it at set-up (3.2(3)); public, as the scenario prints it."""
    entry: Literal["south"] | None = None
    acted: bool = False
    attacked_ship: bool = False
    """A submarine that attacked surface ships goes home after its operation (6(7), 14(6))."""


class AirOp(_Model):
    """An air operation under way, by base air (5) or carriers (7.3): the declared range,
    actions left, targets."""

    carrier: bool = False
    distance: int | None = None
    actions: int = 0
    aircraft_used: int = 0
    origins: dict[str, list[int]] = Field(default_factory=dict)
    """Carrier operations (7.3.1): per launching hex, anti-ship and ASW air actions left."""
    searched: list[str] = Field(default_factory=list)
    attacked: list[str] = Field(default_factory=list)


class Strike(_Model):
    """An air strike declared and waiting for the enemy's interception (5.4(1), 17)."""

    side: Side
    hex: str
    target: str
    aircraft: int
    escorts: int = 0
    targets: list[str] = Field(default_factory=list)
    lost: int = 0
    """17.2(1): the striking aircraft shot down in the air combat, to split between escorts
    and attack aircraft by ``split_by`` (None: no split waiting)."""
    split_by: Side | None = None


class Torpedo(_Model):
    """14(3)-(5): a submarine's final anti-ship waiting to be dealt over the ships it attacks
    (its owner deals it freely, several dice to one ship if he likes)."""

    sub: str
    targets: list[str]
    left: int
    dealt: dict[str, int] = Field(default_factory=dict)
    rounds: int = 0
    """Attack rounds still to come after this one (6(1)5: attack twice)."""


class Route(_Model):
    """8(1)-(2): an order moving two hexes waits for its owner to choose the hex it passes
    through (``middles``: the legal ones); the order is given again with ``via`` set."""

    order: dict[str, Any]
    middles: list[str]


class Gun(_Model):
    """One attacker against ships (15.1, 16.2): a ship by its token, or an aircraft."""

    label: str
    anti_ship: int
    tech: int


class MoveAfter(_Model):
    """7.2(1)4: a group that attacks then moves, once its attack is resolved."""

    units: list[str]
    to: str
    via: str = ""
    steps: int = 2


BattleStage = Literal["reveal", "allocate", "deal", "aa", "aa_fire", "absorb", "fire"]


class Battle(_Model):
    """An attack on ships under way (15, 16): the defender may turn face-down ships of the
    hex up to become targets (15.1(5)), the attacker then deals his attackers (15.1(2)-(4)),
    and each target is resolved in turn (15.2(8)): the defender draws wide-area anti-air
    from the track (15.2(3)), the attacker takes the anti-air hits off the attackers he
    chooses (15.2(4)), the rest fire (15.2(5)-(7))."""

    side: Side
    hex: str
    section: str
    far: bool
    guns: list[Gun]
    aim: list[str]
    """The target of each gun, in the same order (15.1(2)-(3))."""
    targets: list[str] = Field(default_factory=list)
    """The ships attacked, in the order they are resolved (15.2(8))."""
    stage: BattleStage = "reveal"
    current: int = 0
    track: int = 0
    draw: int = 0
    aa_hits: int = 0
    order: list[str] = Field(default_factory=list)
    then: MoveAfter | None = None
    dealing: list[str] = Field(default_factory=list)
    """15.1(2)-(3): the deal so far when the attacker deals attacker by attacker (the target
    of each of the first guns, in order)."""


class Landing(_Model):
    side: Side
    hex: str


class GJ74Options(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    lhd_18_4: bool = False
    long_range_22_1: bool = False
    defensive_22_5: bool = False
    dongfeng_22_2: bool = False
    space_22_3: bool = False
    cyber_22_4: bool = False


class GJ74State(GameState):
    options: GJ74Options = Field(default_factory=GJ74Options)
    turn: int = 1
    last_turn: int = 4
    phase: Phase = "deploy"
    deploying: Side = "blue"
    active: Side | None = None
    cup: list[Chit] = Field(default_factory=list)
    drawn: list[Chit] = Field(default_factory=list)
    units: dict[str, Unit] = Field(default_factory=dict)
    aircraft: dict[str, int] = Field(default_factory=dict)
    aircraft_lost: dict[str, int] = Field(default_factory=dict)
    groups: dict[str, int] = Field(default_factory=dict)
    """How many surface groups may act in one surface operation (7.2(6))."""
    groups_used: int = 0
    searched: bool = False
    """A group of this surface operation has searched: no attack after it (7.2(5))."""
    steps: int = 0
    """Orders given in the current operation (prompt ids, 6(5), 7.2(4))."""
    air: AirOp | None = None
    surface_air: bool | None = None
    """This surface operation's choice (7.1(2)): ships (False) or carrier aircraft (True)."""
    strike: Strike | None = None
    battle: Battle | None = None
    torpedo: Torpedo | None = None
    route: Route | None = None
    intercepted: int = 0
    """Aircraft the other side has sent up to intercept in this operation (17.1(4))."""
    space: int = 0
    """Optional 22.3: the modifier to the air operation dice of China's enemy."""
    cyber: int = 0
    """Optional 22.4: this turn's modifier to the tech level of China's enemy."""
    dongfeng_used: bool = False
    dongfeng_left: int = 0
    """Optional 22.2: Dongfeng attacks launched and not yet fired in this air operation."""
    landings: list[Landing] = Field(default_factory=list)
    landed_here: list[str] = Field(default_factory=list)
    attacked_first: dict[str, bool] = Field(default_factory=dict)
    """Optional 22.5: whether this side has been attacked yet."""

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> GJ74State:
        """A deep copy by hand: the units one by one (their fields are plain values), the
        mutable containers, the operation records; options and the result are replaced, never
        changed, so they are shared. Ruleset.apply copies the state before every order, and
        the generic walk was most of an order's time (python -m bot bench gj74)."""
        fields = dict(self.__dict__)
        fields["units"] = {k: u.model_copy() for k, u in self.units.items()}
        for name in ("cup", "drawn", "landings", "landed_here"):
            fields[name] = list(fields[name])
        for name in ("aircraft", "aircraft_lost", "groups", "attacked_first"):
            fields[name] = dict(fields[name])
        for name in ("air", "strike", "battle", "torpedo", "route"):
            part = fields[name]
            fields[name] = part.model_copy(deep=True) if part is not None else None
        return type(self).model_construct(_fields_set=set(self.model_fields_set), **fields)
