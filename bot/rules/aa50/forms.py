"""The decisions of each phase as prompts: one function per phase builds the menu from the
same rules the checks use (movement.paths, transport.targets, mobilize.spots, ...)."""

from __future__ import annotations

from functools import cache
from typing import Any

from bot.rules.aa50 import air, board, movement, query, transport
from bot.rules.aa50 import purchase as buying
from bot.rules.aa50 import research as rnd
from bot.rules.aa50.state import Aa50State, Phase, Unit
from bot.rules.core import Choice, Option, OrderForm, Prompt, Text, When, t


def skipped(state: Aa50State, phase: Phase) -> bool:
    """5.5.3.8: without its capital a power only moves and fights; rule 4: China does no
    research, buys nothing and collects nothing; 5.2 is optional."""
    if phase in ("combat_move", "combat", "noncombat_move"):
        return False
    if phase == "research":
        return (
            not state.options.research
            or state.power == "chinese"
            or not query.capital_held(state, state.power)
        )
    if state.power == "chinese":
        return phase in ("purchase", "income")
    return not query.capital_held(state, state.power)


@cache
def place_label(tid: str) -> Text:
    """A space's name (a frozen Text, so one per space serves every menu)."""
    return t(f"aa50.loc.{tid}")


def unit_label(u: Unit) -> Text:
    return _unit_label(u.type, u.at, u.id)


@cache
def _unit_label(kind: str, at: str, uid: str) -> Text:
    return t(
        "aa50.unit_at",
        unit=t(f"aa50.unit.{kind}").model_dump(),
        where=place_label(at).model_dump(),
        n=int(uid[1:]),
    )


def _id(state: Aa50State, *extra: object) -> str:
    tail = ".".join(str(x) for x in extra)
    return f"r{state.round}.{state.power}.{state.phase}.{state.step_no}" + (
        f".{tail}" if tail else ""
    )


def prompt(
    state: Aa50State,
    kind: str,
    forms: list[OrderForm],
    default: dict[str, Any],
    seat: str | None = None,
    *extra: object,
) -> Prompt:
    return Prompt(
        id=_id(state, *extra),
        seat=seat or board.seat_of(state.power),
        kind=f"aa50.{kind}",
        title=t(f"aa50.prompt.{kind}", power=t(f"aa50.power.{state.power}").model_dump()),
        section=f"AA50 {_SECTIONS[kind]}",
        forms=tuple(forms),
        default=default,
    )


_SECTIONS = {
    "rockets": "5.2.3",
    "submerge": "7.3.5",
    "research": "5.2",
    "chart": "5.2.3",
    "purchase": "5.3",
    "combat_move": "5.4",
    "choose_battle": "5.5.3",
    "casualties": "5.5.3.2",
    "press": "5.5.3.5",
    "land_fighter": "7.2.1",
    "noncombat_move": "5.6",
    "mobilize": "5.7",
}


