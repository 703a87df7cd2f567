"""Army building (Pocket Battles 3): both players at once, sealed.

3.1 The battle size is chosen when the game is made; it gives size/10 order tokens.
3.2 Each player picks tiles of their army and forms units; the opponent sees nothing of the
    army until it is placed (a sealed prompt, and the views hide it).
3.3 A unit holds at most as many tiles as the lowest formation value among them; its first
    tile is the top of the stack.
Ruling: an army may cost less than the battle size but not more (三(一): the size is the
most you may spend), and needs at least one unit.
"""

from __future__ import annotations

from bot.rules.core import Choice, Event, Option, OrderForm, Prompt, RuleViolation, Text, t
from bot.rules.pocket_battles import actions as A
from bot.rules.pocket_battles import board, tokens
from bot.rules.pocket_battles import events as E
from bot.rules.pocket_battles.armies import READY_MADE, ready_made
from bot.rules.pocket_battles.names import unit_label
from bot.rules.pocket_battles.options import PocketBattlesOptions
from bot.rules.pocket_battles.state import (
    SIDES,
    PocketBattlesState,
    Side,
    SideState,
    Troop,
    Unit,
)

SECTION = "Pocket Battles 3.2"


def new_state(ruleset: str, scenario: str, options: PocketBattlesOptions) -> PocketBattlesState:
    return PocketBattlesState(
        ruleset=ruleset,
        scenario=scenario,
        seats=SIDES,
        options=options,
        sides={s: SideState(side=s) for s in SIDES},
        next_unit={s: 1 for s in SIDES},
    )


def army_units(state: PocketBattlesState, side: Side) -> list[Unit]:
    return [u for u in state.units.values() if u.side == side]


def points(state: PocketBattlesState, side: Side) -> int:
    return sum(board.unit_points(u) for u in army_units(state, side))


def free_tiles(state: PocketBattlesState, side: Side) -> list[str]:
    """Tiles of the army not yet in a unit."""
    used = {tr.tile for u in army_units(state, side) for tr in u.troops}
    return [tile.id for tile in board.comps().army(side) if tile.id not in used]


def check_unit(state: PocketBattlesState, side: Side, tiles: list[str]) -> None:
    """Pocket Battles 3.2-3.3: own free tiles, the formation limit, the battle size."""
    free = set(free_tiles(state, side))
    for tid in tiles:
        if tid not in free:
            raise RuleViolation("pb.build.not_free", SECTION, tile=tid)
    limit = board.formation_limit(tiles)
    if len(tiles) > limit:
        raise RuleViolation(
            "pb.build.formation", "Pocket Battles 3.3", count=len(tiles), limit=limit
        )
    total = points(state, side) + sum(board.tile(tid).points for tid in tiles)
    if total > state.options.size:
        raise RuleViolation(
            "pb.build.over_size", "Pocket Battles 3.1", points=total, size=state.options.size
        )


def _new_unit(state: PocketBattlesState, side: Side, tiles: list[str]) -> Unit:
    n = state.next_unit[side]
    state.next_unit[side] = n + 1
    unit = Unit(id=f"{side}_{n}", side=side, troops=[Troop(tile=tid) for tid in tiles])
    state.units[unit.id] = unit
    return unit


def add_unit(state: PocketBattlesState, side: Side, action: A.AddUnit) -> list[Event]:
    check_unit(state, side, list(action.tiles))
    unit = _new_unit(state, side, list(action.tiles))
    state.sides[side].progress += 1
    return [_built(E.UnitAdded(unit=unit.id, **_so_far(state, side)), side)]


def remove_unit(state: PocketBattlesState, side: Side, action: A.RemoveUnit) -> list[Event]:
    unit = state.units.get(action.unit)
    if unit is None or unit.side != side:
        raise RuleViolation("pb.build.no_such_unit", SECTION, unit=action.unit)
    del state.units[unit.id]
    state.sides[side].progress += 1
    return [_built(E.UnitRemoved(unit=unit.id, **_so_far(state, side)), side)]


