"""AA50 5.6.1.2 (3), 5.6.1.3, 7.2.1, 7.3.2: decks owed to fighters waiting over sea zones in
the noncombat move.

A fighter may end its noncombat move over a sea zone with no free deck only where a carrier
will be: one of its power's carriers that can still sail there in this noncombat move (it did
not move in the combat move, 5.6.1.3 (1), and no fighter has landed on it, 5.6.1.2 (2)), a
carrier already declared to pick fighters up there (7.2, pickup.py), or a carrier bought this
turn that one of the power's factories can place there (5.6.1.2 (1)). Such a fighter waits
(``Aa50State.awaiting``) and the power's carriers owe it a deck:

- the move is refused when no carrier can come or be placed for every fighter waiting
  (``aa50.move.no_deck_coming``: 「你不可以故意把空军部队移动到周围没有安全着陆点的地域去」);
- no later order may break the promise, neither a carrier sailing elsewhere nor a fighter
  landing on the carrier that was to come (landing ends its move, 5.6.1.2 (2))
  (``aa50.move.deck_owed``: 「你的航空母舰必须竭尽所能地去到该海域」, 7.3.2);
- when the noncombat move ends, the carriers that owe a deck sail to the fighters by
  themselves (``keep``), so a deadline never leaves a promise unkept; a fighter left over a
  sea zone without having moved (after a sea battle, or taken off from a carrier that moved
  in the combat move) ends its move there too, and a carrier that can still reach it and is
  needed by no waiting fighter goes to it (5.6.1.3: the zone is the only place it can land);
- a fighter waiting for a new carrier that is not placed under it is lost when mobilization
  ends (mobilize.crash, 5.6.1.2: aircraft with nowhere to land are destroyed).

Rulings:
- Only the power's own carriers owe decks: an ally's carrier moves in its own turn (7.3.2).
- A new carrier counts against its factory's limit (5.7.1): a factory promises no more new
  carriers than it may place, and all factories together no more than were bought.
- The engine picks which carrier goes where (the first assignment that serves every waiting
  fighter, carriers by id); the player may instead sail them there first."""

from __future__ import annotations

from dataclasses import dataclass

from bot.rules.aa50 import air, board, mobilize, movement, query
from bot.rules.aa50.components import CARRIER_CAPACITY
from bot.rules.aa50.state import Aa50State
from bot.rules.aa50.words import ev
from bot.rules.core import Event, RuleViolation


@dataclass(frozen=True)
class Deck:
    """Room for fighters that may be in any one of ``zones`` when the turn's moves are done:
    a carrier (``carrier``) or a new carrier a factory may place (``factory``)."""

    room: int
    zones: frozenset[str]
    carrier: str | None = None
    factory: str | None = None


def waiting(state: Aa50State, fighters: list[str]) -> dict[str, int]:
    """Fighters still in the air over a sea zone, counted by zone."""
    out: dict[str, int] = {}
    for fid in fighters:
        f = state.units.get(fid)
        if f is not None and f.carried_by is None and board.is_sea(f.at):
            out[f.at] = out.get(f.at, 0) + 1
    return out


def decks(state: Aa50State, power: str) -> list[Deck]:
    """Every deck of ``power``'s side with room, and where it may be once the noncombat move
    is over (computed once for a position)."""
    if state._decks is not None:
        return state._decks
    free = {u.id for u in movement.movable(state, power, False) if u.type == "carrier"}
    out: list[Deck] = []
    for c in sorted(state.units.values(), key=lambda u: u.id):
        if c.type != "carrier" or not board.allied(c.owner, power):
            continue
        room = CARRIER_CAPACITY - len(query.cargo(state, c))
        if room <= 0:
            continue
        zones = {c.at}
        if c.id in free:
            reach = set(movement.paths(state, c, False, promises=False))
            # 7.2: a carrier declared for a pick-up sails only to its zone (pickup.py).
            declared = c.id in state.pickups and c.at != state.pickups[c.id]
            zones = reach if declared else zones | reach
        out.append(Deck(room, frozenset(zones), carrier=c.id))
    bought = state.pending.get(power, {}).get("carrier", 0)
    if bought and power == state.power:
        # 5.4.2 note 26: a new carrier declared in the combat move is placed where declared.
        out += [Deck(CARRIER_CAPACITY, frozenset({z}), factory=z) for z in state.new_decks]
        undeclared = bought - len(state.new_decks)
        for f in sorted(state.units.values(), key=lambda u: u.id):
            if f.type != "factory" or f.owner != power or undeclared <= 0:
                continue
            seas = frozenset(z for z in board.adjacent(f.at) if board.is_sea(z))
            near = sum(1 for z in state.new_decks if z in seas)
            n = min(undeclared, mobilize.capacity(state, f.at) - near)
            if seas and n > 0:
                out += [Deck(CARRIER_CAPACITY, seas, factory=f.at)] * n
    state._decks = out
    return out


