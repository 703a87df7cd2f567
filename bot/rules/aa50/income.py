"""AA50 5.8 collect income: the value of the territories you control (those taken this turn
count, 5.8 note 56), nothing while the enemy holds your capital (5.5.3.8), China never
(rule 4); national objectives (5.8.1, optional) and War Bonds (5.2.3). Victory (6)."""

from __future__ import annotations

from bot.rules.aa50 import board, chronicle, query
from bot.rules.aa50.components import Objective
from bot.rules.aa50.state import Aa50State
from bot.rules.aa50.words import ev
from bot.rules.core import Dice, Event, t


def production(state: Aa50State, power: str) -> int:
    return sum(board.territory(tid).ipc for tid, o in state.owners.items() if o == power)


def objective_met(state: Aa50State, o: Objective) -> bool:
    """5.8.1: the power's side controls ``count`` of the territories; for the Soviet bonus
    no other Allied units stand in Soviet territory (5.8.1.6); for Mare Nostrum no Allied
    surface warship in the listed sea zones (5.8.1.3)."""
    held = sum(1 for tid in o.territories if query.friendly_land(state, tid, o.power))
    if held < o.count:
        return False
    if o.no_allied_units:
        for u in state.units.values():
            if u.owner != o.power and state.owners.get(u.at) == o.power:
                return False
    zones = o.no_enemy_surface_ships
    return not any(query.hostile_sea(state, zone, o.power) for zone in zones)


def collect(state: Aa50State, dice: Dice) -> list[Event]:
    power = state.power
    if power == "chinese" or not query.capital_held(state, power):
        return [ev("aa50.income", power=power, ipcs=0, bonus=0, war_bonds=0)]
    base = production(state, power)
    bonus = 0
    met = []
    if state.options.national_objectives:
        for o in board.comps().objectives.values():
            if o.power == power and objective_met(state, o):
                bonus += o.value
                met.append(o.id)
    bonds = 0
    if query.has(state, power, "war_bonds"):
        bonds = dice.roll(t("aa50.roll.war_bonds"))
    state.ipcs[power] += base + bonus + bonds
    chronicle.collected(state, base, bonus, met, bonds)
    return [ev("aa50.income", power=power, ipcs=base, bonus=bonus, objectives=met, war_bonds=bonds)]


def winner(state: Aa50State) -> str | None:
    """AA50 6 (1.1, 1.4): after the round, a side holding the agreed number of victory cities
    wins."""
    cities = query.victory_cities(state)
    for side in ("axis", "allies"):
        if cities[side] >= state.options.victory_cities:
            return side
    return None
