"""The decisions of air operations: base air (GJ74 5) and carrier air (7.3), for the side
whose chit was drawn. Targets are enemy counters by token; strikes aim at face-up ones."""

from __future__ import annotations

from bot.rules.core import Choice, Option, OrderForm, Prompt, When, t
from bot.rules.gj74 import board, carrier, intercept, optional
from bot.rules.gj74.actions import SURFACE
from bot.rules.gj74.prompts import _done, _enemy, _enemy_tokens, _hex, _own, _prompt
from bot.rules.gj74.state import AirOp, GJ74State, Side, other
from bot.rules.gj74.units import on_map


def intercept_prompt(state: GJ74State) -> list[Prompt]:
    """5.4(1), 17.1: the side not acting may intercept the strike just declared; then 17.2(1)
    the split of the strike's losses, by the player the rule names."""
    strike = state.strike
    if strike is None:
        return []
    if strike.split_by is not None:
        return _losses_prompt(state, strike.split_by)
    side = other(strike.side)
    carriers: tuple[Choice, ...] = ()
    pools = intercept.carrier_hexes(state, side, strike.hex, 8)
    if pools:
        # 17.1(6)2: the hex whose carriers fly, within the range declared.
        origins = tuple(
            _hex(
                h,
                (
                    When(
                        within={
                            "distance": tuple(
                                str(d) for d in range(board.distance(h, strike.hex), 9)
                            )
                        }
                    ),
                ),
            )
            for h in sorted(pools)
        )
        carriers = (
            Choice(name="carriers", label=t("gj74.input.from_carriers"), kind="flag"),
            Choice(
                name="origin",
                label=t("gj74.input.carrier_hex"),
                options=origins,
                when=(When(within={"carriers": ("True",)}),),
            ),
        )
    form = OrderForm(
        type="intercept",
        label=t("gj74.form.intercept"),
        inputs=(
            Choice(name="distance", label=t("gj74.input.distance"), kind="number", min=0, max=8),
            *carriers,
            Choice(name="escorts_first", label=t("gj74.input.escorts_first"), kind="flag"),
        ),
    )
    forms = [form, _done("no_intercept")]
    return [_prompt(state, side, "intercept", "GJ74 17", forms, "no_intercept")]


def _losses_prompt(state: GJ74State, side: Side) -> list[Prompt]:
    """17.2(1): how many of the striking aircraft lost were attack aircraft."""
    strike = state.strike
    assert strike is not None
    low, high = intercept.loss_range(strike, strike.lost)
    n = Choice(
        name="attack",
        label=t("gj74.input.attack_lost", n=strike.lost),
        kind="number",
        min=low,
        max=high,
    )
    form = OrderForm(type="strike_losses", label=t("gj74.form.strike_losses"), inputs=(n,))
    p = _prompt(state, side, "strike_losses", "GJ74 17.2(1)", [form], "strike_losses")
    default = {"type": "strike_losses", "attack": intercept.losses_default(strike)}
    return [p.model_copy(update={"default": default})]


def air_op(state: GJ74State) -> list[Prompt]:
    """5.1: declare the range; 5.2: spend the actions; 5.4(4): end."""
    if state.battle is not None:
        from bot.rules.gj74.prompts_battle import battle_prompts

        return battle_prompts(state)
    if state.strike is not None:
        return intercept_prompt(state)
    side = state.active
    op = state.air
    if side is None or op is None:
        return []
    if op.distance is None:
        distance = Choice(
            name="distance", label=t("gj74.input.distance"), kind="number", min=0, max=10
        )
        form = OrderForm(type="air_range", label=t("gj74.form.air_range"), inputs=(distance,))
        forms = [form, _done("air_ops_done")]
        return [_prompt(state, side, "air_range", "GJ74 5.1", forms, "air_ops_done")]
    if state.dongfeng_left > 0:
        return _dongfeng_targets(state, side)
    reach = board.air_reach(state.scenario, side)
    in_range: dict[str, tuple[str, ...]] = {
        h: () for h in _enemy_hexes(state, side) if reach.get(h, 99) <= op.distance
    }
    forms = spend(state, side, op, in_range)
    if optional.can_launch(state, side):
        forms.append(OrderForm(type="dongfeng", label=t("gj74.form.dongfeng")))
    if not forms:
        return []
    return [
        _prompt(state, side, "air_op", "GJ74 5.2", [*forms, _done("air_ops_done")], "air_ops_done")
    ]


def _dongfeng_targets(state: GJ74State, side: Side) -> list[Prompt]:
    """22.2(4): each attack at a face-up enemy surface ship anywhere on the map."""
    ships = _enemy_tokens(state, side, False, True)
    forms = [_done("air_ops_done")]
    if ships:
        target = Choice(
            name="target", label=t("gj74.input.target"), options=tuple(_enemy(u) for u in ships)
        )
        forms.insert(
            0, OrderForm(type="dongfeng_fire", label=t("gj74.form.dongfeng_fire"), inputs=(target,))
        )
    return [_prompt(state, side, "dongfeng", "GJ74 22.2", forms, "air_ops_done")]


