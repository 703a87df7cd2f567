"""The sequence of play (Jutland 3.2, 3.3): the German's initial movement hour by hour until he
is spotted or stops (3.2 item 1), his four hours while the British raise steam (3.2 item 2),
then each hour: both plot at once (3.3 item 1), the German search (item 2), the British
search (item 3), the battle determination and the hour marked (items 4-5). ``PHASES`` is the
table (bot/rules/core/sequence.py); ``advance`` runs every step nobody owes a decision in."""

from __future__ import annotations

from bot.rules.core import Dice, Event, Prompt, Result, t
from bot.rules.core.sequence import Step, Table
from bot.rules.jutland import board, prompts, search
from bot.rules.jutland.advanced import search as adv_search
from bot.rules.jutland.advanced import victory
from bot.rules.jutland.battle import end as end_
from bot.rules.jutland.battle import placement, reinforce, steps
from bot.rules.jutland.events import Contact
from bot.rules.jutland.state import JutlandState, Phase


def _put(state: JutlandState, phase: Phase) -> None:
    state.phase = phase


def _hour_passes(state: JutlandState) -> list[Event]:
    """Jutland 3.3 item 5: one hour is marked off; after 1 June 12:00 the game ends (2)."""
    state.hour += 1
    state.regroups = {}
    victory.watch(state)  # Jutland 17: German capital ships coming home
    if state.hour > board.last_hour():
        PHASES.goto(state, "over")
        return end(state)
    return [Event(kind="jut.hour", params={"hour": state.hour}), *search.fuel(state)]


def _initial_moved(state: JutlandState, dice: Dice) -> list[Event]:
    """Jutland 3.2 item 1: a sighting (a) ends the initial movement; so does the German's
    choice to stop (b, the end_initial order)."""
    spotted = len(state.spotted)
    events = search.move(state, ("german",))
    if len(state.spotted) > spotted:
        events += start_steam(state)
    return events + _hour_passes(state)


def start_steam(state: JutlandState) -> list[Event]:
    """Jutland 3.2 item 2. Ruling: "he may move his task forces 4 more hexes" is the German:
    the paragraph's subject is the German player, and the British ships' five hours of
    raising steam are what give him those four hours (the search begins in the fifth)."""
    PHASES.goto(state, "steam")
    state.steam_left = 4
    return [Event(kind="jut.initial_over", params={"hour": state.hour})]


def _steamed(state: JutlandState, dice: Dice) -> list[Event]:
    events = search.move(state, ("german",))
    state.steam_left -= 1
    if state.steam_left == 0:
        PHASES.goto(state, "plot")
        events.append(Event(kind="jut.search_begins"))
    return events + _hour_passes(state)


def _plotted(state: JutlandState, dice: Dice) -> list[Event]:
    """Jutland 3.3 item 1: the plots are carried out together. Between two hours of a battle
    (4.1) the forces not in it move the same way and the battle goes on, with any force the
    move brought into its hex. Ruling: no search is made between battle hours (4.1 names
    only the move)."""
    events = search.move(state, ("german", "british"))
    if state.battle is not None:
        PHASES.goto(state, "battle")
        return events + reinforce.arrivals(state)
    PHASES.goto(state, "search_german")
    return events


def _determine(state: JutlandState, dice: Dice) -> list[Event]:
    """Jutland 3.3 item 4: same hex, battle; adjacent or unseen, the hour is marked."""
    where = search.contact(state)
    if where is not None:
        return _engage(state, where)
    PHASES.goto(state, "plot")
    return _hour_passes(state)


def _engage(state: JutlandState, where: str) -> list[Event]:
    state.contact = where
    state.battle = placement.new_battle(state, where)
    PHASES.goto(state, "battle")
    return [Contact(hex=where).event(reveals=True)]


def _battle(state: JutlandState, dice: Dice) -> list[Event]:
    """Jutland 4.1 and 4.4: the battle's steps; after six turns an hour is marked and the
    battle goes on; when it ends, an hour is marked and the search resumes. Ruling: the
    forces not in the battle wait on the sheet while it lasts (their hourly moves of 4.1 are
    not yet played)."""
    fought = state.battle.hex if state.battle else None
    events = steps.STEPS.run(state, dice)
    b = state.battle
    if b is None:
        # Ruling: a second hex where both sides met this hour (or where a disengaging force
        # ran into the enemy) is fought next, before the hour is marked (4.1: the hour is
        # marked when every battle of the hour has ended); one battle at a time.
        again = search.contact(state, skip=fought)
        if again is not None:
            return events + _engage(state, again)
        PHASES.goto(state, "plot")
        return events + _hour_passes(state)
    if b.turn > end_.TURNS_PER_HOUR:
        # 4.1: six turns make an hour; the forces on the sheet then move one hex.
        b.turn = 1
        events += _hour_passes(state)
        if state.result is None:
            b.night = board.night(state.hour)  # 3.4 item 2: night falls or lifts
            PHASES.goto(state, "plot")
    return events


def end(state: JutlandState) -> list[Event]:
    """Jutland 2. Ruling: "more ships still in play than the British" cannot be met by the
    order of battle (27 against 45); read with the British condition, the side that sank more
    ships wins, equal losses draw."""
    if state.advanced is not None:  # Jutland 17: victory points
        state.result, events = victory.result(state)
        return events
    german, british = len(state.sunk["british"]), len(state.sunk["german"])
    winner = "german" if german > british else "british" if british > german else None
    state.result = Result(
        winner=winner, summary=t("jut.result.time", german=german, british=british)
    )
    return [Event(kind="jut.game_over", params={"german": german, "british": british})]


PHASES: Table[Phase, JutlandState] = Table(
    Phase,
    [
        Step(
            "initial",
            "Jutland 3.2",
            owes=("german",),
            prompts=prompts.initial,
            run=_initial_moved,
            next=("steam", "over"),
        ),
        Step(
            "steam",
            "Jutland 3.2",
            owes=("german",),
            prompts=prompts.steam,
            run=_steamed,
            next=("plot", "over"),
        ),
        Step(
            "plot",
            "Jutland 3.3",
            owes=("german", "british"),
            prompts=prompts.plot,
            run=_plotted,
            next=("search_german", "battle", "over"),
        ),
        Step(
            "search_german",
            "Jutland 3.3",
            owes=("german",),
            prompts=prompts.announcing("german"),
            next=("search_british",),
        ),
        Step(
            "search_british",
            "Jutland 3.3",
            owes=("british",),
            prompts=prompts.announcing("british"),
            next=("contact",),
        ),
        Step(
            "contact",
            "Jutland 3.3",
            owes=("german", "british"),  # Advanced 16.3: fight light ships found alone?
            prompts=adv_search.engage_prompts,
            run=_determine,
            next=("plot", "battle", "over"),
        ),
        Step(
            "battle",
            "Jutland 4.1",
            owes=("german", "british"),
            prompts=steps.STEPS.prompts,
            run=_battle,
            next=("plot", "battle", "over"),
        ),
        Step("over", "Jutland 2"),
    ],
    get=lambda state: state.phase,
    put=_put,
)


def open_prompts(state: JutlandState) -> list[Prompt]:
    if state.result is not None:
        return []
    return PHASES.prompts(state)


def advance(state: JutlandState, dice: Dice) -> list[Event]:
    events: list[Event] = []
    while state.result is None and not PHASES.prompts(state):
        events += PHASES.run(state, dice)
    return events
