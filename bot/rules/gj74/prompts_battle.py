"""The decisions of an attack on ships under way (GJ74 15.1(5), 15.1(2)-(4), 15.2(3)-(4)),
built by battle.py's ``owes``: each for the side the rule names, with a default a deadline
takes. Ids add the battle's stage and target to the operation's id, so a new target is a new
decision and an unchanged one keeps its id."""

from __future__ import annotations

from typing import Any

from bot.rules.core import Choice, OrderForm, Prompt, t
from bot.rules.gj74 import battle
from bot.rules.gj74.prompts import _enemy, _id, _own
from bot.rules.gj74.state import Battle, GJ74State, Side
from bot.rules.gj74.units import face_up_enemies

SECTIONS = {
    "reveal": "GJ74 15.1(5)",
    "allocate": "GJ74 15.1",
    "aa": "GJ74 15.2(3)",
    "absorb": "GJ74 15.2(4)",
}


def battle_prompts(state: GJ74State) -> list[Prompt]:
    b = state.battle
    asked = battle.owes(state)
    if b is None or asked is None:
        return []
    side, stage = asked
    form, default = {
        "reveal": _reveal,
        "allocate": _allocate,
        "aa": _aa,
        "absorb": _absorb,
    }[stage](state, b, side)
    # 15.1(2)-(4): the deal may also be given attacker by attacker (one menu each).
    forms = (_deal_one(state, b), form) if stage == "allocate" else (form,)
    return [
        Prompt(
            id=f"{_id(state, side)}.{stage}{b.current}",
            seat=side,
            kind=f"gj74.battle_{stage}",
            title=t(f"gj74.prompt.battle_{stage}", hex=b.hex),
            section=SECTIONS[stage],
            forms=forms,
            default=default,
        )
    ]


def _reveal(state: GJ74State, b: Battle, side: Side) -> tuple[OrderForm, dict[str, Any]]:
    hidden = battle.hidden_here(state, b)
    units = Choice(
        name="units",
        label=t("gj74.input.reveal"),
        kind="many",
        options=tuple(_own(u) for u in hidden),
        min=0,
        max=len(hidden),
    )
    form = OrderForm(type="reveal_targets", label=t("gj74.form.reveal_targets"), inputs=(units,))
    return form, {"type": "reveal_targets"}


def _allocate(state: GJ74State, b: Battle, side: Side) -> tuple[OrderForm, dict[str, Any]]:
    ships = sorted(face_up_enemies(state, side, b.hex, sub=False), key=lambda u: u.id)
    n = battle.need(state, b)
    targets = Choice(
        name="targets",
        label=t("gj74.input.targets"),
        kind="many",
        options=tuple(_enemy(u) for u in ships),
        min=n,
        max=n,
    )
    form = OrderForm(
        type="allocate_targets", label=t("gj74.form.allocate_targets"), inputs=(targets,)
    )
    return form, {"type": "allocate_targets", "targets": battle.default_targets(state, b)}


def _deal_one(state: GJ74State, b: Battle) -> OrderForm:
    """15.1(2)-(3) attacker by attacker: the next attacker's target, among the ships dealt the
    fewest so far (one each before a second to any)."""
    gun = b.guns[len(b.dealing)]
    mine = state.units.get(gun.label)
    attacker = (
        t("gj74.attacker.ship", unit=gun.label)
        if mine is not None
        else t("gj74.attacker.aircraft", n=int(gun.label.removeprefix("air")) + 1)
    )
    target = Choice(
        name="target",
        label=t("gj74.input.deal_one", attacker=attacker.model_dump(), k=len(b.dealing) + 1),
        options=tuple(_enemy(state.units[x]) for x in battle.deal_options(state, b)),
    )
    return OrderForm(type="deal_one", label=t("gj74.form.deal_one"), inputs=(target,))


def _aa(state: GJ74State, b: Battle, side: Side) -> tuple[OrderForm, dict[str, Any]]:
    n = Choice(
        name="n",
        label=t("gj74.input.draw_aa", unit=battle.current(state, b).id, n=b.track),
        kind="number",
        min=0,
        max=b.track,
    )
    form = OrderForm(type="draw_aa", label=t("gj74.form.draw_aa"), inputs=(n,))
    return form, {"type": "draw_aa", "n": battle.default_draw(state, b)}


def _absorb(state: GJ74State, b: Battle, side: Side) -> tuple[OrderForm, dict[str, Any]]:
    guns = battle.dealt(b, b.targets[b.current])
    units = Choice(
        name="units",
        label=t("gj74.input.absorb", n=b.aa_hits),
        kind="many",
        options=tuple(_own(state.units[g.label]) for g in guns),
        min=len(guns),
        max=len(guns),
    )
    form = OrderForm(type="absorb_hits", label=t("gj74.form.absorb_hits"), inputs=(units,))
    return form, {"type": "absorb_hits", "units": battle.default_order(b, guns)}