def carrier_range(state: GJ74State, side: Side) -> list[OrderForm]:
    """7.1(2), 7.3(2): before any ship acts, the carriers may fly instead."""
    ready = carrier.ready(state, side)
    if state.surface_air is not None or not ready:
        return []
    inputs = (
        Choice(
            name="carriers",
            label=t("gj74.input.carriers"),
            kind="many",
            options=tuple(_own(u) for u in ready),
            min=1,
            max=min(6, len(ready)),
        ),
        Choice(name="distance", label=t("gj74.input.distance"), kind="number", min=0, max=9),
    )
    return [OrderForm(type="carrier_range", label=t("gj74.form.carrier_range"), inputs=inputs)]


def carrier_op(state: GJ74State, side: Side) -> list[OrderForm]:
    """7.3.1(2): targets within the declared range of the launching carriers' hex."""
    op = state.air
    if op is None or op.distance is None:
        return []
    in_range: dict[str, tuple[str, ...]] = {}
    for h in _enemy_hexes(state, side):
        near = tuple(o for o in sorted(op.origins) if board.distance(o, h) <= op.distance)
        if near:
            in_range[h] = near
    return spend(state, side, op, in_range)


def _enemy_hexes(state: GJ74State, side: Side) -> list[str]:
    return sorted({u.hex for u in on_map(state, other(side)) if u.hex})


def spend(
    state: GJ74State, side: Side, op: AirOp, in_range: dict[str, tuple[str, ...]]
) -> list[OrderForm]:
    """5.2(3): search or strike; ``in_range`` maps each hex in reach to the carrier hexes it
    is reached from (empty for base air)."""
    if op.actions <= 0 or not in_range:
        return []
    origins: tuple[Choice, ...] = ()
    if op.carrier:
        options = tuple(_hex(o) for o in sorted(op.origins))
        origins = (Choice(name="origin", label=t("gj74.input.origin"), options=options),)
    where = Choice(
        name="hex",
        label=t("gj74.input.hex"),
        options=tuple(
            _hex(h, (When(within={"origin": froms}),) if froms else ())
            for h, froms in sorted(in_range.items())
        ),
    )
    subs_ = [u for u in _enemy_tokens(state, side, True, None) if u.hex in in_range]
    target = Choice(
        name="target",
        label=t("gj74.input.target"),
        options=(
            Option(value=SURFACE, label=t("gj74.option.surface")),
            *(_enemy(u, (When(within={"hex": (u.hex or "",)}),)) for u in subs_),
        ),
    )
    count = Choice(
        name="actions", label=t("gj74.input.actions"), kind="number", min=1, max=op.actions
    )
    forms = [
        OrderForm(
            type="air_search",
            label=t("gj74.form.air_search"),
            inputs=(*origins, where, target, count),
        )
    ]
    planes = min(op.actions, state.aircraft[side] - op.aircraft_used)
    if planes <= 0:
        return forms
    aircraft = Choice(
        name="aircraft", label=t("gj74.input.aircraft"), kind="number", min=1, max=planes
    )
    # 5.3(1): base air strikes may send some aircraft as air superiority escorts. Ruling: a
    # carrier strike sends none (7.3.1 deals anti-ship and ASW air actions only; the carriers'
    # interception air defends, 17.1(6)); air.strike refuses them.
    escorts = (
        Choice(name="escorts", label=t("gj74.input.escorts"), kind="number", min=0, max=planes - 1)
        if planes > 1 and not op.carrier
        else None
    )
    ships = [u for u in _enemy_tokens(state, side, False, True) if u.hex in in_range]
    if ships:
        at_ships = Choice(
            name="hex",
            label=t("gj74.input.hex"),
            options=tuple(
                _hex(h, (When(within={"origin": froms}),) if froms else ())
                for h, froms in sorted(in_range.items())
                if any(u.hex == h for u in ships)
            ),
        )
        targets = Choice(
            name="targets",
            label=t("gj74.input.targets"),
            kind="many",
            options=tuple(_enemy(u, (When(within={"hex": (u.hex or "",)}),)) for u in ships),
            min=0,  # none: the attacker deals attacker by attacker in the battle (16.2)
            max=min(12, len(ships)),
        )
        inputs = tuple(c for c in (*origins, at_ships, aircraft, escorts, targets) if c)
        forms.append(
            OrderForm(
                type="air_strike",
                label=t("gj74.form.air_strike"),
                fixed={"target": SURFACE},
                inputs=inputs,
            )
        )
    if subs_:
        at_sub = Choice(
            name="hex",
            label=t("gj74.input.hex"),
            options=tuple(
                _hex(h, (When(within={"origin": froms}),) if froms else ())
                for h, froms in sorted(in_range.items())
                if any(u.hex == h for u in subs_)
            ),
        )
        sub = Choice(
            name="target",
            label=t("gj74.input.target"),
            options=tuple(_enemy(u, (When(within={"hex": (u.hex or "",)}),)) for u in subs_),
        )
        inputs = tuple(c for c in (*origins, at_sub, sub, aircraft, escorts) if c)
        forms.append(
            OrderForm(type="air_strike", label=t("gj74.form.air_strike_sub"), inputs=inputs)
        )
    return forms
