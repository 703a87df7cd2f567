"""AA50 5.4 combat move and 5.6 noncombat move: where each unit may go, and moving it.

One function (``paths``) gives every legal destination of a unit with a legal path; the
prompt's menu and the check of an order both use it. Land units (7.1, blitz 5.4.7), sea units
(7.3, canals 2.6, submarines 5.4.6, transports 5.4.8), aircraft (air.py: 7.2 range over both
moves, a landing place required, 5.4.2 no suicide runs); carriers and their fighters (5.4.5,
7.3.2: ``_riders``); decks owed to fighters waiting at sea in the noncombat move (decks.py)."""

from __future__ import annotations

from bot.rules.aa50 import air, board, capture, query
from bot.rules.aa50.actions import Move
from bot.rules.aa50.board import Power
from bot.rules.aa50.components import CARRIER_CAPACITY
from bot.rules.aa50.state import Aa50State, Unit
from bot.rules.aa50.words import ev
from bot.rules.core import Event, RuleViolation


def _ok_canal(state: Aa50State, a: str, b: str, power: str) -> bool:
    """2.6: a canal is passable if your side controlled its territories at the start of the
    turn and still does (a canal taken this turn does not open this turn)."""
    lands = board.canal_between(a, b)
    return lands is None or all(query.friendly_at_start(state, t, power) for t in lands)


def movable(state: Aa50State, power: str, combat: bool) -> list[Unit]:
    out = []
    for u in state.units.values():
        if u.owner != power or u.type == "factory" or u.captured:
            continue
        if u.carried_by is not None and u.type != "fighter":
            continue  # cargo moves with its transport (7.3.6)
        # 5.5.4, 7.3.2: a fighter aboard an ally's carrier takes off in its own power's turn
        # (the carrier stays: it moves only in its owner's turn).
        if u.type == "aa_gun" and combat:
            continue  # 7.1.4: AA guns move only in the noncombat move
        if not combat and u.combat and u.type not in board.AIR_UNITS:
            continue  # 5.6: what moved in combat or fought stays
        if u.unloaded or (u.type in board.LAND_UNITS and u.loaded):
            continue
        if combat and u.id in state.pickups:
            continue  # 7.2: a carrier declared for a pick-up waits for the noncombat move
        if combat and u.dropped:
            continue  # 5.2.3: a bomber that dropped paratroopers ends its combat move there
        if combat and u.moved and _stopped(state, u):
            continue  # 5.4: it entered a space where it must stop (and fight)
        if query.move_range(state, u) - u.moved > 0 or _mech(state, u):
            out.append(u)
    return out


def _stopped(state: Aa50State, u: Unit) -> bool:
    """5.4: a unit that entered an enemy-occupied space this combat move stops there: a land
    unit in enemy land (a tank goes on only from an empty one, 5.4.7, and takes it as it
    leaves), a ship in a zone that stops its move (enemy surface warships; for a submarine an
    enemy destroyer, 5.4.6). Ships that began the move in a hostile zone have not moved and
    may leave it (5.4.1); aircraft fly over anything (7.2) and stop only where they end."""
    if u.type in board.LAND_UNITS:
        if not query.enemy_land(state, u.at, u.owner):
            return False
        return u.type != "armour" or bool(query.enemies_at(state, u.at, u.owner))
    if u.type == "submarine":
        return query.enemy_destroyer(state, u.at, u.owner)
    if u.type in board.SEA_UNITS:
        return query.hostile_sea(state, u.at, u.owner)
    return False


def _mech(state: Aa50State, u: Unit) -> bool:
    """5.2.3 Mechanized Infantry: an infantry paired with a tank moves 2."""
    return (
        u.type == "infantry" and u.moved == 0 and query.has(state, u.owner, "mechanized_infantry")
    )


def paths(
    state: Aa50State,
    u: Unit,
    combat: bool,
    landing: dict[str, int] | None = None,
    occ: query.Occupancy | None = None,
    promises: bool = True,
) -> dict[str, list[str]]:
    """Every legal destination of ``u`` now, each with a shortest legal path (the spaces
    entered, the destination last). ``promises``: in the noncombat move, leave out the moves
    that would break a deck owed to a waiting fighter (decks.py)."""
    if occ is None:
        occ = query.occupancy(state)
    if u.type in board.AIR_UNITS:
        return air.destinations(state, u, combat, landing, occ, promises)
    left = query.move_range(state, u) - u.moved
    if _mech(state, u):
        left = 2
    out: dict[str, list[str]] = {}
    _walk(state, u, combat, u.at, [], left, out, occ)
    zone = state.pickups.get(u.id)
    if zone is not None and not combat:
        out = {zone: out[zone]} if zone in out else {}  # 7.2: only to its declared zone
    if u.type == "carrier" and not combat and promises and state.awaiting:
        # 7.3.2: not where a deck owed to a waiting fighter could no longer come (decks.py).
        # Ruling: the menu is the carrier's alone; an order moving the waiting fighter too is
        # checked once made (``commit``). In the combat move no such filter: whether the
        # carrier strands a fighter (7.2) depends on the fighters moving with it.
        out = {d: p for d, p in out.items() if trial(state, u.id, d, p, combat) is None}
    return out


