"""AA50 5.5 and its note 36: the order of a turn's battles. The attacker decides the whole
order once, before the first battle is fought, and it is not changed on the way: strategic
bombing raids first (5.5.1), then the amphibious assaults (5.5.2), each whole before the next
(note 35: its sea combat in the zones its transports unload from, 5.5.2.1, then its land
combat, 5.5.2.3; an assault is named by its territory), then general combat (5.5.3), every
other battle. Where the next place in the order has one candidate it is filled by itself.

While the order is being decided the attacker may also decline a battle against submarines
(``hold_fire``: 5.4, 5.4.6, 7.3.5, 5.5.2.1); once the battles begin, it is too late."""

from __future__ import annotations

from bot.rules.aa50 import board, query
from bot.rules.aa50.state import Aa50State
from bot.rules.aa50.words import ev
from bot.rules.core import Event, RuleViolation


def options(state: Aa50State) -> list[str]:
    """The battles that may take the next place in the order."""
    placed = set(state.battle_plan)
    left = [w for w in state.battles if w not in placed]
    raids = [w for w in left if w in state.bombing]
    if raids:
        return raids
    assaults = [w for w in left if w in state.assaults]
    if assaults:
        return assaults
    zones = {z for zs in state.assaults.values() for z in zs}
    return [w for w in left if w not in zones]


def holdable(state: Aa50State) -> list[str]:
    """Battles the attacker may still decline (5.4 and its note 23, 5.4.6, 7.3.5 Sub
    Movement, 5.5.2.1): sea zones not yet placed in the order where the enemy has only
    submarines, or submarines and transports. Where it has transports alone they are
    destroyed, a battle all the same (7.3.6). Ruling: a zone with both counts as "only
    submarines and transports" (note 23's third case), so the attacker may leave both be."""
    if state.planned:
        return []
    out = []
    for w in state.battles:
        if not board.is_sea(w) or w in state.bombing or w in state.battle_plan:
            continue
        kinds = {u.type for u in query.defenders(state, w, state.power)}
        if "submarine" in kinds and kinds <= {"submarine", "transport"}:
            out.append(w)
    return sorted(out)


def asked(state: Aa50State) -> bool:
    """Whether the attacker owes a decision on the order (or a battle to decline)."""
    if state.planned or state.battle is not None:
        return False
    left = options(state)
    return len(left) >= 2 or (bool(left) and bool(holdable(state)))


def choose(state: Aa50State, where: str) -> list[Event]:
    """Note 36: ``where`` takes the next place in the order."""
    if state.planned or where not in options(state):
        raise RuleViolation("aa50.combat.no_battle", "AA50 5.5.3", where=where)
    state.battle_plan.append(where)
    return [ev("aa50.battle_next", where=where, n=len(state.battle_plan))]


def settle(state: Aa50State) -> None:
    """No decision owed: the one candidate takes the next place, or the order is complete."""
    left = options(state)
    if left:
        state.battle_plan.append(left[0])
    else:
        state.planned = True


def hold_fire(state: Aa50State, where: str) -> list[Event]:
    """The attacker's units in ``where`` leave the enemy submarines there be: no battle (and,
    for an amphibious assault from that zone, no sea combat: its ships may bombard,
    5.5.2.2)."""
    if where not in holdable(state):
        raise RuleViolation("aa50.combat.no_hold_fire", "AA50 5.4.6", where=where)
    state.battles.remove(where)
    return [ev("aa50.hold_fire", where=where)]


def assault_next(state: Aa50State, where: str) -> list[str]:
    """The next battle of the amphibious assault on ``where``: a sea battle in one of its
    zones still to be fought, else its land combat."""
    seas = [z for z in state.assaults.get(where, []) if z in state.battles]
    return sorted(seas)[:1] or ([where] if where in state.battles else [])


def next_battle(state: Aa50State) -> list[str]:
    """The battle to fight now, in the order decided (none: all are fought)."""
    if state.assault_now is not None:
        follow = assault_next(state, state.assault_now)
        if follow:
            return follow
        state.assault_now = None
    while state.battle_plan:
        where = state.battle_plan.pop(0)
        if where in state.battles:
            return [where]
    return sorted(state.battles)[:1]
