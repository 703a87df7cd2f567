"""AA50 5.5.3.2-5.5.3.3: the owner of the units hit chooses the casualties.

Each batch of hits says what it may fall on (submarines hit only ships, 7.3.5; aircraft hit
no submarine without a friendly destroyer, 7.3.4; bombardment hits land units, 7.3.1).
Transports are chosen last (7.3.6). A battleship takes two hits (7.3.1): its options are
``<id>`` (a hit) and ``<id>/2`` (the second hit, sinking it).

The default (a deadline's answer) is the owner's standing casualty order, answering at once
when the owner asked it to (standing.py)."""

from __future__ import annotations

from bot.rules.aa50 import board, chronicle, query
from bot.rules.aa50.board import Power
from bot.rules.aa50.combat import standing
from bot.rules.aa50.state import Aa50State, Battle, Hits, Unit
from bot.rules.aa50.words import ev
from bot.rules.core import Event, RuleViolation


def side_units(state: Aa50State, battle: Battle, side: str) -> list[Unit]:
    if side == "attacker":
        return query.combatants(state, battle.where, battle.attacker)
    return query.defenders(state, battle.where, battle.attacker)


def _fits(u: Unit, kind: str) -> bool:
    if kind == "sea":
        return u.type in board.SEA_UNITS
    if kind == "no_sub":
        return u.type != "submarine"
    if kind == "land":
        return u.type in board.LAND_UNITS
    return True


def slots(state: Aa50State, battle: Battle, hits: Hits) -> list[str]:
    """Every hit a unit of the side may take, in the order its owner loses them: its
    standing casualty order, or the standard one (standing.py)."""
    units = [
        u
        for u in side_units(state, battle, hits.side)
        if _fits(u, hits.kind) and u.id not in battle.doomed
    ]
    out: list[str] = []
    for u in units:
        out.append(u.id)
        if u.type == "battleship" and u.hits == 0:
            out.append(f"{u.id}/2")
    return standing.rank(state, battle, hits, out, owner_of(state, battle, hits))


def needed(state: Aa50State, battle: Battle, hits: Hits) -> int:
    return min(hits.count, len(slots(state, battle, hits)))


def choice_open(state: Aa50State, battle: Battle, hits: Hits) -> bool:
    """Whether the owner has a real choice (otherwise the hits are taken at once)."""
    if standing.automatic(state, owner_of(state, battle, hits)):
        return False
    options = slots(state, battle, hits)
    n = needed(state, battle, hits)
    if n == 0 or n >= len(options):
        return False
    kinds = {_signature(state, s) for s in options}
    return len(kinds) > 1


def _signature(state: Aa50State, slot: str) -> tuple[str, int, bool]:
    uid, second = slot.split("/", maxsplit=1)[0], slot.endswith("/2")
    u = state.units[uid]
    return (u.type, u.hits, second)


def default(state: Aa50State, battle: Battle, hits: Hits) -> list[str]:
    return slots(state, battle, hits)[: needed(state, battle, hits)]


def owner_of(state: Aa50State, battle: Battle, hits: Hits) -> Power:
    """Who chooses: the attacker for its units; for the defence, the territory's controller
    or, at sea, the defending power with most units there. Ruling: 5.5.4.1 has the defending
    allies agree; the engine gives the choice to the power holding the space."""
    if hits.side == "attacker":
        return battle.attacker
    units = side_units(state, battle, "defender")
    holder = state.owners.get(battle.where)
    if holder is not None:
        return holder
    counts: dict[Power, int] = {}
    for u in units:
        counts[u.owner] = counts.get(u.owner, 0) + 1
    return max(sorted(counts), key=lambda p: counts[p]) if counts else battle.attacker


def check(state: Aa50State, battle: Battle, hits: Hits, picked: list[str]) -> None:
    section = "AA50 5.5.3"
    options = slots(state, battle, hits)
    if len(picked) != needed(state, battle, hits) or not set(picked) <= set(options):
        raise RuleViolation("aa50.casualties.wrong", section, hits=needed(state, battle, hits))
    for s in picked:
        if s.endswith("/2") and s.split("/")[0] not in picked:
            raise RuleViolation("aa50.casualties.second_hit_first", "AA50 7.3.1")
    left = [s for s in options if s not in picked]
    if any(state.units[s.split("/")[0]].type == "transport" for s in picked) and any(
        state.units[s.split("/")[0]].type != "transport" for s in left
    ):
        raise RuleViolation("aa50.casualties.transports_last", "AA50 7.3.6")


def take(state: Aa50State, battle: Battle, hits: Hits, picked: list[str]) -> list[Event]:
    """Apply chosen hits: a battleship's single hit damages it; other units are destroyed at
    once (final hits) or marked to fire back first (5.5.3.2)."""
    lost: list[str] = []
    for s in picked:
        uid = s.split("/")[0]
        u = state.units[uid]
        if u.type == "battleship" and u.hits == 0 and f"{uid}/2" not in picked:
            u.hits = 1
            continue
        if hits.final:
            lost.append(uid)
        elif uid not in battle.doomed:
            battle.doomed.append(uid)
    events = [ev("aa50.hits_taken", where=battle.where, who=hits.side, units=sorted(picked))]
    if lost:
        events += destroy(state, lost)
    return events


def destroy(state: Aa50State, ids: list[str]) -> list[Event]:
    """Units removed; cargo goes down with its transport (7.3.6) and fighters on a sunk carrier
    that take no part in the battle with it (cargo, 5.4.5)."""
    gone = set(ids)
    for uid in ids:
        ship = state.units[uid]
        for c in query.cargo(state, ship):
            # An ally's fighter on the attacker's carrier is cargo and sinks with it (5.4.5).
            if c.type != "fighter" or (ship.owner == state.power and c.owner != ship.owner):
                gone.add(c.id)
    chronicle.lost(state, [state.units[uid] for uid in sorted(gone) if uid in state.units])
    for uid in sorted(gone):
        state.units.pop(uid, None)
    for u in state.units.values():
        if u.carried_by in gone:
            u.carried_by = None
    return [ev("aa50.destroyed", units=sorted(gone))]
