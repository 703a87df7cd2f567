"""GJ74 orders: one model per kind, a discriminated union on ``type``. Units are named by their
public tokens (``b07``), never by class: an order reads the same whoever the counter is."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import Field, SerializerFunctionWrapHandler, model_serializer

from bot.rules.core import Action

Token = Annotated[str, Field(min_length=1, max_length=8)]
HexId = Annotated[str, Field(pattern=r"^\d{4}$")]
SubKind = Literal["move", "move_search", "move_attack", "search_search", "attack_attack", "dive"]
SurfaceKind = Literal["move", "move_search", "move_attack", "attack_move", "search_search", "land"]
NONE = ""
"""An input the order leaves out (a default never given explicitly: the fields refuse "")."""


class LeavesOut(Action):
    """An order with inputs it may leave out (NONE). The referee stores an order's dump and
    replays it through the fields that refuse "", so a left-out input is not written."""

    @model_serializer(mode="wrap")
    def _without_left_out(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        return {k: v for k, v in data.items() if v != NONE}


SURFACE = "surface"
"""The target of a search or attack aimed at every surface ship of a hex (9.2, 14, 15)."""


class Place(Action):
    """3.2(3): put a counter on a hex of its set-up zone."""

    type: Literal["place"] = "place"
    unit: Token
    hex: HexId


class DeployDone(Action):
    type: Literal["deploy_done"] = "deploy_done"


class SubAction(LeavesOut):
    """6(1): one submarine's action. ``target`` is ``surface`` (the hex's surface ships) or an
    enemy submarine's token; ``targets`` orders the face-up ships an attack aims at (14(3))."""

    type: Literal["sub_action"] = "sub_action"
    unit: Token
    kind: SubKind
    to: HexId = NONE
    via: HexId = NONE
    """The hex a nuclear submarine's two-hex move passes through (8(1), 18.2(1))."""
    target: Token = NONE
    targets: list[Token] = Field(default_factory=list, max_length=12)


class SubOpsDone(Action):
    type: Literal["sub_ops_done"] = "sub_ops_done"


class SurfaceAction(LeavesOut):
    """7.2(1): one ship or group (7.2(3)) acts. ``via`` is the first hex of a two-hex move;
    ``target_hex`` the hex searched or attacked (7.2(2)); ``target`` a submarine's token;
    ``targets`` the face-up ships of the hex, in the order the attackers are dealt (15.1)."""

    type: Literal["surface_action"] = "surface_action"
    units: list[Token] = Field(min_length=1, max_length=6)
    kind: SurfaceKind
    to: HexId = NONE
    via: HexId = NONE
    target_hex: HexId = NONE
    target: Token = NONE
    targets: list[Token] = Field(default_factory=list, max_length=12)


class SurfaceOpsDone(Action):
    type: Literal["surface_ops_done"] = "surface_ops_done"


class AirRange(Action):
    """5.1(1): the range declared for this air operation."""

    type: Literal["air_range"] = "air_range"
    distance: int = Field(ge=0, le=10)


class AirSearch(LeavesOut):
    """5.2(3)2: one air action searches a hex's surface ships or one submarine (``target``)."""

    type: Literal["air_search"] = "air_search"
    hex: HexId
    target: Token = SURFACE
    actions: int = Field(default=1, ge=1, le=12)
    origin: HexId = NONE
    """The launching carriers' hex in a carrier operation (7.3.1)."""


class AirStrike(LeavesOut):
    """5.2(3)1, 5.3: aircraft attack a hex's face-up surface ships or one face-up submarine."""

    type: Literal["air_strike"] = "air_strike"
    hex: HexId
    target: Token = SURFACE
    aircraft: int = Field(ge=1, le=12)
    escorts: int = Field(default=0, ge=0, le=11)
    """Of ``aircraft``, how many fly air superiority (ASP) instead of attacking (5.3(1))."""
    targets: list[Token] = Field(default_factory=list, max_length=12)
    origin: HexId = NONE


class CarrierRange(Action):
    """7.3(2): the carriers used and the range declared for a carrier air operation."""

    type: Literal["carrier_range"] = "carrier_range"
    carriers: list[Token] = Field(min_length=1, max_length=6)
    distance: int = Field(ge=0, le=9)


class Intercept(LeavesOut):
    """17.1: the other side intercepts a strike from its air bases within ``distance``; with
    ``escorts_first`` its fighters target the attack aircraft after the escorts fire (17.2(1)2),
    else both fire at once (17.2(1)1)."""

    type: Literal["intercept"] = "intercept"
    distance: int = Field(ge=0, le=8)
    escorts_first: bool = False
    carriers: bool = False
    """17.1(1), (6): carriers' fighters instead of the air bases'."""
    origin: HexId = NONE
    """17.1(6)2: the hex whose carriers fly (left out: the only one in range)."""


