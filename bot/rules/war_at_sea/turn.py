"""War at Sea 5: the turn sequence. Reinforcements (5.1), movement and repair (5.2), U-boats
(5.3), air-strike markers (5.4), combat (5.5), control (5.6), return to port (5.7), scoring
(5.8). ``advance`` runs every step that needs nobody's decision, until one does."""

from __future__ import annotations

from bot.rules.core import Dice, Event, Prompt
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
from bot.rules.war_at_sea.state import CombatState, WarAtSeaState
from bot.rules.war_at_sea.units import ev, unit_events


def prompts(state: WarAtSeaState) -> list[Prompt]:
    if state.result is not None:
        return []
    p = state.phase
    if p == "setup":
        return setup.prompts(state)
    if p == "move_allies":
        return movement.prompts(state, "allies")
    if p == "move_axis":
        return movement.prompts(state, "axis")
    if p == "repair":
        return ports.repair_prompts(state, "allies") + ports.repair_prompts(state, "axis")
    if p == "uboats":
        return uboats.prompts(state)
    if p == "air_allies":
        return air.placement_prompts(state, "allies")
    if p == "air_axis":
        return air.placement_prompts(state, "axis")
    if p == "combat":
        return phase.prompts(state)
    if p == "convoys":
        return convoys.prompts(state)
    if p == "refuel":
        return refuel.prompts(state)
    if p == "return_axis":
        return control.prompts(state, "axis")
    if p == "return_allies":
        return control.prompts(state, "allies")
    return []


def _reset(state: WarAtSeaState) -> None:
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
    _reset(state)
    state.phase = "move_allies"
    return convoys.forced_moves(state) + allies.soviet_sorties(state, dice)


def step(state: WarAtSeaState, dice: Dice) -> list[Event]:
    """Finish the current phase (nobody owes a decision in it) and enter the next."""
    p = state.phase
    events: list[Event]
    if p == "setup":
        return [ev("was.setup_done"), *begin_turn(state, 1, dice)]
    if p == "move_allies":
        events = movement.speed_rolls(state, "allies", dice)
        _reset(state)
        state.phase = "move_axis"
        return events
    if p == "move_axis":
        events = movement.speed_rolls(state, "axis", dice)
        # 6.3: after the Axis has moved, last turn's control markers come off.
        state.control = {area: None for area in state.control}
        for u in state.units.values():
            u.refuelled = False  # 14.4 lasts one movement phase
        ports.neutral_stayers(state)
        _reset(state)
        state.phase = "repair"
        return [*events, ev("was.markers_removed"), *ports.start_repairs(state)]
    if p == "repair":
        events = []
        for side in board.SIDES:
            events += ports.auto_repair(state, side)
        _reset(state)
        state.phase = "uboats"
        return events
    if p == "uboats":
        _reset(state)
        state.phase = "air_allies"
        return []
    if p == "air_allies":
        _reset(state)
        state.phase = "air_axis"
        return []
    if p == "air_axis":
        _reset(state)
        state.phase = "combat"
        state.combat = CombatState()
        return [ev("was.combat_begins"), *hiding.reveal_for_combat(state)]
    if p == "combat":
        events = phase.step(state, dice)
        if state.phase == "convoys":
            events += convoys.deliveries(state)
        return events
    if p == "convoys":
        # 5.6 then 5.7: control is decided after the convoys that reached port "at once"
        # (13.2, 13.3) and before refuelling, an exception to the return to port (12.3).
        events = control.determine(state)
        _reset(state)
        state.phase = "refuel"
        return events
    if p == "refuel":
        _reset(state)
        state.phase = "return_axis"
        return control.uboats_home(state) + control.auto_return(state, "axis", only_forced=True)
    if p == "return_axis":
        events = control.auto_return(state, "axis", only_forced=False)
        state.phase = "return_allies"
        return events + control.auto_return(state, "allies", only_forced=True)
    if p == "return_allies":
        events = control.auto_return(state, "allies", only_forced=False)
        events += scoring.score_turn(state)
        if state.turn >= board.turn_count():
            return events + scoring.final(state)
        return events + begin_turn(state, state.turn + 1, dice)
    raise AssertionError(f"no step for phase {p}")


def advance(state: WarAtSeaState, dice: Dice) -> list[Event]:
    events: list[Event] = []
    for _ in range(10_000):
        if state.result is not None or prompts(state):
            return events
        events += step(state, dice)
    raise AssertionError("the turn sequence does not progress")
