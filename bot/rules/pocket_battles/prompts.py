"""The decisions of a battle, each built from the same look-ups the orders are checked with,
so a menu offers exactly the legal orders (Pocket Battles 5.1-5.8, 9.3, 9.8).

Prompt ids follow the identity contract (bot/rules/core/prompt.py): the round, the turn, the
phase and the count of orders accepted (``seq``); only one seat owes a decision in a battle.
"""

from __future__ import annotations

from typing import Any

from bot.rules.core import Choice, Option, OrderForm, Prompt, When, t
from bot.rules.pocket_battles import board, charge, engagement, movement, shooting, traits
from bot.rules.pocket_battles.names import unit_label
from bot.rules.pocket_battles.orders import orderable
from bot.rules.pocket_battles.state import PocketBattlesState, Side, Unit
from bot.rules.pocket_battles.turn import special_barred


def _id(state: PocketBattlesState) -> str:
    return f"r{state.round}.t{state.turn}.{state.phase}.{state.seq}"


def _units(name: str, units: list[Unit], label: str = "pb.input.unit") -> Choice:
    return Choice(
        name=name,
        label=t(label),
        options=tuple(Option(value=u.id, label=unit_label(u)) for u in units),
    )


def _depending(
    name: str, label: str, pairs: list[tuple[Unit, list[Unit]]], on: str = "unit"
) -> Choice:
    """Targets per ordering unit: each target offered when the unit chosen may reach it."""
    reach: dict[str, list[str]] = {}
    by_id: dict[str, Unit] = {}
    for unit, targets in pairs:
        for target in targets:
            reach.setdefault(target.id, []).append(unit.id)
            by_id[target.id] = target
    return Choice(
        name=name,
        label=t(label),
        options=tuple(
            Option(
                value=tid,
                label=unit_label(by_id[tid]),
                when=(When(within={on: tuple(units)}),),
            )
            for tid, units in reach.items()
        ),
    )


def _zones(pairs: list[tuple[Unit, list[str]]]) -> Choice:
    reach: dict[str, list[str]] = {}
    for unit, zones in pairs:
        for z in zones:
            reach.setdefault(z, []).append(unit.id)
    return Choice(
        name="zone",
        label=t("pb.input.zone"),
        options=tuple(
            Option(value=z, label=t(f"pb.zone.{z}"), when=(When(within={"unit": tuple(u)}),))
            for z, u in sorted(reach.items())
        ),
    )


def _prompt(
    state: PocketBattlesState,
    seat: Side,
    kind: str,
    section: str,
    forms: list[OrderForm],
    default: dict[str, Any],
    **title: Any,
) -> Prompt:
    return Prompt(
        id=_id(state),
        seat=seat,
        kind=f"pb.{kind}",
        title=t(f"pb.prompt.{kind}", **title),
        section=section,
        forms=tuple(forms),
        default=default,
    )


def redeploy(state: PocketBattlesState, side: Side) -> Prompt:
    """Phase 1 (5.1): one free move, or none."""
    pairs = [
        (u, movement.destinations(state, u))
        for u in board.living(state, side)
        if movement.may_redeploy(u)
    ]
    pairs = [(u, zs) for u, zs in pairs if zs]
    forms = []
    if pairs:
        forms.append(
            OrderForm(
                type="redeploy",
                label=t("pb.form.redeploy"),
                inputs=(_units("unit", [u for u, _ in pairs]), _zones(pairs)),
            )
        )
    forms += [
        OrderForm(type="keep_positions", label=t("pb.form.keep_positions")),
        OrderForm(type="concede", label=t("pb.form.concede")),
    ]
    return _prompt(
        state,
        side,
        "redeploy",
        "Pocket Battles 5.1",
        forms,
        {"type": "keep_positions"},
        unused=state.sides[side].unused,
    )


def _excite(state: PocketBattlesState, units: list[Unit]) -> tuple[Choice, ...]:
    if special_barred(state) or not units:
        return ()
    found: dict[str, Unit] = {}
    for u in units:
        for e in traits.excite_units(state, u):
            if orderable(state, e):
                found[e.id] = e
    if not found:
        return ()
    return (
        Choice(
            name="excite",
            label=t("pb.input.excite"),
            kind="many",
            min=0,
            max=1,
            options=tuple(Option(value=e.id, label=unit_label(e)) for e in found.values()),
        ),
    )


