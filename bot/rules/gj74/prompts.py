"""The decisions open in each step of the GJ74 sequence (turn.py), for the side that owes them.

Options are built from what the deciding side may know: its own counters (by their faces),
enemy counters by token only, and enemy faces only where the rules showed them. Ids follow
bot/rules/core/prompt.py: turn, chit, step and this side's own count of orders.
"""

from __future__ import annotations

from bot.rules.core import Choice, Option, OrderForm, Prompt, When, t
from bot.rules.gj74 import board, movement, subs, surface
from bot.rules.gj74.actions import SURFACE
from bot.rules.gj74.state import GJ74State, Side, Unit, other
from bot.rules.gj74.units import on_map, ship_label


def _own(u: Unit) -> Option:
    return Option(
        value=u.id, label=t("gj74.option.own", unit=u.id, ship=ship_label(u), hex=u.hex or "-")
    )


def _enemy(u: Unit, when: tuple[When, ...] = ()) -> Option:
    return Option(value=u.id, label=t("gj74.option.enemy", unit=u.id, hex=u.hex or "-"), when=when)


def _hex(h: str, when: tuple[When, ...] = ()) -> Option:
    return Option(value=h, label=h, when=when)


def _id(state: GJ74State, side: Side) -> str:
    return f"t{state.turn}.c{len(state.drawn)}.{state.phase}.{side}.{state.steps}"


def _prompt(
    state: GJ74State, side: Side, kind: str, section: str, forms: list[OrderForm], done: str
) -> Prompt:
    return Prompt(
        id=_id(state, side),
        seat=side,
        kind=f"gj74.{kind}",
        title=t(f"gj74.prompt.{kind}"),
        section=section,
        forms=tuple(forms),
        default={"type": done},
    )


def _done(kind: str) -> OrderForm:
    return OrderForm(type=kind, label=t(f"gj74.form.{kind}"))


def deploy(state: GJ74State) -> list[Prompt]:
    """3.2(3): the owner places each counter anywhere in its scenario zone."""
    side = state.deploying
    movable = [u for u in on_map(state, side) if len(u.zone) > 1]
    forms = [_done("deploy_done")]
    if movable:
        hexes = sorted({h for u in movable for h in u.zone})
        forms.insert(
            0,
            OrderForm(
                type="place",
                label=t("gj74.form.place"),
                inputs=(
                    Choice(
                        name="unit",
                        label=t("gj74.input.unit"),
                        options=tuple(_own(u) for u in movable),
                    ),
                    Choice(
                        name="hex",
                        label=t("gj74.input.hex"),
                        options=tuple(
                            _hex(
                                h,
                                (
                                    When(
                                        within={"unit": tuple(u.id for u in movable if h in u.zone)}
                                    ),
                                ),
                            )
                            for h in hexes
                        ),
                    ),
                ),
            ),
        )
    return [_prompt(state, side, "deploy", "GJ74 3.2", forms, "deploy_done")]


def _enemy_tokens(state: GJ74State, side: Side, sub: bool, face_up: bool | None) -> list[Unit]:
    return sorted(
        (
            u
            for u in on_map(state, other(side))
            if u.sub == sub and (face_up is None or u.face_up == face_up)
        ),
        key=lambda u: u.id,
    )


def _target_inputs(
    state: GJ74State, side: Side, when_kinds: tuple[str, ...], attack_kinds: tuple[str, ...]
) -> tuple[Choice, ...]:
    subs_ = _enemy_tokens(state, side, True, None)
    ships = _enemy_tokens(state, side, False, True)
    target = Choice(
        name="target",
        label=t("gj74.input.target"),
        options=(
            Option(value=SURFACE, label=t("gj74.option.surface")),
            *(_enemy(u) for u in subs_),
        ),
        when=(When(within={"kind": when_kinds}),),
    )
    targets = Choice(
        name="targets",
        label=t("gj74.input.targets"),
        kind="many",
        options=tuple(_enemy(u) for u in ships),
        min=0,
        max=max(1, min(12, len(ships))),
        when=(When(within={"kind": attack_kinds, "target": (SURFACE,)}),),
    )
    return (target, targets) if ships else (target,)


