"""AA50 5, 5.1: the order of play and the seven phases of a turn as a table (``PHASES``):
research & development (5.2), purchase and repair (5.3), combat move (5.4), conduct combat
(5.5), noncombat move (5.6), mobilize new units (5.7), collect income (5.8); victory checked
after the last turn of each round (6). ``advance`` runs every step that needs nobody's
decision. A power whose capital the enemy holds has only the combat move, combat and
noncombat move (5.5.3.8).

China (rule 4) has no turn of its own: the US player plays its phases inside the US turn, its
forces and resources apart from the US's (``CHINA``). Note 12: China's combat move and combat
come together, after the US purchase or after the US combat, as the US player fixed before
the game (the ``china_first`` option). Its infantry are counted in the US purchase (rule 4)
and placed in the US mobilization. It does no research, buys nothing, collects nothing.
Ruling: the rulebook binds only China's combat move and combat into the US turn and says
nothing of its noncombat move; China's units still land, regroup and reinforce, so China
has its own noncombat move, just after the US's, inside the US noncombat move phase (its
forces stay apart from the US's as rule 4 asks).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.aa50 import board, chronicle, forms, income, mobilize, purchase, query, transport
from bot.rules.aa50.board import SEATS
from bot.rules.aa50.combat import battle
from bot.rules.aa50.combat import prompts as combat_prompts
from bot.rules.aa50.state import Aa50State, Phase
from bot.rules.aa50.words import ev
from bot.rules.core import Dice, Event, Prompt, Result, t
from bot.rules.core.sequence import Step, Table


def _put(state: Aa50State, phase: Phase) -> None:
    state.phase = phase


CHINA: dict[bool, dict[Phase, tuple[Phase, ...]]] = {
    True: {
        "combat_move": ("combat_move", "combat"),
        "mobilize": ("noncombat_move",),
        "income": ("mobilize",),
    },
    False: {
        "noncombat_move": ("combat_move", "combat"),
        "mobilize": ("noncombat_move",),
        "income": ("mobilize",),
    },
}
"""Rule 4 (note 12): China's phases inside the US turn, by the US phase they come just before;
keyed by the ``china_first`` option (True: China's combat move and combat after the US
purchase; False: after the US combat)."""


def go(state: Aa50State, phase: Phase) -> list[Event]:
    """Move on to ``phase`` (or, inside the US turn, to the China phases due before it, rule
    4), and do what entering it does by itself."""
    if state.china:
        assert state.china_then is not None
        block = CHINA[state.options.china_first][state.china_then]
        i = block.index(state.phase)
        if i + 1 < len(block):
            PHASES.goto(state, block[i + 1])
            return enter(state)
        phase, state.china, state.china_then = state.china_then, False, None
        PHASES.goto(state, phase)
        return enter(state)
    first = CHINA[state.options.china_first].get(phase) if state.power == "americans" else None
    if first:
        state.china, state.china_then = True, phase
        PHASES.goto(state, first[0])
        return [ev("aa50.china", phase=first[0], round=state.round), *enter(state)]
    PHASES.goto(state, phase)
    return enter(state)


def begin_turn(state: Aa50State) -> list[Event]:
    state.china, state.china_then = False, None
    state.start_owners = dict(state.owners)
    state.conquered = []
    state.sea_battles = []
    state.hostile_seas = sorted(
        {
            u.at
            for u in state.units.values()
            if u.type in board.SURFACE_WARSHIPS
            and u.carried_by is None
            and not board.allied(u.owner, state.power)
        }
    )
    state.placed = {}
    state.pickups = {}
    state.awaiting = []
    state.new_decks = []
    state.battles = []
    state.bombing = []
    state.assaults = {}
    state.assault_now = None
    state.step_no = 0
    state.researched = False
    state.rockets_done = False
    for u in state.units.values():
        marks = (u.moved, u.combat, u.loaded, u.unloaded, u.bombed, u.captured, u.bombarded)
        flags = (u.dropped, u.withdrawn, u.amphibious, u.came_from, u.assault)
        if not any(marks) and not any(flags):
            continue  # nothing to reset (most units): skip pydantic's checked setattr
        u.moved = 0
        u.combat = u.loaded = u.unloaded = u.bombed = u.captured = u.bombarded = False
        u.dropped = u.withdrawn = False
        u.amphibious = False
        u.came_from = u.assault = None
    state.phase = "research"
    chronicle.begin_turn(state)
    return [ev("aa50.turn", round=state.round, power=state.power)]


def enter(state: Aa50State) -> list[Event]:
    """What entering the current phase does by itself. Rule 4: in the US purchase China counts
    its territories for its free infantry (even when the US, its capital lost, buys nothing:
    China's resources are its own). 5.4.2 note 26: the mobilization opens with the new
    carriers declared in the combat move placed where they were declared."""
    if state.phase == "purchase" and state.power == "americans":
        return purchase.chinese_infantry(state)
    if state.phase == "mobilize" and state.new_decks and not state.china:
        from bot.rules.aa50 import pickup

        return pickup.place_declared(state)
    return []


def _next(phase: Phase) -> Callable[[Aa50State, Dice], list[Event]]:
    def run(state: Aa50State, dice: Dice) -> list[Event]:
        return go(state, phase)

    return run


def _research_run(state: Aa50State, dice: Dice) -> list[Event]:
    return _next("purchase")(state, dice)


def _purchase_run(state: Aa50State, dice: Dice) -> list[Event]:
    return _next("combat_move")(state, dice)


def _combat_run(state: Aa50State, dice: Dice) -> list[Event]:
    return battle.STEPS.run(state, dice)


def _mobilize_run(state: Aa50State, dice: Dice) -> list[Event]:
    return _crash_then_income(state)


def _income_run(state: Aa50State, dice: Dice) -> list[Event]:
    events = [] if forms.skipped(state, "income") else income.collect(state, dice)
    chronicle.end_turn(state)
    state.turn += 1
    if state.turn >= len(state.order):
        state.turn = 0
        events += _end_round(state)
        if state.result is not None:
            return events
        state.round += 1
    PHASES.goto(state, "research")
    return events + begin_turn(state)


def _end_round(state: Aa50State) -> list[Event]:
    """6: after the round, a side with enough victory cities wins."""
    side = income.winner(state)
    cities = query.victory_cities(state)
    if side is not None:
        lead = next(p for p in state.order if board.alliance(p) == side)
        state.result = Result(
            winner=board.seat_of(lead),
            summary=t(
                "aa50.result.victory",
                alliance=t(f"aa50.alliance.{side}").model_dump(),
                cities=cities[side],
            ),
        )
    elif state.options.round_limit is not None and state.round >= state.options.round_limit:
        state.result = Result(
            winner=None,
            summary=t(
                "aa50.result.round_limit",
                rounds=state.round,
                axis=cities["axis"],
                allies=cities["allies"],
            ),
        )
    return [ev("aa50.round_over", round=state.round, **cities)]


def _combat_move_end(state: Aa50State, seat: str) -> list[Event]:
    """5.4 ends: cargo boarded in this combat move that lands nowhere goes back ashore (note
    62, transport.take_back); the battles are every space where the mover's units meet the
    enemy (5.5)."""
    power = state.power
    taken = transport.take_back(state, power)
    for u in state.units.values():
        if u.owner != power or u.type in ("factory", "aa_gun"):
            continue
        if u.bombed and u.at not in state.bombing:
            state.bombing.append(u.at)
            if u.at not in state.battles:
                state.battles.append(u.at)
            continue
        if u.carried_by is not None and u.type != "fighter":
            continue
        fight = query.enemy_land(state, u.at, power) or (
            board.is_sea(u.at) and bool(query.defenders(state, u.at, power))
        )
        if fight and u.at not in state.battles:
            state.battles.append(u.at)
    state.battles.sort()
    state.battle_plan, state.planned, state.assault_now = [], False, None  # note 36
    state.step_no += 1
    events = [*taken, ev("aa50.battles", power=power, battles=list(state.battles))]
    return events + go(state, "combat")


def _mobilize_end(state: Aa50State, seat: str) -> list[Event]:
    """5.7 ends: aircraft with nowhere to land are lost now that new carriers are placed
    (5.6.1.2, 7.2.1), whether or not the power had anything to place."""
    state.step_no += 1
    return _crash_then_income(state)


def _crash_then_income(state: Aa50State) -> list[Event]:
    events = mobilize.crash(state)
    return events + go(state, "income")


def _noncombat_end(state: Aa50State, seat: str) -> list[Event]:
    """5.6 ends: carriers declared for a pick-up keep their word (7.2, pickup.py), then the
    carriers that owe waiting fighters a deck (5.6.1.3, 7.3.2, decks.py)."""
    from bot.rules.aa50 import decks, pickup

    events = pickup.keep(state)
    events += decks.keep(state)
    return events + _finish("mobilize")(state, seat)


def _finish(phase: Phase) -> Callable[[Aa50State, str], list[Event]]:
    def end(state: Aa50State, seat: str) -> list[Event]:
        state.step_no += 1
        return go(state, phase)

    return end


PHASES: Table[Phase, Aa50State] = Table(
    Phase,
    [
        Step(
            "research",
            "AA50 5.2",
            owes=SEATS,
            prompts=forms.research,
            run=_research_run,
            next=("purchase",),
        ),
        Step(
            "purchase",
            "AA50 5.3",
            owes=SEATS,
            prompts=forms.purchase,
            run=_purchase_run,
            next=("combat_move",),
            end="purchase_done",
            on_end=_finish("combat_move"),
        ),
        Step(
            "combat_move",
            "AA50 5.4",
            owes=SEATS,
            prompts=forms.combat_move,
            next=("combat",),
            end="combat_move_done",
            on_end=_combat_move_end,
        ),
        Step(
            "combat",
            "AA50 5.5",
            owes=SEATS,
            prompts=combat_prompts.combat,
            run=_combat_run,
            next=("noncombat_move", "combat_move"),
        ),
        Step(
            "noncombat_move",
            "AA50 5.6",
            owes=SEATS,
            prompts=forms.noncombat_move,
            next=("mobilize",),
            end="noncombat_move_done",
            on_end=_noncombat_end,
        ),
        Step(
            "mobilize",
            "AA50 5.7",
            owes=SEATS,
            prompts=forms.mobilize,
            run=_mobilize_run,
            next=("income",),
            end="mobilize_done",
            on_end=_mobilize_end,
        ),
        Step("income", "AA50 5.8", run=_income_run, next=("research",)),
    ],
    get=lambda s: s.phase,
    put=_put,
)


def prompts(state: Aa50State) -> list[Prompt]:
    if state.result is not None:
        return []
    if state._prompts is None:
        state._prompts = PHASES.prompts(state)
    return list(state._prompts)


def advance(state: Aa50State, dice: Dice) -> list[Event]:
    events: list[Event] = []
    state.forget()
    while state.result is None and not prompts(state):
        events += PHASES.run(state, dice)
        state.forget()
    return events
