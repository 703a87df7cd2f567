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


def _at_sub(state: GJ74State, side: Side, with_surface: bool) -> Choice:
    """The target: the hex's surface ships (9.2, 14) and/or an enemy submarine by token."""
    surface = (Option(value=SURFACE, label=t("gj74.option.surface")),) if with_surface else ()
    subs_ = _enemy_tokens(state, side, True, None)
    return Choice(
        name="target",
        label=t("gj74.input.target"),
        options=(*surface, *(_enemy(u) for u in subs_)),
    )


def _ships_hit(
    state: GJ74State, side: Side, when: tuple[When, ...] = (), least: int = 0
) -> Choice | None:
    """15.1: the face-up enemy ships attacked, in the order the attackers are dealt (none:
    the attacker deals attacker by attacker in the battle); 14: the ships a submarine
    attacks (at least one)."""
    ships = _enemy_tokens(state, side, False, True)
    if not ships:
        return None
    return Choice(
        name="targets",
        label=t("gj74.input.targets"),
        kind="many",
        options=tuple(_enemy(u) for u in ships),
        min=least,
        max=min(12, len(ships)),
        when=when,
    )


def _form(action: str, label: str, inputs: tuple[Choice | None, ...], **fixed: str) -> OrderForm:
    """One kind of action as its own form: a menu asks at most four things at once."""
    return OrderForm(
        type=action,
        label=t(label),
        fixed=fixed,
        inputs=tuple(c for c in inputs if c is not None),
    )


def route_prompt(state: GJ74State, side: Side) -> list[Prompt]:
    """8(1): the hex a two-hex move passes through, among those open (movement.ask_route)."""
    r = state.route
    assert r is not None
    via = Choice(
        name="via",
        label=t("gj74.input.via", hex=str(r.order["to"])),
        options=tuple(_hex(m) for m in r.middles),
    )
    form = OrderForm(type="choose_route", label=t("gj74.form.choose_route"), inputs=(via,))
    p = _prompt(state, side, "route", "GJ74 8", [form], "choose_route")
    default = {"type": "choose_route", "via": movement.route_default(state, side)}
    return [p.model_copy(update={"default": default})]


def torpedo_prompt(state: GJ74State, side: Side) -> list[Prompt]:
    """14(3): the submarine's owner deals its final anti-ship over the ships it attacks."""
    tp = state.torpedo
    assert tp is not None
    target = Choice(
        name="target",
        label=t("gj74.input.target"),
        options=tuple(_enemy(state.units[x]) for x in tp.targets),
    )
    n = Choice(name="n", label=t("gj74.input.torpedoes", n=tp.left), kind="number", max=tp.left)
    form = OrderForm(type="aim_torpedoes", label=t("gj74.form.aim_torpedoes"), inputs=(target, n))
    p = _prompt(state, side, "torpedo", "GJ74 14(3)", [form], "aim_torpedoes")
    return [p.model_copy(update={"default": subs.torpedo_default(tp)})]


def sub_op(state: GJ74State) -> list[Prompt]:
    """6(1): one submarine's action at a time, or the end of the operation."""
    side = state.active
    if side is None:
        return []
    if state.route is not None:
        return route_prompt(state, side)
    if state.torpedo is not None:
        return torpedo_prompt(state, side)
    ready = sorted((u for u in state.units.values() if subs.can_act(u, side)), key=lambda u: u.id)
    if not ready:
        return []
    forms: list[OrderForm] = []
    for k in ("move", "move_search", "move_attack", "search_search", "attack_attack", "dive"):
        able = [u for u in ready if k in subs.kinds_for(u)]
        if not able:
            continue
        unit = Choice(name="unit", label=t("gj74.input.unit"), options=tuple(_own(u) for u in able))
        to = None
        if k.startswith("move"):
            dests: dict[str, list[str]] = {}
            for u in able:
                reach = 2 if board.ship(u.cls).type == "SSN" else 1
                for h in movement.reachable(state, u.hex, u.entry, reach):
                    dests.setdefault(h, []).append(u.id)
            to = Choice(
                name="to",
                label=t("gj74.input.to"),
                options=tuple(
                    _hex(h, (When(within={"unit": tuple(ids)}),))
                    for h, ids in sorted(dests.items())
                ),
            )
        target = _at_sub(state, side, True) if k not in ("move", "dive") else None
        ships = None
        if k in ("move_attack", "attack_attack"):
            ships = _ships_hit(state, side, (When(within={"target": (SURFACE,)}),), least=1)
        forms.append(_form("sub_action", f"gj74.sub.{k}", (unit, to, target, ships), kind=k))
    forms.append(_done("sub_ops_done"))
    return [_prompt(state, side, "sub_op", "GJ74 6", forms, "sub_ops_done")]


