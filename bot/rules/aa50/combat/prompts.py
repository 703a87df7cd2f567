"""The decisions of the combat phase as prompts (AA50 5.5): rockets (5.2.3), the next battle
(5.5.3), casualties (5.5.3.2-3) and press or retreat (5.5.3.5)."""

from __future__ import annotations

from bot.rules.aa50 import board
from bot.rules.aa50 import forms as menus
from bot.rules.aa50.combat import battle as battles
from bot.rules.aa50.combat import casualties, order, orphans, rockets, standing
from bot.rules.aa50.state import Aa50State, Hits
from bot.rules.core import Choice, Option, OrderForm, Prompt, Text, When, t


def combat(state: Aa50State) -> list[Prompt]:
    b = state.battle
    if b is None and not state.rockets_done:
        fired = _rockets(state)
        if fired:
            return fired
    if b is None and state.planned and not state.battles:
        return _landing(state)
    if b is None:
        if not order.asked(state):
            return []
        left = order.options(state)
        spare = order.holdable(state)
        form = OrderForm(
            type="choose_battle",
            label=t("aa50.form.choose_battle"),
            inputs=(
                Choice(
                    name="where",
                    label=t("aa50.input.where"),
                    options=tuple(Option(value=w, label=menus.place_label(w)) for w in left),
                ),
            ),
        )
        forms = [form]
        if spare:
            forms.append(_places_form("hold_fire", "where", spare))
        return [
            menus.prompt(state, "choose_battle", forms, {"type": "choose_battle", "where": left[0]})
        ]
    if b.pending:
        hits = b.pending[0]
        if not casualties.choice_open(state, b, hits):
            return []
        slots = casualties.slots(state, b, hits)
        n = casualties.needed(state, b, hits)
        owner = casualties.owner_of(state, b, hits)
        form = OrderForm(
            type="casualties",
            label=t("aa50.form.casualties", hits=n),
            inputs=(
                Choice(
                    name="units",
                    label=t("aa50.input.casualties"),
                    kind="many",
                    min=n,
                    max=n,
                    options=tuple(Option(value=s, label=_slot_label(state, s)) for s in slots),
                ),
            ),
        )
        seat = board.seat_of(owner)
        return [
            menus.prompt(
                state,
                "casualties",
                [form, standing.form(state, seat)],
                {"type": "casualties", "units": casualties.default(state, b, hits)},
                seat,
                "b",
                b.where,
                b.round,
                b.step,
                len(b.pending),
                hits.side,
            )
        ]
    side = battles.may_submerge(state) if b.step == "surprise" and b.kind == "sea" else None
    if side is not None:
        hits_side = Hits(kind="sea", count=0, side=side)
        owner = casualties.owner_of(state, b, hits_side)
        subs = [u for u in casualties.side_units(state, b, side) if u.type == "submarine"]
        form = OrderForm(
            type="submerge",
            label=t("aa50.form.submerge"),
            inputs=(
                Choice(
                    name="units",
                    label=t("aa50.input.units"),
                    kind="many",
                    min=0,
                    max=len(subs),
                    options=tuple(Option(value=u.id, label=menus.unit_label(u)) for u in subs),
                ),
            ),
        )
        return [
            menus.prompt(
                state,
                "submerge",
                [form],
                {"type": "submerge", "units": []},
                board.seat_of(owner),
                "b",
                b.where,
                b.round,
                side,
            )
        ]
    if b.step == "press":
        back = battles.retreats(state)
        if battles.must_retreat(state):  # 7.3.6: its transport's cargo lands nowhere
            forms = [_places_form("retreat", "to", back)]
            default = {"type": "retreat", "to": back[0]}
        else:
            forms = [OrderForm(type="press", label=t("aa50.form.press"))]
            if back:
                forms.append(_places_form("retreat", "to", back))
            default = {"type": "press"}
        return [menus.prompt(state, "press", forms, default, None, "b", b.where, b.round)]
    return []


def _landing(state: Aa50State) -> list[Prompt]:
    """7.2.1: the owner of a fighter whose carrier sank chooses where it lands."""
    f = orphans.chooser(state)
    if f is None:
        return []
    where = orphans.choices(state, f)
    places = _places_form("land_fighter", "to", where)
    one = Option(value=f.id, label=menus.unit_label(f))
    fighter = Choice(name="fighter", label=t("aa50.input.units"), options=(one,))
    form = places.model_copy(update={"inputs": (fighter, *places.inputs)})
    default = {"type": "land_fighter", "fighter": f.id, "to": where[0]}
    seat = board.seat_of(f.owner)
    return [menus.prompt(state, "land_fighter", [form], default, seat, "f", f.id)]


def _places_form(kind: str, name: str, places: list[str]) -> OrderForm:
    """An order naming one space of ``places`` (retreat, hold fire)."""
    return OrderForm(
        type=kind,
        label=t(f"aa50.form.{kind}"),
        inputs=(
            Choice(
                name=name,
                label=t(f"aa50.input.{name}"),
                options=tuple(Option(value=w, label=menus.place_label(w)) for w in places),
            ),
        ),
    )


def _slot_label(state: Aa50State, slot: str) -> Text:
    u = state.units[slot.split("/", maxsplit=1)[0]]
    key = "aa50.slot.second" if slot.endswith("/2") else "aa50.slot.hit"
    return t(key, unit=menus.unit_label(u).model_dump())


def _rockets(state: Aa50State) -> list[Prompt]:
    shots = rockets.shots(state)
    if not shots:
        return []
    targets = sorted({tid for ts in shots.values() for tid in ts})
    fire = OrderForm(
        type="rocket",
        label=t("aa50.form.rocket"),
        inputs=(
            Choice(
                name="target",
                label=t("aa50.input.target"),
                options=tuple(Option(value=x, label=menus.place_label(x)) for x in targets),
            ),
            Choice(
                name="gun",
                label=t("aa50.input.gun"),
                options=tuple(
                    Option(
                        value=g,
                        label=menus.unit_label(state.units[g]),
                        when=(When(within={"target": tuple(ts)}),),
                    )
                    for g, ts in sorted(shots.items())
                ),
            ),
        ),
    )
    done = OrderForm(type="rockets_done", label=t("aa50.form.rockets_done"))
    return [menus.prompt(state, "rockets", [fire, done], {"type": "rockets_done"})]
