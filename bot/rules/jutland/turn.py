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
from bot.rules.jutland.events import Contact, Resumed
from bot.rules.jutland.scenarios import hidden
from bot.rules.jutland.scenarios import victory as scenario
from bot.rules.jutland.scenarios import weather as scenario_weather
from bot.rules.jutland.state import JutlandState, Phase
from bot.rules.jutland.tournament import battle_weather, sweep
from bot.rules.jutland.tournament import search_hooks as t_search


def _put(state: JutlandState, phase: Phase) -> None:
    state.phase = phase


def _hour_passes(state: JutlandState) -> list[Event]:
    """Jutland 3.3 item 5: one hour is marked off; after 1 June 12:00 the game ends (2)."""
    state.hour += 1
    state.regroups = {}
    state.fought = []
    t_search.new_hour(state)  # Tournament 21.1: the fast forces' passes of the hour
    victory.watch(state)  # Jutland 17: German capital ships coming home
    if state.hour > board.last_hour() or scenario.home_again(state):  # 2; 23.1
        PHASES.goto(state, "over")
        return end(state)
    return [Event(kind="jut.hour", params={"hour": state.hour}), *search.fuel(state)]


def _initial_moved(state: JutlandState, dice: Dice) -> list[Event]:
    """Jutland 3.2 item 1: a sighting (a) ends the initial movement; so does the German's
    choice to stop (b, the end_initial order)."""
    spotted = len(state.spotted)
    events = search.move(state, ("german", "british") if sweep.on(state) else ("german",))
    sweep.log(state)  # Tournament 21.2: every hour of the sweep recorded
    if len(state.spotted) > spotted:
        events += start_steam(state, dice)
        if state.phase == "battle":
            return events  # Tournament 21.2 item 4: the sweep met the Germans at that hour
    return events + _hour_passes(state)


def start_steam(state: JutlandState, dice: Dice) -> list[Event]:
    """Jutland 3.2 item 2. Ruling: "he may move his task forces 4 more hexes" is the German:
    the paragraph's subject is the German player, and the British ships' five hours of
    raising steam are what give him those four hours (the search begins in the fifth).
    Tournament 21.2: with the British sweep, the announcements of items 3-4 instead."""
    if sweep.on(state):
        events, met = sweep.finish(state)
        if met is not None:
            return events + engage(state, met, dice)
        PHASES.goto(state, "plot")
        return [*events, Event(kind="jut.search_begins")]
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
    """Jutland 3.3 item 1: the plots are carried out together. Between two hours of battle
    (4.1) the forces not in a battle move the same way and the battles go on, each with any
    force the move brought into its hex. Ruling: no search is made between battle hours (4.1
    names only the move); a hex the move left holding both sides is fought after the battles
    going on (every hex with a force is announced in the Basic Game, 3.3 item 2)."""
    events = search.move(state, ("german", "british"))
    events += t_search.moved(state, dice)  # Tournament 21.5, 21.6: boats and airships
    if state.battles:
        return events + _next_battle(state, dice)
    # 23.2: in solitaire no search follows the move; forces in one hex meet.
    PHASES.goto(state, "contact" if hidden.no_search(state) else "search_german")
    return events


def _deployed(state: JutlandState, dice: Dice) -> list[Event]:
    """Tournament 21.4-21.6: the set-up orders given, the initial movement begins."""
    PHASES.goto(state, t_search.resume(state))
    return []


def _submarines(state: JutlandState, dice: Dice) -> list[Event]:
    """Tournament 21.5 item 6: the hour's submarine actions, before the battles."""
    events = t_search.submarine_run(state, dice)
    PHASES.goto(state, "contact")
    return events


def _determine(state: JutlandState, dice: Dice) -> list[Event]:
    """Jutland 3.3 item 4: same hex, battle; adjacent or unseen, the hour is marked."""
    return _next_battle(state, dice)


