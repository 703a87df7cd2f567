"""The base air operation (GJ74 5): declare a range (5.1(1)), roll once on the Air Operations
Table (5.1(2)-(3), -2 at night, 4.3), then spend the actions on searches and strikes at
targets within range of a friendly air base (5.2), aircraft as 5.3 says; each target is
resolved before the next (5.4(3)); the other side may intercept each strike (17, intercept.py)."""

from __future__ import annotations

from bot.rules.core import Dice, Event, RuleViolation, t
from bot.rules.core.text import die
from bot.rules.gj74 import battle, board, carrier, combat, optional, search
from bot.rules.gj74.actions import SURFACE, AirRange, AirSearch, AirStrike
from bot.rules.gj74.state import AirOp, GJ74State, Gun, Side, Strike, other
from bot.rules.gj74.units import at, face_up_enemies, tech

SECTION = "GJ74 5"


def night(state: GJ74State) -> bool:
    """4.3: air operations at night roll 2 lower."""
    return board.night(state.turn)


def declare(state: GJ74State, side: Side, a: AirRange, dice: Dice) -> list[Event]:
    if state.air is not None and state.air.distance is not None:
        raise RuleViolation("gj74.air.declared", "GJ74 5.1")
    face = dice.roll(t("gj74.die.air_ops", side=t(f"gj74.seat.{side}").model_dump()))
    modifier = (-2 if night(state) else 0) + optional.air_modifier(state, side)  # 4.3, 22.3
    actions = board.comps().air_actions("base_air_ops", a.distance, face + modifier) or 0
    state.air = AirOp(distance=a.distance, actions=actions)
    shown = die(face, bonus=modifier)
    return [
        Event(
            kind="gj74.air_actions",
            params={"side": side, "distance": a.distance, "die": shown, "n": actions},
        )
    ]


def _op(state: GJ74State) -> AirOp:
    if state.air is None or state.air.distance is None:
        raise RuleViolation("gj74.air.no_range", "GJ74 5.1")
    return state.air


def _in_range(
    state: GJ74State, side: Side, hex_id: str, op: AirOp, origin: str, sub: bool, n: int
) -> None:
    """5.2(2): within the declared range of a friendly air base (of the launching carriers
    and their air factors in a carrier operation, 7.3.1); 5.2(4): at enemy counters."""
    if not at(state, hex_id, other(side)):
        raise RuleViolation("gj74.search.empty_hex", "GJ74 5.2(4)", hex=hex_id)
    if op.carrier:
        if n > op.actions:
            raise RuleViolation("gj74.air.no_actions", "GJ74 5.2(1)", n=op.actions)
        carrier.take(op, origin, hex_id, sub, n)
        return
    if origin:
        raise RuleViolation("gj74.order.fields", "GJ74 5.2", field="origin")
    reach = board.air_reach(state.scenario, side).get(hex_id)
    if reach is None or op.distance is None or reach > op.distance:
        raise RuleViolation("gj74.air.out_of_range", "GJ74 5.2(2)", hex=hex_id, n=op.distance or 0)


def _key(hex_id: str, target: str) -> str:
    return f"{hex_id}:{target}"


def search_with(state: GJ74State, side: Side, a: AirSearch, dice: Dice) -> list[Event]:
    op = _op(state)
    _in_range(state, side, a.hex, op, a.origin, a.target != SURFACE, a.actions)
    if a.actions > op.actions:
        raise RuleViolation("gj74.air.no_actions", "GJ74 5.2(1)", n=op.actions)
    key = _key(a.hex, a.target)
    if key in op.attacked:
        raise RuleViolation("gj74.air.search_and_attack", "GJ74 5.2(6)")
    if a.target == SURFACE:
        op.actions -= a.actions
        op.searched.append(key)
        return search.surface_search(state, side, a.hex)  # 9.2(1)1
    subs = {u.id: u for u in at(state, a.hex, other(side), sub=True)}
    target = subs.get(a.target)
    if target is None:
        raise RuleViolation("gj74.search.no_target", "GJ74 9.3", hex=a.hex)
    op.actions -= a.actions
    op.searched.append(key)
    return search.roll_for_sub(state, target, a.actions, dice, "searched")  # 9.3(3)1