def orders(state: PocketBattlesState, side: Side) -> Prompt:
    """Phase 2 (5.2): every order some unit may take now."""
    mine = [u for u in board.living(state, side) if orderable(state, u)]
    extra = state.phase == "extra_order"
    forms: list[OrderForm] = []
    moves = [(u, movement.destinations(state, u)) for u in mine]
    moves = [(u, zs) for u, zs in moves if zs]
    if moves:
        forms.append(
            OrderForm(
                type="move",
                label=t("pb.form.move"),
                inputs=(_units("unit", [u for u, _ in moves]), _zones(moves)),
            )
        )
    fights = [
        (
            "charge",
            [
                (u, charge.targets_from(state, side, charge.sector_of(u)))
                for u in mine
                if charge.may_charge(u)
            ],
        ),
        ("carry_on", [(u, engagement.foes(state, u)) for u in mine]),
        ("shoot", [(u, shooting.targets(state, u)) for u in mine]),
    ]
    for kind, found in fights:
        pairs = [(u, ts) for u, ts in found if ts]
        if pairs:
            units = [u for u, _ in pairs]
            forms.append(
                OrderForm(
                    type=kind,
                    label=t(f"pb.form.{kind}"),
                    inputs=(
                        _units("unit", units),
                        _depending("target", "pb.input.target", pairs),
                        *_excite(state, units),
                    ),
                )
            )
    leaving = [u for u in mine if engagement.engaged(u)]
    if leaving:
        forms.append(
            OrderForm(type="leave", label=t("pb.form.leave"), inputs=(_units("unit", leaving),))
        )
    if not special_barred(state):
        forms += _specials(state, mine, extra)
    if extra:
        forms.append(OrderForm(type="orders_done", label=t("pb.form.orders_done")))
        default = {"type": "orders_done"}
    else:
        forms.append(OrderForm(type="pass", label=t("pb.form.pass")))
        default = {"type": "pass"}
    forms.append(OrderForm(type="concede", label=t("pb.form.concede")))
    return _prompt(
        state,
        side,
        "extra_order" if extra else "order",
        "Pocket Battles 5.2",
        forms,
        default,
        unused=state.sides[side].unused,
    )


def _specials(state: PocketBattlesState, mine: list[Unit], extra: bool) -> list[OrderForm]:
    """Special tactics (5.8): Heal (9.1) and Double Order (9.3)."""
    forms: list[OrderForm] = []
    healers = [(u, traits.heal_targets(state, u)) for u in mine if board.has_trait(u, "heal")]
    healers = [(u, ts) for u, ts in healers if ts]
    if healers:
        troops: dict[str, list[str]] = {}
        for u, ts in healers:
            for _, tid in ts:
                troops.setdefault(tid, []).append(u.id)
        forms.append(
            OrderForm(
                type="heal",
                label=t("pb.form.heal"),
                inputs=(
                    _units("unit", [u for u, _ in healers]),
                    Choice(
                        name="troop",
                        label=t("pb.input.troop"),
                        options=tuple(
                            Option(
                                value=tid,
                                label=t(f"pb.tile.{tid}"),
                                when=(When(within={"unit": tuple(us)}),),
                            )
                            for tid, us in troops.items()
                        ),
                    ),
                ),
            )
        )
    doubles = [u for u in mine if board.has_trait(u, "double_order")]
    if doubles and not extra:
        forms.append(
            OrderForm(
                type="double_order",
                label=t("pb.form.double_order"),
                inputs=(_units("unit", doubles),),
            )
        )
    return forms


def reaction(state: PocketBattlesState) -> Prompt:
    """The charged side's reaction (5.4); Hold is the default a deadline applies."""
    c = state.combat
    assert c is not None and c.target is not None
    target = state.units[c.target]
    column = board.zone(state.units[c.unit].zone or "").column
    forms = []
    blockers = charge.interceptors(state, target)
    if blockers:
        forms.append(
            OrderForm(
                type="intercept", label=t("pb.form.intercept"), inputs=(_units("unit", blockers),)
            )
        )
    shots = charge.shooters(state, target, column)
    if shots:
        forms.append(
            OrderForm(
                type="shoot_charger",
                label=t("pb.form.shoot_charger"),
                inputs=(_units("unit", shots),),
            )
        )
    forms.append(OrderForm(type="hold", label=t("pb.form.hold")))
    return _prompt(
        state,
        target.side,
        "reaction",
        "Pocket Battles 5.4",
        forms,
        {"type": "hold"},
        unit=unit_label(state.units[c.unit]).model_dump(),
        target=unit_label(target).model_dump(),
    )


def assign(state: PocketBattlesState) -> Prompt:
    """The hit unit's owner puts the next hit on a troop (5.4)."""
    c = state.combat
    assert c is not None and c.hits
    h = c.hits[0]
    unit = state.units[h.unit]
    living = unit.troops

    def spare(tile_id: str) -> tuple[int, int]:
        tr = next(x for x in living if x.tile == tile_id)
        dies = tr.damage + 1 >= board.tile(tile_id).wounds
        return (1 if dies else 0, board.tile(tile_id).points if dies else 0)

    best = min((tr.tile for tr in living), key=spare)
    return _prompt(
        state,
        unit.side,
        "assign",
        "Pocket Battles 5.4",
        [
            OrderForm(
                type="assign_hit",
                label=t("pb.form.assign_hit"),
                inputs=(
                    Choice(
                        name="troop",
                        label=t("pb.input.troop"),
                        options=tuple(
                            Option(value=tr.tile, label=t(f"pb.tile.{tr.tile}")) for tr in living
                        ),
                    ),
                ),
            )
        ],
        {"type": "assign_hit", "troop": best},
        hits=h.count,
        unit=unit_label(unit).model_dump(),
    )


def overwhelm(state: PocketBattlesState) -> Prompt:
    """Overwhelming (9.8): the charger must charge on; its owner picks the target."""
    c = state.combat
    assert c is not None
    targets = charge.follow_on_targets(state)
    return _prompt(
        state,
        c.side,
        "overwhelm",
        "Pocket Battles 9.8",
        [
            OrderForm(
                type="overwhelm",
                label=t("pb.form.overwhelm"),
                inputs=(_units("target", targets, "pb.input.target"),),
            )
        ],
        {"type": "overwhelm", "target": targets[0].id},
        unit=unit_label(state.units[c.unit]).model_dump(),
    )
