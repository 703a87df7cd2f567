"""Attacks (GJ74 10): only face-up counters can be attacked. Submarine against submarine (11),
surface ships against a submarine (12), aircraft against a submarine (13), a submarine
against surface ships (14), ship against ship (15) and aircraft against ships (16).
Cited as GJ74 10.1, GJ74 10.2, GJ74 10.3, GJ74 11, GJ74 12, GJ74 13, GJ74 14, GJ74 15 and
GJ74 16 by the rule index."""

from __future__ import annotations

from bot.rules.core import Dice, Event, RuleViolation, t
from bot.rules.core.text import die
from bot.rules.gj74 import board
from bot.rules.gj74.state import GJ74State, Side, Unit
from bot.rules.gj74.units import hits_to, unit_tech


def enemy_target(
    state: GJ74State, side: Side, token: str | None, hex_id: str, sub: bool, section: str
) -> Unit:
    """10: the target must be an enemy counter of that kind in that hex, face up."""
    u = state.units.get(token or "")
    if u is None or u.side == side or u.status != "map" or u.hex != hex_id or u.sub != sub:
        raise RuleViolation("gj74.attack.no_target", section, hex=hex_id)
    if not u.face_up:
        raise RuleViolation("gj74.attack.face_down", "GJ74 10")
    return u


def check_first_strike(state: GJ74State, side: Side) -> None:
    """Optional 22.5: the Japanese side attacks only once it has been attacked (not in 19.1)."""
    if (
        state.options.defensive_22_5
        and state.scenario != "19.1"
        and "jp" in board.scenario(state.scenario).nations(side)
        and not state.attacked_first.get(side, False)
    ):
        raise RuleViolation("gj74.attack.defensive", "GJ74 22.5")


def _roll(dice: Dice, n: int, tech: int, label: str) -> tuple[int, list[dict[str, object]]]:
    faces = [dice.roll(t(label)) for _ in range(n)]
    shown = [die(f, outcome="gj74.hit" if f <= tech else "gj74.miss") for f in faces]
    return sum(1 for f in faces if f <= tech), shown


def against_sub(state: GJ74State, target: Unit, dice_n: int, tech: int, dice: Dice) -> list[Event]:
    """11, 12, 13: ``dice_n`` dice, each at most the attacker's tech level a hit; one hit
    damages, two sink."""
    state.attacked_first[target.side] = True
    hits, shown = _roll(dice, dice_n, tech, "gj74.die.asw")
    events = [
        Event(
            kind="gj74.attack_sub",
            params={"unit": target.id, "dice": shown, "hits": hits},
        )
    ]
    return events + hits_to(state, target, hits)


def asw_fire(state: GJ74State, sub: Unit, ships: list[Unit], dice: Dice) -> tuple[int, list[Event]]:
    """14(1)-(2): the attacked ships' ASW (carrier ASW air too) fires first, at the lowest tech
    level among them; its hits cut the submarine's anti-ship. Returns what is left."""
    for u in ships:
        state.attacked_first[u.side] = True
    n = int(sum(board.ship(u.cls).asw + board.ship(u.cls).air_asw for u in ships))
    low = min((unit_tech(state, u) for u in ships), default=1)
    asw_hits, shown = _roll(dice, n, low, "gj74.die.asw")
    left = max(0, board.ship(sub.cls).anti_ship - asw_hits)
    return left, [Event(kind="gj74.asw_fire", params={"unit": sub.id, "dice": shown, "left": left})]


def torpedoes(state: GJ74State, sub: Unit, deal: dict[str, int], dice: Dice) -> list[Event]:
    """14(4)-(5): a die for each point of anti-ship dealt to a ship, each at most the
    submarine's tech a hit; one hit damages, two sink."""
    events: list[Event] = []
    for x, n in deal.items():
        u = state.units[x]
        if n <= 0 or u.status != "map":
            continue
        hits, shown = _roll(dice, n, unit_tech(state, sub), "gj74.die.torpedo")
        events.append(
            Event(kind="gj74.torpedo", params={"unit": u.id, "dice": shown, "hits": hits})
        )
        events += hits_to(state, u, hits)
    return events


def range_of(state: GJ74State, u: Unit) -> int:
    """15: two hexes; optional 22.1 long-range missiles of some Chinese classes further."""
    lr = board.ship(u.cls).long_range
    return lr if state.options.long_range_22_1 and lr else 2
