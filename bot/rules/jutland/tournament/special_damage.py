"""Special damage (Jutland 22.3, an option of the Advanced Game): the capital ships' hit
record kept by halves and the lasting results of the Critical and Flotation Hit Tables.

- Random location (item 1): after the Gunnery Damage Table a second die, 1-3 the fore half of
  the boxes, 4-6 the aft half, marked left to right; hits beyond the free boxes of that half
  are torpedo (flotation) hits, whatever the other half holds (item 1c).
- The tables' results that last (items 2-3) are ``Effect`` records read here by the gunnery,
  movement, maneuver and fire rules. Ruling: a result that bears on fire or on the next moves
  (a stop, jammed steering, fire control out, gunnery halved) takes effect from the next
  maneuver-and-fire turn, so that its "next N turns" are whole turns and a British ship's
  losses wait for her own fire as her boxes do (13.1 item 5); a ship dead in the water, or
  with her engines flooded or hit, loses her movement at once (she falls out as under 13.1).
- The note after the tables: when the battle ends the temporary results (the turns counted)
  are cancelled.

This module only reads and writes the record; the rolls are in ``battle_damage``."""

from __future__ import annotations

import math

from bot.rules.jutland.advanced.components import is_light
from bot.rules.jutland.advanced.state import AdvancedState, Damage
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import JutlandState
from bot.rules.jutland.tournament.battle_state import Effect, EffectKind, Special
from bot.rules.jutland.tournament.battle_tables import Section, tables

HALVE_GUNNERY: tuple[EffectKind, ...] = ("director", "ammunition_hoist", "list")
STOP: tuple[EffectKind, ...] = ("stopped", "steam_pipe")


def on(state: JutlandState) -> bool:
    return state.advanced is not None and state.advanced.modules.special_damage


def halves(ship: str) -> tuple[int, int]:
    """22.3 item 1b: the boxes divided by two (an odd box as the stand-in data say)."""
    n = comps().ships[ship].hit_boxes
    big, small = n - n // 2, n // 2
    return (big, small) if tables().split.odd_box == "fore" else (small, big)


def special(a: AdvancedState, ship: str) -> Special:
    return a.special.setdefault(ship, Special())


def free(a: AdvancedState, ship: str, section: Section) -> int:
    fore, aft = halves(ship)
    s = a.special.get(ship) or Special()
    return fore - s.fore if section == "fore" else aft - s.aft


def mark(a: AdvancedState, ship: str, section: Section, hits: int) -> int:
    """Hits on one half: the boxes marked there (the rest become torpedo hits, item 1c)."""
    boxes = min(hits, free(a, ship, section))
    s = special(a, ship)
    if section == "fore":
        s.fore += boxes
    else:
        s.aft += boxes
    d = a.damage.setdefault(ship, Damage())
    d.boxes += boxes
    return boxes


def fuller(a: AdvancedState, ship: str) -> Section:
    """Critical Hit Table 1, 3-4: the half with more boxes. Ruling: more boxes left unmarked
    (the flash burns what is still there to burn); the fore half on a tie."""
    return "fore" if free(a, ship, "fore") >= free(a, ship, "aft") else "aft"


def add(a: AdvancedState, ship: str, kind: EffectKind, turns: int | None) -> None:
    pending = kind not in ("dead", "engine_flooded", "engine_hit")
    special(a, ship).effects.append(Effect(kind=kind, turns=turns, pending=pending))


def _active(state: JutlandState, ship: str) -> list[EffectKind]:
    a = state.advanced
    if a is None or ship not in a.special:
        return []
    return [e.kind for e in a.special[ship].effects if not e.pending]


def gunnery(state: JutlandState, ship: str, value: int) -> int:
    """Critical 3 (director) and 6 (ammunition supply), Flotation 6 (list): the gunnery
    halved, rounded up. Ruling: two such results halve it twice."""
    for kind in _active(state, ship):
        if kind in HALVE_GUNNERY:
            value = math.ceil(value / 2)
    return value


def movement(state: JutlandState, ship: str, value: int) -> int:
    """Flotation 4 halves the movement (rounded up), Flotation 5 takes 3 from it, for the
    rest of the game; Critical 2, 1-2 leaves her dead in the water."""
    kinds = _active(state, ship)
    for kind in kinds:
        if kind == "engine_flooded":
            value = math.ceil(value / 2)
    value -= 3 * kinds.count("engine_hit")
    return 0 if "dead" in kinds else max(0, value)


def stopped(state: JutlandState, ship: str) -> bool:
    """Critical 2, 3-6 and Flotation 3: she stays where she is for the turns given."""
    return any(k in STOP for k in _active(state, ship))


def jammed(state: JutlandState, ship: str) -> bool:
    """Critical 4: no change of compass course (she may slow or stop)."""
    return "steering" in _active(state, ship)


def silenced(state: JutlandState, ship: str) -> bool:
    """Critical 5: fire control out, she does not fire."""
    return "fire_control" in _active(state, ship)


def end_turn(state: JutlandState, ships: set[str]) -> None:
    """The end of a maneuver-and-fire turn of the battle these ships fight: each result in
    effect has lasted one more turn; those inflicted in it take effect."""
    if state.advanced is None:
        return
    for ship in ships & set(state.advanced.special):
        s = state.advanced.special[ship]
        kept = []
        for e in s.effects:
            if e.pending:
                e.pending = False
            elif e.turns is not None:
                e.turns -= 1
            if e.turns is None or e.turns > 0:
                kept.append(e)
        s.effects = kept


def battle_over(state: JutlandState, ships: set[str]) -> None:
    """The note after the tables: at the end of the battle the temporary results lapse."""
    if state.advanced is None:
        return
    for ship in ships & set(state.advanced.special):
        s = state.advanced.special[ship]
        s.effects = [e for e in s.effects if e.turns is None]


def effects(state: JutlandState, ship: str) -> tuple[str, ...]:
    """The results on her now (the view's): "kind" or "kind:turns"."""
    a = state.advanced
    if a is None or is_light(ship) or ship not in a.special:
        return ()
    return tuple(
        e.kind if e.turns is None else f"{e.kind}:{e.turns}" for e in a.special[ship].effects
    )
