"""Aa50State.model_copy(deep=True) copies by hand only what may change (state.py): no list or
dict of the copy may be the original's, or an order tried on a copy (Ruleset.apply, menus
that try a move, decks.py) would change the position it was tried from."""

from __future__ import annotations

from bot.referee.fairdice import FairDice
from bot.rules.aa50 import RULESET
from bot.rules.aa50.state import Aa50State


def test_a_deep_copy_shares_no_container_with_the_original() -> None:
    state = RULESET.setup("1941", RULESET.parse_options({}), FairDice(b"s" * 32, "g", 0)).state
    assert isinstance(state, Aa50State)
    copy = state.model_copy(deep=True)
    shared = [
        name
        for name in Aa50State.model_fields
        if isinstance(getattr(state, name), (list, dict))
        and getattr(copy, name) is getattr(state, name)
    ]
    assert shared == []
    assert all(copy.units[k] is not u for k, u in state.units.items())
