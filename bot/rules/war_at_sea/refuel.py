"""War at Sea 14: German ships refuelling at sea, one roll at a time."""

from __future__ import annotations

from bot.rules.core import Dice, Event, Prompt, RuleViolation, t
from bot.rules.war_at_sea import board
from bot.rules.war_at_sea.actions import Refuel
from bot.rules.war_at_sea.forms import In, forms, plain, ship_options
from bot.rules.war_at_sea.ports import enter_port
from bot.rules.war_at_sea.state import UnitState, WarAtSeaState
from bot.rules.war_at_sea.units import ev, is_surface, word

OCEANS = (board.NORTH_ATLANTIC, board.SOUTH_ATLANTIC)


def max_roll(state: WarAtSeaState) -> int:
    """War at Sea 14.3: 1-5 on turn 1, 1-4 on turn 2, 1-3 on turn 3, not after."""
    return board.comps().turn(state.turn).refuel_max_roll


def candidates(state: WarAtSeaState) -> list[UnitState]:
    """War at Sea 14.1: German (not Italian) ships in either Atlantic after combat; not after
    an escape unless 18.4; not disabled ships, which are on their way to port."""
    if max_roll(state) <= 0:
        return []
    return [
        u
        for u in state.units.values()
        if u.nationality == "german"
        and u.status == "active"
        and is_surface(u)
        and u.location in OCEANS
        and not u.disabled
        and not u.refuelled
        and (not u.escaped or state.options.variant_18_4)
        and u.id not in state.refuel_tried
    ]


def prompts(state: WarAtSeaState) -> list[Prompt]:
    ships = candidates(state)
    if state.done["axis"] or not ships:
        return []
    return [
        Prompt(
            id=f"t{state.turn}.refuel.{len(state.refuel_tried)}",
            seat="axis",
            kind="was.refuel",
            title=t("was.prompt.refuel", max=max_roll(state)),
            section="War at Sea 14.2",
            forms=(
                *forms(
                    "refuel",
                    t("was.form.refuel"),
                    [In("ship", t("was.input.ship"), ship_options(ships))],
                ),
                plain("done", "was.form.refuel_done"),
            ),
            default={"type": "done"},
        )
    ]


def refuel(state: WarAtSeaState, action: Refuel, dice: Dice) -> list[Event]:
    u = state.units.get(action.ship)
    if u is None or u not in candidates(state):
        raise RuleViolation("was.refuel.not_eligible", "War at Sea 14.1", ship=action.ship)
    state.refuel_tried.append(u.id)
    die = dice.roll(t("was.roll.refuel", ship=u.name))
    ok = die <= max_roll(state)
    where = u.location
    if ok:
        u.refuelled = True  # 14.4: stays at sea, moves anywhere next turn
    else:
        enter_port(state, u, board.NEUTRAL_PORT)  # 14.4: straight to the neutral port
    return [
        ev(
            "was.refuel_roll",
            ship=u.id,
            name=u.name,
            die=die,
            max=max_roll(state),
            result="refuelled" if ok else "failed",
            outcome=word("was.refuel.refuelled" if ok else "was.refuel.failed"),
            where=where,
        )
    ]
