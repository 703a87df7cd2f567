"""Decks owed to waiting fighters in the noncombat move (bot/rules/aa50/decks.py, AA50
5.6.1.2, 5.6.1.3, 7.3.2): the noncombat menu lists exactly the moves the engine accepts, a
fighter's sea zones and a carrier's destinations alike, while a fighter waits and before."""

from __future__ import annotations

from bot.referee.fairdice import FairDice
from bot.rules.aa50 import RULESET, board, movement, query
from bot.rules.aa50.state import Aa50State
from bot.rules.core import Prompt, RuleViolation


def _american_noncombat() -> Aa50State:
    state = RULESET.setup("1941", RULESET.parse_options({}), FairDice(b"d" * 32, "g", 0)).state
    assert isinstance(state, Aa50State)
    state.turn, state.phase = 5, "noncombat_move"
    # The carrier with one fighter aboard (room for one more) beside the United States; a
    # second fighter there too.
    state.units["u224"].at = state.units["u223"].at = "sz_10"
    state.units["u218"].at = "eastern_united_states"
    state.forget()
    return state


def _menu(state: Aa50State) -> dict[str, set[str]]:
    """Each unit's destinations as the noncombat prompt lists them."""
    [prompt] = RULESET.prompts(state)
    assert isinstance(prompt, Prompt)
    form = prompt.form("move")
    assert form is not None
    units = next(i for i in form.inputs if i.name == "units")
    return {o.value: set(o.when[0].within["to"]) for o in units.options}


def _accepted(state: Aa50State, unit: str, to: str) -> str | None:
    order = {"type": "move", "units": [unit], "to": to}
    try:
        RULESET.apply(state, "americans", RULESET.parse_action(order), FairDice(b"e" * 32, "g", 0))
    except RuleViolation as exc:
        return exc.code
    return None


def _within_reach(state: Aa50State, unit: str) -> set[str]:
    u = state.units[unit]
    left = query.move_range(state, u) - u.moved
    if u.type == "carrier":
        return set(movement.paths(state, u, False, promises=False))
    return {z for z, d in board.distances(u.at, True).items() if 0 < d <= left}


def _menu_is_the_check(state: Aa50State, units: list[str]) -> dict[str, set[str]]:
    menu = _menu(state)
    refusals: dict[str, set[str]] = {}
    for unit in units:
        for to in sorted(_within_reach(state, unit)):
            code = _accepted(state, unit, to)
            assert (code is None) == (to in menu.get(unit, set())), (unit, to, code)
            if code is not None:
                refusals.setdefault(code, set()).add(f"{unit}>{to}")
    return refusals


def test_before_any_fighter_waits_the_menu_offers_every_zone_the_carrier_can_reach() -> None:
    state = _american_noncombat()
    menu = _menu(state)
    reach = set(movement.paths(state, state.units["u224"], False, promises=False))
    assert {"sz_9", "sz_20"} <= reach
    assert reach <= menu["u207"]  # the fighter may wait wherever the carrier can still go
    assert "sz_7" not in menu["u207"]  # three zones from the carrier: nobody can come
    refusals = _menu_is_the_check(state, ["u207", "u224"])
    assert "u207>sz_7" in refusals["aa50.move.no_deck_coming"]


def test_while_a_fighter_waits_the_menu_is_exactly_what_keeps_the_promise() -> None:
    state = _american_noncombat()
    state = RULESET.apply(
        state,
        "americans",
        RULESET.parse_action({"type": "move", "units": ["u207"], "to": "sz_9"}),
        FairDice(b"e" * 32, "g", 0),
    ).state
    assert isinstance(state, Aa50State) and state.awaiting == ["u207"]
    menu = _menu(state)
    assert "sz_9" in menu["u224"] and "sz_20" not in menu["u224"]
    assert "sz_10" not in menu["u218"]  # landing there would pin the carrier
    refusals = _menu_is_the_check(state, ["u224", "u218"])
    owed = refusals["aa50.move.deck_owed"]
    assert {"u224>sz_20", "u218>sz_10"} <= owed
