"""AA50 5.2.3 Rockets: in the conduct combat phase each of your AA guns may strike an enemy
factory within 3 spaces for 1d6 damage markers (at most twice the territory's value, 7.1.5).
Ruling: the rulebook lets every AA gun fire ("每个防空炮"), where TripleA allows one rocket per
territory; distance counts spaces as aircraft do (neutrals not crossed). Rockets fire before
the battles, as strategic bombing does (5.5.1)."""

from __future__ import annotations

from bot.rules.aa50 import board, query
from bot.rules.aa50.state import Aa50State
from bot.rules.aa50.words import ev
from bot.rules.core import Dice, Event, RuleViolation, t

RANGE = 3


def shots(state: Aa50State) -> dict[str, list[str]]:
    """Each gun that may still fire, with the factories it can reach."""
    power = state.power
    if not query.has(state, power, "rockets") or state.rockets_done:
        return {}
    factories = [
        u.at
        for u in state.units.values()
        if u.type == "factory" and not board.allied(u.owner, power)
    ]
    out: dict[str, list[str]] = {}
    for g in state.units.values():
        if g.type != "aa_gun" or g.owner != power or g.bombarded or board.is_sea(g.at):
            continue
        near = board.distances(g.at, True)
        reach = sorted(f for f in factories if near.get(f, 99) <= RANGE)
        if reach:
            out[g.id] = reach
    return out


def fire(state: Aa50State, gun: str, target: str, dice: Dice) -> list[Event]:
    if target not in shots(state).get(gun, []):
        raise RuleViolation("aa50.rocket.out_of_reach", "AA50 5.2.3", where=target)
    factory = query.factory_at(state, target)
    assert factory is not None
    damage = dice.roll(t("aa50.roll.rocket"))
    before = factory.hits
    factory.hits = min(2 * board.territory(target).ipc, factory.hits + damage)
    state.units[gun].bombarded = True  # this turn's shot is spent
    return [ev("aa50.rocket", where=target, damage=damage, markers=factory.hits - before)]


def done(state: Aa50State) -> list[Event]:
    state.rockets_done = True
    return []
