"""The submarine operation (GJ74 6): each submarine of the side whose SS chit was drawn acts
once, one after another (6(5)); nuclear submarines as 18.2 says."""

from __future__ import annotations

from bot.rules.core import Dice, Event, RuleViolation
from bot.rules.gj74 import board, combat, movement, search
from bot.rules.gj74.actions import (
    SUB_FIELDS,
    SURFACE,
    AimTorpedoes,
    SubAction,
    SurfaceAction,
    given,
)
from bot.rules.gj74.state import GJ74State, Side, Torpedo, Unit, other
from bot.rules.gj74.units import face_up_enemies, hide, show, unit_tech

SECTION = "GJ74 6"


def can_act(u: Unit, side: Side) -> bool:
    return u.side == side and u.sub and not u.acted and u.status in ("map", "offmap")


def kinds_for(u: Unit) -> tuple[str, ...]:
    """6(3): a face-down submarine does anything but dive; a face-up one only dives, and a
    face-up SSN may also move (18.2(2)). One waiting off the map can only enter (20.1)."""
    if u.status == "offmap":
        return ("move",)
    if u.face_up:
        return ("dive", "move") if board.ship(u.cls).type == "SSN" else ("dive",)
    return ("move", "move_search", "move_attack", "search_search", "attack_attack")


def steps_for(u: Unit, kind: str, target: str | None) -> int:
    """8(2): SS 1 hex, SSN 2 when moving or moving to attack ships (18.2(1)), else 1."""
    ssn = board.ship(u.cls).type == "SSN"
    if ssn and (kind == "move" or (kind == "move_attack" and target == SURFACE)):
        return 2
    return 1


def act(state: GJ74State, side: Side, a: SubAction, dice: Dice) -> list[Event]:
    u = state.units.get(a.unit)
    if u is None or not can_act(u, side):
        raise RuleViolation("gj74.sub.not_yours", SECTION)
    if a.kind not in kinds_for(u):
        raise RuleViolation("gj74.sub.kind", "GJ74 6(3)", unit=u.id)
    check_fields(a, SUB_FIELDS[a.kind], SECTION)
    if a.kind == "dive":
        u.acted = True
        return [hide(u)]
    if a.kind in ("move_attack", "attack_attack"):
        combat.check_first_strike(state, side)
    events: list[Event] = []
    here = u.hex
    if a.kind.startswith("move"):
        if not a.to:
            raise RuleViolation("gj74.move.where", SECTION)
        _check_target(state, side, a, a.to)
        steps = steps_for(u, a.kind, a.target)
        if movement.ask_route(state, side, [u], a.to, a.via or None, steps, a, SECTION):
            return []  # 8(1): its owner chooses the hex it passes through first
        was_up = u.face_up
        if steps == 2 and a.to != here and (here is None or board.distance(here, a.to) == 2):
            events += show(u)  # 18.2(1): a two-hex dash shows the SSN's face
        events += movement.move(state, side, [u], a.to, a.via or None, steps, SECTION, dice)
        if was_up and a.kind == "move":
            u.acted = True
            return events  # 18.2(2): a face-up SSN moves face up
    else:
        if here is None:
            raise RuleViolation("gj74.sub.kind", "GJ74 6(3)", unit=u.id)
        _check_target(state, side, a, here)
    u.acted = True
    if u.face_up or a.kind == "move":
        return events  # 6(1)2-3: found while moving, it does no more
    assert u.hex is not None
    if a.kind in ("move_search", "search_search"):
        return events + _search(state, side, u, a, dice)
    return events + _attack(state, side, u, a, dice)


def _check_target(state: GJ74State, side: Side, a: SubAction, hex_id: str) -> None:
    """6(2): a submarine searches and attacks in its own hex only; attacks need face-up
    targets (10) and never in an enemy port (14(7))."""
    if a.kind in ("move_search", "search_search"):
        if a.target != SURFACE:
            t_ = state.units.get(a.target or "")
            if (
                t_ is None
                or t_.side == side
                or not t_.sub
                or t_.hex != hex_id
                or t_.status != "map"
            ):
                raise RuleViolation("gj74.search.no_target", "GJ74 9.3", hex=hex_id)
        return
    if a.kind not in ("move_attack", "attack_attack"):
        return
    if a.target == SURFACE:
        if board.is_port(hex_id, board.scenario(state.scenario).nations(other(side))):
            raise RuleViolation("gj74.attack.enemy_port", "GJ74 14(7)", hex=hex_id)
        ships = face_up_enemies(state, side, hex_id, sub=False)
        if (
            not ships
            or not a.targets
            or not set(a.targets) <= {s.id for s in ships}
            or len(set(a.targets)) != len(a.targets)
        ):
            raise RuleViolation("gj74.attack.face_down", "GJ74 10")
        return
    combat.enemy_target(state, side, a.target, hex_id, True, "GJ74 11")


