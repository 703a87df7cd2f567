"""War at Sea 8.1, 8.6, 18.3: U-boat flotillas arrive by the turn track, at most seven in play,
based in Germany, and go to any sea area regardless of distance, control or enemy ships."""

from __future__ import annotations

from bot.rules.core import Choice, Event, OrderForm, Prompt, RuleViolation, t
from bot.rules.war_at_sea import board
from bot.rules.war_at_sea.actions import DeployUboats
from bot.rules.war_at_sea.forms import loc_options, plain
from bot.rules.war_at_sea.state import UnitState, WarAtSeaState
from bot.rules.war_at_sea.units import ev, is_uboat


def active_uboats(state: WarAtSeaState) -> list[UnitState]:
    return [u for u in state.units.values() if is_uboat(u) and u.status == "active"]


def reinforce(state: WarAtSeaState) -> list[Event]:
    """War at Sea 8.6: no more than seven; the excess is lost, unless 18.3 keeps it."""
    arriving = board.comps().turn(state.turn).uboat_flotillas
    room = board.MAX_UBOATS - len(active_uboats(state))
    offered = arriving + (state.uboat_bank if state.options.variant_18_3 else 0)
    added = max(0, min(offered, room))
    if state.options.variant_18_3:
        state.uboat_bank = offered - added
    pool = [u for u in state.units.values() if is_uboat(u) and u.status != "active"]
    for u in pool[:added]:
        u.status = "active"
        u.location = board.GERMANY
        u.damage = 0
        u.disabled = False
    lost = 0 if state.options.variant_18_3 else arriving - added
    return [ev("was.uboats_arrive", count=added, lost=lost, banked=state.uboat_bank)]


def in_germany(state: WarAtSeaState) -> list[UnitState]:
    return [u for u in active_uboats(state) if u.location == board.GERMANY and not u.disabled]


def prompts(state: WarAtSeaState) -> list[Prompt]:
    home = in_germany(state)
    if state.done["axis"] or not home:
        return []
    deploy = OrderForm(
        type="deploy_uboats",
        label=t("was.form.deploy_uboats"),
        inputs=(
            Choice(name="count", label=t("was.input.count"), kind="number", min=1, max=len(home)),
            Choice(name="to", label=t("was.input.area"), options=tuple(loc_options(board.areas()))),
        ),
    )
    return [
        Prompt(
            id=f"t{state.turn}.uboats.{len(home)}",
            seat="axis",
            kind="was.uboats",
            title=t("was.prompt.uboats", count=len(home)),
            section="War at Sea 8.1",
            forms=(deploy, plain("uboats_done", "was.form.uboats_done")),
            default={"type": "uboats_done"},
        )
    ]


def deploy(state: WarAtSeaState, action: DeployUboats) -> list[Event]:
    home = in_germany(state)
    if not board.is_area(action.to):
        raise RuleViolation("was.uboats.not_area", "War at Sea 8.1", where=action.to)
    if action.count < 1 or action.count > len(home):
        raise RuleViolation(
            "was.uboats.count", "War at Sea 8.1", count=action.count, available=len(home)
        )
    for u in home[: action.count]:
        u.location = action.to
    return [ev("was.uboats_deployed", count=action.count, to=action.to)]
