"""Questions about counters: effective factors (7.6), national limits (6.4, 16), hiding (18.2)."""

from __future__ import annotations

from typing import Any

from bot.rules.core import PUBLIC, Event, Label, RuleViolation, t
from bot.rules.war_at_sea import board
from bot.rules.war_at_sea.combat import events as _combat_events  # noqa: F401  (registers kinds)
from bot.rules.war_at_sea.events import Revealed  # importing it registers every kind of events
from bot.rules.war_at_sea.state import Side, UnitState, WarAtSeaState

NOT_SURFACE = frozenset({"uboat", "land_based_air"})


def eff_speed(u: UnitState) -> int:
    """War at Sea 7.6: each damage point costs a point of speed, never below one."""
    return max(1, u.speed - u.damage)


def crippled(u: UnitState) -> bool:
    """War at Sea 7.6: damage equal to armor: air factor 0, gunnery 1."""
    return u.damage > 0 and u.damage == u.armor


def eff_gunnery(u: UnitState) -> int:
    return min(u.gunnery, 1) if crippled(u) else u.gunnery


def eff_air(u: UnitState) -> int:
    return 0 if crippled(u) else u.air


def is_surface(u: UnitState) -> bool:
    """War at Sea 3.3: warships and convoys are surface ships."""
    return u.type not in NOT_SURFACE


def is_warship(u: UnitState) -> bool:
    return is_surface(u) and u.type != "convoy"


def is_carrier(u: UnitState) -> bool:
    return u.type == "carrier"


def is_convoy(u: UnitState) -> bool:
    return u.type == "convoy"


def is_uboat(u: UnitState) -> bool:
    return u.type == "uboat"


def italian_cruiser(u: UnitState) -> bool:
    return u.nationality == "italian" and u.type == "heavy_cruiser"


def in_play(u: UnitState) -> bool:
    return u.status == "active" and u.location is not None


def units_at(state: WarAtSeaState, loc: str, side: Side | None = None) -> list[UnitState]:
    return [
        u
        for u in state.units.values()
        if u.location == loc and u.status == "active" and (side is None or u.side == side)
    ]


def fighting(u: UnitState) -> bool:
    """Still in the fight at its location: not disabled, not escaped (7.3, 11.6)."""
    return u.status == "active" and not u.disabled and not u.escaped


def area_limit(state: WarAtSeaState, u: UnitState, area_id: str) -> RuleViolation | None:
    """Which sea areas a ship may enter, by nationality (6.4, 16.1-16.3)."""
    nat = u.nationality
    if area_id == board.BALTIC and nat not in ("german", "soviet"):
        return RuleViolation("was.move.baltic", "War at Sea 6.4", area=area_id)
    if nat == "american" and area_id != board.NORTH_ATLANTIC:
        return RuleViolation("was.move.us_limit", "War at Sea 16.2", area=area_id)
    if nat == "soviet" and area_id != board.BALTIC:
        return RuleViolation("was.move.soviet_limit", "War at Sea 16.1", area=area_id)
    if nat == "italian":
        if italian_cruiser(u):
            if area_id in (board.NORTH_SEA, board.BARENTS):
                return RuleViolation("was.move.italian_cruiser", "War at Sea 16.3", area=area_id)
        elif area_id != board.MEDITERRANEAN:
            return RuleViolation("was.move.italian_limit", "War at Sea 16.3", area=area_id)
    return None


def port_limit(state: WarAtSeaState, u: UnitState, port_id: str) -> RuleViolation | None:
    """Which ports a ship may enter: never an enemy port (2.2), France only while open to the
    Axis (15.4), the USA under 18.5 only from turn 4, and national limits (16)."""
    p = board.port(port_id)
    if p.side not in (u.side, "neutral"):
        return RuleViolation("was.move.enemy_port", "War at Sea 2.2", port=port_id)
    if port_id == board.FRANCE and not p.is_open(state.turn):
        return RuleViolation("was.port.france_closed", "War at Sea 15.4", port=port_id)
    if not p.is_open(state.turn):
        return RuleViolation("was.port.closed", "War at Sea 16.1", port=port_id)
    if port_id == board.USA and state.options.variant_18_5 and state.turn < 4:
        return RuleViolation("was.port.usa_closed", "War at Sea 18.5", port=port_id)
    nat = u.nationality
    if nat == "american" and port_id != board.USA:
        return RuleViolation("was.move.us_limit", "War at Sea 16.2", area=port_id)
    if nat == "soviet" and port_id != board.LENINGRAD:
        return RuleViolation("was.move.soviet_limit", "War at Sea 16.1", area=port_id)
    if nat == "italian" and not italian_cruiser(u) and port_id != board.ITALY:
        return RuleViolation("was.move.italian_limit", "War at Sea 16.3", area=port_id)
    return None