def trial(state: Aa50State, unit: str, dest: str, path: list[str], combat: bool) -> str | None:
    """The refusal a move of one unit to ``dest`` along ``path`` would meet once made (None:
    none), tried on a copy: for menus, which list exactly the legal orders."""
    copy = state.model_copy(deep=True)
    try:
        commit(copy, copy.power, Move(units=[unit], to=dest), combat, {unit: path})
    except RuleViolation as exc:
        return exc.code
    return None


def _walk(
    state: Aa50State,
    u: Unit,
    combat: bool,
    here: str,
    path: list[str],
    left: int,
    out: dict[str, list[str]],
    occ: query.Occupancy,
) -> None:
    if left <= 0:
        return
    sea = u.type in board.SEA_UNITS
    # 5.4.7: a tank standing in an empty enemy territory blitzes on from it (it takes it).
    blitzing = combat and u.type == "armour" and query.enemy_land(state, u.at, u.owner)
    for nb in board.adjacent(here):
        if nb == u.at and path and combat and u.type == "armour":
            # 7.1.3: the blitz may end back in the territory the tank started from.
            if query.enemy_land(state, path[0], u.owner) and query.friendly_land(
                state, nb, u.owner
            ):
                _keep(out, nb, [*path, nb])
            continue
        if nb in path or nb == u.at or not board.passable(nb) or board.is_sea(nb) != sea:
            continue
        step = [*path, nb]
        if sea:
            if not _ok_canal(state, here, nb, u.owner):
                continue
            stops = (
                query.enemy_destroyer(state, nb, u.owner, occ)
                if u.type == "submarine"
                else query.hostile_sea(state, nb, u.owner, occ)
            )
            if stops and not combat and u.type != "submarine":
                continue  # 5.6.1.3: no hostile zone in the noncombat move
            if _sea_end_ok(state, u, nb, combat, stops, occ):
                _keep(out, nb, step)
            if not stops:
                _walk(state, u, combat, nb, step, left - 1, out, occ)
            continue
        if u.owner == "chinese" and not query.china_may_enter(state, nb):
            continue  # rule 4: Chinese units stay in China
        if query.friendly_land(state, nb, u.owner):
            if not combat or blitzing or any(query.enemy_land(state, p, u.owner) for p in path):
                _keep(out, nb, step)  # 5.4.7: a blitz may end in friendly land
            _walk(state, u, combat, nb, step, left - 1, out, occ)
        elif query.enemy_land(state, nb, u.owner) and combat:
            _keep(out, nb, step)
            # 5.4.7: only a tank goes on, and only through a territory with no enemy units.
            if u.type == "armour" and not query.enemies_at(state, nb, u.owner, occ):
                _walk(state, u, combat, nb, step, left - 1, out, occ)


def _keep(out: dict[str, list[str]], dest: str, path: list[str]) -> None:
    """Keep the shortest path found to ``dest``: the walk is depth-first, so the first path
    found may be the longer way round (and would spend movement the unit still has)."""
    known = out.get(dest)
    if known is None or len(path) < len(known):
        out[dest] = path


def _sea_end_ok(
    state: Aa50State, u: Unit, zone: str, combat: bool, stops: bool, occ: query.Occupancy
) -> bool:
    """5.4: a combat move ends in battle (any enemy unit there, exception 4 included), away
    from a zone that was hostile when it began (exception 3, 5.4.1), or in a zone an
    amphibious assault sails from this turn, to join it (exception 2: a transport has
    unloaded there for the assault, 5.4.3). A transport may also end next to enemy land,
    where it may still load and unload for an assault (5.4.8). Ruling: so warships follow
    the transports they escort (move and unload the transports first); a transport that
    then lands nothing keeps its cargo aboard (turn._combat_move_end)."""
    if not combat:
        return True
    if stops or query.enemies_at(state, zone, u.owner, occ):
        return True
    if query.hostile_sea(state, u.at, u.owner, occ):
        return True
    if any(zone in zones for zones in state.assaults.values()):
        return True
    return u.type == "transport" and any(
        query.enemy_land(state, t, u.owner) for t in board.adjacent(zone)
    )


_SECTIONS = {
    "aa50.move.no_deck_coming": "AA50 5.6.1.2",
    "aa50.move.deck_owed": "AA50 7.3.2",
    "aa50.move.strands_fighters": "AA50 7.2",
    "aa50.move.no_assault_there": "AA50 5.4",
}
"""The rules that refusals about decks (decks.py) name, whatever the phase's section."""


