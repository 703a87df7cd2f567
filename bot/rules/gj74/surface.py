"""The surface operation (GJ74 7.1-7.2): ships of the side whose TF chit was drawn act one
ship or group at a time (7.2(3)-(4)), attacks before searches (7.2(5)), as many groups as
the scenario allows (7.2(6)); landings (18.1)."""

from __future__ import annotations

from bot.rules.core import Dice, Event, RuleViolation
from bot.rules.gj74 import battle, board, combat, movement, search, subs
from bot.rules.gj74.actions import SURFACE, SURFACE_FIELDS, SurfaceAction
from bot.rules.gj74.state import GJ74State, Gun, Landing, MoveAfter, Side, Unit, other
from bot.rules.gj74.units import at, face_up_enemies, reveal, show, unit_tech

SECTION = "GJ74 7.2"
SEARCHES = ("move_search", "search_search")
ATTACKS = ("move_attack", "attack_move")


def can_act(u: Unit, side: Side) -> bool:
    return u.side == side and not u.sub and not u.acted and u.status in ("map", "offmap")


def group(state: GJ74State, side: Side, tokens: list[str]) -> list[Unit]:
    """7.2(3): a group is ships of one hex that have not acted in this operation."""
    units = [state.units.get(x) for x in tokens]
    mine = [u for u in units if u is not None and can_act(u, side)]
    if len(mine) != len(units) or len(set(tokens)) != len(tokens):
        raise RuleViolation("gj74.surface.not_yours", SECTION)
    if len({(u.hex, u.status) for u in mine}) != 1:
        raise RuleViolation("gj74.surface.one_hex", "GJ74 7.2(3)")
    return mine


def act(state: GJ74State, side: Side, a: SurfaceAction, dice: Dice) -> list[Event]:
    if state.surface_air:
        raise RuleViolation("gj74.surface.air_chosen", "GJ74 7.1(2)")
    units = group(state, side, a.units)
    if state.groups_used >= state.groups[side]:
        raise RuleViolation("gj74.surface.groups", "GJ74 7.2(6)", n=state.groups[side])
    subs.check_fields(a, SURFACE_FIELDS[a.kind], SECTION)
    offmap = units[0].status == "offmap"
    if offmap and a.kind != "move":
        raise RuleViolation("gj74.surface.enter_first", "GJ74 19.4")
    if a.kind in ATTACKS and state.searched:
        raise RuleViolation("gj74.surface.attack_after_search", "GJ74 7.2(5)")
    if a.kind in ATTACKS:
        combat.check_first_strike(state, side)
    at_sub = a.target not in ("", SURFACE)
    steps = 1 if at_sub else 2  # 7.2(1)2-4: one hex when the target is a submarine
    here = units[0].hex
    events: list[Event] = []
    if a.kind == "land":
        events = _land(state, side, units)
    elif a.kind == "move":
        _need(a.to)
        if movement.ask_route(state, side, units, a.to, a.via or None, 2, a, SECTION):
            return []  # 8(1): the owner chooses the hex it passes through first
        events = movement.move(state, side, units, a.to, a.via or None, 2, SECTION, dice)
    elif a.kind in ("move_search", "move_attack"):
        _need(a.to)
        _check(state, side, a, units, a.to)
        if movement.ask_route(state, side, units, a.to, a.via or None, steps, a, SECTION):
            return []
        events = movement.move(state, side, units, a.to, a.via or None, steps, SECTION, dice)
        events += _do(state, side, a, units, dice)
    elif a.kind == "attack_move":
        assert here is not None
        _need(a.to)
        _check(state, side, a, units, here)
        movement.path(state, side, units[0], a.to, a.via or None, steps, SECTION)  # refuse first
        if movement.ask_route(state, side, units, a.to, a.via or None, steps, a, SECTION):
            return []
        # 7.2(1)4: the move waits for the attack's decisions (15.1(5), 15.2(3)-(4)).
        then = MoveAfter(units=[u.id for u in units], to=a.to, via=a.via, steps=steps)
        events = _do(state, side, a, units, dice, then)
        if a.target not in ("", SURFACE):  # a ship attack moves when its battle ends
            alive = [u for u in units if u.status == "map"]
            if alive:
                events += movement.move(
                    state, side, alive, a.to, a.via or None, steps, SECTION, dice
                )
    else:  # search_search
        assert here is not None
        _check(state, side, a, units, here)
        events = _do(state, side, a, units, dice)
    for u in units:
        u.acted = True
    state.groups_used += 1
    state.surface_air = False  # 7.1(2): ships act, so no carrier air operation this time
    if a.kind in SEARCHES:
        state.searched = True
    return events


def _need(to: str) -> None:
    if not to:
        raise RuleViolation("gj74.move.where", SECTION)


