"""The weather (Jutland 22.1, two options of the Advanced Game, and a third that reads one
die on both tables, item 3).

- Visibility (item 1): at the start of a day battle the Visibility Table's first column gives
  the first turn's visibility; every later turn a die on its second column changes it; a
  change that would leave 0 to 36,000 yards is no change (item 1d). No fire beyond it (item
  1e: ``placement.visibility`` reads it), the range bands unchanged; the fleets close until
  they are within it (item 1f: placement closes to it). No roll by night (item 1a).
- Wind (item 2): a die each turn, the first on the initial column, the later ones on the
  change column (a 5 or 6 rolls a new direction on the first). Fire with the wind has its
  hits halved, rounded up; torpedoes are not affected. Ruling: a line of fire runs with the
  wind when its bearing lies within the data's arc of the way the wind blows; a concentration
  (14.3 item 3) is halved when firers with the wind bring at least half its factors.
"""

from __future__ import annotations

import math

from bot.rules.core import Dice, Event, t
from bot.rules.jutland.battle.geometry import bearing
from bot.rules.jutland.state import Battle, JutlandState
from bot.rules.jutland.tournament.battle_events import VisibilityRolled, WindRolled
from bot.rules.jutland.tournament.battle_state import BattleModules, Weather
from bot.rules.jutland.tournament.battle_tables import tables


def _modules(state: JutlandState) -> BattleModules | None:
    a = state.advanced
    if a is None or not (a.modules.visibility or a.modules.wind):
        return None
    return a.modules


def _new_wind(dice: Dice, die: int | None = None) -> tuple[int, int]:
    die = die or dice.roll(t("jut.die.wind"), 6)
    return die, tables().wind_row(die).blows_from


def start(
    state: JutlandState, night: bool, dice: Dice
) -> tuple[Weather | None, float | None, list[Event]]:
    """The first turn's weather of a battle beginning now (items 1a-1b, 2): the weather,
    the visibility rolled (None: not rolled) and the rolls' events."""
    m = _modules(state)
    if m is None:
        return None, None, []
    weather, events = Weather(), []
    die, seen = 0, None
    if m.visibility and not night:
        die = dice.roll(t("jut.die.visibility"), 6)
        seen = tables().visibility[die].initial
        weather.rolled = True
        events.append(VisibilityRolled(die=die, yards=seen).event())
    if m.wind:
        shared = die if m.one_roll and die else None  # item 3: the same die
        wind_die, weather.wind = _new_wind(dice, shared)
        events.append(WindRolled(die=wind_die, blows_from=weather.wind).event())
    return weather, None if seen is None else float(seen), events


def next_turn(state: JutlandState, battle: Battle, dice: Dice) -> list[Event]:
    """Items 1c, 1d, 2: the change columns at the start of every later turn."""
    m, w = _modules(state), battle.weather
    if m is None or w is None:
        return []
    events: list[Event] = []
    die = 0
    if w.rolled and battle.visibility is not None and not battle.night:
        die = dice.roll(t("jut.die.visibility"), 6)
        seen = battle.visibility + tables().visibility[die].change
        lim = tables().limits
        if lim.lowest <= seen <= lim.highest:  # item 1d: beyond the limits, no change
            battle.visibility = seen
        events.append(VisibilityRolled(die=die, yards=round(battle.visibility)).event())
    if w.wind is not None:
        change_die = die if m.one_roll and die else dice.roll(t("jut.die.wind"), 6)
        if tables().wind_row(change_die).change:
            change_die, w.wind = _new_wind(dice)
        events.append(WindRolled(die=change_die, blows_from=w.wind).event())
    return events


def downwind(wind: int, frm: tuple[float, float], to: tuple[float, float]) -> bool:
    """Item 2: the line of fire runs the way the wind blows (from ``wind``, to its opposite)."""
    off = abs(bearing(frm, to) - (wind + 180) % 360) % 360
    return min(off, 360 - off) <= tables().downwind.arc


def with_wind(
    state: JutlandState, battle: Battle, shares: dict[str, int], target: str, hits: int
) -> int:
    """The fire's hits, halved (rounded up) when it is fired with the wind."""
    w = battle.weather
    if w is None or w.wind is None or not hits:
        return hits
    aim = battle.ships[target]
    wind = w.wind
    with_it = sum(
        n for f, n in shares.items()
        if downwind(wind, (battle.ships[f].x, battle.ships[f].y), (aim.x, aim.y))
    )  # fmt: skip
    total = sum(shares.values())
    return math.ceil(hits / 2) if total and 2 * with_it >= total else hits