def plan(state: Aa50State, need: dict[str, int], pool: list[Deck]) -> list[str | None] | None:
    """A zone for each deck (None: it goes nowhere in particular) that gives every zone of
    ``need`` its fighters' room, or None when there is none. New carriers: no more than were
    bought (``pool`` holds up to that many per factory)."""
    left = {z: n for z, n in need.items() if n > 0}
    if not left:
        return [None] * len(pool)
    useful = [i for i, d in enumerate(pool) if d.zones & left.keys()]
    bought = state.pending.get(state.power, {}).get("carrier", 0)
    picks: list[str | None] = [None] * len(pool)
    rooms = [pool[i].room for i in useful]
    tail = [sum(rooms[k:]) for k in range(len(rooms) + 1)]

    def go(k: int, new: int) -> bool:
        short = sum(n for n in left.values() if n > 0)
        if short == 0:
            return True
        if k == len(useful) or tail[k] < short:
            return False
        i = useful[k]
        d = pool[i]
        if d.carrier is not None or new > 0:
            for z in sorted(d.zones):
                if left.get(z, 0) > 0:
                    left[z] -= d.room
                    picks[i] = z
                    if go(k + 1, new - (d.carrier is None)):
                        return True
                    left[z] += d.room
                    picks[i] = None
        return go(k + 1, new)

    return picks if go(0, bought) else None


def settle(state: Aa50State, power: str, moved: list[str]) -> None:
    """After a noncombat move: the fighters it left in the air over a sea zone wait there; every
    fighter waiting must still have a deck coming, or the order is refused (the state is a
    copy, Ruleset.apply)."""
    state.forget()
    keep = [f for f in state.awaiting if f not in moved]
    for uid in moved:
        u = state.units.get(uid)
        if u is not None and u.type == "fighter" and u.carried_by is None and board.is_sea(u.at):
            keep.append(uid)
    state.awaiting = [f for f in keep if waiting(state, [f])]
    if not state.awaiting:
        return
    if plan(state, waiting(state, state.awaiting), decks(state, power)) is None:
        mine = [uid for uid in moved if uid in state.awaiting]
        if mine:
            raise RuleViolation(
                "aa50.move.no_deck_coming", "AA50 5.6.1.2", to=state.units[mine[0]].at
            )
        zone = state.units[state.awaiting[0]].at
        raise RuleViolation("aa50.move.deck_owed", "AA50 7.3.2", to=zone)


def attempt(state: Aa50State, unit: str, dest: str, path: list[str]) -> str | None:
    """The refusal a noncombat move of one unit to ``dest`` would meet for the decks owed
    (None: none), tried on a copy (for menus, which list exactly the legal orders)."""
    return movement.trial(state, unit, dest, path, False)


def may_end(state: Aa50State, fighter: str, zone: str) -> bool:
    """Whether a fighter may end its noncombat move over ``zone`` (a sea zone in its range)."""
    power = state.power
    seats = any(
        c.type == "carrier"
        and board.allied(c.owner, power)
        and len(query.cargo(state, c)) < CARRIER_CAPACITY
        for c in query.at(state, zone)
    )
    if not state.awaiting and query.deck_room(state, zone, power) > 0:
        return True  # it lands at once, and no deck is owed that its landing could take
    if not seats:  # it lands on nothing and pins no carrier: one more fighter waits there
        need = waiting(state, [f for f in state.awaiting if f != fighter])
        need[zone] = need.get(zone, 0) + 1
        return plan(state, need, decks(state, power)) is not None
    f = state.units[fighter]
    return attempt(state, fighter, zone, air.route(f.at, zone)) is None


def keep(state: Aa50State) -> list[Event]:
    """The noncombat move ends: carriers sail to the fighters waiting for them, then to other
    fighters of the power left over a sea zone that they alone can still save (5.6.1.3)."""
    power = state.power
    pool = decks(state, power)
    need = waiting(state, state.awaiting)
    picks = plan(state, need, pool) or [None] * len(pool)
    others = [
        u.id
        for u in state.units.values()
        if u.owner == power and u.type == "fighter" and u.id not in state.awaiting
    ]
    stranded = waiting(state, others)
    for zone in sorted(stranded):
        wider = {**need, zone: need.get(zone, 0) + stranded[zone]}
        better = plan(state, wider, pool)
        if better is not None:
            need, picks = wider, better
    events: list[Event] = []
    for deck, goal in zip(pool, picks, strict=True):
        c = state.units.get(deck.carrier) if deck.carrier is not None else None
        if c is None or goal is None or c.at == goal or c.owner != power:
            continue
        route = movement.paths(state, c, False, promises=False).get(goal)
        if route is None:
            continue
        movement.sail(state, c, goal, len(route))
        events.append(ev("aa50.moved", power=power, units=[c.id], to=goal))
    # The promises are kept: fighters still waiting wait for new carriers (mobilize.crash).
    state.awaiting = []
    state.forget()
    return events
