"""The mini-scenarios' ends and victory conditions (Jutland 23.1): points as in the Advanced
Game (17), with each scenario's own conditions, bonuses and multipliers."""

from __future__ import annotations

import math

from bot.rules.core import Event, Result, t
from bot.rules.jutland.advanced import victory as adv_victory
from bot.rules.jutland.advanced.components import adv, is_light
from bot.rules.jutland.components import comps
from bot.rules.jutland.scenarios.data import Spec, Zone, spec
from bot.rules.jutland.scenarios.events import ScenarioPoints
from bot.rules.jutland.state import Battle, JutlandState, Side

COMPASS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
GERMAN_BONUS = frozenset({"N", "NW", "W", "SW"})
"""23.1 Battlecruiser Action special rule c: sailing N, NW, W or SW at the end, the German
scores 16; NE, E, SE or S, the British 32."""


WEST_OF = 22.0
"""The sheet's middle, east to west, in half-hex steps (a hex's column plus half its row):
the Jade lies at 29 and a half, Rosyth at 14, the Norwegian coast beyond 30."""


def _spec(state: JutlandState) -> Spec | None:
    return spec(state.scenario) if state.play is not None else None


def ends_with_battle(state: JutlandState) -> bool:
    """23.1 (Dogger Bank, the Battlecruiser Action): the game ends when the fleets are out
    of sight of each other: the battle's end is the game's."""
    s = _spec(state)
    return s is not None and not s.head.search


def battle_over(state: JutlandState, battle: Battle) -> None:
    """Note the German fleet's mean heading as the battle ends (special rule c)."""
    own = [s for s in battle.ships.values() if s.side == "german" and not s.sunk]
    if state.play is None or not own:
        return
    hx = sum(math.sin(math.radians(s.heading)) for s in own)
    hy = sum(math.cos(math.radians(s.heading)) for s in own)
    state.play.german_heading = round(math.degrees(math.atan2(hx, hy)) % 360, 2)


def compass(heading: float) -> str:
    return COMPASS[int(((heading % 360) + 22.5) // 45) % 8]


def home_again(state: JutlandState) -> bool:
    """Hit-and-Run: the game ends when every German battlecruiser is back in her base or
    sunk (after one sailed). Noted each hour."""
    s = _spec(state)
    if s is None or not s.head.search or state.play is None:
        return False
    home = {b.hex for b in comps().bases.values() if b.side == "german"}
    out = [
        tf for tf in state.task_forces.values()
        if tf.side == "german" and any(not is_light(x) for x in tf.ships) and tf.hex not in home
    ]  # fmt: skip
    if out:
        state.play.sailed = True
    return state.play.sailed and not out


def zone(s: Spec, hex_id: str) -> Zone | None:
    """Special rule a: the zone of the sheet's west part holding ``hex_id``. Ruling: a hex
    east of the sheet's middle (off Norway) is in none: a German seen there has not shown
    himself at the British coast, and his points are multiplied by nothing."""
    h = comps().hexes[hex_id]
    if h.col + h.row / 2 >= WEST_OF:
        return None
    row = hex_id.rstrip("-0123456789")
    return next((z for z in s.zones if row in z.rows), None)


def _capital_sunk(state: JutlandState, side: Side) -> int:
    return sum(not is_light(x) for x in state.sunk[side])


def points(state: JutlandState) -> dict[Side, int]:
    """17's points, less those of boxes marked before play (Dogger Bank note 2)."""
    p = adv_victory.points(state)
    box = adv().victory["light_box"].points
    for ship, boxes in (state.play.unscored if state.play else {}).items():
        scorer: Side = "british" if adv().light[ship].side == "german" else "german"
        p[scorer] -= box * boxes
    return p


def first_found(state: JutlandState) -> tuple[int, str] | None:
    """Hit-and-Run: where and when the German was first seen: by the coastal patrols (he
    showed himself) or by a British announcement or contact (intercepted)."""
    seen = [(h, x) for h, x in state.spotted]
    seen += [
        (a.hour, x) for a in state.announcements if a.side == "british"
        for x, yes in a.answers.items() if yes
    ]  # fmt: skip
    seen += list(state.contacts)
    return min(seen) if seen else None


def result(state: JutlandState) -> tuple[Result, list[Event]]:
    s = _spec(state)
    assert s is not None
    p = points(state)
    german_sank, british_sank = _capital_sunk(state, "british"), _capital_sunk(state, "german")
    winner: Side
    if s.head.victory == "dogger_bank":
        # The British win only with more capital ships sunk AND over twice the German
        # points; otherwise the German wins (nothing sunk: the German, as the rule notes).
        british = british_sank > german_sank and p["british"] > 2 * p["german"]
        winner = "british" if british else "german"
    elif s.head.victory == "battlecruisers":
        heading = state.play.german_heading if state.play else None
        if heading is not None and compass(heading) in GERMAN_BONUS:
            p["german"] += s.head.german_bonus
        elif heading is not None:
            p["british"] += s.head.british_bonus
        winner = "british" if p["british"] >= p["german"] else "german"
    else:
        found = first_found(state)
        z = zone(s, found[1]) if found else None
        shown = found is not None and any(found == (h, x) for h, x in state.spotted)
        p["german"] = p["german"] * (z.multiplier if z else 0) + (z.bonus if z and shown else 0)
        early = _home_within(state, s.head.window or adv_victory.WINDOW)
        winner = "british" if p["british"] >= p["german"] or early else "german"
    summary = t(
        f"jut.result.{s.head.id}",
        german=p["german"],
        british=p["british"],
        german_sank=german_sank,
        british_sank=british_sank,
    )
    event = ScenarioPoints(
        german=p["german"],
        british=p["british"],
        german_sank=german_sank,
        british_sank=british_sank,
    ).event()
    return Result(winner=winner, summary=summary), [event]


def _home_within(state: JutlandState, window: int) -> bool:
    """Hit-and-Run: a German capital ship home within ``window`` hours of being found."""
    found = first_found(state)
    a = state.advanced
    return bool(a and found and any(found[0] <= h <= found[0] + window for h in a.returns))
