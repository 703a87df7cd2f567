"""War at Sea 5: the turn sequence. Reinforcements (5.1), movement and repair (5.2), U-boats
(5.3), air-strike markers (5.4), combat (5.5), control (5.6), return to port (5.7), scoring
(5.8). ``PHASES`` is the table of the phases (one entry each, in order, see
bot/rules/core/sequence.py); ``advance`` runs every step that needs nobody's decision, until
one does."""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.core import Dice, Event, Prompt, narrow
from bot.rules.core.sequence import Step, Table
from bot.rules.war_at_sea import (
    allies,
    board,
    control,
    convoys,
    hiding,
    movement,
    ports,
    refuel,
    scoring,
    setup,
    uboats,
)
from bot.rules.war_at_sea.combat import air, phase
from bot.rules.war_at_sea.combat.steps import STEPS
from bot.rules.war_at_sea.state import CombatState, Phase, Side, WarAtSeaState
from bot.rules.war_at_sea.units import ev, unit_events


def _enter(state: WarAtSeaState, phase: Phase) -> None:
    """Entering any phase: nobody has finished it yet."""
    state.phase = phase
    state.done = {"allies": False, "axis": False}


def begin_turn(state: WarAtSeaState, turn: int, dice: Dice) -> list[Event]:
    """War at Sea 5.1: a new turn; the track's events, reinforcements, entry rolls."""
    state.turn = turn
    state.combat = CombatState()
    state.air_strikes = {"allies": None, "axis": None}
    state.convoy_points = 0
    state.refuel_tried = []
    state.repair_left = {}
    for u in state.units.values():
        u.origin = None
        u.areas_moved = 0
        u.fallback = None
        u.failed_move = False
        u.disabled = False
        u.escaped = False
        u.may_sortie = False
        u.neutral_penalty = False
    events = [ev("was.turn", turn=turn)]
    track = board.comps().turn(turn)
    if "france_opens" in track.events:
        events.append(ev("was.france_open"))
    if "france_closes" in track.events:
        events += ports.close_france(state)
    if "italian_defection_check" in track.events:
        events += allies.italian_fate(state, dice)
    for rec in board.comps().reinforcements(turn):
        u = state.units[rec.id]
        if u.status != "reserve":
            continue
        placement = board.comps().placement(rec.id)
        assert placement is not None and placement.reinforcement_port is not None
        u.location = placement.reinforcement_port
        u.status = "active"
        # 16.2: American ships are on the map but neutral until their entry roll succeeds.
        u.joined = u.nationality != "american"
        events += unit_events(state, "was.reinforcement", u, where=u.location)
    if turn > 1:
        events += uboats.reinforce(state)
    events += allies.us_entry(state, dice)
    return events + enter_allied_movement(state, dice)


def enter_allied_movement(state: WarAtSeaState, dice: Dice) -> list[Event]:
    PHASES.goto(state, "move_allies")
    return convoys.forced_moves(state) + allies.soviet_sorties(state, dice)


# --- what each phase does when nobody owes a decision in it, then where it goes ----------
def _setup_done(state: WarAtSeaState, dice: Dice) -> list[Event]:
    return [ev("was.setup_done"), *begin_turn(state, 1, dice)]


def _allies_moved(state: WarAtSeaState, dice: Dice) -> list[Event]:
    events = movement.speed_rolls(state, "allies", dice)
    PHASES.goto(state, "move_axis")
    return events


def _axis_moved(state: WarAtSeaState, dice: Dice) -> list[Event]:
    events = movement.speed_rolls(state, "axis", dice)
    # 6.3: after the Axis has moved, last turn's control markers come off.
    state.control = {area: None for area in state.control}
    for u in state.units.values():
        u.refuelled = False  # 14.4 lasts one movement phase
    ports.neutral_stayers(state)
    PHASES.goto(state, "repair")
    return [*events, ev("was.markers_removed"), *ports.start_repairs(state)]


