"""Setting up a mini-scenario (Jutland 23.1): its order of battle out of the campaign's
task forces, its suggested options as the game's defaults, and either the opening battle
(Dogger Bank, the Battlecruiser Action: no search) or the forces in their bases
(Hit-and-Run)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from bot.rules.core import Dice, Event, RuleViolation, t
from bot.rules.jutland import turn
from bot.rules.jutland.advanced.components import is_light
from bot.rules.jutland.advanced.damage import record
from bot.rules.jutland.battle.geometry import ahead, dist
from bot.rules.jutland.battle.maneuver import settle, straight
from bot.rules.jutland.scenarios.data import Spec, must_show, spec, specs
from bot.rules.jutland.scenarios.events import ScenarioBegins
from bot.rules.jutland.scenarios.state import PlayState
from bot.rules.jutland.state import Battle, JutlandState, TaskForce

__all__ = ["apply", "defaults", "ids", "must_show", "screen"]

SECTION = "Jutland 23.1"
SCREEN = 3000.0
"""Yards abeam of a capital ship a light ship starts (23.1: within 4,000 yards)."""
APART = 1000.0
"""Ruling: no two counters start nearer than this (two counters' widths)."""


def ids() -> list[str]:
    return sorted(specs())


def defaults(scenario: str, fields: set[str]) -> dict[str, Any]:
    """23.1 rules item 1: the suggested options, as the scenario's defaults (the players
    may change them). Ruling: an option the game does not offer yet is skipped (its module
    is not built); it applies as soon as the options model has a field of that name."""
    s = spec(scenario)
    return {k: v for k, v in (s.head.defaults if s else {}).items() if k in fields}


def apply(state: JutlandState, scenario: str, options: BaseModel, dice: Dice) -> list[Event]:
    """Cut the campaign's forces down to the scenario's order of battle and place them."""
    s = spec(scenario)
    assert s is not None
    if state.advanced is None:
        # The mini-scenarios sail light ships (12) and score by 17's points.
        raise RuleViolation("jut.scenario.advanced", SECTION, scenario=scenario)
    extra = bool(getattr(options, "extra_forces", False))
    state.play = PlayState()
    _order_of_battle(state, s, extra)
    for ship, boxes in s.head.crossed.items():
        if any(ship in tf.ships for tf in state.task_forces.values()):
            record(state.advanced, ship).boxes += boxes  # Dogger Bank note 2
            if ship in s.head.unscored:
                state.play.unscored[ship] = boxes
    events = [ScenarioBegins(scenario=t(f"jut.scenario.{scenario}")).event()]
    if not s.head.search:
        _in_contact(state, s)
        assert s.head.hex is not None
        events += turn.engage(state, s.head.hex, dice)
        assert state.battle is not None
        screen(state.battle)
    return events


def _order_of_battle(state: JutlandState, s: Spec, extra: bool) -> None:
    keep: set[str] = set()
    for f in s.forces:
        keep |= set(f.ships)
        keep |= set(f.extra_light if extra and f.extra_light is not None else f.light)
    for tf in state.task_forces.values():
        tf.ships = [x for x in tf.ships if x in keep]
    state.task_forces = {k: tf for k, tf in state.task_forces.items() if tf.ships}
    present = {x for tf in state.task_forces.values() for x in tf.ships}
    for f in s.forces:
        for ship in [*f.ships, *f.light, *(f.extra_light or [])]:
            if ship in keep and ship not in present:
                # Blücher (23.1 Dogger Bank note 1) or a unit of the extra forces: she
                # joins her side's first task force of her kind.
                light = is_light(ship)
                home = next(
                    tf for tf in sorted(state.task_forces.values(), key=lambda t: t.id)
                    if tf.side == f.side and all(is_light(x) == light for x in tf.ships)
                )  # fmt: skip
                if light:
                    state.task_forces[ship] = TaskForce(
                        id=ship, side=f.side, ships=[ship], hex=home.hex, track=list(home.track)
                    )
                else:
                    home.ships.append(ship)


def _in_contact(state: JutlandState, s: Spec) -> None:
    """23.1: no search; the squadrons start at the edges of the battle area. Each side's
    capital ships sail as one force (Dogger Bank special rule b: one line ahead) and come
    into the battle hex by the hex side the scenario names. Ruling: the set-up pictures were
    not found; the placement is that of a contact (3.4) from those hex sides, and the light
    ships are then drawn in to within 4,000 yards of their capital ships (``screen``)."""
    assert s.head.hex is not None
    state.hour = s.head.hour
    for f in s.forces:
        capital = sorted(
            (tf for tf in state.task_forces.values() if tf.side == f.side and not _light(tf)),
            key=lambda tf: tf.id,
        )
        main = capital[0]
        main.ships = [x for x in f.ships if any(x in tf.ships for tf in capital)]
        for tf in capital[1:]:
            del state.task_forces[tf.id]
        if s.head.line_ahead:
            main.columns = 1
        for tf in state.task_forces.values():
            if tf.side == f.side:
                tf.hex, tf.came_from, tf.track = s.head.hex, f.came_from, [s.head.hex]
                tf.left_at = state.hour
    state.phase = "plot"


def _light(tf: TaskForce) -> bool:
    return all(is_light(x) for x in tf.ships)


def screen(battle: Battle) -> None:
    """23.1: the light ships start within 4,000 yards of their capital ships: each is set
    abeam of one of them (3,000 yards off, nearer where that spot is taken), on the same
    course, taking the line's ships in turn, one side of the line, then the other."""
    for side in ("german", "british"):
        caps = sorted(
            (s for s in battle.ships.values() if s.side == side and not is_light(s.id)),
            key=lambda s: (s.tf, s.id),
        )
        lights = sorted(s.id for s in battle.ships.values() if s.side == side and is_light(s.id))
        taken = [(s.x, s.y) for s in caps]
        spots = [
            (at, ahead((at.x, at.y), at.heading + turn, off))
            for turn in (90, -90)
            for off in (SCREEN, 2000.0, 3500.0, 1500.0)
            for at in caps
        ]
        for ship in lights:
            free = [(at, p) for at, p in spots if all(dist(p, q) >= APART for q in taken)]
            if not free:
                break
            at, (x, y) = free[0]
            u = battle.ships[ship]
            u.x, u.y, u.heading = x, y, at.heading
            taken.append((x, y))
    settle(battle)
    for f in battle.formations.values():
        if all(is_light(x) for column in f.columns for x in column):
            f.tracks = [straight(battle, column) for column in f.columns]