def check(state: Aa50State, power: str, action: Move, combat: bool) -> dict[str, list[str]]:
    """Each unit's path for a move order (units may start in different spaces, each takes
    its own path), or a refusal naming the rule it breaks."""
    section = "AA50 5.4" if combat else "AA50 5.6"
    units = [state.units.get(i) for i in action.units]
    mine = {u.id for u in movable(state, power, combat)}
    if any(u is None or u.id not in mine for u in units):
        raise RuleViolation("aa50.move.not_movable", section)
    group = [u for u in units if u is not None]
    if action.to not in board.comps().territories:
        raise RuleViolation("aa50.move.no_such_space", section, to=action.to)
    if action.bomb and (
        any(u.type != "bomber" for u in group)
        or query.factory_at(state, action.to) is None
        or not query.enemy_land(state, action.to, power)
        or not combat
    ):
        raise RuleViolation("aa50.move.bad_raid", "AA50 5.5.1")
    if action.via and len({u.at for u in group}) != 1:
        raise RuleViolation("aa50.move.not_together", section)
    landing = air.landing_distance(state, power, True)
    occ = query.occupancy(state)
    chosen: list[str] | None = [*action.via, action.to] if action.via else None
    out: dict[str, list[str]] = {}
    for u in group:
        # The decks owed and the fighters a carrier carries are checked on the whole order
        # once made (``commit``), since the units moving with it change the answer.
        legal = paths(state, u, combat, landing if u.type == "fighter" else None, occ, False)
        if action.to not in legal:
            why = _why(state, u, action.to, combat)
            raise RuleViolation(why, _SECTIONS.get(why, section), to=action.to)
        path = legal[action.to] or air.route(u.at, action.to)
        if chosen is not None:
            if not _valid_via(state, u, chosen, path, combat):
                raise RuleViolation("aa50.move.bad_path", section, to=action.to)
            path = chosen
        out[u.id] = path
    far = {u.id for u in group if u.type == "infantry" and len(out[u.id]) > 1}
    tanks = [u for u in group if u.type == "armour"]
    for start in {u.at for u in group}:
        here = [u for u in group if u.at == start]
        if sum(1 for u in here if u.id in far) > sum(1 for u in tanks if u.at == start):
            raise RuleViolation("aa50.move.too_far", "AA50 5.2.3", to=action.to)
    return out


def _valid_via(
    state: Aa50State, u: Unit, chosen: list[str], shortest: list[str], combat: bool
) -> bool:
    """A path the player named. Aircraft fly any route of passable spaces within range (7.2).
    Ruling: a land or sea unit's named path must be the one the engine finds (the shortest
    legal one), so no detour slips past a rule the engine checks along its own walk."""
    if u.type not in board.AIR_UNITS:
        return chosen == shortest
    here = u.at
    for step in chosen:
        if step not in board.adjacent(here) or not board.passable(step):
            return False
        if u.owner == "chinese" and not query.china_may_enter(state, step):
            return False  # rule 4
        here = step
    return len(chosen) <= query.move_range(state, u) - u.moved


def _why(state: Aa50State, u: Unit, to: str, combat: bool) -> str:
    """The refusal code that names why ``to`` is out of reach."""
    if not board.passable(to):
        return "aa50.move.neutral"
    if u.owner == "chinese" and not query.china_may_enter(state, to):
        return "aa50.move.china"
    if (not combat and u.type == "fighter" and board.is_sea(to)) or u.type == "carrier":
        # 5.6.1.2, 7.3.2: a deck that cannot come, or one owed to a waiting fighter; 7.2: a
        # carrier's combat move that would leave a fighter nowhere to land.
        raw = paths(state, u, combat, promises=False)
        if to in raw:
            return trial(state, u.id, to, raw[to] or air.route(u.at, to), combat) or (
                "aa50.move.no_deck_coming"
            )
    if u.type in board.AIR_UNITS:
        return "aa50.move.no_landing"
    if u.type in board.SEA_UNITS and board.is_sea(to):
        lands = [board.canal_between(u.at, to)]
        if lands[0] is not None and not _ok_canal(state, u.at, to, u.owner):
            return "aa50.move.canal"
    if combat and u.type in board.SEA_UNITS and to in paths(state, u, False, promises=False):
        return "aa50.move.no_assault_there"  # 5.4 exception 2: reachable, but not to end in
    if u.type == "armour" and combat:
        return "aa50.move.blitz_blocked"
    return "aa50.move.out_of_reach"


def move(state: Aa50State, power: Power, action: Move, combat: bool) -> list[Event]:
    return commit(state, power, action, combat, check(state, power, action, combat))