def strike(state: GJ74State, side: Side, a: AirStrike, dice: Dice) -> list[Event]:
    """5.3: one aircraft per action; without aircraft left, no strike (5.3(2))."""
    op = _op(state)
    combat.check_first_strike(state, side)
    _in_range(state, side, a.hex, op, a.origin, a.target != SURFACE, a.aircraft)
    if a.aircraft > op.actions:
        raise RuleViolation("gj74.air.no_actions", "GJ74 5.2(1)", n=op.actions)
    free = state.aircraft[side] - op.aircraft_used
    if a.aircraft > free:
        raise RuleViolation("gj74.air.no_aircraft", "GJ74 5.3(2)", n=free)
    key = _key(a.hex, a.target)
    if key in op.searched:
        raise RuleViolation("gj74.air.search_and_attack", "GJ74 5.2(6)")
    if a.target != SURFACE and a.targets:
        raise RuleViolation("gj74.order.fields", "GJ74 5.2(5)", field="targets")
    if a.escorts >= a.aircraft:
        raise RuleViolation("gj74.air.escorts", "GJ74 5.3(1)")
    if a.escorts and op.carrier:  # Ruling (prompts_air.spend): no escorts from carriers
        raise RuleViolation("gj74.order.fields", "GJ74 7.3.1", field="escorts")
    if a.target == SURFACE:
        hidden = {u.id for u in at(state, a.hex, other(side), sub=False) if not u.face_up}
        if set(a.targets) & hidden:
            raise RuleViolation("gj74.attack.face_down", "GJ74 10")
        ships = face_up_enemies(state, side, a.hex, sub=False)
        attackers = a.aircraft - a.escorts
        dealt = not a.targets or battle.deal_ok(a.targets, attackers, {s.id for s in ships})
        if not ships or not dealt:  # 16.2: no deal in the order, the attacker deals later
            need = min(attackers, len(ships))
            raise RuleViolation("gj74.attack.targets", "GJ74 16.2", n=need)
    else:
        combat.enemy_target(state, side, a.target, a.hex, True, "GJ74 13")
    op.actions -= a.aircraft
    op.aircraft_used += a.aircraft
    op.attacked.append(key)
    state.strike = Strike(
        side=side,
        hex=a.hex,
        target=a.target,
        aircraft=a.aircraft,
        escorts=a.escorts,
        targets=battle.expand(list(a.targets), a.aircraft - a.escorts),
    )
    params = {"side": side, "hex": a.hex, "n": a.aircraft, "escorts": a.escorts}
    return [Event(kind="gj74.strike", params=params)]


def resolve(state: GJ74State, dice: Dice, attack_left: int) -> list[Event]:
    """13.2, 16: what is left of the strike after interception attacks."""
    strike = state.strike
    assert strike is not None
    state.strike = None
    plane = board.comps().aircraft[strike.side]
    if attack_left <= 0:
        return []
    if strike.target == SURFACE:
        # 16.2-16.3: the attack aircraft left go through 15.1-15.2 as ships do.
        guns = [
            Gun(
                label=f"air{k}",
                anti_ship=plane.atk_anti_ship,
                tech=tech(state, strike.side, plane.atk_tech),
            )
            for k in range(attack_left)
        ]
        targets = strike.targets[:attack_left]
        return battle.open_battle(
            state, strike.side, strike.hex, guns, targets, False, "GJ74 16", dice
        )
    target = state.units[strike.target]
    n = attack_left * plane.atk_asw_dice
    return combat.against_sub(
        state, target, n, tech(state, strike.side, plane.atk_tech), dice
    )  # 13.2


def end(state: GJ74State) -> list[Event]:
    """5.4(4): the aircraft, interceptors too, go back to the available box."""
    state.air = None
    state.intercepted = 0
    state.dongfeng_left = 0
    return []