def sub_op(state: GJ74State) -> list[Prompt]:
    """6(1): one submarine's action at a time, or the end of the operation."""
    side = state.active
    if side is None:
        return []
    ready = sorted((u for u in state.units.values() if subs.can_act(u, side)), key=lambda u: u.id)
    if not ready:
        return []
    kinds = sorted({k for u in ready for k in subs.kinds_for(u)})
    moving = ("move", "move_search", "move_attack")
    dests: dict[str, list[str]] = {}
    for u in ready:
        for h in movement.reachable(
            state, u.hex, u.entry, 2 if board.ship(u.cls).type == "SSN" else 1
        ):
            dests.setdefault(h, []).append(u.id)
    inputs = (
        Choice(name="unit", label=t("gj74.input.unit"), options=tuple(_own(u) for u in ready)),
        Choice(
            name="kind",
            label=t("gj74.input.action"),
            options=tuple(
                Option(
                    value=k,
                    label=t(f"gj74.sub.{k}"),
                    when=(
                        When(within={"unit": tuple(u.id for u in ready if k in subs.kinds_for(u))}),
                    ),
                )
                for k in kinds
            ),
        ),
        Choice(
            name="to",
            label=t("gj74.input.to"),
            options=tuple(
                _hex(h, (When(within={"unit": tuple(ids)}),)) for h, ids in sorted(dests.items())
            ),
            when=(When(within={"kind": moving}),),
        ),
        *_target_inputs(
            state,
            side,
            ("move_search", "move_attack", "search_search", "attack_attack"),
            ("move_attack", "attack_attack"),
        ),
    )
    form = OrderForm(type="sub_action", label=t("gj74.form.sub_action"), inputs=inputs)
    return [_prompt(state, side, "sub_op", "GJ74 6", [form, _done("sub_ops_done")], "sub_ops_done")]


def surface_op(state: GJ74State) -> list[Prompt]:
    """7.2: one ship or group at a time, within the scenario's limit of groups (7.2(6))."""
    side = state.active
    if side is None:
        return []
    from bot.rules.gj74 import prompts_air  # it builds on this module's helpers
    from bot.rules.gj74.prompts_battle import battle_prompts

    if state.battle is not None:
        return battle_prompts(state)
    if state.strike is not None:
        return prompts_air.intercept_prompt(state)
    done = _done("surface_ops_done")
    if state.surface_air:
        flying = prompts_air.carrier_op(state, side)
        if not flying:
            return []
        forms = [*flying, done]
        return [_prompt(state, side, "carrier_op", "GJ74 7.3", forms, "surface_ops_done")]
    if state.groups_used >= state.groups[side]:
        return []
    ready = sorted(
        (u for u in state.units.values() if surface.can_act(u, side)), key=lambda u: u.id
    )
    if not ready:
        return []
    by_hex: dict[str, list[Unit]] = {}
    for u in ready:
        by_hex.setdefault(u.hex or "south", []).append(u)
    dests: dict[str, list[str]] = {}
    for _where, group in by_hex.items():
        for h in movement.reachable(state, group[0].hex, group[0].entry, 2):
            dests.setdefault(h, []).extend(u.id for u in group)
    kinds = ["move", "move_search", "search_search"]
    if not state.searched:
        kinds[1:1] = ["move_attack", "attack_move"]
    if any(u.supply > 0 and u.hex in surface.landing_hexes(state, side) for u in ready):
        kinds.append("land")
    near = sorted({h for u in at_all(state, other(side)) for h in [u.hex or ""] if h})
    inputs = (
        Choice(
            name="units",
            label=t("gj74.input.units"),
            kind="many",
            options=tuple(_own(u) for u in ready),
            min=1,
            max=min(6, len(ready)),
        ),
        Choice(
            name="kind",
            label=t("gj74.input.action"),
            options=tuple(Option(value=k, label=t(f"gj74.surface.{k}")) for k in kinds),
        ),
        Choice(
            name="to",
            label=t("gj74.input.to"),
            options=tuple(
                _hex(h, (When(within={"units": tuple(ids)}),)) for h, ids in sorted(dests.items())
            ),
            when=(When(within={"kind": ("move", "move_search", "move_attack", "attack_move")}),),
        ),
        Choice(
            name="target_hex",
            label=t("gj74.input.target_hex"),
            options=tuple(_hex(h) for h in near) or (_hex(ready[0].hex or "0101"),),
            when=(
                When(
                    within={
                        "kind": ("move_search", "move_attack", "attack_move", "search_search"),
                        "target": (SURFACE,),
                    }
                ),
            ),
        ),
        *_target_inputs(
            state,
            side,
            ("move_search", "move_attack", "attack_move", "search_search"),
            ("move_attack", "attack_move"),
        ),
    )
    # target_hex asks after target: reorder so the answer it depends on comes first.
    ordered = (inputs[0], inputs[1], inputs[2], *inputs[4:5], inputs[3], *inputs[5:])
    form = OrderForm(type="surface_action", label=t("gj74.form.surface_action"), inputs=ordered)
    return [
        _prompt(
            state,
            side,
            "surface_op",
            "GJ74 7",
            [form, *prompts_air.carrier_range(state, side), done],
            "surface_ops_done",
        )
    ]


def at_all(state: GJ74State, side: Side) -> list[Unit]:
    return on_map(state, side)