def _check(state: GJ74State, side: Side, a: SurfaceAction, units: list[Unit], origin: str) -> None:
    """7.2(2): submarines in the same hex; surface searches there or next door; attacks on
    ships within two hexes (22.1 further). Only face-up counters may be attacked (10)."""
    if a.target not in ("", SURFACE):
        target = state.units.get(a.target or "")
        if (
            target is None
            or target.side == side
            or not target.sub
            or target.status != "map"
            or target.hex != origin
        ):
            raise RuleViolation("gj74.search.no_target", "GJ74 7.2(2)", hex=origin)
        if a.kind in ATTACKS and not target.face_up:
            raise RuleViolation("gj74.attack.face_down", "GJ74 10")
        return
    hex_id = a.target_hex or origin
    reach = 1 if a.kind in SEARCHES else min(combat.range_of(state, u) for u in units)
    if a.kind in ATTACKS:
        reach = max(combat.range_of(state, u) for u in units)
    if not at(state, hex_id, other(side)):
        raise RuleViolation("gj74.search.empty_hex", "GJ74 7.2(2)", hex=hex_id)
    if board.distance(origin, hex_id) > reach:
        raise RuleViolation("gj74.surface.out_of_range", "GJ74 7.2(2)", hex=hex_id, n=reach)
    if a.kind in ATTACKS:
        hidden = {u.id for u in at(state, hex_id, other(side), sub=False) if not u.face_up}
        if set(a.targets) & hidden:
            raise RuleViolation("gj74.attack.face_down", "GJ74 10")
        ships = face_up_enemies(state, side, hex_id, sub=False)
        # 15.1: no deal in the order: the attacker deals in the battle (prompts_battle).
        dealt = not a.targets or battle.deal_ok(a.targets, len(units), {s.id for s in ships})
        if not ships or not dealt:
            need = min(len(units), len(ships))
            raise RuleViolation("gj74.attack.targets", "GJ74 15.1", n=need)


def _do(
    state: GJ74State,
    side: Side,
    a: SurfaceAction,
    units: list[Unit],
    dice: Dice,
    then: MoveAfter | None = None,
) -> list[Event]:
    alive = [u for u in units if u.status == "map" and u.hex is not None]
    if not alive:
        return []
    origin = alive[0].hex
    assert origin is not None
    events: list[Event] = []
    if a.kind in ATTACKS and a.target in ("", SURFACE):
        hex_id = a.target_hex or origin
        # 9.2(2)1, 10.2(3): firing at ships shows the attackers for good, and only those in
        # range take part (Ruling: with 22.1 a group may hold ships of different ranges).
        deal = battle.expand(list(a.targets), len(a.units))
        aim = dict(zip(a.units, deal, strict=True)) if deal else {}
        shooters = [u for u in alive if board.distance(origin, hex_id) <= combat.range_of(state, u)]
        events += reveal(state, shooters, "fired")
        guns = [
            Gun(label=u.id, anti_ship=board.ship(u.cls).anti_ship, tech=unit_tech(state, u))
            for u in shooters
        ]
        far = board.distance(origin, hex_id) >= 2
        return events + battle.open_battle(
            state,
            side,
            hex_id,
            guns,
            [aim[u.id] for u in shooters if aim],
            far,
            "GJ74 15",
            dice,
            then,
        )
    for u in alive:
        events += show(u)  # 7.1(3): shown to search or attack, then turned back
    if a.target in ("", SURFACE):
        return events + search.surface_search(state, side, a.target_hex or origin)
    target = state.units[a.target or ""]
    n = search.asw_dice(alive)
    if a.kind in SEARCHES:
        n = n * 2 if a.kind == "search_search" else n  # 9.3(3)3
        return events + search.roll_for_sub(state, target, n, dice, "searched")
    tech = min(unit_tech(state, u) for u in alive)  # 12(2): the lowest tech level
    return events + combat.against_sub(state, target, n, tech, dice)  # 12


def landing_hexes(state: GJ74State, side: Side) -> dict[str, tuple[int, int]]:
    """The scenario's landing hexes for this side (19.x(4), 20.1(4)): how many markers count
    there and the VP of each."""
    _, _, landings = board.scenario_data()
    return {
        board.place_hex(lh.place): (lh.supply, lh.vp)
        for lh in landings
        if lh.scenario == state.scenario and lh.side in (side, "any")
    }


def _land(state: GJ74State, side: Side, units: list[Unit]) -> list[Event]:
    """18.1(2): an LST with supply lands one marker where it is, without moving; one marker a
    hex per operation; never where the enemy has landed."""
    if len(units) != 1 or units[0].supply <= 0:
        raise RuleViolation("gj74.land.no_supply", "GJ74 18.1")
    u = units[0]
    hex_id = u.hex or ""
    spots = landing_hexes(state, side)
    if hex_id not in spots:
        raise RuleViolation("gj74.land.not_here", "GJ74 18.1", hex=hex_id)
    mine = sum(1 for m in state.landings if m.hex == hex_id and m.side == side)
    if mine >= spots[hex_id][0]:
        raise RuleViolation("gj74.land.full", "GJ74 18.1", hex=hex_id, n=spots[hex_id][0])
    if hex_id in state.landed_here:
        raise RuleViolation("gj74.land.once", "GJ74 18.1(2)", hex=hex_id)
    if any(m.hex == hex_id and m.side == other(side) for m in state.landings):
        raise RuleViolation("gj74.land.enemy", "GJ74 18.1(2)", hex=hex_id)
    u.supply -= 1
    state.landings.append(Landing(side=side, hex=hex_id))
    state.landed_here.append(hex_id)
    return [*show(u), Event(kind="gj74.landed", params={"side": side, "hex": hex_id, "unit": u.id})]


def end(state: GJ74State) -> list[Event]:
    for u in state.units.values():
        u.acted = False
    state.groups_used = 0
    state.searched = False
    state.landed_here = []
    state.air = None
    state.intercepted = 0
    return []