def may_be_at(state: WarAtSeaState, u: UnitState, loc: str) -> bool:
    if board.is_area(loc):
        return area_limit(state, u, loc) is None
    return port_limit(state, u, loc) is None


# --- 18.2: what the Axis and the public may know -------------------------------------------


def hidden(state: WarAtSeaState, u: UnitState) -> bool:
    """An Allied counter face down: its identity is a secret from the Axis and the public.
    Ruling: 18.2 hides the counters while the game is played ("moving", until combat); once it
    is over there is nothing left to hide (the revealed seed and the full export name every
    move anyway), so the final map and views turn every counter face up."""
    return (
        state.options.variant_18_2
        and state.result is None
        and u.side == "allies"
        and u.status in ("active", "reserve")
        and u.location is not None
        and not u.revealed
    )


def loc_text(loc: str | None) -> dict[str, Any]:
    return t(f"was.loc.{loc or 'none'}").model_dump()


def word(key: str, **params: Any) -> dict[str, Any]:
    """A Text as an event parameter: outcomes and kinds are worded, never shown as ids."""
    return t(key, **params).model_dump()


def names_of(units: list[UnitState]) -> list[str]:
    return [u.name for u in units]


GENERIC = frozenset({"uboat", "convoy", "land_based_air"})


def unit_label(unit: Any) -> Label:
    """A warship's name is a proper name, the same in every language; a U-boat flotilla, a
    convoy or the land-based air is named in the reader's language (``name.<name>``)."""
    return t(f"name.{unit.name}") if unit.type in GENERIC else unit.name


LOC_KEYS = ("where", "to", "origin", "port", "area")
PRIVATE_KEYS = frozenset({"speed", "damage", "points"})


def with_names(params: dict[str, Any]) -> dict[str, Any]:
    """Location ids get a localisable name beside them (``to`` -> ``to_name``)."""
    out = dict(params)
    for key in LOC_KEYS:
        value = params.get(key)
        if board.is_location(value):
            out[f"{key}_name"] = loc_text(value)
    return out


def ev(
    kind: str,
    /,
    audience: str = PUBLIC,
    reveals: bool = False,
    except_for: tuple[str, ...] = (),
    **params: Any,
) -> Event:
    return Event(
        kind=kind,
        audience=audience,
        params=with_names(params),
        reveals=reveals,
        except_for=except_for,
    )


def unit_params(u: UnitState) -> dict[str, Any]:
    return {"ship": u.id, "name": u.name, "side": u.side}


def unit_events(
    state: WarAtSeaState, kind: str, u: UnitState, reveals: bool = False, **params: Any
) -> list[Event]:
    """An event about one counter: public, or under 18.2 named for the Allies only with an
    anonymous public copy (no id, no name)."""
    if not hidden(state, u):
        return [ev(kind, reveals=reveals, **unit_params(u), **params)]
    # The public copy names no ship and leaves out what would tell it apart (its speed,
    # its damage), as a face-down counter would.
    public = {k: v for k, v in params.items() if k not in PRIVATE_KEYS}
    anon = {"name": t("was.hidden_counter").model_dump(), "side": u.side, **public}
    return [
        ev(kind, audience="allies", **unit_params(u), **params),
        ev(kind, except_for=("allies",), **anon),  # the Allies read the named one (issue 12)
    ]


def roll_label_unit(state: WarAtSeaState, u: UnitState) -> str:
    """The name a die label may carry: a hidden counter is not named (18.2)."""
    return "?" if hidden(state, u) else u.name


def reveal(state: WarAtSeaState, units: list[UnitState]) -> list[Event]:
    """War at Sea 18.2: combat turns the Allied counters face up."""
    newly = [u for u in units if hidden(state, u)]
    for u in newly:
        u.revealed = True
    if not newly:
        return []
    return [
        Revealed(ships=[u.id for u in newly], names=[u.name for u in newly]).event(reveals=True)
    ]