def engage(state: JutlandState, where: str, dice: Dice) -> list[Event]:
    """Jutland 3.3 item 4c: the battle in ``where`` begins (a mini-scenario or a solitaire
    contact opens with it, 23)."""
    state.contact = where
    state.contacts.append((state.hour, where))
    # Tournament 22.1: the weather of the first turn, before the fleets close to it.
    night = board.night(state.hour)
    weather, seen, rolled = scenario_weather.opening(state, night) or battle_weather.start(
        state, night, dice
    )
    state.battle = placement.new_battle(state, where, weather, seen)
    PHASES.goto(state, "battle")
    return [Contact(hex=where).event(reveals=True), *rolled, *hidden.reveal(state)]


def _next_battle(state: JutlandState, dice: Dice) -> list[Event]:
    """Jutland 4.1: the hour's battles one after another, each by its own marker: first those
    going on, in the order they began, each joined by the forces that entered its hex; then
    every hex where both sides now are. Ruling: the rules give no order among new contacts;
    they are fought in the sheet's order of hexes (row, then column), which both players can
    read. When every battle has had its hour, the hour is marked (4.1, 4.4) and the forces on
    the sheet plot their next move."""
    for i, b in enumerate(state.battles):
        if b.hex not in state.fought:
            state.battle = state.battles.pop(i)
            state.contact = b.hex
            PHASES.goto(state, "battle")
            return [Resumed(hex=b.hex).event(reveals=True), *reinforce.arrivals(state)]
    busy = set(state.fought) | {b.hex for b in state.battles}
    where = search.contact(state, skip=busy)
    if where is not None:
        return engage(state, where, dice)
    state.contact = None
    PHASES.goto(state, "plot")
    events = _hour_passes(state)
    if state.result is None:
        for b in state.battles:
            b.night = board.night(state.hour)  # 3.4 item 2: night falls or lifts
    return events


def _battle(state: JutlandState, dice: Dice) -> list[Event]:
    """Jutland 4.1 and 4.4: the battle's steps. After its sixth turn it waits by its marker
    while the hour's other battles are fought; when it ends (a side sunk, or out of sight) the
    disengaged forces are on the sheet again. Either way the next battle of the hour follows,
    or the hour is marked. Ruling: the forces not in a battle wait on the sheet while the
    battles of an hour are fought (their hourly move of 4.1 follows them)."""
    before = state.battle
    events = steps.STEPS.run(state, dice)
    b = state.battle
    if b is None and before is not None and scenario.ends_with_battle(state):
        scenario.battle_over(state, before)  # 23.1: out of sight, the game is over
        PHASES.goto(state, "over")
        return events + end(state)
    if b is None:
        return events + _next_battle(state, dice)
    if b.turn > end_.TURNS_PER_HOUR:
        b.turn = 1
        state.fought.append(b.hex)
        state.battles.append(b)
        state.battle = None
        return events + _next_battle(state, dice)
    return events


def end(state: JutlandState) -> list[Event]:
    """Jutland 2. Ruling: "more ships still in play than the British" cannot be met by the
    order of battle (27 against 45); read with the British condition, the side that sank more
    ships wins, equal losses draw."""
    if state.play is not None and state.scenario != "basic":  # Jutland 23.1
        state.result, events = scenario.result(state)
        return events
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
            "deploy",
            "Jutland 21.4",
            owes=("german", "british"),
            prompts=t_search.deploy_prompts,
            run=_deployed,
            next=("initial", "plot"),
        ),
        Step(
            "initial",
            "Jutland 3.2",
            owes=("german", "british"),  # the British with the sweep (Tournament 21.2)
            prompts=prompts.initial,
            run=_initial_moved,
            next=("steam", "plot", "battle", "over"),
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
            next=("search_german", "contact", "battle", "over"),
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
            next=("submarine", "contact"),
        ),
        Step(
            "submarine",
            "Jutland 21.5",
            owes=("german", "british"),
            prompts=t_search.submarine_prompts,
            run=_submarines,
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
