"""AA50 5.5.3.2-3 in asynchronous play: each power's standing casualty order.

The owner of the units hit chooses the casualties; a player away from the table would stall
every battle fought against them. So each power keeps a ranked list of unit types and a few
rules (``CasualtyOrder``): set, it answers that power's casualty prompts at once (``auto``) or
fills their default, which a deadline applies. A power without one has the standard order:
a battleship's free first hit, then the cheapest unit. Either way transports go last (7.3.6)
and a battleship's second hit only after its first (7.3.1), so the order is always legal."""

from __future__ import annotations

from bot.rules.aa50 import board
from bot.rules.aa50.actions import SetCasualtyOrder
from bot.rules.aa50.board import Power
from bot.rules.aa50.state import Aa50State, Battle, CasualtyOrder, Hits
from bot.rules.aa50.words import ev
from bot.rules.core import Choice, Event, Option, OrderForm, RuleViolation, t

STANDARD = CasualtyOrder()
"""The order of a power that set none: the cheapest loss first."""

LAST = 10_000
"""Rank offset of transports: lost only when nothing else is left (7.3.6)."""


def order_of(state: Aa50State, power: Power) -> CasualtyOrder:
    return state.casualty_orders.get(power, STANDARD)


def automatic(state: Aa50State, power: Power) -> bool:
    """Whether this power's casualty prompts are answered by its standing order."""
    order = state.casualty_orders.get(power)
    return order is not None and order.auto


def rank(state: Aa50State, battle: Battle, hits: Hits, slots: list[str], power: Power) -> list[str]:
    """``slots`` (``<id>`` and a battleship's ``<id>/2``) in the order ``power`` loses them."""
    order = order_of(state, power)
    listed = {u: i for i, u in enumerate(order.ranks)}

    def type_rank(kind: str) -> int:
        cost = board.unit_type(kind).cost
        base = listed[kind] if kind in listed else len(listed) + cost
        return base + (LAST if kind == "transport" else 0)

    keyed: list[tuple[tuple[int, int, str], str]] = []
    for s in slots:
        uid = s.split("/", maxsplit=1)[0]
        u = state.units[uid]
        if u.type == "battleship" and u.hits == 0 and not s.endswith("/2"):
            # 7.3.1: the first hit only damages it; it comes before any loss if the rule says.
            first = -1 if order.battleship_hits_first else type_rank(u.type)
            keyed.append(((first, 0, uid), s))
        else:
            keyed.append(((type_rank(u.type), 1, uid), s))
    out = [s for _, s in sorted(keyed)]
    if order.keep_land and hits.side == "attacker" and battle.kind == "land":
        land = [s for s in out if state.units[s.split("/")[0]].type in board.LAND_UNITS]
        if land:
            keep = land[-1]
            out.remove(keep)
            n = len([s for s in out if state.units[s.split("/")[0]].type != "transport"])
            out.insert(n, keep)
    return out


def powers_of(seat: str) -> list[Power]:
    """The powers a seat answers for (rule 4: the US player plays China)."""
    return [p for p in board.POWERS if board.seat_of(p) == seat]


def form(state: Aa50State, seat: str) -> OrderForm:
    """The order that sets a standing casualty order for one of the seat's powers."""
    kinds = sorted(board.UNIT_TYPES, key=lambda u: (board.unit_type(u).cost, u))
    kinds = [u for u in kinds if u not in ("factory", "aa_gun")]
    return OrderForm(
        type="casualty_order",
        label=t("aa50.form.casualty_order"),
        inputs=(
            Choice(
                name="power",
                label=t("aa50.input.power"),
                options=tuple(Option(value=p, label=t(f"aa50.power.{p}")) for p in powers_of(seat)),
            ),
            Choice(
                name="ranks",
                label=t("aa50.input.ranks"),
                kind="many",
                min=0,
                max=len(kinds),
                options=tuple(Option(value=u, label=t(f"aa50.unit.{u}")) for u in kinds),
            ),
            Choice(
                name="battleship_hits_first",
                label=t("aa50.input.battleship_hits_first"),
                kind="flag",
            ),
            Choice(name="keep_land", label=t("aa50.input.keep_land"), kind="flag"),
            Choice(name="auto", label=t("aa50.input.auto"), kind="flag"),
        ),
    )


def set_order(state: Aa50State, seat: str, action: SetCasualtyOrder) -> list[Event]:
    if action.power not in powers_of(seat):
        raise RuleViolation("aa50.casualties.not_yours", "AA50 5.5.3.2", power=action.power)
    if {"factory", "aa_gun"} & set(action.ranks):
        # 7.1.4-7.1.5: neither is ever a casualty (the form does not offer them).
        raise RuleViolation("aa50.casualties.not_a_casualty", "AA50 5.5.3.2")
    state.casualty_orders[action.power] = CasualtyOrder(
        ranks=list(action.ranks),
        battleship_hits_first=action.battleship_hits_first,
        keep_land=action.keep_land,
        auto=action.auto,
    )
    return [ev("aa50.casualty_order", power=action.power, auto=action.auto)]
