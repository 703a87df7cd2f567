"""AA50 7.2.1: defending fighters whose carrier was sunk must land once the attacker's
combat phase is over, before its noncombat move
(「要等到攻击方结束进行战斗阶段，但在开始非战斗移动阶段之前」): on another friendly carrier with
room in the same zone, or, spending 1 movement, in an adjacent friendly territory or on a
friendly carrier with room in an adjacent zone; a fighter that can do none of these is
destroyed. Where it has a choice its owner makes it (``land_one``, one fighter at a time);
where it has one, it lands there by itself (``settle``)."""

from __future__ import annotations

from bot.rules.aa50 import board, query
from bot.rules.aa50.combat import casualties
from bot.rules.aa50.components import CARRIER_CAPACITY
from bot.rules.aa50.state import Aa50State, Unit
from bot.rules.aa50.words import ev
from bot.rules.core import Event, RuleViolation


def waiting(state: Aa50State) -> list[Unit]:
    """Defending fighters in the air over a zone where a sea battle was fought this turn."""
    return sorted(
        (
            f
            for zone in state.sea_battles
            for f in query.at(state, zone)
            if f.type == "fighter"
            and f.carried_by is None
            and not board.allied(f.owner, state.power)
        ),
        key=lambda f: f.id,
    )


def choices(state: Aa50State, f: Unit) -> list[str]:
    """Where it may land: its own zone (a carrier there with room), adjacent friendly
    territories, adjacent zones with a friendly carrier with room."""
    out = [f.at] if _deck(state, f.at, f) is not None else []
    near = sorted(board.adjacent(f.at))
    out += [t for t in near if not board.is_sea(t) and query.friendly_land(state, t, f.owner)]
    out += [z for z in near if board.is_sea(z) and _deck(state, z, f) is not None]
    return out


def chooser(state: Aa50State) -> Unit | None:
    """The next fighter whose owner chooses where it lands (several places open to it)."""
    return next((f for f in waiting(state) if len(choices(state, f)) > 1), None)


def land_one(state: Aa50State, fighter: str, to: str) -> list[Event]:
    f = state.units.get(fighter)
    if f is None or f not in waiting(state) or to not in choices(state, f):
        raise RuleViolation("aa50.combat.bad_landing", "AA50 7.2.1", to=to)
    _put(state, f, to)
    return [ev("aa50.moved", power=f.owner, units=[f.id], to=to)]


def settle(state: Aa50State) -> list[Event]:
    """Fighters with one place to land land there; those with none are destroyed."""
    lost = []
    events: list[Event] = []
    for f in waiting(state):
        where = choices(state, f)
        if not where:
            lost.append(f.id)
        elif len(where) == 1:
            _put(state, f, where[0])
            events.append(ev("aa50.moved", power=f.owner, units=[f.id], to=where[0]))
    return events + (casualties.destroy(state, lost) if lost else [])


def _put(state: Aa50State, f: Unit, to: str) -> None:
    deck = _deck(state, to, f) if board.is_sea(to) else None
    f.at, f.carried_by = to, deck.id if deck is not None else None


def _deck(state: Aa50State, zone: str, f: Unit) -> Unit | None:
    """A carrier of the fighter's side in ``zone`` with room for it, its own power's first."""
    decks = [c for c in query.at(state, zone) if c.type == "carrier"]
    for c in sorted(decks, key=lambda c: (c.owner != f.owner, c.id)):
        if board.allied(c.owner, f.owner) and len(query.cargo(state, c)) < CARRIER_CAPACITY:
            return c
    return None