def _repaired(state: WarAtSeaState, dice: Dice) -> list[Event]:
    events: list[Event] = []
    for side in board.SIDES:
        events += ports.auto_repair(state, side)
    PHASES.goto(state, "uboats")
    return events


def _to(phase: Phase) -> Callable[[WarAtSeaState, Dice], list[Event]]:
    """A phase with nothing to do once nobody owes a decision in it."""

    def run(state: WarAtSeaState, dice: Dice) -> list[Event]:
        PHASES.goto(state, phase)
        return []

    return run


def _combat_begins(state: WarAtSeaState, dice: Dice) -> list[Event]:
    PHASES.goto(state, "combat")
    state.combat = CombatState()
    return [ev("was.combat_begins"), *hiding.reveal_for_combat(state)]


def _combat(state: WarAtSeaState, dice: Dice) -> list[Event]:
    if not phase.over(state):
        return phase.step(state, dice)
    state.combat.done = []
    PHASES.goto(state, "convoys")
    return [ev("was.combat_over"), *convoys.deliveries(state)]


def _convoys_done(state: WarAtSeaState, dice: Dice) -> list[Event]:
    # 5.6 then 5.7: control is decided after the convoys that reached port "at once"
    # (13.2, 13.3) and before refuelling, an exception to the return to port (12.3).
    events = control.determine(state)
    PHASES.goto(state, "refuel")
    return events


def _refuelled(state: WarAtSeaState, dice: Dice) -> list[Event]:
    PHASES.goto(state, "return_axis")
    return control.uboats_home(state) + control.auto_return(state, "axis", only_forced=True)


def _axis_returned(state: WarAtSeaState, dice: Dice) -> list[Event]:
    events = control.auto_return(state, "axis", only_forced=False)
    PHASES.goto(state, "return_allies")
    return events + control.auto_return(state, "allies", only_forced=True)


def _turn_over(state: WarAtSeaState, dice: Dice) -> list[Event]:
    events = control.auto_return(state, "allies", only_forced=False)
    events += scoring.score_turn(state)
    if state.turn >= board.turn_count():
        events += scoring.final(state)
        PHASES.goto(state, "over")
        return events
    return events + begin_turn(state, state.turn + 1, dice)


# --- what ends a phase for a seat ----------------------------------------------------------
def _finished(state: WarAtSeaState, seat: str) -> list[Event]:
    state.done[seat] = True
    return [ev("was.done", seat=seat, phase=state.phase)]


def _repairs_done(state: WarAtSeaState, seat: str) -> list[Event]:
    """War at Sea 15.2: repairs not allocated go to the ships waiting longest."""
    events = ports.auto_repair(state, narrow(seat, board.SIDES))
    state.done[seat] = True
    return events


def _returns_done(state: WarAtSeaState, seat: str) -> list[Event]:
    """War at Sea 12.3: ships not sent home go to the nearest port."""
    return control.auto_return(state, narrow(seat, board.SIDES), only_forced=False)


PromptsFn = Callable[[WarAtSeaState], list[Prompt]]


def _side(fn: Callable[[WarAtSeaState, Side], list[Prompt]], side: Side) -> PromptsFn:
    return lambda state: fn(state, side)


ALLIES: tuple[Side, ...] = ("allies",)
AXIS: tuple[Side, ...] = ("axis",)

