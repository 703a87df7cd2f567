"""Preparing a game (GJ74 3): the scenario's sides (3.1), the random draw of the ships by type
and tech level (3.2), their placement face down (3.2(3), the deploy step), supply markers and
aircraft (3.3)."""

from __future__ import annotations

from bot.rules.core import Dice, Event, RuleViolation, t
from bot.rules.gj74 import board
from bot.rules.gj74.board import Force
from bot.rules.gj74.state import SIDES, Chit, GJ74Options, GJ74State, Side, Unit, other

SCENARIOS = ("19.1", "19.2", "19.3", "19.4", "20.1")
"""Every scenario of the rulebook: the small ones (19) and the standard one (20)."""


def counters(nation: str, types: tuple[str, ...], lhd: bool) -> list[tuple[str, int, str]]:
    """Every counter of a navy of these types: (class, serial, name). 18.4: the optional LHD
    joins the Chinese LST pool."""
    out = []
    for c in board.comps().classes.values():
        kinds = set(types) | ({"LHD"} if lhd and "LST" in types and nation == "cn" else set())
        if c.nation == nation and c.type in kinds:
            for k in range(c.count):
                out.append((c.id, k + 1, c.names[k] if k < len(c.names) else ""))
    return out


def draw(
    force: Force, pool: list[tuple[str, int, str]], side: Side, dice: Dice
) -> list[tuple[str, int, str]]:
    """3.2(1)-(2): named ships are taken; the others drawn at random from the types (and tech
    level) the scenario gives. The dice are the owner's alone (private rolls)."""
    if force.names:
        picked = [c for c in pool if c[2] in force.names]
        for c in picked:
            pool.remove(c)
        return picked
    fits = [
        c
        for c in pool
        if board.ship(c[0]).type in force.types
        or (board.ship(c[0]).type == "LHD" and "LST" in force.types)
        if force.tech is None or board.ship(c[0]).tech == force.tech
    ]
    picked = []
    for _ in range(force.count):
        n = dice.roll(t("gj74.die.draw"), sides=len(fits), private_to=side) if len(fits) > 1 else 1
        chosen = fits.pop(n - 1)
        pool.remove(chosen)
        picked.append(chosen)
    return picked


def zone(force: Force, sid: str) -> tuple[str, ...]:
    if force.entry is not None or force.at is None:
        return ()
    hexes: set[str] = set()
    for at in (force.at, *force.also):
        hexes |= {
            h for h in board.within(board.hex_of(at), force.within) if board.navigable(sid, h)
        }
    return tuple(sorted(hexes, key=lambda h: (board.distance(board.hex_of(force.at or h), h), h)))


def new_state(
    ruleset: str, sid: str, options: GJ74Options, dice: Dice
) -> tuple[GJ74State, list[Event]]:
    if sid not in SCENARIOS:
        raise RuleViolation("core.scenario.unknown", "Referee", scenario=sid)
    s = board.scenario(sid)
    _, forces, _ = board.scenario_data()
    state = GJ74State(
        ruleset=ruleset,
        scenario=sid,
        seats=SIDES,
        options=options,
        turn=s.first_turn,
        last_turn=s.last_turn,
        deploying=s.first,
        aircraft={"blue": s.blue_aircraft, "red": s.red_aircraft},
        aircraft_lost={"blue": 0, "red": 0},
        groups={"blue": s.blue_groups, "red": s.red_groups},
        attacked_first={"blue": False, "red": False},
    )
    for side in (s.first, other(s.first)):
        mine = [f for f in forces if f.scenario == sid and f.side == side]
        pools = {
            n: counters(
                n,
                ("CV", "CG", "DDH", "DDG", "DD", "FFG", "FF", "LST", "AOE", "SS", "SSN"),
                options.lhd_18_4,
            )
            for n in s.nations(side)
        }
        # 3.2(2): named first, then those with a tech level, then the rest of the type.
        order = sorted(mine, key=lambda f: (not f.names, f.tech is None))
        groups: dict[tuple[str, ...], list[Unit]] = {}
        for f in order:
            nation = s.nations(side)[0]
            for cls, serial, name in draw(f, pools[nation], side, dice):
                key = zone(f, sid) or ("south",)
                home = zone(f, sid)
                groups.setdefault(key, []).append(
                    Unit(
                        id="",
                        side=side,
                        nation=nation,
                        sub=board.ship(cls).type in ("SS", "SSN"),
                        cls=cls,
                        name=name,
                        serial=serial,
                        hex=home[0] if home else None,
                        status="map" if home else "offmap",
                        supply=f.supply if board.ship(cls).type in ("LST", "LHD") else 0,
                        zone=home,
                        entry=f.entry,
                    )
                )
        n = 0
        for key in sorted(groups):
            group = groups[key]
            # The counters of one set-up group look alike: their tokens are dealt in an
            # order the owner's private dice shuffle, so a token never tells a class.
            for i in range(len(group) - 1, 0, -1):
                j = dice.roll(t("gj74.die.shuffle"), sides=i + 1, private_to=side) - 1
                group[i], group[j] = group[j], group[i]
            subs_placed: set[str] = set()
            for u in group:
                n += 1
                u.id = f"{side[0]}{n:02d}"
                if u.sub and u.zone:
                    # 8(5): one submarine a hex: by default each takes the nearest free hex.
                    free = [h for h in u.zone if h not in subs_placed] or list(u.zone)
                    u.hex = free[0]
                    subs_placed.add(u.hex)
                state.units[u.id] = u
    state.cup = [
        Chit(side=side, kind=k)
        for side in SIDES
        for k in ("AF", "SS", "TF")
        if not (k == "AF" and s.no_air_chits)
    ]
    events = [
        Event(
            kind="gj74.started",
            params={"scenario": t(f"gj74.scenario.{sid.replace('.', '_')}").model_dump()},
        )
    ]
    return state, events