def _search(state: GJ74State, side: Side, u: Unit, a: SubAction, dice: Dice) -> list[Event]:
    assert u.hex is not None
    if a.target == SURFACE:
        return search.surface_search(state, side, u.hex)  # 9.2(1)2
    target = state.units[a.target or ""]
    n = 1 if a.kind == "move_search" else 2  # 9.3(3)2
    return search.roll_for_sub(state, target, n, dice, "searched")


def _attack(state: GJ74State, side: Side, u: Unit, a: SubAction, dice: Dice) -> list[Event]:
    """6(4): it turns face up to attack and face down after; the enemy has seen it."""
    assert u.hex is not None
    events = show(u)
    rounds = 1 if a.kind == "move_attack" else 2
    if a.target == SURFACE:
        u.attacked_ship = True  # 6(7), 14(6)
        return events + _torpedo_rounds(state, u, list(a.targets), rounds, dice)
    target = state.units[a.target or ""]
    if target.status == "map":
        events += combat.against_sub(state, target, rounds, unit_tech(state, u), dice)  # 11(1)
    return events


def _torpedo_rounds(
    state: GJ74State, u: Unit, targets: list[str], rounds: int, dice: Dice
) -> list[Event]:
    """14, once per attack (twice for attack-attack, 6(1)5): the ships' ASW fires (14(1)-(2)),
    then the owner deals what is left of the anti-ship over the ships attacked (14(3)): asked
    when he has a choice (a multi-target submarine, two ships or more, dice to deal), else
    the dice go to the one ship. A single-target submarine fires at the first ship named."""
    events: list[Event] = []
    while rounds > 0:
        rounds -= 1
        ships = [s for s in (state.units[x] for x in targets) if s.status == "map"]
        if not ships:
            break
        left, fired = combat.asw_fire(state, u, ships, dice)
        events += fired
        if not board.ship(u.cls).multi_target:
            ships = ships[:1]
        if left and len(ships) > 1:
            state.torpedo = Torpedo(
                sub=u.id, targets=[s.id for s in ships], left=left, rounds=rounds
            )
            return events
        if left:
            events += combat.torpedoes(state, u, {ships[0].id: left}, dice)
    return events


def torpedo_default(tp: Torpedo) -> dict[str, object]:
    """The deadline's deal (the old ruling, one die to each ship in turn): the first ship
    dealt nothing yet gets its even share of what is left."""
    fresh = [x for x in tp.targets if not tp.dealt.get(x)]
    if not fresh:
        return {"type": "aim_torpedoes", "target": tp.targets[0], "n": tp.left}
    return {"type": "aim_torpedoes", "target": fresh[0], "n": -(-tp.left // len(fresh))}


def aim(state: GJ74State, side: Side, a: AimTorpedoes, dice: Dice) -> list[Event]:
    """14(3): the owner deals the final anti-ship freely over the ships attacked, several to
    one ship if he likes; once all is dealt each ship's dice are rolled (14(4)-(5))."""
    tp = state.torpedo
    if tp is None or state.units[tp.sub].side != side:
        raise RuleViolation("gj74.torpedo.nothing", "GJ74 14")
    if a.target not in tp.targets:
        raise RuleViolation("gj74.torpedo.target", "GJ74 14(3)")
    if a.n > tp.left:
        raise RuleViolation("gj74.torpedo.too_many", "GJ74 14(3)", n=tp.left)
    tp.dealt[a.target] = tp.dealt.get(a.target, 0) + a.n
    tp.left -= a.n
    if tp.left > 0:
        return []
    state.torpedo = None
    u = state.units[tp.sub]
    deal = {x: tp.dealt.get(x, 0) for x in tp.targets}
    events = combat.torpedoes(state, u, deal, dice)
    return events + _torpedo_rounds(state, u, tp.targets, tp.rounds, dice)


def end(state: GJ74State) -> list[Event]:
    """6(7): submarines that attacked ships go home; the others may act again next time."""
    events = []
    for u in state.units.values():
        if u.attacked_ship and u.status == "map":
            u.status = "returned"
            u.hex = None
            events.append(Event(kind="gj74.went_home", params={"unit": u.id}))
        u.attacked_ship = False
        u.acted = False
    return events


def check_fields(a: SubAction | SurfaceAction, allowed: frozenset[str], section: str) -> None:
    """An order fills in exactly the inputs its kind takes: a target for a search or an
    attack, the ships attacked only when the target is the hex's surface ships."""
    extra = given(a) - allowed
    if a.target != SURFACE:
        extra |= given(a) & {"targets", "target_hex"}
    needs = {"target"} & allowed
    missing = needs - given(a)
    if extra or missing:
        raise RuleViolation("gj74.order.fields", section, field=",".join(sorted(extra | missing)))
