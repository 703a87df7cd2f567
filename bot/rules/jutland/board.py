"""The Fleet Search Sheet as the rules read it: where a task force may go (Jutland 3.1), the
exits and the time to come back by another (Jutland 5), bases and fuel (Jutland 13.5)."""

from __future__ import annotations

from functools import cache

from bot.rules.jutland.advanced.components import is_light
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import Side, TaskForce

STAY, OFF = "stay", "off"


def distance(a: str, b: str) -> int:
    """Hexes between two hexes (axial coordinates, NOTES.md §2)."""
    ha, hb = comps().hexes[a], comps().hexes[b]
    dq, dr = ha.col - hb.col, ha.row - hb.row
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


@cache
def bases(side: Side) -> frozenset[str]:
    return frozenset(b.hex for b in comps().bases.values() if b.side == side)


@cache
def exits(side: Side) -> frozenset[str]:
    return frozenset(h for e in comps().exits.values() if e.side == side for h in e.hexes)


def shaded(hex_id: str) -> bool:
    return comps().hexes[hex_id].terrain == "shaded"


def enterable(side: Side, hex_id: str) -> bool:
    """Jutland 3.1: full sea hexes; partial ones only a side's own bases and, for the Germans,
    the Heligoland hexes (on the stand-in sheet, the British bases' approaches too)."""
    terrain = comps().hexes[hex_id].terrain
    if terrain in ("sea", "shaded"):
        return True
    if terrain == "coast":
        return hex_id in bases(side) or any(
            a.hex == hex_id and a.side == side for a in comps().approaches
        )
    return False


def fuel_limit(side: Side) -> int:
    t = comps().time
    return t.german_fuel_hours if side == "german" else t.british_fuel_hours


def out_of_fuel(tf: TaskForce, hour: int) -> bool:
    """Jutland 13.5: a German force back at BB16 within 54 hours of leaving it, a British one
    at any of its bases within 60; the hour of leaving counts as the first at sea."""
    if tf.left_at is None or (tf.hex is not None and tf.hex in bases(tf.side)):
        return False
    if any(is_light(s) for s in tf.ships):
        return False  # Jutland 13.5 item 4: light ships have no fuel limit
    return hour - tf.left_at >= fuel_limit(tf.side)


@cache
def near(hex_id: str) -> tuple[str, ...]:
    """A hex's neighbours on the sheet (cached: asked for every menu of every hour)."""
    return tuple(comps().neighbours(hex_id))


@cache
def _moves_from(side: Side, hex_id: str) -> tuple[str, ...]:
    out = [STAY, *sorted(n for n in near(hex_id) if enterable(side, n))]
    if hex_id in exits(side):
        out.append(OFF)
    return tuple(out)


SLOW = 4
"""Jutland 13.1: a ship whose movement factor is 4 or less moves a hex on the sheet only one
hour in two."""


def resting(tf: TaskForce, hour: int, movement: int) -> bool:
    """Jutland 13.1: a force whose slowest ship has movement ``SLOW`` or less moves every
    second hour; ruling: it rests in the hour after any hour it moved (by its plot, by
    disengaging, or by joining a battle), and with movement 0 it cannot move at all (13.1,
    dead in the water, as 15.4 item 1a)."""
    return movement <= 0 or (
        movement <= SLOW and tf.moved_at is not None and tf.moved_at >= hour - 1
    )


def moves(tf: TaskForce, hour: int, rest: bool = False) -> list[str]:
    """Every legal plot for this task force this hour (the menu and the check alike);
    ``rest``: a slow force's hour without a move (13.1)."""
    if tf.dead or rest:
        return [STAY]
    if tf.hex is None:
        # Jutland 5: back by the exit it left by, or by another after the time between them.
        assert tf.exit_hex is not None and tf.exit_hour is not None
        # Never onto an exit hex the side may not enter (the stand-in sheet's DD7 is coast).
        back = [
            h
            for h in sorted(exits(tf.side))
            if enterable(tf.side, h) and hour >= tf.exit_hour + distance(tf.exit_hex, h) + 1
        ]
        return [STAY, *back]
    return list(_moves_from(tf.side, tf.hex))


def night(hour: int) -> bool:
    return hour % 24 in comps().time.night


def last_hour() -> int:
    return comps().time.hours - 1
