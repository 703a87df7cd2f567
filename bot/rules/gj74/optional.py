"""Optional rules of GJ74 22 not tied to one procedure: space war (22.3), which lowers the
air dice of China's enemy, information war (22.4), which lowers its tech levels turn by
turn, and the Dongfeng anti-ship ballistic missile (22.2)."""

from __future__ import annotations

from bot.rules.core import Dice, Event, RuleViolation, t
from bot.rules.core.text import die
from bot.rules.gj74 import board
from bot.rules.gj74.actions import DongfengFire
from bot.rules.gj74.state import SIDES, GJ74State, Side, other

SECTION = "GJ74 22.2"


def chinese(state: GJ74State) -> Side | None:
    """The side that plays the Chinese navy (the optional rules of 22 are China's)."""
    s = board.scenario(state.scenario)
    return next((side for side in SIDES if "cn" in s.nations(side)), None)


def space_war(state: GJ74State, dice: Dice) -> list[Event]:
    """22.3: rolled once at the start: 6 gives -2, 4-5 gives -1, 1-3 nothing."""
    side = chinese(state)
    if not state.options.space_22_3 or side is None:
        return []
    face = dice.roll(t("gj74.die.space"))
    state.space = -2 if face == 6 else -1 if face >= 4 else 0
    return [Event(kind="gj74.space_war", params={"die": die(face), "n": state.space})]


def cyber_war(state: GJ74State, dice: Dice) -> list[Event]:
    """22.4: rolled at the start of every turn: 6 gives -2, 4-5 gives -1 to the tech level of
    every unit of China's enemy this turn (at least 1)."""
    if not state.options.cyber_22_4 or chinese(state) is None:
        return []
    face = dice.roll(t("gj74.die.cyber"))
    state.cyber = -2 if face == 6 else -1 if face >= 4 else 0
    return [Event(kind="gj74.cyber_war", params={"die": die(face), "n": state.cyber})]


def air_modifier(state: GJ74State, side: Side) -> int:
    """22.3: the modifier to this side's air operation and interception dice."""
    return state.space if side == other(chinese(state) or side) else 0


def can_launch(state: GJ74State, side: Side) -> bool:
    op = state.air
    return (
        state.options.dongfeng_22_2
        and not state.dongfeng_used
        and side == chinese(state)
        and op is not None
        and not op.carrier
        and op.distance is not None
        and op.actions >= 2
    )


def launch(state: GJ74State, side: Side, dice: Dice) -> list[Event]:
    """22.2(1)-(3): once a game, for two air actions, a die gives the number of attacks."""
    if not can_launch(state, side) or state.air is None:
        raise RuleViolation("gj74.dongfeng.not_now", SECTION)
    state.air.actions -= 2
    state.dongfeng_used = True
    face = dice.roll(t("gj74.die.dongfeng"))
    state.dongfeng_left = face
    return [Event(kind="gj74.dongfeng", params={"side": side, "die": die(face), "n": face})]


def fire(state: GJ74State, side: Side, a: DongfengFire, dice: Dice) -> list[Event]:
    """22.2(4): any face-up enemy surface ship on the map (never a submarine); anti-air does
    not count; a 6 sinks it, an LST with supply too."""
    if state.dongfeng_left <= 0:
        raise RuleViolation("gj74.dongfeng.not_now", SECTION)
    u = state.units.get(a.target)
    if u is None or u.side == side or u.sub or u.status != "map":
        raise RuleViolation("gj74.dongfeng.target", SECTION)
    if not u.face_up:
        raise RuleViolation("gj74.attack.face_down", "GJ74 22.2(4)")
    state.dongfeng_left -= 1
    state.attacked_first[u.side] = True
    face = dice.roll(t("gj74.die.dongfeng_hit"))
    events = [
        Event(
            kind="gj74.dongfeng_hit",
            params={
                "unit": u.id,
                "die": die(face, outcome="gj74.hit" if face == 6 else "gj74.miss"),
            },
        )
    ]
    if face == 6:
        from bot.rules.gj74.units import hits_to

        u.supply = 0
        events += hits_to(state, u, 2)
    return events
