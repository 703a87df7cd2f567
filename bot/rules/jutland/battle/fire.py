"""Jutland 4.3 and Jutland 6: fire after all movement; every shot broadside to broadside (item 3) at
odds of the firers' broadside gunnery to the target's protection (items 4-5), one target and
one shot per ship a turn (items 6-7), a clear line of fire (item 8), the firer's order (item
9), the Basic Game Gunnery Table where every hit sinks (6). Ships firing together must be in
one range band (14.3 item 3: the band is the range finder's, which the Basic Game uses too)."""

from __future__ import annotations

from bot.rules.core import Dice, Event, RuleViolation, t
from bot.rules.jutland.battle.geometry import CLEARANCE, counter, dist, segment_distance
from bot.rules.jutland.battle.placement import visibility
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import Battle, BattleShip, Side
from bot.rules.jutland.tournament import smoke

SECTION = "Jutland 4.3"
BANDS = (3000.0, 10000.0, 16000.0)


def band(yards: float) -> str:
    """14.3 item 3: under 3,000, 3,000-10,000, 10,000-16,000, over 16,000 yards."""
    return f"b{sum(yards >= limit for limit in BANDS)}"


def afloat(battle: Battle) -> list[BattleShip]:
    return [s for s in battle.ships.values() if not s.sunk]


Segment = tuple[tuple[float, float], tuple[float, float]]


def counters(battle: Battle) -> dict[str, Segment]:
    return {s.id: counter((s.x, s.y), s.heading) for s in afloat(battle)}


def clear(
    battle: Battle, firer: BattleShip, target: BattleShip, segs: dict[str, Segment] | None = None
) -> bool:
    """4.3 item 8: no counter, friend or foe, between the two."""
    segs = segs if segs is not None else counters(battle)
    a, b = (firer.x, firer.y), (target.x, target.y)
    if battle.smoke and smoke.blocks(battle, a, b):  # Tournament 22.2: nor through smoke
        return False
    pad = CLEARANCE + 1300.0  # half a counter and the clearance: a box outside it is clear
    lo_x, hi_x = min(a[0], b[0]) - pad, max(a[0], b[0]) + pad
    lo_y, hi_y = min(a[1], b[1]) - pad, max(a[1], b[1]) + pad
    for ship_id, (bow, stern) in segs.items():
        if ship_id in (firer.id, target.id):
            continue
        mid_x, mid_y = (bow[0] + stern[0]) / 2, (bow[1] + stern[1]) / 2
        if not (lo_x <= mid_x <= hi_x and lo_y <= mid_y <= hi_y):
            continue
        if segment_distance(a, b, bow, stern) < CLEARANCE:
            return False
    return True


def shots(battle: Battle, side: Side) -> dict[str, dict[str, str]]:
    """Target -> {firer: range band} for every legal shot of this side now (menu and check)."""
    out: dict[str, dict[str, str]] = {}
    limit = visibility(battle)
    firers = [s for s in afloat(battle) if s.side == side and s.id not in battle.fired]
    targets = [s for s in afloat(battle) if s.side != side and not s.hit]
    segs = counters(battle)
    for target in targets:
        for firer in firers:
            yards = dist((firer.x, firer.y), (target.x, target.y))
            if yards <= limit and clear(battle, firer, target, segs):
                out.setdefault(target.id, {})[firer.id] = band(yards)
    return out


def odds_column(gunnery: int, protection: int) -> str | None:
    """Odds rounded down in the defender's favour; below 1:2 the fire has no effect."""
    if gunnery * 2 < protection:
        return None
    if gunnery < protection:
        return "1:2"
    return f"{min(gunnery // protection, 5)}:1"


def fire(
    battle: Battle, side: Side, target: str, firers: list[str], dice: Dice, chosen: str
) -> list[Event]:
    legal = shots(battle, side)
    if target not in legal:
        raise RuleViolation("jut.fire.target", SECTION, ship=target)
    if not firers or len(set(firers)) != len(firers):
        raise RuleViolation("jut.fire.firers", SECTION)
    for f in firers:
        if f not in legal[target]:
            raise RuleViolation("jut.fire.cannot", SECTION, ship=f, target=target)
    if {legal[target][f] for f in firers} != {chosen}:
        raise RuleViolation("jut.fire.bands", "Jutland 14.3")
    ships = comps().ships
    gunnery = sum(ships[f].broadside for f in firers)
    protection = ships[target].protection
    column = odds_column(gunnery, protection)
    battle.fired += firers
    battle.lines += [(f, target) for f in sorted(firers)]
    params = {"ships": sorted(firers), "target": target, "odds": f"{gunnery}:{protection}"}
    if column is None:
        return [Event(kind="jut.fire_no_effect", params=params)]
    row = next(r for r in comps().gunnery if r.odds == column)
    face = dice.roll(t("jut.die.gunnery", target=comps().ships[target].name), 6)
    sunk = face in row.sink
    if sunk:
        victim = battle.ships[target]
        # 4.1: a British ship sunk in the German fire still fires in the British fire.
        if side == "german":
            victim.hit = True
        else:
            victim.sunk = True
    return [Event(kind="jut.fire", params={**params, "column": column, "die": face, "sunk": sunk})]


def remove_hits(battle: Battle) -> None:
    for s in battle.ships.values():
        if s.hit:
            s.sunk, s.hit = True, False
