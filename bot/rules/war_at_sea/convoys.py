"""War at Sea 13: convoys. They start from the USA, one area a move, one per area (13.1).
Surviving combat in the North Atlantic a convoy goes to England for 1 point or stays, to go on
to the Barents Sea next turn (13.2); surviving there it reaches the USSR for 3 points (13.3);
a convoy that scored leaves play, a disabled one goes back to the USA to start again (13.4)."""

from __future__ import annotations

from bot.rules.core import Event, Option, Prompt, RuleViolation, t
from bot.rules.war_at_sea import board
from bot.rules.war_at_sea.actions import ConvoyChoice
from bot.rules.war_at_sea.forms import In, forms, plain, ship_options
from bot.rules.war_at_sea.hiding import public_order
from bot.rules.war_at_sea.state import UnitState, WarAtSeaState
from bot.rules.war_at_sea.units import ev, hidden, is_convoy, unit_events

ENGLAND_POINTS = 1
USSR_POINTS = 3


def at(state: WarAtSeaState, area: str) -> list[UnitState]:
    return [
        u
        for u in public_order(state, state.units.values())  # 18.2: not the roster's order
        if is_convoy(u) and u.status == "active" and u.location == area and not u.disabled
    ]


def forced_moves(state: WarAtSeaState) -> list[Event]:
    """War at Sea 13.2: a convoy that stayed in the North Atlantic sails on to the Barents."""
    events: list[Event] = []
    for u in at(state, board.NORTH_ATLANTIC):
        if u.convoy_stays:
            u.convoy_stays = False
            u.origin = board.NORTH_ATLANTIC
            u.location = board.BARENTS
            u.areas_moved = 1
            # Ruling: a convoy that stayed face up moves on face up. 18.2 turns counters
            # face down as the Allies move them, but this move is forced (13.2): the Axis
            # knows where that convoy goes, so turning it down would hide nothing, and a
            # name it has read could not become a secret again.
            events += unit_events(state, "was.moved", u, to=board.BARENTS, areas=1)
    return events


def _score(state: WarAtSeaState, u: UnitState, points: int, where: str) -> list[Event]:
    u.status = "removed"
    u.location = None
    u.revealed = True
    state.convoy_points += points
    return [
        ev("was.convoy_scored", ship=u.id, name=u.name, points=points, where=where, reveals=True)
    ]


def deliveries(state: WarAtSeaState) -> list[Event]:
    """War at Sea 13.3: at once after combat, Barents convoys reach the USSR."""
    events: list[Event] = []
    for u in at(state, board.BARENTS):
        events += _score(state, u, USSR_POINTS, board.RUSSIA)
    return events


def undecided(state: WarAtSeaState) -> list[UnitState]:
    return [u for u in at(state, board.NORTH_ATLANTIC) if not u.convoy_stays]


def _face_down_there(state: WarAtSeaState) -> bool:
    return any(
        u.status == "active" and u.location == board.NORTH_ATLANTIC and hidden(state, u)
        for u in state.units.values()
    )


def prompts(state: WarAtSeaState) -> list[Prompt]:
    waiting = undecided(state)
    if not waiting:
        # Ruling: 18.2 keeps Allied counters face down until combat, and 13.2's choice is
        # owed only by a convoy; if the game paused for the Allies only when one of the
        # face-down counters in the North Atlantic is a convoy, the pause itself (who is
        # waited for, the phase, the next prompt) would tell a convoy from a warship. So
        # under 18.2, while any Allied counter there is face down, the Allies are asked at
        # this point of every turn, as a player at the table would say "no convoy goes home"
        # without turning a counter over; with no convoy to decide the answer is "done".
        if state.done["allies"] or not _face_down_there(state):
            return []
        return [
            Prompt(
                id=f"t{state.turn}.convoy.0",
                seat="allies",
                kind="was.convoy",
                title=t("was.prompt.convoy"),
                section="War at Sea 13.2",
                forms=(plain("done", "was.form.convoy_none"),),
                default={"type": "done"},
            )
        ]
    choices = [
        Option(value="england", label=t("was.option.convoy_england")),
        Option(value="stay", label=t("was.option.convoy_stay")),
    ]
    return [
        Prompt(
            id=f"t{state.turn}.convoy.{len(waiting)}",
            seat="allies",
            kind="was.convoy",
            title=t("was.prompt.convoy"),
            section="War at Sea 13.2",
            forms=tuple(
                forms(
                    "convoy_choice",
                    t("was.form.convoy_choice"),
                    [
                        In("convoy", t("was.input.convoy"), ship_options(waiting)),
                        In("choice", t("was.input.choice"), choices),
                    ],
                )
            ),
            default={"type": "convoy_choice", "convoy": waiting[0].id, "choice": "england"},
        )
    ]


def choose(state: WarAtSeaState, action: ConvoyChoice) -> list[Event]:
    u = state.units.get(action.convoy)
    if u is None or u not in undecided(state):
        raise RuleViolation("was.convoy.not_waiting", "War at Sea 13.2", convoy=action.convoy)
    if action.choice == "england":
        events = _score(state, u, ENGLAND_POINTS, board.ENGLAND)
    else:
        u.convoy_stays = True
        events = unit_events(state, "was.convoy_stays", u, where=board.NORTH_ATLANTIC)
    # The last convoy decided ends the Allies' 13.2 decision (no "done" asked after it).
    state.done["allies"] = not undecided(state)
    return events
