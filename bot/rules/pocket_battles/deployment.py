"""Deployment (Pocket Battles 4).

4.1 Both roll a die: the higher roll attacks, the lower defends (a tie rolls again).
4.2 From the attacker, players take turns placing one unit in any of their own six zones,
    never in an engagement zone; a placed stack shows only its top tile (3.3).
4.3 A player who has placed every unit stops; the other places the rest in turn.
4.4 The stacks are spread out: under the default reading every unit is revealed when the
    last is placed (option ``reveal``; see options.py).
"""

from __future__ import annotations

from bot.rules.core import Choice, Dice, Event, Option, OrderForm, Prompt, RuleViolation, t
from bot.rules.pocket_battles import actions as A
from bot.rules.pocket_battles import board
from bot.rules.pocket_battles import events as E
from bot.rules.pocket_battles.building import start_tokens, unit_choice
from bot.rules.pocket_battles.names import unit_text, zone_text
from bot.rules.pocket_battles.state import SIDES, PocketBattlesState, Side, Unit


def roll_for_roles(state: PocketBattlesState, dice: Dice) -> list[Event]:
    """Pocket Battles 4.1: the higher die attacks (a tie rolls again)."""
    events: list[Event] = []
    while True:
        rolls = {
            s: dice.roll(t("pb.roll.deploy", side=t(f"pb.side.{s}").model_dump())) for s in SIDES
        }
        for s in SIDES:
            state.sides[s].deploy_roll = rolls[s]
        events.append(E.DeployRoll(celts=rolls["celts"], romans=rolls["romans"]).event())
        if rolls["celts"] != rolls["romans"]:
            break
    attacker: Side = "celts" if rolls["celts"] > rolls["romans"] else "romans"
    state.sides[attacker].role = "attacker"
    state.sides[board.enemy(attacker)].role = "defender"
    state.active = attacker
    events.append(E.Roles(side=attacker).event())
    return events


def _name(side: Side) -> dict[str, object]:
    return t(f"pb.side.{side}").model_dump()


def unplaced(state: PocketBattlesState, side: Side) -> list[Unit]:
    return [u for u in state.units.values() if u.side == side and u.zone is None]


def place(state: PocketBattlesState, side: Side, action: A.Place) -> list[Event]:
    unit = state.units.get(action.unit)
    if unit is None or unit.side != side or unit.zone is not None:
        raise RuleViolation("pb.deploy.no_such_unit", "Pocket Battles 4.2", unit=action.unit)
    if action.zone not in board.own_zones(side):
        raise RuleViolation("pb.deploy.not_own_zone", "Pocket Battles 4.2", zone=action.zone)
    unit.zone = action.zone
    events = [
        E.Placed(
            side=side,
            unit=unit_text(unit),
            zone=zone_text(action.zone),
            top=unit.troops[0].tile,
        ).event()
    ]
    # 4.2-4.3: the other side places next unless it has placed everything.
    other = board.enemy(side)
    if unplaced(state, other):
        state.active = other
    elif not unplaced(state, side):
        state.active = None
    return events


def finish(state: PocketBattlesState) -> list[Event]:
    """Pocket Battles 4.4: every stack placed; revealed under the default reading; the
    order tokens are handed out (3.1, 9.4) and the first round begins."""
    events: list[Event] = []
    if state.options.reveal == "deployment_end":
        for unit in state.units.values():
            unit.revealed = True
        events.append(
            E.RevealedAll(
                units={u.id: [tr.tile for tr in u.troops] for u in state.units.values()}
            ).event(reveals=True)
        )
    start_tokens(state)
    return events


def prompt(state: PocketBattlesState, side: Side) -> Prompt:
    units = unplaced(state, side)
    zones = board.own_zones(side)
    crowd = {z: len(board.units_in(state, z, side)) for z in zones}
    quiet = min(zones, key=lambda z: (crowd[z], zones.index(z)))
    return Prompt(
        id=f"deploy.{state.seq}",
        seat=side,
        kind="pb.place",
        title=t("pb.prompt.place", left=len(units)),
        section="Pocket Battles 4.2",
        forms=(
            OrderForm(
                type="place",
                label=t("pb.form.place"),
                inputs=(
                    unit_choice("unit", units),
                    Choice(
                        name="zone",
                        label=t("pb.input.zone"),
                        options=tuple(Option(value=z, label=t(f"pb.zone.{z}")) for z in zones),
                    ),
                ),
            ),
        ),
        default={"type": "place", "unit": units[0].id, "zone": quiet},
    )
