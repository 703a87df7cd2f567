"""Capital-ship damage (Jutland 13.1-13.2): gunnery hits mark the hit boxes left to right and
cost a gunnery factor each; hits beyond the boxes are torpedo (flotation) hits, each costing a
movement factor; a ship sinks under gunnery hits in one fire phase equal to her protection,
whatever her earlier damage, or under torpedo and flotation hits in the game equal to it. A
British ship's losses in the German fire take effect only after the British fire (item 5).
A ship without movement is dead in the water (13.1, 15.4): she falls out of her formation
and, after the battle, is no part of a task force."""

from __future__ import annotations

from typing import Literal

from bot.rules.core import Event
from bot.rules.jutland.advanced.components import adv, is_light
from bot.rules.jutland.advanced.events import DeadInWater
from bot.rules.jutland.advanced.state import AdvancedState, Damage
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import Battle, JutlandState, Side, TaskForce
from bot.rules.jutland.tournament import special_damage
from bot.rules.jutland.tournament.battle_tables import Section

Facing = Literal["bow", "broadside", "stern"]


def record(a: AdvancedState, ship: str) -> Damage:
    return a.damage.setdefault(ship, Damage())


def in_effect(a: AdvancedState | None, ship: str) -> int:
    """Boxes whose loss counts now: the slashed British ones wait (13.1 item 5)."""
    d = a.damage.get(ship) if a is not None else None
    return 0 if d is None else d.boxes - d.slashed


def gunnery(state: JutlandState, ship: str, facing: Facing) -> int:
    """13.1: each gunnery hit lowers the gunnery factor by 1 (Kaiser's broadside 10 is 7
    after three hits; her twelve boxes marked leave her none). Ruling: the bow and stern
    factors lose 1 a hit too (the rule speaks of the ship's gunnery, not one arc's)."""
    base: int = getattr(comps().ships[ship], facing)
    left = max(0, base - adv().rules.gunnery_loss_per_hit * in_effect(state.advanced, ship))
    return special_damage.gunnery(state, ship, left)  # Tournament 22.3


def movement(state: JutlandState, ship: str) -> int:
    """13.1: each torpedo (flotation) hit lowers the movement factor by 1; a light ship's
    never (12.7)."""
    if is_light(ship):
        return adv().light[ship].movement
    base = comps().ships[ship].movement
    d = state.advanced.damage.get(ship) if state.advanced is not None else None
    left = base if d is None else base - adv().rules.movement_loss_per_flotation_hit * d.flotation
    return special_damage.movement(state, ship, max(0, left))  # Tournament 22.3


def _note_movement(state: JutlandState, ship: str) -> None:
    """The present movement, where the search sheet reads it (13.1: a force with a ship of 4
    or less moves every second hour; none, not at all)."""
    now = movement(state, ship)
    if now < comps().ships[ship].movement:
        state.movement[ship] = now


def hit_capital(
    state: JutlandState,
    battle: Battle,
    target: str,
    hits: int,
    phase: str,
    by: Side,
    where: Section | None = None,
) -> tuple[int, int, bool]:
    """Gunnery hits on a capital ship: (boxes marked, flotation hits, sunk). ``where``: the
    half the Tournament's random location chose (22.3 item 1), None left to right."""
    assert state.advanced is not None
    ship = comps().ships[target]
    d = record(state.advanced, target)
    if where is not None:
        boxes = special_damage.mark(state.advanced, target, where, hits)
    else:
        boxes = min(hits, ship.hit_boxes - d.boxes)
        d.boxes += boxes
    if by == "german" and ship.side == "british":
        d.slashed += boxes  # 13.1 item 5: slashed now, crossed after the British fire
    if d.phase != phase:
        d.phase, d.phase_hits = phase, 0
    d.phase_hits += hits
    flotation = hits - boxes
    d.flotation += flotation
    _note_movement(state, target)
    sunk = d.phase_hits >= ship.protection or d.flotation >= ship.protection  # 13.2
    if sunk:
        sink(battle, target, delayed=by == "german")
    return boxes, flotation, sunk


def torpedo_capital(state: JutlandState, battle: Battle, target: str, hits: int) -> bool:
    """12.6 item 7: torpedo hits on a capital ship mark no box; they are recorded after the
    boxes, each costing a movement factor (13.1); as many as her protection sink her (13.2)."""
    assert state.advanced is not None
    d = record(state.advanced, target)
    d.flotation += hits
    _note_movement(state, target)
    sunk = d.flotation >= comps().ships[target].protection
    if sunk:
        sink(battle, target, delayed=False)
    return sunk


def sink(battle: Battle, ship: str, delayed: bool) -> None:
    """4.1: a ship sunk in the German fire (``delayed``) still fires in the British fire."""
    victim = battle.ships[ship]
    if delayed:
        victim.hit = True
    else:
        victim.sunk = True


def fall_out(state: JutlandState, battle: Battle, ship: str) -> list[Event]:
    """13.1, 15.4 item 1: a ship without movement cannot move; she leaves her formation (the
    ships behind her pass over her), so that it is not stopped with her (15.3)."""
    gone = battle.ships[ship].sunk or battle.ships[ship].hit
    if gone or is_light(ship) or movement(state, ship) > 0:
        return []
    f = battle.formations[battle.ships[ship].tf]
    for k, column in enumerate(f.columns):
        if ship in column:
            column.remove(ship)
            if not column:
                del f.columns[k], f.tracks[k]
            return [DeadInWater(ship=ship).event()]
    return []


def end_fire(state: JutlandState) -> None:
    """13.1 item 5: at the end of the British fire the slashes become crosses."""
    if state.advanced is None:
        return
    for d in state.advanced.damage.values():
        d.slashed = 0


def _new_id(state: JutlandState, side: Side) -> str:
    """The first free task-force number of the side (as regrouping numbers them)."""
    prefix = "de" if side == "german" else "gb"
    return next(f"{prefix}{n}" for n in range(1, 99) if f"{prefix}{n}" not in state.task_forces)


def stranded(state: JutlandState, tf: TaskForce) -> list[str]:
    return [s for s in tf.ships if not is_light(s) and movement(state, s) == 0]


def strand(state: JutlandState) -> None:
    """15.4 item 1c: after a battle a capital ship dead in the water is no part of a task
    force: she stays in her hex as a force of her own that never moves (13.1)."""
    if state.advanced is None:
        return
    for tf in sorted(list(state.task_forces.values()), key=lambda tf: tf.id):
        dead = stranded(state, tf)
        if len(dead) == len(tf.ships):
            tf.dead = tf.dead or bool(dead)
            continue
        if not dead:
            continue
        new = _new_id(state, tf.side)
        tf.ships = [s for s in tf.ships if s not in dead]
        tf.columns = None
        state.task_forces[new] = TaskForce(
            id=new, side=tf.side, ships=dead, hex=tf.hex, left_at=tf.left_at,
            came_from=tf.came_from, track=list(tf.track), dead=True,
        )  # fmt: skip