PHASES: Table[Phase, WarAtSeaState] = Table(
    Phase,
    [
        Step(
            "setup",
            "War at Sea 4.3",
            owes=ALLIES,
            prompts=setup.prompts,
            run=_setup_done,
            next=("move_allies",),
            end="setup_done",
            on_end=_finished,
        ),
        Step(
            "move_allies",
            "War at Sea 6.3",
            owes=ALLIES,
            prompts=_side(movement.prompts, "allies"),
            run=_allies_moved,
            next=("move_axis",),
            end="moves_done",
            on_end=_finished,
        ),
        Step(
            "move_axis",
            "War at Sea 6.3",
            owes=AXIS,
            prompts=_side(movement.prompts, "axis"),
            run=_axis_moved,
            next=("repair",),
            end="moves_done",
            on_end=_finished,
        ),
        Step(
            "repair",
            "War at Sea 15.2",
            owes=board.SIDES,
            prompts=lambda s: ports.repair_prompts(s, "allies") + ports.repair_prompts(s, "axis"),
            run=_repaired,
            next=("uboats",),
            end="repairs_done",
            on_end=_repairs_done,
        ),
        Step(
            "uboats",
            "War at Sea 8.1",
            owes=AXIS,
            prompts=uboats.prompts,
            run=_to("air_allies"),
            next=("air_allies",),
            end="uboats_done",
            on_end=_finished,
        ),
        Step(
            "air_allies",
            "War at Sea 9.1",
            owes=ALLIES,
            prompts=_side(air.placement_prompts, "allies"),
            run=_to("air_axis"),
            next=("air_axis",),
        ),
        Step(
            "air_axis",
            "War at Sea 9.1",
            owes=AXIS,
            prompts=_side(air.placement_prompts, "axis"),
            run=_combat_begins,
            next=("combat",),
        ),
        Step(
            "combat",
            "War at Sea 7.1",
            owes=board.SIDES,
            prompts=phase.prompts,
            run=_combat,
            next=("convoys",),
        ),
        Step(
            "convoys",
            "War at Sea 13.2",
            owes=ALLIES,
            prompts=convoys.prompts,
            run=_convoys_done,
            next=("refuel",),
            end="convoys_done",
            on_end=_finished,
        ),
        Step(
            "refuel",
            "War at Sea 14.2",
            owes=AXIS,
            prompts=refuel.prompts,
            run=_refuelled,
            next=("return_axis",),
            end="refuel_done",
            on_end=_finished,
        ),
        Step(
            "return_axis",
            "War at Sea 12.3",
            owes=AXIS,
            prompts=_side(control.prompts, "axis"),
            run=_axis_returned,
            next=("return_allies",),
            end="returns_done",
            on_end=_returns_done,
        ),
        Step(
            "return_allies",
            "War at Sea 12.3",
            owes=ALLIES,
            prompts=_side(control.prompts, "allies"),
            run=_turn_over,
            next=("move_allies", "over"),
            end="returns_done",
            on_end=_returns_done,
        ),
        Step("over", "War at Sea 17.4"),
    ],
    get=lambda state: state.phase,
    put=_enter,
)
"""War at Sea 5: the phases of a turn, in order (the Phase Literal's order)."""


# --- what the ruleset calls ------------------------------------------------------------
def prompts(state: WarAtSeaState) -> list[Prompt]:
    if state.result is not None:
        return []
    return PHASES.prompts(state)


def end(state: WarAtSeaState, seat: str, action_type: str) -> list[Event]:
    """A seat finished its part of the current phase, or of the battle being fought."""
    if state.phase == "combat":
        return STEPS.end(state, seat, action_type)
    return PHASES.end(state, seat, action_type)


END_TYPES = PHASES.end_types() | STEPS.end_types()
"""Every action type that ends a step of the turn or of a battle."""


def advance(state: WarAtSeaState, dice: Dice) -> list[Event]:
    """Run every step that needs nobody's decision, until one does or the game is over."""
    return settle(state, dice)[0]


def settle(state: WarAtSeaState, dice: Dice) -> tuple[list[Event], list[Prompt] | None]:
    """As ``advance``, also giving the open prompts it stopped at (None when the game is
    over): the referee commits them rather than computing them again."""
    events: list[Event] = []
    for _ in range(10_000):
        if state.result is not None:
            return events, None
        open_ = prompts(state)
        if open_:
            return events, open_
        events += PHASES.run(state, dice)
    raise AssertionError("the turn sequence does not progress")
