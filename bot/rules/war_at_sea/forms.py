"""Building prompts: order forms with whole, legal option lists. How many options fit on a
screen (Discord's 25 per select) is the front end's business (cogs/_orders.py)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Literal

from bot.rules.core import Choice, Option, OrderForm, Text, When, t
from bot.rules.war_at_sea.state import UnitState
from bot.rules.war_at_sea.units import eff_air, eff_gunnery, eff_speed


def ship_option(u: UnitState) -> Option:
    detail = t(
        "was.factors",
        gunnery=eff_gunnery(u),
        armor=u.armor,
        speed=eff_speed(u),
        air=eff_air(u),
        damage=u.damage,
    )
    return Option(value=u.id, label=u.name, detail=detail)


def ship_options(units: list[UnitState]) -> list[Option]:
    return [ship_option(u) for u in units]


def loc_option(loc: str) -> Option:
    return Option(value=loc, label=t(f"was.loc.{loc}"))


def loc_options(locs: list[str]) -> list[Option]:
    return [loc_option(loc) for loc in locs]


def only_with(option: Option, name: str, allowed: Iterable[str], everyone: Iterable[str]) -> Option:
    """``option`` offered only when every value chosen for input ``name`` is in ``allowed``
    (no condition when ``allowed`` holds all of ``everyone``)."""
    allowed = set(allowed)
    if allowed >= set(everyone):
        return option
    return option.model_copy(update={"when": (When(within={name: tuple(sorted(allowed))}),)})


@dataclass(frozen=True)
class In:
    """One input of a form: a name, a label, its options and how many may be picked; with
    ``when``, asked only after answers that meet one of the conditions."""

    name: str
    label: Text
    options: list[Option]
    kind: Literal["one", "many"] = "one"
    min: int = 1
    max: int | None = None
    when: tuple[When, ...] = ()


def forms(
    type_: str, label: Text, inputs: list[In], fixed: dict[str, Any] | None = None
) -> list[OrderForm]:
    """The order as one form with whole option lists; none if an input has no option."""
    if any(not i.options for i in inputs):
        return []
    choices = []
    for spec in inputs:
        if spec.kind == "many":
            upper = len(spec.options) if spec.max is None else min(spec.max, len(spec.options))
            choices.append(
                Choice(
                    name=spec.name,
                    label=spec.label,
                    kind="many",
                    options=tuple(spec.options),
                    min=min(spec.min, upper),
                    max=upper,
                    when=spec.when,
                )
            )
        else:
            choices.append(
                Choice(
                    name=spec.name, label=spec.label, options=tuple(spec.options), when=spec.when
                )
            )
    return [OrderForm(type=type_, label=label, fixed=fixed or {}, inputs=tuple(choices))]


def plain(type_: str, label_key: str, fixed: dict[str, Any] | None = None) -> OrderForm:
    return OrderForm(type=type_, label=t(label_key), fixed=fixed or {})


def flag(type_: str, label_key: str, name: str, input_key: str) -> OrderForm:
    return OrderForm(
        type=type_,
        label=t(label_key),
        inputs=(Choice(name=name, label=t(input_key), kind="flag"),),
    )


def number(type_: str, label_key: str, name: str, input_key: str, lo: int, hi: int) -> Choice:
    return Choice(name=name, label=t(input_key), kind="number", min=lo, max=hi)
