"""Where the Basic Game's modules call the Advanced rules (each call is a no-op in a Basic
game): one place, so that the Basic modules carry one line per hook."""

from __future__ import annotations

from bot.rules.core import Choice, Dice, Event, Option, Prompt, t
from bot.rules.jutland.advanced import damage, formations, light, torpedo, towing
from bot.rules.jutland.advanced.components import is_light
from bot.rules.jutland.state import Battle, Formation, JutlandState, Side
from bot.rules.jutland.tournament import smoke, special_damage


def maneuver_prompts(state: JutlandState, battle: Battle) -> list[Prompt]:
    return light.prompts(state, battle) if state.advanced is not None else []


def detach_choice(state: JutlandState, battle: Battle, f: Formation) -> tuple[Choice, ...]:
    """15.3 item 3: the maneuver form's fall-out input, for a formation with damaged ships."""
    ships = formations.detachable(state, battle, f) if state.advanced is not None else []
    if not ships:
        return ()
    options = tuple(Option(value=s, label=s) for s in ships)
    return (
        Choice(name="detach", label=t("jut.input.detach"), kind="many", min=0,
               max=len(ships), options=options),
    )  # fmt: skip


def own_formation(tf: str) -> bool:
    """A formation the Basic maneuver asks for (a light ship moves freely, 12.2)."""
    return not is_light(tf)


def after_maneuver(state: JutlandState, battle: Battle, dice: Dice) -> list[Event]:
    """12.2, 12.6: the light ships' moves, then the torpedoes of the last turn."""
    if state.advanced is None:
        return []
    events = light.move(state, battle) + towing.after_move(state, battle)
    events += formations.after_maneuver(state, battle)  # 15.3
    return events + torpedo.resolve(state, battle, dice)


def fire_prompts(state: JutlandState, battle: Battle, side: Side) -> list[Prompt]:
    return torpedo.prompts(state, battle, side) if state.advanced is not None else []


def end_of_turn(state: JutlandState, battle: Battle) -> None:
    """13.1 item 5 and 12.6: the slashes crossed; flotillas sunk launch nothing."""
    if state.advanced is not None:
        damage.end_fire(state)
        torpedo.end_turn(state, battle)
        special_damage.end_turn(state, set(battle.ships))  # Tournament 22.3
        smoke.end_turn(battle)  # Tournament 22.2
