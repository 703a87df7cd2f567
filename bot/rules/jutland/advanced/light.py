"""Light ships (Jutland 12): each light-ship counter is a task force of its own (12.1), on the
search sheet beside the capital ships it sailed with; in battle it moves freely, without the
gauge or a formation (12.2, 14.4 item 4: a turn on the spot, then straight on up to its
movement); its hits mark its boxes left to right, each lowering its gunnery (a light
cruiser's to the next box's value, a flotilla's by one, its torpedo factor to its highest
unmarked box), and with every box marked it is gone (12.7). Torpedo hits count as gunnery
hits and never cost movement (12.7)."""

from __future__ import annotations

from typing import Literal

from bot.rules.core import Choice, Event, Option, OrderForm, Prompt, RuleViolation, t
from bot.rules.jutland.advanced.actions import LightMove
from bot.rules.jutland.advanced.components import adv, is_light, name
from bot.rules.jutland.advanced.damage import in_effect, record, sink
from bot.rules.jutland.advanced.events import LightMoved
from bot.rules.jutland.battle.geometry import YARDS_PER_FACTOR, ahead, counter, overlap
from bot.rules.jutland.battle.maneuver import settle, straight
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import Battle, JutlandState, Side, TaskForce
from bot.rules.jutland.tournament import smoke

Kind = Literal["capital", "cl", "dd"]
ANGLES = (-180, -135, -90, -45, 0, 45, 90, 135, 180)


def kind(ship: str) -> Kind:
    if not is_light(ship):
        return "capital"
    return "cl" if adv().light[ship].kind == "CL" else "dd"


def add_forces(state: JutlandState) -> None:
    """12.1: every light-ship counter of the fleets is a task force, starting in the base of
    the capital ships it sailed with (the extra British forces only with that option)."""
    bases = {(b.side, b.start): b.hex for b in comps().bases.values()}
    for u in adv().light.values():
        if u.extra:
            continue
        where = bases[(u.side, u.task_force if u.side == "british" else 0)]
        state.task_forces[u.id] = TaskForce(
            id=u.id, side=u.side, ships=[u.id], hex=where, track=[where]
        )


def gunnery(state: JutlandState, ship: str) -> int:
    """12.7: a light cruiser fires its next unmarked box's value, a flotilla 1 less a hit."""
    u = adv().light[ship]
    k = in_effect(state.advanced, ship)
    if u.kind == "CL":
        return u.boxes[k] if k < len(u.boxes) else 0
    return max(0, u.gunnery - k)


def torpedoes(state: JutlandState, ship: str) -> int:
    """12.6-12.7: the torpedo factors a flotilla may still fire: its highest unmarked box,
    and never more than it has left unfired (losses may fall on factors already fired)."""
    u = adv().light[ship]
    if u.kind != "DD" or state.advanced is None:
        return 0
    k = in_effect(state.advanced, ship)
    value = u.boxes[k] if k < len(u.boxes) else 0
    spent = record(state.advanced, ship).spent if ship in state.advanced.damage else 0
    return max(0, min(value, u.boxes[0] - spent))


def hit(
    state: JutlandState, battle: Battle, target: str, hits: int, by: Side | None
) -> tuple[int, bool]:
    """Hits on a light ship: (boxes marked, gone). ``by``: the firing side in a fire phase
    (a British counter's boxes of the German fire are slashed, 13.1 item 5); None when the
    hits land in the maneuver (torpedoes), taking effect at once."""
    assert state.advanced is not None
    d = record(state.advanced, target)
    n = len(adv().light[target].boxes)
    boxes = min(hits, n - d.boxes)
    d.boxes += boxes
    if by == "german" and adv().light[target].side == "british":
        d.slashed += boxes
    gone = d.boxes >= n
    if gone:
        sink(battle, target, delayed=by == "german")
    return boxes, gone


def limit(state: JutlandState, ship: str) -> int:
    """Its movement; 15.4 item 2b: a flotilla towing moves at 4 at most."""
    top = adv().light[ship].movement
    if state.advanced is not None and ship in state.advanced.tows:
        return min(top, adv().rules.tow_movement)
    return top


