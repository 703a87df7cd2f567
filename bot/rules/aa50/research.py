"""AA50 5.2 research & development (optional): tokens at 5 IPCs (5.2.1), one die per token,
a 6 is a breakthrough and all tokens go (5.2.2), the chart chosen and its die (5.2.3),
the advance marked and in effect at once (5.2.4)."""

from __future__ import annotations

from bot.rules.aa50 import board, chronicle
from bot.rules.aa50.actions import ChooseChart, Research
from bot.rules.aa50.state import Aa50State
from bot.rules.aa50.words import ev
from bot.rules.core import Dice, Event, RuleViolation, t

TOKEN_COST = 5


def research(state: Aa50State, action: Research, dice: Dice) -> list[Event]:
    power = state.power
    cost = TOKEN_COST * action.tokens
    if cost > state.ipcs[power]:
        raise RuleViolation("aa50.research.too_dear", "AA50 5.2.1", ipcs=state.ipcs[power])
    state.ipcs[power] -= cost
    state.researched = True
    chronicle.researched(state, action.tokens, cost)
    state.tokens[power] = state.tokens.get(power, 0) + action.tokens
    faces = [dice.roll(t("aa50.roll.research")) for _ in range(state.tokens[power])]
    events = [ev("aa50.research", power=power, bought=action.tokens, rolls=faces, cost=cost)]
    if 6 in faces and open_charts(state, power):
        state.tokens[power] = 0
        state.tech_roll = True
        events.append(ev("aa50.breakthrough", power=power))
    return events


def open_charts(state: Aa50State, power: str) -> list[str]:
    """5.2.3: a chart whose every advance you have gives no more."""
    have = set(state.tech.get(power, []))
    charts = sorted({a.chart for a in board.comps().advances.values()})
    return [
        c
        for c in charts
        if any(a.id not in have for a in board.comps().advances.values() if a.chart == c)
    ]


def choose_chart(state: Aa50State, action: ChooseChart, dice: Dice) -> list[Event]:
    power = state.power
    if action.chart not in open_charts(state, power):
        raise RuleViolation("aa50.research.chart_done", "AA50 5.2.3")
    rows = {a.roll: a.id for a in board.comps().advances.values() if a.chart == action.chart}
    have = state.tech.setdefault(power, [])
    while True:
        # 5.2.3: an advance you have already is rolled again until a new one comes.
        advance = rows[
            dice.roll(
                t("aa50.roll.breakthrough", chart=t(f"aa50.chart.{action.chart}").model_dump())
            )
        ]
        if advance not in have:
            break
    have.append(advance)
    chronicle.advanced(state, advance)
    state.tech_roll = False
    return [ev("aa50.advance", power=power, advance=advance)]
