"""Rolling a unit's dice at another unit, and the hits (Pocket Battles 5.4, also used by 5.5,
5.6 and 5.7).

5.4 A unit rolls one die, plus the charge bonus when it charges (one die; two with Impetus,
    9.7) and the dice of its traits (Excite 9.2, +X Engagement 9.10, +X Shooting 9.11, Fury
    9.9). Each die is compared with every number of the kind used (black for engagement,
    white for shooting, 2.2) on every troop of the unit: each match is one hit. +X Wounds
    (9.12) adds X hits when at least one scored. The hit unit's owner assigns the hits to its
    troops; a troop dies when its wounds reach its wound points (2.5), and until then each
    hit turns an order token over as a wound (5.4, 7.4). Disband (9.13) then costs the
    enemy an unused token if the struck unit survived a hit.
Ruling: a unit without numbers of the kind used does not roll (no die could hit).
Ruling: a hit on a troop when no token is left to turn over kills the troop (the wound
cannot be marked otherwise; NOTES.md leaves the shortage open).
"""

from __future__ import annotations

from bot.rules.core import Dice, Event, RuleViolation, t
from bot.rules.core.text import die
from bot.rules.pocket_battles import board, fight, tokens
from bot.rules.pocket_battles import events as E
from bot.rules.pocket_battles.names import tile_text, unit_text
from bot.rules.pocket_battles.state import Combat, Hits, PocketBattlesState, Strike, Troop, Unit

SHOTS = ("shot", "reaction_shot")


def dice_count(state: PocketBattlesState, strike: Strike, unit: Unit) -> int:
    shooting = strike.kind in SHOTS
    n = 1 + strike.bonus
    n += board.trait_x(unit, "plus_shooting" if shooting else "plus_engagement")
    if not shooting and board.has_trait(unit, "fury"):
        n += unit.orders  # 9.9: one die per order token on the unit, not wound tokens
    return n


def numbers(unit: Unit, strike: Strike) -> list[int]:
    return board.shooting_numbers(unit) if strike.kind in SHOTS else board.engagement_numbers(unit)


def reveal(state: PocketBattlesState, unit: Unit) -> list[Event]:
    """Option ``reveal = first_fight``: a stack is spread out when it first fights (4.4)."""
    if unit.revealed:
        return []
    unit.revealed = True
    return [
        E.Revealed(unit=unit_text(unit), tiles=[tr.tile for tr in unit.troops]).event(reveals=True)
    ]


def strike(state: PocketBattlesState, combat: Combat, s: Strike, dice: Dice) -> list[Event]:
    """Roll one strike and queue its hits (auto-assigned where the owner has no choice)."""
    striker = state.units[s.striker]
    target = state.units[s.target]
    events = reveal(state, striker) + reveal(state, target)
    if s.split_with is not None:
        events += reveal(state, state.units[s.split_with])
    faces = numbers(striker, s)
    if not faces:
        return events
    rolled: list[int] = []
    hits = 0
    for _ in range(dice_count(state, s, striker)):
        value = dice.roll(t("pb.roll.strike", kind=t(f"pb.strike.{s.kind}").model_dump()))
        rolled.append(value)
        hits += faces.count(value)
    if hits:
        hits += board.trait_x(striker, "plus_wounds")  # 9.12
    events.append(
        E.STRIKES[s.kind](
            side=striker.side,
            unit=unit_text(striker),
            target=unit_text(target),
            dice=[_die(v, faces.count(v)) for v in rolled],
            hits=hits,
        ).event()
    )
    fight.rolled(state, s, rolled, faces, hits)
    combat.current = s
    combat.scored = hits
    for unit_id, count in _share(state, s, hits):
        if count:
            combat.hits.append(Hits(unit=unit_id, count=count, striker=s.striker, kind=s.kind))
    return events + settle(state, combat)


def _die(face: int, hits: int) -> dict[str, object]:
    return die(face, outcome="pb.die.hits", hits=hits) if hits else die(face, outcome="pb.die.miss")


def _share(state: PocketBattlesState, s: Strike, hits: int) -> list[tuple[str, int]]:
    """Pocket Battles 5.7: a shot into an engagement hurts both sides. Ruling (option
    ``engagement_shot``): the hits alternate, the enemy first."""
    if s.split_with is None or state.options.engagement_shot == "target_only":
        return [(s.target, hits)]
    return [(s.target, (hits + 1) // 2), (s.split_with, hits // 2)]


def needs_choice(unit: Unit, count: int) -> bool:
    """Whether the owner has a real choice: more than one troop, and not every troop dies."""
    if len(unit.troops) <= 1:
        return False
    left = sum(board.tile(tr.tile).wounds - tr.damage for tr in unit.troops)
    return count < left


def settle(state: PocketBattlesState, combat: Combat) -> list[Event]:
    """Assign every queued hit that needs no choice; stop at the first that does."""
    events: list[Event] = []
    while combat.hits:
        h = combat.hits[0]
        unit = state.units[h.unit]
        if unit.destroyed:
            combat.hits.pop(0)
            continue
        if needs_choice(unit, h.count):
            return events
        while h.count and not unit.destroyed:
            events += hit(state, unit, unit.troops[0])
            h.count -= 1
        combat.hits.pop(0)
    return events + after_strike(state, combat)


def assign(state: PocketBattlesState, combat: Combat, troop_tile: str) -> list[Event]:
    """The owner puts the next hit on ``troop_tile`` (5.4: the defender assigns)."""
    h = combat.hits[0]
    unit = state.units[h.unit]
    troop = next((tr for tr in unit.troops if tr.tile == troop_tile), None)
    if troop is None:
        raise RuleViolation("pb.assign.bad_troop", "Pocket Battles 5.4", troop=troop_tile)
    events = hit(state, unit, troop)
    h.count -= 1
    if h.count == 0 or unit.destroyed:
        combat.hits.pop(0)
    return events + settle(state, combat)


def hit(state: PocketBattlesState, unit: Unit, troop: Troop) -> list[Event]:
    """One hit on one troop: a wound token, or the troop's death (2.5, 5.4, 7.4)."""
    label = unit_text(unit)
    wounds = board.tile(troop.tile).wounds
    if troop.damage + 1 < wounds and tokens.take_for_wound(state, unit):
        troop.damage += 1
        fight.hit(state, unit, troop.tile, lost=False)
        return [E.Wounded(side=unit.side, unit=label, troop=tile_text(troop.tile)).event()]
    unit.troops.remove(troop)
    fight.hit(state, unit, troop.tile, lost=True)
    events = [
        E.TroopLost(
            side=unit.side, troop=tile_text(troop.tile), points=board.tile(troop.tile).points
        ).event()
    ]
    events += tokens.troop_lost(state, unit, troop)
    if not unit.troops:
        tokens.unit_lost(state, unit)
        events.append(E.UnitLost(side=unit.side, unit=label).event())
    return events


def after_strike(state: PocketBattlesState, combat: Combat) -> list[Event]:
    """Once a strike's hits are all assigned: Disband (9.13) and whether a charge destroyed
    its target (9.8)."""
    s = combat.current
    if s is None:
        return []
    combat.current = None
    striker = state.units[s.striker]
    target = state.units[s.target]
    events: list[Event] = []
    if s.kind == "charge" and target.destroyed:
        combat.destroyed_target = True
    if combat.scored and not target.destroyed and board.has_trait(striker, "disband"):
        foe = state.sides[target.side]
        if foe.unused > 0:
            foe.unused -= 1
            foe.set_aside += 1
            events.append(E.Disbanded(side=target.side).event())
    return events
