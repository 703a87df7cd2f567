"""Smoke screens (Jutland 22.2, an option of the Advanced Game): only German light ships lay
them (the only navy with it as doctrine), any number, each marked by two points of the light
ship's move in a maneuver turn. A screen blocks every line of fire through it from the turn it
is laid for two maneuver-and-fire turns and is gone at the start of the third; ships pass
through freely and fire again in the turn they come through.

Ruling: the two points are where the light ship's straight run begins and ends (its path on
the surface, 14.4 item 4); a line of fire is blocked when it crosses that segment (a ship at
an end of it sees past). The order asks for smoke with the light ship's sealed move; a
flotilla towing lays none (15.4 item 2d)."""

from __future__ import annotations

from bot.rules.core import Choice, Event, Option, RuleViolation, t
from bot.rules.jutland.advanced.components import adv, is_light
from bot.rules.jutland.battle.geometry import Point
from bot.rules.jutland.state import Battle, JutlandState
from bot.rules.jutland.tournament.battle_events import SmokeLaid
from bot.rules.jutland.tournament.battle_state import SmokeScreen

SECTION = "Jutland 22.2"
LASTS = 2


def check(state: JutlandState, tf: str) -> None:
    """The smoke asked with a light ship's move: refused unless the rule allows it."""
    a = state.advanced
    if a is None or not a.modules.smoke:
        raise RuleViolation("jut.smoke.off", SECTION)
    if not is_light(tf) or adv().light[tf].side != "german":
        raise RuleViolation("jut.smoke.german_only", SECTION, ship=tf)
    if tf in a.tows:
        raise RuleViolation("jut.smoke.towing", "Jutland 15.4", ship=tf)


def allowed(state: JutlandState, tf: str) -> bool:
    try:
        check(state, tf)
    except RuleViolation:
        return False
    return True


def choice(state: JutlandState, tf: str) -> tuple[Choice, ...]:
    """The light-move form's smoke input, for the light ships that may lay it."""
    if not allowed(state, tf):
        return ()
    options = tuple(Option(value=v, label=t(f"jut.smoke.{v}")) for v in ("false", "true"))
    return (Choice(name="smoke", label=t("jut.input.smoke"), options=options),)


def lay(battle: Battle, ship: str, start: Point, end: Point) -> Event:
    battle.smoke.append(SmokeScreen(by=ship, a=start, b=end, turns=LASTS))
    return SmokeLaid(ship=ship).event()


def end_turn(battle: Battle) -> None:
    """A turn of each screen's two is over; at the start of the third it is gone."""
    for s in battle.smoke:
        s.turns -= 1
    battle.smoke = [s for s in battle.smoke if s.turns > 0]


def _cross(p: Point, q: Point, r: Point) -> float:
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def crosses(a: Point, b: Point, c: Point, d: Point) -> bool:
    """Segments a-b and c-d cross strictly (touching at an end is not crossing)."""
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    return d1 * d2 < 0 and d3 * d4 < 0


def blocks(battle: Battle, frm: Point, to: Point) -> bool:
    return any(crosses(frm, to, s.a, s.b) for s in battle.smoke)


def refuse_through(battle: Battle, firers: list[str], target: str) -> None:
    """A fire through smoke is refused naming the rule."""
    aim = battle.ships.get(target)
    for f in firers:
        ship = battle.ships.get(f)
        if (
            aim is not None
            and ship is not None
            and blocks(battle, (ship.x, ship.y), (aim.x, aim.y))
        ):
            raise RuleViolation("jut.smoke.blocked", SECTION, ship=f, target=target)