def use_ready_made(state: PocketBattlesState, side: Side, action: A.ReadyMade) -> list[Event]:
    if action.army not in READY_MADE:
        raise RuleViolation("pb.build.no_such_army", SECTION, army=action.army)
    for unit in army_units(state, side):
        del state.units[unit.id]
    for tiles in ready_made(side, state.options.size):
        _new_unit(state, side, tiles)
    state.sides[side].progress += 1
    return [_built(E.ReadyMadeTaken(army=action.army, **_so_far(state, side)), side)]


def army_done(state: PocketBattlesState, side: Side) -> list[Event]:
    if not army_units(state, side):
        raise RuleViolation("pb.build.empty", SECTION)
    s = state.sides[side]
    s.built = True
    s.progress += 1
    # The army's size stays sealed (3.2): the public learns only that it is ready.
    return [E.ArmyReady(side=side).event()]


def _so_far(state: PocketBattlesState, side: Side) -> dict[str, int]:
    return {"points": points(state, side), "size": state.options.size}


def _built(params: E.Building, side: Side) -> Event:
    """An event of a seat's own building, for that seat only (3.2: sealed)."""
    return params.event(audience=side)


def prompt(state: PocketBattlesState, side: Side) -> Prompt:
    """The building menu: the tiles that still fit, the units to take back, ready-made."""
    units = army_units(state, side)
    room = state.options.size - points(state, side)
    tiles = [tid for tid in free_tiles(state, side) if board.tile(tid).points <= room]
    forms: list[OrderForm] = []
    if tiles:
        forms.append(
            OrderForm(
                type="add_unit",
                label=t("pb.form.add_unit"),
                inputs=(
                    Choice(
                        name="tiles",
                        label=t("pb.input.tiles"),
                        kind="many",
                        options=tuple(
                            Option(value=tid, label=t(f"pb.tile.{tid}"), detail=tile_detail(tid))
                            for tid in tiles
                        ),
                        min=1,
                        max=min(A.MAX_FORMATION, len(tiles)),
                    ),
                ),
            )
        )
    if units:
        forms.append(
            OrderForm(
                type="remove_unit",
                label=t("pb.form.remove_unit"),
                inputs=(unit_choice("unit", units),),
            )
        )
    forms.append(
        OrderForm(
            type="ready_made",
            label=t("pb.form.ready_made"),
            inputs=(
                Choice(
                    name="army",
                    label=t("pb.input.army"),
                    options=tuple(
                        Option(value=a, label=t(f"pb.ready_made.{a}")) for a in READY_MADE
                    ),
                ),
            ),
        )
    )
    if units:
        forms.append(OrderForm(type="army_done", label=t("pb.form.army_done")))
    default = {"type": "army_done"} if units else {"type": "ready_made", "army": READY_MADE[0]}
    return Prompt(
        id=f"build.{side}.{state.sides[side].progress}",
        seat=side,
        kind="pb.build",
        title=t("pb.prompt.build", size=state.options.size, points=points(state, side)),
        section=SECTION,
        forms=tuple(forms),
        sealed=True,
        default=default,
    )


def tile_detail(tile_id: str) -> Text:
    tile = board.tile(tile_id)
    return t(
        "pb.tile_detail",
        engagement=" ".join(map(str, tile.engagement)) or "-",
        shooting=" ".join(map(str, tile.shooting)) or "-",
        points=tile.points,
        formation=tile.formation,
        wounds=tile.wounds,
    )


def unit_choice(name: str, units: list[Unit], label: str = "pb.input.unit") -> Choice:
    return Choice(
        name=name,
        label=t(label),
        options=tuple(Option(value=u.id, label=unit_label(u)) for u in units),
    )


def start_tokens(state: PocketBattlesState) -> None:
    """Pocket Battles 3.1 and 9.4: size/10 tokens, +1 per Leader on the field."""
    for side in SIDES:
        s = state.sides[side]
        s.tokens = tokens.base_tokens(state.options.size) + tokens.leaders(state, side)
        s.unused = s.tokens
        s.points = points(state, side)
