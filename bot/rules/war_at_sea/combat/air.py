"""War at Sea 9: air strikes. Markers go on the printed symbols, Allies first (9.1); carriers
strike their own area, combined with a marker there (9.2); the Allies strike first, targets
before dice, one die per target (9.3); one round with simultaneous return fire (9.4); ships
that failed a move or were disabled and went home, and U-boats, cannot be targets (9.5)."""

from __future__ import annotations

from bot.rules.core import Dice, Event, Prompt, RuleViolation, t
from bot.rules.war_at_sea import board
from bot.rules.war_at_sea.actions import AirTargets, PlaceAirStrike
from bot.rules.war_at_sea.combat.fire import apply_pending, shoot
from bot.rules.war_at_sea.combat.flow import goto
from bot.rules.war_at_sea.forms import In, forms, loc_options, plain, ship_options
from bot.rules.war_at_sea.state import Battle, Side, UnitState, WarAtSeaState
from bot.rules.war_at_sea.units import (
    eff_air,
    ev,
    fighting,
    is_carrier,
    is_surface,
    loc_text,
    reveal,
    units_at,
)

# --- 5.4, 9.1: placing the markers ------------------------------------------------------------


def placement_prompts(state: WarAtSeaState, side: Side) -> list[Prompt]:
    if state.done[side]:
        return []
    place = forms(
        "place_air_strike",
        t("was.form.place_air_strike"),
        [In("where", t("was.input.where"), loc_options(board.air_symbol_locations(side)))],
    )
    return [
        Prompt(
            id=f"t{state.turn}.air.{side}",
            seat=side,
            kind="was.air_strike",
            title=t("was.prompt.air_strike", strength=board.lba_strength(side)),
            section="War at Sea 9.1",
            forms=(*place, plain("no_air_strike", "was.form.no_air_strike")),
            default={"type": "no_air_strike"},
        )
    ]


def place(state: WarAtSeaState, side: Side, action: PlaceAirStrike) -> list[Event]:
    if not board.is_location(action.where) or not board.air_symbol(action.where, side):
        raise RuleViolation("was.air.no_symbol", "War at Sea 9.1", where=action.where)
    state.air_strikes[side] = action.where
    return [ev("was.air_marker", side=side, where=action.where)]


# --- 9.2-9.5: the strikes ---------------------------------------------------------------------


def carriers(state: WarAtSeaState, loc: str, side: Side) -> list[UnitState]:
    """War at Sea 9.2: carriers strike only the sea area they are in."""
    if not board.is_area(loc):
        return []
    return [
        u for u in units_at(state, loc, side) if is_carrier(u) and fighting(u) and eff_air(u) > 0
    ]


def power(state: WarAtSeaState, loc: str, side: Side) -> int:
    lba = board.lba_strength(side) if state.air_strikes.get(side) == loc else 0
    return lba + sum(eff_air(u) for u in carriers(state, loc, side))


def targets(state: WarAtSeaState, loc: str, side: Side) -> list[UnitState]:
    """Enemy ships that may be struck here (9.5; no combat in the neutral port, 15.5)."""
    if loc == board.NEUTRAL_PORT:
        return []
    enemy = board.other(side)
    return [
        u
        for u in units_at(state, loc, enemy)
        if is_surface(u) and not u.disabled and not u.failed_move
    ]


def strikes(state: WarAtSeaState, loc: str, side: Side) -> bool:
    return power(state, loc, side) > 0 and bool(targets(state, loc, side))


def targets_prompt(state: WarAtSeaState, battle: Battle, side: Side) -> Prompt:
    """War at Sea 9.3: the striking side names its targets, up to its strength."""
    chosen = set(battle.air_targets)
    free = [u for u in targets(state, battle.where, side) if u.id not in chosen]
    room = power(state, battle.where, side) - len(chosen)
    pick = forms(
        "air_targets",
        t("was.form.air_targets", left=room),
        [In("targets", t("was.input.targets"), ship_options(free), kind="many", max=room)],
    )
    return Prompt(
        id=f"t{state.turn}.b{state.combat.count}.{battle.step}.{len(chosen)}",
        seat=side,
        kind="was.air_targets",
        title=t(
            "was.prompt.air_targets",
            where=loc_text(battle.where),
            strength=power(state, battle.where, side),
        ),
        section="War at Sea 9.3",
        forms=(
            *pick,
            plain("open_fire", "was.form.open_fire"),
            plain("hold_fire", "was.form.air_hold"),
        ),
        default={"type": "open_fire"},
    )


def start(state: WarAtSeaState, battle: Battle) -> list[Event]:
    loc = battle.where
    allied = targets(state, loc, "axis") + carriers(state, loc, "allies")
    events = reveal(state, allied)
    if strikes(state, loc, "allies"):
        goto(state, "air_allies")
    else:
        goto(state, "air_axis" if strikes(state, loc, "axis") else "over")
    return events


def choose(state: WarAtSeaState, battle: Battle, side: Side, action: AirTargets) -> list[Event]:
    legal = {u.id for u in targets(state, battle.where, side)}
    room = power(state, battle.where, side) - len(battle.air_targets)
    if len(set(action.targets)) != len(action.targets) or not action.targets:
        raise RuleViolation("was.order.duplicate", "War at Sea 9.3")
    if len(action.targets) > room:
        raise RuleViolation("was.air.too_many", "War at Sea 9.3", left=room)
    for target in action.targets:
        if target not in legal or target in battle.air_targets:
            raise RuleViolation("was.target.not_here", "War at Sea 9.5", target=target)
    battle.air_targets += action.targets
    return [ev("was.air_targets_set", audience=side, targets=action.targets)]


def complete(state: WarAtSeaState, battle: Battle, side: Side) -> bool:
    room = power(state, battle.where, side) - len(battle.air_targets)
    free = [u for u in targets(state, battle.where, side) if u.id not in battle.air_targets]
    return room <= 0 or not free


def fire(
    state: WarAtSeaState, battle: Battle, side: Side, dice: Dice, hold: bool = False
) -> list[Event]:
    """Roll one die per target (9.3); leftover strength without targets is lost. Open fire
    fills the strength with targets; holding strikes only those named, perhaps none: up to
    the strength "may" be named (9.3) and a side may decline to attack (7.2)."""
    loc = battle.where
    n = power(state, loc, side)
    for u in [] if hold else targets(state, loc, side):
        if len(battle.air_targets) >= n:
            break
        if u.id not in battle.air_targets:
            battle.air_targets.append(u.id)
    events: list[Event] = []
    if not battle.air_targets:  # 7.2: a side may decline; the others read that it did
        events.append(ev("was.air_declined", side=side, where=loc))
    strikers = "allied_lba" if side == "allies" else "axis_lba"
    name = board.comps().units[strikers].name
    for target in battle.air_targets:
        tgt = state.units[target]
        events.append(shoot(state, dice, battle, strikers, name, side, tgt, 1, 0, "was.roll.air"))
    battle.air_targets = []
    if side == "allies" and strikes(state, loc, "axis"):
        goto(state, "air_axis")
        return events
    goto(state, "over")
    return events + apply_pending(state, battle)