def commit(
    state: Aa50State, power: Power, action: Move, combat: bool, routes: dict[str, list[str]]
) -> list[Event]:
    """Carry out a checked move: each unit along its route. In the noncombat move, fighters
    left over a sea zone wait for a deck, and every deck owed must still come (decks.py)."""
    events: list[Event] = []
    for uid, path in routes.items():
        u = state.units[uid]
        if u.type == "armour":
            # 5.4.7: a tank that stopped in an empty enemy territory and goes on blitzes:
            # it takes that territory first.
            if combat and query.enemy_land(state, u.at, power):
                events += capture.capture(state, u.at, power)
            for t in path[:-1]:
                # 5.4.7: a blitzing tank takes each empty enemy territory it passes through.
                if query.enemy_land(state, t, power):
                    events += capture.capture(state, t, power)
        riders = _riders(state, u, power, combat, routes)
        if u.type == "fighter":
            u.carried_by = None  # 5.4.5: fighters take off
        start = u.at
        u.moved += len(path)
        for x in [u, *riders]:
            x.at = action.to
            x.combat = x.combat or combat
            if x is u or x.type not in board.LAND_UNITS:  # cargo keeps where it boarded from
                x.came_from = path[-2] if len(path) > 1 else start
        u.bombed = action.bomb
    if not combat or not query.enemies_at(state, action.to, power):
        _board_fighters(state, action.to, power, combat)
    if not combat:
        from bot.rules.aa50 import decks

        decks.settle(state, power, list(action.units))
    elif any(state.units[i].type == "carrier" for i in routes):
        _no_fighter_stranded(state, power, action.to)
    events.append(ev("aa50.moved", power=power, units=action.units, to=action.to))
    return events


def _no_fighter_stranded(state: Aa50State, power: str, to: str) -> None:
    """5.4.2, 7.2: a carrier's combat move may not leave a fighter of its power in the air
    without a landing place in its remaining range (one that took off from it, or one whose
    route counted on it): that would make it a suicide run."""
    state.forget()
    landing = air.landing_distance(state, power, True)
    for f in state.units.values():
        if f.owner != power or f.type != "fighter" or f.carried_by is not None:
            continue
        if landing.get(f.at, 99) > query.move_range(state, f) - f.moved:
            raise RuleViolation("aa50.move.strands_fighters", "AA50 7.2", to=to)


def sail(state: Aa50State, carrier: Unit, zone: str, steps: int) -> None:
    """A carrier keeps its word at the end of the noncombat move (7.2 pickup.py, 7.3.2
    decks.py): it sails to ``zone`` with what it carries, and the fighters there land on it."""
    for u in state.units.values():
        if u.carried_by == carrier.id:
            u.at = zone
    carrier.at = zone
    carrier.moved += steps
    _board_fighters(state, zone, carrier.owner, False)


def _riders(
    state: Aa50State, ship: Unit, power: str, combat: bool, moving: dict[str, list[str]]
) -> list[Unit]:
    """What a ship carries along: a transport's cargo (7.3.6); on a carrier, an ally's
    fighters, cargo in this power's turn (5.4.5, 7.3.2). The power's own fighters aboard:
    in the combat move they all take off before the carrier moves (5.4.5; 7.2.1 "even if
    they will not fight") and stay airborne where it started, free to make their own combat
    move from there or to wait for the noncombat move (7.3.2); in the noncombat move those
    that stay aboard ride as cargo (7.2 「停留在航空母舰上的战斗机将被视同载运货物」).
    Ruling: riding is a fighter's move for the phase (as a land unit's move is its
    transport's, 7.3.6): it spends no range but may not take off again this turn. Units
    that the same order moves go on their own paths, not as cargo."""
    out = []
    for c in query.cargo(state, ship):
        if c.id in moving:
            continue
        if c.type == "fighter" and c.owner == power:
            if combat:
                c.carried_by = None
                continue
            c.moved = max(c.moved, query.move_range(state, c))
        out.append(c)
    return out


def _board_fighters(state: Aa50State, zone: str, power: str, combat: bool) -> None:
    """7.3.2: fighters that end in a sea zone sit on carriers of their side there, their own
    power's first. 7.2.1, 5.6.1.2: once a fighter lands on a carrier in the noncombat move,
    both are done moving (an ally's carrier does not move in this turn anyway)."""
    if not board.is_sea(zone):
        return
    here = query.at(state, zone)
    for f in [u for u in here if u.type == "fighter" and u.carried_by is None]:
        decks = [c for c in here if c.type == "carrier" and board.allied(c.owner, f.owner)]
        for c in sorted(decks, key=lambda c: (c.owner != f.owner, c.id)):
            if len(query.cargo(state, c)) < CARRIER_CAPACITY:
                f.carried_by = c.id
                if not combat and f.owner == power:
                    f.moved = max(f.moved, query.move_range(state, f))
                if not combat and c.owner == power:
                    c.moved = max(c.moved, query.move_range(state, c))
                break
