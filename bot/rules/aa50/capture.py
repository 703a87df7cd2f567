"""AA50 5.5.3.6-5.5.3.9: taking a territory, liberating it, capitals (plunder, return of
liberated territories) and victory cities. The control marker (2.8) changes; factories and
AA guns, grey pieces of no nation (2.11), change hands with the territory."""

from __future__ import annotations

from bot.rules.aa50 import board, chronicle, query
from bot.rules.aa50.board import Power
from bot.rules.aa50.state import Aa50State
from bot.rules.aa50.words import ev
from bot.rules.core import Event


def new_controller(state: Aa50State, where: str, by: Power) -> Power:
    """5.5.3.7: a territory first held by an ally goes back to it, unless that ally's capital
    is in enemy hands (then the liberator holds it until the capital is freed). Rule 4: a
    Chinese territory goes back to China (no capital); Kwangtung goes back to the UK."""
    first = state.original.get(where, by)
    if first != by and board.allied(first, by) and query.capital_held(state, first):
        return first
    return by


def capture(state: Aa50State, where: str, by: Power) -> list[Event]:
    loser = state.owners[where]
    holder = new_controller(state, where, by)
    state.owners[where] = holder
    if where not in state.conquered:
        state.conquered.append(where)
    events = [ev("aa50.captured", where=where, by=by, holder=holder, loser=loser)]
    # 5.5.3.6: factories and AA guns change hands; a captured one is idle this turn.
    for u in query.at(state, where):
        if u.type in ("factory", "aa_gun") and not board.allied(u.owner, holder):
            u.owner, u.captured = holder, True
        elif u.type in ("factory", "aa_gun") and holder != by:
            u.owner = holder
    capital_of = board.territory(where).capital_of
    if capital_of is not None and capital_of == loser and not board.allied(loser, by):
        # 5.5.3.8: the conqueror takes the IPCs the fallen power had left.
        plunder = state.ipcs.get(loser, 0)
        state.ipcs[loser] = 0
        state.ipcs[by] = state.ipcs.get(by, 0) + plunder
        chronicle.plundered(state, plunder)
        events.append(ev("aa50.plunder", by=by, loser=loser, ipcs=plunder))
    if capital_of is not None and capital_of == holder and holder != loser:
        events += _freed(state, holder)
    return events


def _freed(state: Aa50State, power: Power) -> list[Event]:
    """5.5.3.8: when a capital is liberated, the territories allies freed in the meantime go
    back to it, with their factories (AA guns elsewhere stay with the ally)."""
    back = []
    for tid, owner in state.owners.items():
        if state.original.get(tid) == power and owner != power and board.allied(owner, power):
            state.owners[tid] = power
            back.append(tid)
            for u in query.at(state, tid):
                if u.type == "factory":
                    u.owner = power
    return [ev("aa50.capital_freed", power=power, returned=sorted(back))]
