"""Counters: their faces (GJ74 2.11(2), 9.1), labels, stacking (8(5)) and losses (11-16,
18.1(4))."""

from __future__ import annotations

from typing import Any

from bot.rules.core import Event, RuleViolation, t
from bot.rules.gj74 import board
from bot.rules.gj74 import events as _events  # noqa: F401  (registers the event kinds first)
from bot.rules.gj74.state import GJ74State, Side, Unit


def on_map(state: GJ74State, side: Side | None = None) -> list[Unit]:
    return [
        u for u in state.units.values() if u.status == "map" and (side is None or u.side == side)
    ]


def at(
    state: GJ74State, hex_id: str, side: Side | None = None, sub: bool | None = None
) -> list[Unit]:
    return [u for u in on_map(state, side) if u.hex == hex_id and (sub is None or u.sub == sub)]


def ship_label(u: Unit) -> dict[str, Any]:
    """What the counter's face reads: type, class and name (or the class and a number)."""
    c = board.ship(u.cls)
    if u.name:
        return t("gj74.ship.named", type=c.type, cls=_cls(u.cls), name=u.name).model_dump()
    return t("gj74.ship.serial", type=c.type, cls=_cls(u.cls), n=u.serial).model_dump()


def tech(state: GJ74State, side: Side, level: int) -> int:
    """A tech level as it counts this turn: 22.4 lowers the enemy of China's, to 1 at least."""
    if state.cyber and state.options.cyber_22_4:
        from bot.rules.gj74.optional import chinese

        china = chinese(state)
        if china is not None and side != china:
            return max(1, level + state.cyber)
    return level


def unit_tech(state: GJ74State, u: Unit) -> int:
    return tech(state, u.side, board.ship(u.cls).tech)


def _cls(cls: str) -> dict[str, Any]:
    return t(f"gj74.cls.{cls}").model_dump()


def reveal(state: GJ74State, units: list[Unit], why: str) -> list[Event]:
    """Turn counters face up (9.2, 9.3(4)): everyone reads their faces from now on."""
    events = []
    for u in sorted(units, key=lambda x: x.id):
        if u.face_up:
            continue
        u.face_up = True
        u.known = True
        events.append(
            Event(
                kind="gj74.revealed",
                params={
                    "unit": u.id,
                    "ship": ship_label(u),
                    "why": t(f"gj74.why.{why}").model_dump(),
                },
                reveals=True,
            )
        )
    return events


def show(u: Unit) -> list[Event]:
    """A face-down counter shown for one action and turned back (7.1(3), 6(4)):
    the enemy has read its face."""
    if u.face_up or u.known:
        return []
    u.known = True
    return [Event(kind="gj74.shown", params={"unit": u.id, "ship": ship_label(u)}, reveals=True)]


def hide(u: Unit) -> Event:
    u.face_up = False
    return Event(kind="gj74.hidden", params={"unit": u.id})


def stacking_ok(
    state: GJ74State, side: Side, hex_id: str, extra_surface: int, extra_subs: int
) -> bool:
    """8(5): 6 surface ships and 1 submarine of a side in a hex, but any number in its own
    port; the enemy's do not count."""
    nations = board.scenario(state.scenario).nations(side)
    if board.is_port(hex_id, nations):
        return True
    here = at(state, hex_id, side)
    surface = sum(1 for u in here if not u.sub) + extra_surface
    subs = sum(1 for u in here if u.sub) + extra_subs
    return surface <= 6 and subs <= 1


def check_stacking(
    state: GJ74State, side: Side, hex_id: str, moving: list[Unit], section: str
) -> None:
    staying = [u for u in moving if u.hex == hex_id]
    surface = sum(1 for u in moving if not u.sub and u not in staying)
    subs = sum(1 for u in moving if u.sub and u not in staying)
    if not stacking_ok(state, side, hex_id, surface, subs):
        raise RuleViolation("gj74.stacking", section, hex=hex_id)


def hits_to(state: GJ74State, u: Unit, hits: int) -> list[Event]:
    """One hit damages, two sink (11(3), 15.2(7)); an LST's supply markers take hits first
    (18.1(4))."""
    events: list[Event] = []
    if hits <= 0:
        return events
    if u.supply > 0:
        lost = min(u.supply, hits)
        u.supply -= lost
        hits -= lost
        events.append(Event(kind="gj74.supply_lost", params={"unit": u.id, "n": lost}))
        if hits <= 0:
            return events
    u.status = "damaged" if hits == 1 else "sunk"
    u.face_up = True
    u.known = True
    u.hex = None
    events.append(
        Event(kind=f"gj74.{u.status}", params={"unit": u.id, "ship": ship_label(u)}, reveals=True)
    )
    state.attacked_first[u.side] = True
    return events


def face_up_enemies(state: GJ74State, side: Side, hex_id: str, sub: bool) -> list[Unit]:
    return [u for u in at(state, hex_id, sub=sub) if u.side != side and u.face_up]