def research(state: Aa50State) -> list[Prompt]:
    if skipped(state, "research"):
        return []
    if state.researched and not state.tech_roll:
        return []
    if state.tech_roll:
        charts = rnd.open_charts(state, state.power)
        form = OrderForm(
            type="choose_chart",
            label=t("aa50.form.choose_chart"),
            inputs=(
                Choice(
                    name="chart",
                    label=t("aa50.input.chart"),
                    options=tuple(Option(value=c, label=t(f"aa50.chart.{c}")) for c in charts),
                ),
            ),
        )
        return [prompt(state, "chart", [form], {"type": "choose_chart", "chart": charts[0]})]
    most = min(200, state.ipcs[state.power] // rnd.TOKEN_COST)
    form = OrderForm(
        type="research",
        label=t("aa50.form.research"),
        inputs=(
            Choice(name="tokens", label=t("aa50.input.tokens"), kind="number", min=0, max=most),
        ),
    )
    return [prompt(state, "research", [form], {"type": "research", "tokens": 0})]


def purchase_forms(state: Aa50State) -> list[OrderForm]:
    power = state.power
    ipcs = state.ipcs[power]
    affordable = [u for u in board.UNIT_TYPES if buying.price(state, power, u) <= ipcs]
    forms = []
    if affordable:
        forms.append(
            OrderForm(
                type="buy",
                label=t("aa50.form.buy"),
                inputs=(
                    Choice(
                        name="unit",
                        label=t("aa50.input.unit"),
                        options=tuple(
                            Option(value=u, label=t(f"aa50.unit.{u}")) for u in affordable
                        ),
                    ),
                    Choice(
                        name="count",
                        label=t("aa50.input.count"),
                        kind="number",
                        min=1,
                        max=max(1, min(200, ipcs // 3)),
                    ),
                ),
            )
        )
    damaged = buying.repairable(state, power)
    if damaged and ipcs > 0:
        forms.append(
            OrderForm(
                type="repair",
                label=t("aa50.form.repair"),
                inputs=(
                    Choice(
                        name="where",
                        label=t("aa50.input.where"),
                        options=tuple(
                            Option(value=w, label=place_label(w)) for w in sorted(damaged)
                        ),
                    ),
                    Choice(
                        name="count",
                        label=t("aa50.input.count"),
                        kind="number",
                        min=1,
                        max=max(damaged.values()),
                    ),
                ),
            )
        )
    forms.append(OrderForm(type="purchase_done", label=t("aa50.form.purchase_done")))
    return forms


def purchase(state: Aa50State) -> list[Prompt]:
    if skipped(state, "purchase") or state.power == "chinese":
        return []
    from bot.rules.aa50.combat import standing

    # The power sets its standing casualty order here, once a turn at least (5.5.3.2).
    forms = [*purchase_forms(state), standing.form(state, board.seat_of(state.power))]
    return [prompt(state, "purchase", forms, {"type": "purchase_done"})]


def move_forms(state: Aa50State, combat: bool) -> list[OrderForm]:
    power = state.power
    units = movable_with_paths(state, combat)
    forms: list[OrderForm] = []
    if units:
        reach: dict[str, list[str]] = {}
        for uid, dests in units.items():
            for d in dests:
                reach.setdefault(d, []).append(uid)
        # The destination first, then the units that can reach it: any units picked then
        # make a legal order together (each takes its own path, 5.4).
        inputs = [
            Choice(
                name="to",
                label=t("aa50.input.to"),
                options=tuple(Option(value=d, label=place_label(d)) for d in sorted(reach)),
            ),
            Choice(
                name="units",
                label=t("aa50.input.units"),
                kind="many",
                min=1,
                max=len(units),
                options=tuple(
                    Option(
                        value=u,
                        label=unit_label(state.units[u]),
                        when=(When(within={"to": tuple(dests)}),),
                    )
                    for u, dests in sorted(units.items())
                ),
            ),
        ]
        if combat and any(state.units[u].type == "bomber" for u in units):
            inputs.append(Choice(name="bomb", label=t("aa50.input.bomb"), kind="flag"))
        forms.append(OrderForm(type="move", label=t("aa50.form.move"), inputs=tuple(inputs)))
    land = transport.loadable(state, power, combat)
    ships = transport.ships(state, power)
    beside = {s.id: tuple(u.id for u in land if s.at in board.adjacent(u.at)) for s in ships}
    beside = {k: v for k, v in beside.items() if v}
    if beside:
        forms.append(
            OrderForm(
                type="load",
                label=t("aa50.form.load"),
                inputs=(
                    Choice(
                        name="transport",
                        label=t("aa50.input.transport"),
                        options=tuple(
                            Option(value=s.id, label=unit_label(s)) for s in ships if s.id in beside
                        ),
                    ),
                    _cargo_choice(
                        [
                            (u, tuple(k for k, v in beside.items() if u.id in v))
                            for u in land
                            if any(u.id in v for v in beside.values())
                        ],
                        least=1,
                    ),
                ),
            )
        )
    full = [
        s for s in transport.unloadable(state, power) if transport.targets(state, s, power, combat)
    ]
    options = [
        Option(value=to, label=place_label(to), when=(When(within={"transport": (s.id,)}),))
        for s in full
        for to in transport.targets(state, s, power, combat)
    ]
    if options:
        forms.append(
            OrderForm(
                type="unload",
                label=t("aa50.form.unload"),
                inputs=(
                    Choice(
                        name="transport",
                        label=t("aa50.input.transport"),
                        options=tuple(Option(value=s.id, label=unit_label(s)) for s in full),
                    ),
                    Choice(name="to", label=t("aa50.input.to"), options=tuple(options)),
                    *_part(state, full),
                ),
            )
        )
    return forms


def _part(state: Aa50State, ships: list[Unit]) -> list[Choice]:
    """7.3.6: the units that may go ashore without the rest (your own transport's cargo aboard
    since the turn began); none named: all of yours."""
    power = state.power
    free = [
        (s, c)
        for s in ships
        if s.owner == power
        for c in query.cargo(state, s)
        if c.owner == power and not c.loaded
    ]
    if not free:
        return []
    return [_cargo_choice([(c, (s.id,)) for s, c in free], least=0)]


def _cargo_choice(units: list[tuple[Unit, tuple[str, ...]]], least: int) -> Choice:
    """Land units a transport order names (7.3.6: two at most), each offered with the
    transports it goes with."""
    return Choice(
        name="units",
        label=t("aa50.input.units"),
        kind="many",
        min=least,
        max=2,
        options=tuple(
            Option(value=u.id, label=unit_label(u), when=(When(within={"transport": ships}),))
            for u, ships in units
        ),
    )


def movable_with_paths(state: Aa50State, combat: bool) -> dict[str, list[str]]:
    power = state.power
    landing = air.landing_distance(state, power, True)
    occ = query.occupancy(state)
    out = {}
    known: dict[tuple[object, ...], list[str]] = {}
    for u in movement.movable(state, power, combat):
        # Units alike (type, place, movement spent, aboard or not) go to the same places;
        # while a fighter waits for a deck, a carrier's or fighter's places are its own
        # (what it carries, whether it is the one waiting: decks.py).
        own = state.awaiting and u.type in ("carrier", "fighter")
        key = (u.type, u.at, u.moved, u.carried_by is None, u.combat, u.id if own else "")
        if key not in known:
            fighter = landing if u.type == "fighter" else None
            known[key] = sorted(movement.paths(state, u, combat, fighter, occ))
        if known[key]:
            out[u.id] = known[key]
    return out


def paradrop_form(state: Aa50State) -> list[OrderForm]:
    """5.2.3 Paratroopers: the bomber, then where it drops, then the infantry it carries."""
    from bot.rules.aa50 import paratroopers

    planes = [(b, paratroopers.routes(state, b)) for b in paratroopers.bombers(state, state.power)]
    planes = [(b, r) for b, r in planes if r]
    if not planes:
        return []
    only = [When(within={"bomber": (b.id,)}) for b, _ in planes]
    return [
        OrderForm(
            type="paradrop",
            label=t("aa50.form.paradrop"),
            inputs=(
                Choice(
                    name="bomber",
                    label=t("aa50.input.bomber"),
                    options=tuple(Option(value=b.id, label=unit_label(b)) for b, _ in planes),
                ),
                Choice(
                    name="to",
                    label=t("aa50.input.to"),
                    options=tuple(
                        Option(value=to, label=place_label(to), when=(w,))
                        for (b, r), w in zip(planes, only, strict=True)
                        for to in sorted(r)
                    ),
                ),
                Choice(
                    name="infantry",
                    label=t("aa50.input.infantry"),
                    options=tuple(
                        Option(value=i.id, label=unit_label(i), when=(w,))
                        for (b, _), w in zip(planes, only, strict=True)
                        for i in paratroopers.troops(state, b)
                    ),
                ),
            ),
        )
    ]


def pickup_form(state: Aa50State) -> list[OrderForm]:
    """7.2: a carrier of yours declared to pick fighters up in the noncombat move."""
    from bot.rules.aa50 import pickup

    ships = pickup.carriers(state, state.power)
    if not ships:
        return []
    return [
        OrderForm(
            type="pickup",
            label=t("aa50.form.pickup"),
            inputs=(
                Choice(
                    name="carrier",
                    label=t("aa50.input.carrier"),
                    options=tuple(
                        Option(
                            value=c,
                            label=t("aa50.new_carrier")
                            if c == pickup.NEW
                            else unit_label(state.units[c]),
                        )
                        for c in sorted(ships)
                    ),
                ),
                Choice(
                    name="zone",
                    label=t("aa50.input.zone"),
                    options=tuple(
                        Option(
                            value=z, label=place_label(z), when=(When(within={"carrier": (c,)}),)
                        )
                        for c in sorted(ships)
                        for z in ships[c]
                    ),
                ),
            ),
        )
    ]


def combat_move(state: Aa50State) -> list[Prompt]:
    forms = move_forms(state, True) + paradrop_form(state) + pickup_form(state)
    forms.append(OrderForm(type="combat_move_done", label=t("aa50.form.combat_move_done")))
    return [prompt(state, "combat_move", forms, {"type": "combat_move_done"})]


def noncombat_move(state: Aa50State) -> list[Prompt]:
    forms = move_forms(state, False)
    forms.append(OrderForm(type="noncombat_move_done", label=t("aa50.form.noncombat_move_done")))
    return [prompt(state, "noncombat_move", forms, {"type": "noncombat_move_done"})]


def mobilize(state: Aa50State) -> list[Prompt]:
    from bot.rules.aa50 import mobilize as mob

    if skipped(state, "mobilize"):
        return []
    waiting = {u: n for u, n in state.pending.get(state.power, {}).items() if n > 0}
    spots = {u: mob.spots(state, u) for u in waiting}
    placeable = {u: s for u, s in spots.items() if s}
    if not placeable:
        return []
    reach: dict[str, list[str]] = {}
    for u, s in placeable.items():
        for w in s:
            reach.setdefault(w, []).append(u)
    form = OrderForm(
        type="place",
        label=t("aa50.form.place"),
        inputs=(
            Choice(
                name="unit",
                label=t("aa50.input.unit"),
                options=tuple(
                    Option(value=u, label=t(f"aa50.unit.{u}")) for u in sorted(placeable)
                ),
            ),
            Choice(
                name="count",
                label=t("aa50.input.count"),
                kind="number",
                min=1,
                max=max(waiting.values()),
            ),
            Choice(
                name="where",
                label=t("aa50.input.where"),
                options=tuple(
                    Option(
                        value=w,
                        label=place_label(w),
                        when=(When(within={"unit": tuple(sorted(us))}),),
                    )
                    for w, us in sorted(reach.items())
                ),
            ),
        ),
    )
    done = OrderForm(type="mobilize_done", label=t("aa50.form.mobilize_done"))
    return [prompt(state, "mobilize", [form, done], {"type": "mobilize_done"})]
