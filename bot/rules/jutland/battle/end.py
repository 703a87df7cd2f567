"""The end of a maneuver-and-fire turn (Jutland 4.1) and of a battle (4.4): losses struck from
the task forces, the disengaging force's track extended into the hex it was heading for."""

from __future__ import annotations

import math

from bot.rules.core import Event
from bot.rules.jutland import board
from bot.rules.jutland.advanced.damage import strand
from bot.rules.jutland.battle.placement import nearest, sheet_bearing, visibility
from bot.rules.jutland.components import comps
from bot.rules.jutland.search import enter
from bot.rules.jutland.state import Battle, JutlandState, Side
from bot.rules.jutland.tournament import special_damage

TURNS_PER_HOUR = 6


def after_turn(state: JutlandState) -> list[Event]:
    """4.1: six turns make an hour (``turn`` 7 tells the sequence to mark it); the battle ends
    when one side has no ship afloat or the nearest ships are out of sight (4.4)."""
    b = state.battle
    assert b is not None
    sides = {s.side for s in b.ships.values() if not s.sunk}
    if len(sides) < 2 or nearest(b) > visibility(b):
        return finish(state)
    b.turn += 1
    return []


def _away(b: Battle, side: Side) -> tuple[float, float]:
    """How squarely a side is sailing away from the enemy, and its mean heading."""
    own = [s for s in b.ships.values() if s.side == side and not s.sunk]
    foe = [s for s in b.ships.values() if s.side != side and not s.sunk]
    hx = sum(math.sin(math.radians(s.heading)) for s in own)
    hy = sum(math.cos(math.radians(s.heading)) for s in own)
    cx = sum(s.x for s in own) / len(own) - sum(s.x for s in foe) / len(foe)
    cy = sum(s.y for s in own) / len(own) - sum(s.y for s in foe) / len(foe)
    norm = math.hypot(hx, hy) * math.hypot(cx, cy) or 1.0
    return (hx * cx + hy * cy) / norm, math.degrees(math.atan2(hx, hy)) % 360


def finish(state: JutlandState) -> list[Event]:
    b = state.battle
    assert b is not None
    events: list[Event] = []
    for ship in sorted(b.ships.values(), key=lambda s: s.id):
        if ship.sunk:
            state.sunk[ship.side].append(ship.id)
            state.task_forces[ship.tf].ships.remove(ship.id)
    special_damage.battle_over(state, set(b.ships))  # Tournament 22.3: temporary results lapse
    strand(state)  # Jutland 15.4: a ship dead in the water leaves her task force
    for tf_id in [k for k, tf in state.task_forces.items() if not tf.ships]:
        del state.task_forces[tf_id]
    sides = {s.side for s in b.ships.values() if not s.sunk}
    if len(sides) == 2:
        # 4.4. Ruling: the side sailing more squarely away from the other disengages; the
        # other stays in the hex.
        (g, g_heading), (br, b_heading) = _away(b, "german"), _away(b, "british")
        side: Side = "german" if g >= br else "british"
        to = _heading_hex(b.hex, side, g_heading if side == "german" else b_heading)
        for tf in state.task_forces.values():
            if tf.hex == b.hex and tf.side == side and to is not None:
                enter(tf, to, state.hour)
        events.append(Event(kind="jut.disengaged", params={"side": side}))
        if side == "german" and to is not None and board.shaded(to):
            # 3.1: a German force entering a shaded hex is seen by the coastal patrols,
            # by its move or by disengaging alike; the hex is announced, nothing else.
            state.spotted.append((state.hour, to))
            events.append(Event(kind="jut.spotted", params={"hex": to}, reveals=True))
    events.append(
        Event(
            kind="jut.battle_over",
            params={"hex": b.hex, "sunk": sum(s.sunk for s in b.ships.values())},
        )
    )
    state.fought.append(b.hex)
    state.battle = None
    state.contact = None
    return events


def _heading_hex(here: str, side: Side, heading: float) -> str | None:
    """The neighbouring hex the force is heading for; 4.4: never a forbidden hex, so the
    nearest allowed direction."""
    near = [n for n in comps().neighbours(here) if board.enterable(side, n)]

    def off(n: str) -> float:
        d = abs(sheet_bearing(here, n) - heading) % 360
        return min(d, 360 - d)

    return min(near, key=off) if near else None
