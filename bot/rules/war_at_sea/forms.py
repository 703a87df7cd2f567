"""Building prompts: options no longer than a Discord select menu (25), paged when needed."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Any, Literal

from bot.rules.core import Choice, Option, OrderForm, Text, t
from bot.rules.war_at_sea.state import UnitState
from bot.rules.war_at_sea.units import eff_air, eff_gunnery, eff_speed

PAGE = 25


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


def pages(options: list[Option]) -> list[tuple[Option, ...]]:
    return [tuple(options[i : i + PAGE]) for i in range(0, len(options), PAGE)]


@dataclass(frozen=True)
class In:
    """One input of a form: a name, a label, its options and how many may be picked."""

    name: str
    label: Text
    options: list[Option]
    kind: Literal["one", "many"] = "one"
    min: int = 1
    max: int | None = None


def forms(
    type_: str, label: Text, inputs: list[In], fixed: dict[str, Any] | None = None
) -> list[OrderForm]:
    """The order as forms, one per combination of pages; none if an input has no option."""
    paged = [pages(i.options) for i in inputs]
    if any(not p for p in paged):
        return []
    out = []
    split = next((n for n, p in enumerate(paged) if len(p) > 1), None)
    for combo in product(*paged):
        choices = []
        for spec, page in zip(inputs, combo, strict=True):
            if spec.kind == "many":
                upper = len(page) if spec.max is None else min(spec.max, len(page))
                choices.append(
                    Choice(
                        name=spec.name,
                        label=spec.label,
                        kind="many",
                        options=page,
                        min=min(spec.min, upper),
                        max=upper,
                    )
                )
            else:
                choices.append(Choice(name=spec.name, label=spec.label, options=page))
        shown: Text = label
        if split is not None:  # several forms of one order: each says which options it holds
            page = combo[split]
            shown = t("was.form.paged", form=label, first=page[0].label, last=page[-1].label)
        out.append(OrderForm(type=type_, label=shown, fixed=fixed or {}, inputs=tuple(choices)))
    return out


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