def prompts(state: JutlandState, battle: Battle) -> list[Prompt]:
    """One sealed move a light-ship counter afloat, beside the formations' (14.4 item 1)."""
    assert state.advanced is not None
    out = []
    for f in sorted(battle.formations.values(), key=lambda f: f.tf):
        ship = battle.ships.get(f.tf)
        if not is_light(f.tf) or ship is None or ship.sunk or f.tf in state.advanced.moves:
            continue
        top = limit(state, f.tf)
        out.append(
            Prompt(
                id=f"h{state.hour}.b{battle.turn}.light.{f.tf}",
                seat=f.side,
                kind="jut.light_move",
                title=t("jut.prompt.light_move", turn=battle.turn, tf=name(f.tf)),
                section="Jutland 14.4",
                sealed=True,
                forms=(
                    OrderForm(
                        type="light_move",
                        label=t("jut.form.light_move"),
                        fixed={"tf": f.tf},
                        inputs=(
                            Choice(
                                name="angle",
                                label=t("jut.input.angle"),
                                options=tuple(Option(value=str(a), label=str(a)) for a in ANGLES),
                            ),
                            Choice(
                                name="speed",
                                label=t("jut.input.speed"),
                                options=tuple(
                                    Option(value=str(v), label=str(v)) for v in range(top + 1)
                                ),
                            ),
                            *smoke.choice(state, f.tf),
                        ),
                    ),
                ),
                default={"type": "light_move", "tf": f.tf, "angle": 0, "speed": top},
            )
        )
    return out


def plot(state: JutlandState, battle: Battle, side: Side, action: LightMove) -> list[Event]:
    assert state.advanced is not None
    ship = battle.ships.get(action.tf)
    if ship is None or ship.side != side or ship.sunk or not is_light(action.tf):
        raise RuleViolation("jut.light.not_yours", "Jutland 12.2", tf=action.tf)
    if action.tf in state.advanced.moves:
        raise RuleViolation("jut.battle.already", "Jutland 14.4", tf=action.tf)
    if action.angle not in ANGLES or action.speed > limit(state, action.tf):
        raise RuleViolation("jut.light.move", "Jutland 14.4", speed=action.speed)
    if action.smoke:
        smoke.check(state, action.tf)  # Tournament 22.2
        state.advanced.smoking.append(action.tf)
    state.advanced.moves[action.tf] = (action.angle, action.speed)
    return []


def move(state: JutlandState, battle: Battle) -> list[Event]:
    """14.4 item 4: each light ship turns on the spot and runs straight on. 4.2 item 5: it
    never ends on an enemy counter (Ruling, as for formations: it stops short a movement
    factor at a time)."""
    assert state.advanced is not None
    events: list[Event] = []
    moves = {tf: m for tf, m in state.advanced.moves.items() if tf in battle.ships}
    for tf, (angle, speed) in sorted(moves.items()):
        ship = battle.ships[tf]
        if ship.sunk:
            continue
        ship.heading = (ship.heading + angle) % 360
        start = (ship.x, ship.y)
        foes = [counter((s.x, s.y), s.heading) for s in battle.ships.values()
                if s.side != ship.side and not s.sunk]  # fmt: skip
        for v in range(speed, -1, -1):
            ship.x, ship.y = ahead(start, ship.heading, v * YARDS_PER_FACTOR)
            mine = counter((ship.x, ship.y), ship.heading)
            if v == 0 or not any(overlap(mine, foe) for foe in foes):
                break
        events.append(LightMoved(tf=tf, angle=angle, speed=v).event())
        if tf in state.advanced.smoking:  # Tournament 22.2: along its run
            events.append(smoke.lay(battle, tf, start, (ship.x, ship.y)))
    state.advanced.moves = {tf: m for tf, m in state.advanced.moves.items() if tf not in moves}
    state.advanced.smoking = [tf for tf in state.advanced.smoking if tf not in moves]
    settle(battle)
    for tf in battle.formations:
        if is_light(tf) and not battle.ships[tf].sunk:
            battle.formations[tf].tracks = [straight(battle, [tf])]
    return events