class StrikeLosses(Action):
    """17.2(1): of the striking aircraft shot down, how many are attack (ATK) aircraft (the
    rest are escorts); chosen by the striker's owner when both fired at once (17.2(1)1), by
    the interceptor when his fighters went for the attack aircraft (17.2(1)2)."""

    type: Literal["strike_losses"] = "strike_losses"
    attack: int = Field(ge=0, le=12)


class AimTorpedoes(Action):
    """14(3): ``n`` dice of the submarine's final anti-ship at one of the ships it attacks."""

    type: Literal["aim_torpedoes"] = "aim_torpedoes"
    target: Token
    n: int = Field(ge=1, le=20)


class ChooseRoute(Action):
    """8(1)-(2): the hex a two-hex move passes through."""

    type: Literal["choose_route"] = "choose_route"
    via: HexId


class DealOne(Action):
    """15.1(2)-(3): the target of the next attacker of the deal, attacker by attacker."""

    type: Literal["deal_one"] = "deal_one"
    target: Token


class NoIntercept(Action):
    type: Literal["no_intercept"] = "no_intercept"


class Dongfeng(Action):
    """Optional 22.2(2)-(3): two air actions launch a die's worth of Dongfeng attacks."""

    type: Literal["dongfeng"] = "dongfeng"


class DongfengFire(Action):
    """Optional 22.2(4): one Dongfeng attack at a face-up enemy surface ship anywhere."""

    type: Literal["dongfeng_fire"] = "dongfeng_fire"
    target: Token


class RevealTargets(Action):
    """15.1(5): the defender turns these face-down ships of the attacked hex face up, to
    become targets (none: they stay face down and out of the attack)."""

    type: Literal["reveal_targets"] = "reveal_targets"
    units: list[Token] = Field(default_factory=list, max_length=12)


class AllocateTargets(Action):
    """15.1(2)-(4): the attacker deals his attackers again over the face-up ships, in order."""

    type: Literal["allocate_targets"] = "allocate_targets"
    targets: list[Token] = Field(min_length=1, max_length=12)


class DrawAA(Action):
    """15.2(3): the defender draws this much wide-area anti-air from the track for the ship
    being attacked."""

    type: Literal["draw_aa"] = "draw_aa"
    n: int = Field(ge=0, le=40)


class AbsorbHits(Action):
    """15.2(4): the attacker takes the anti-air hits off his attackers in this order."""

    type: Literal["absorb_hits"] = "absorb_hits"
    units: list[Token] = Field(min_length=1, max_length=12)


class AirOpsDone(Action):
    type: Literal["air_ops_done"] = "air_ops_done"


GJ74Action = Annotated[
    Place
    | DeployDone
    | SubAction
    | SubOpsDone
    | SurfaceAction
    | SurfaceOpsDone
    | AirRange
    | AirSearch
    | AirStrike
    | CarrierRange
    | Intercept
    | NoIntercept
    | Dongfeng
    | DongfengFire
    | AirOpsDone
    | RevealTargets
    | AllocateTargets
    | DrawAA
    | AbsorbHits
    | StrikeLosses
    | AimTorpedoes
    | ChooseRoute
    | DealOne,
    Field(discriminator="type"),
]


SUB_FIELDS: dict[str, frozenset[str]] = {
    "move": frozenset({"to", "via"}),
    "move_search": frozenset({"to", "via", "target"}),
    "move_attack": frozenset({"to", "via", "target", "targets"}),
    "search_search": frozenset({"target"}),
    "attack_attack": frozenset({"target", "targets"}),
    "dive": frozenset(),
}
SURFACE_FIELDS: dict[str, frozenset[str]] = {
    "move": frozenset({"to", "via"}),
    "move_search": frozenset({"to", "via", "target", "target_hex"}),
    "move_attack": frozenset({"to", "via", "target", "target_hex", "targets"}),
    "attack_move": frozenset({"to", "via", "target", "target_hex", "targets"}),
    "search_search": frozenset({"target", "target_hex"}),
    "land": frozenset(),
}
"""The inputs each kind of action takes (6(1), 7.2(1)); ``targets`` and ``target_hex`` only
when the target is the hex's surface ships."""


def given(a: SubAction | SurfaceAction | AirStrike) -> set[str]:
    """The optional inputs an order fills in."""
    out = {name for name in ("to", "via", "target_hex") if getattr(a, name, NONE)}
    if not isinstance(a, AirStrike) and a.target:
        out.add("target")
    if a.targets:
        out.add("targets")
    return out
