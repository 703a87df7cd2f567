"""Searches (GJ74 9): of a hex's surface ships, which turns them all face up (9.2), and of one
submarine, by dice (9.3). Face-up surface ships stay face up (9.2(3)) until the end of the
day (4.4); a submarine may dive again (9.3(6))."""

from __future__ import annotations

from bot.rules.core import Dice, Event, t
from bot.rules.core.text import die
from bot.rules.gj74 import board
from bot.rules.gj74.state import GJ74State, Side, Unit, other
from bot.rules.gj74.units import at, reveal


def move_triggers(state: GJ74State, side: Side, sub: bool, hex_id: str) -> int:
    """How many searches entering this hex brings (9.2(2)2-4, 9.3(2)2-3)."""
    sid = state.scenario
    n = int(board.enemy_coast(sid, side, hex_id)) + int(board.enemy_sosus(sid, side, hex_id))
    if not sub and at(state, hex_id, other(side), sub=False):
        n += 1
    return n


def after_surface_move(
    state: GJ74State, side: Side, units: list[Unit], hexes: list[str]
) -> list[Event]:
    """9.2(2): ships entering a hex with enemy surface ships, an enemy coast or an enemy SOSUS
    hex turn face up."""
    if any(move_triggers(state, side, False, h) for h in hexes):
        return reveal(state, units, "entered")
    return []


def after_sub_move(
    state: GJ74State, side: Side, unit: Unit, hexes: list[str], dice: Dice
) -> list[Event]:
    """9.3(2): a submarine that moved is searched once, and once more for each enemy coast or
    SOSUS hex it entered (9.3(2) example: two checks on an enemy coast). Ruling: each check
    is one die, since 9.3(3) counts dice only for searches aimed at it."""
    checks = 1 + sum(move_triggers(state, side, True, h) for h in hexes)
    return roll_for_sub(state, unit, checks, dice, "moved")


def success(unit: Unit) -> int:
    """9.3(4): a Japanese submarine is found on a 1, any other on 1-2."""
    return 1 if unit.nation == "jp" else 2


def roll_for_sub(state: GJ74State, unit: Unit, n: int, dice: Dice, why: str) -> list[Event]:
    """9.3(3)-(5): ``n`` dice; one success or more turns the submarine face up."""
    if n <= 0 or unit.face_up:
        return []
    best = success(unit)
    faces = [dice.roll(t("gj74.die.sub_search", unit=unit.id)) for _ in range(n)]
    found = any(f <= best for f in faces)
    events = [
        Event(
            kind="gj74.sub_search",
            params={
                "unit": unit.id,
                "dice": [
                    die(f, outcome="gj74.found" if f <= best else "gj74.missed") for f in faces
                ],
            },
        )
    ]
    if found:
        events += reveal(state, [unit], why)
    return events


def surface_search(state: GJ74State, side: Side, hex_id: str) -> list[Event]:
    """9.2(1): every enemy surface ship of the hex turns face up."""
    found = at(state, hex_id, other(side), sub=False)
    events = [Event(kind="gj74.searched", params={"side": side, "hex": hex_id, "n": len(found)})]
    return events + reveal(state, found, "searched")


def asw_dice(units: list[Unit]) -> int:
    """9.3(3)3, 12(1): the group's ASW, carrier ASW air included, fractions dropped."""
    total = sum(board.ship(u.cls).asw + board.ship(u.cls).air_asw for u in units)
    return int(total)