def surface_op(state: GJ74State) -> list[Prompt]:
    """7.2: one ship or group at a time, within the scenario's limit of groups (7.2(6))."""
    side = state.active
    if side is None:
        return []
    from bot.rules.gj74 import prompts_air  # it builds on this module's helpers
    from bot.rules.gj74.prompts_battle import battle_prompts

    if state.route is not None:
        return route_prompt(state, side)
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
    forms = [*_ship_forms(state, side, ready), *prompts_air.carrier_range(state, side), done]
    return [_prompt(state, side, "surface_op", "GJ74 7", forms, "surface_ops_done")]


def _ship_forms(state: GJ74State, side: Side, ready: list[Unit]) -> list[OrderForm]:
    """7.2(1): each kind of action a form of its own (7.2(5): no attack after a search)."""
    by_hex: dict[str, list[Unit]] = {}
    for u in ready:
        by_hex.setdefault(u.hex or "south", []).append(u)
    dests: dict[str, list[str]] = {}
    for _where, group in by_hex.items():
        for h in movement.reachable(state, group[0].hex, group[0].entry, 2):
            dests.setdefault(h, []).extend(u.id for u in group)
    units = Choice(
        name="units",
        label=t("gj74.input.units"),
        kind="many",
        options=tuple(_own(u) for u in ready),
        min=1,
        max=min(6, len(ready)),
    )
    to = Choice(
        name="to",
        label=t("gj74.input.to"),
        options=tuple(
            _hex(h, (When(within={"units": tuple(ids)}),)) for h, ids in sorted(dests.items())
        ),
    )
    near = sorted({u.hex for u in at_all(state, other(side)) if u.hex})
    where = Choice(
        name="target_hex",
        label=t("gj74.input.target_hex"),
        options=tuple(_hex(h) for h in near) or (_hex(ready[0].hex or "0101"),),
    )
    where_surface = where.model_copy(update={"when": (When(within={"target": (SURFACE,)}),)})
    enemy_subs = bool(_enemy_tokens(state, side, True, None))
    forms = [
        _form("surface_action", "gj74.surface.move", (units, to), kind="move"),
        _form(
            "surface_action",
            "gj74.surface.move_search",
            (units, to, _at_sub(state, side, True), where_surface),
            kind="move_search",
        ),
    ]
    if not state.searched:
        ships = _ships_hit(state, side)
        for k in ("move_attack", "attack_move"):
            if ships is not None:
                forms.append(
                    _form(
                        "surface_action",
                        f"gj74.surface.{k}",
                        (units, to, where, ships),
                        kind=k,
                        target=SURFACE,
                    )
                )
            if enemy_subs:
                forms.append(
                    _form(
                        "surface_action",
                        f"gj74.surface.{k}.sub",
                        (units, to, _at_sub(state, side, False)),
                        kind=k,
                    )
                )
    forms.append(
        _form(
            "surface_action",
            "gj74.surface.search_search",
            (units, _at_sub(state, side, True), where_surface),
            kind="search_search",
        )
    )
    if any(u.supply > 0 and u.hex in surface.landing_hexes(state, side) for u in ready):
        forms.append(_form("surface_action", "gj74.surface.land", (units,), kind="land"))
    return forms


def at_all(state: GJ74State, side: Side) -> list[Unit]:
    return on_map(state, side)
