"""The hand-written deep copy of a GJ74 state (state.py ``__deepcopy__``): equal to the state,
sharing nothing a rule may change, so a refused order leaves the original untouched."""

from __future__ import annotations

import copy

from pydantic import BaseModel

from bot.rules.gj74.state import GJ74Options, GJ74State
from tests.gj74.test_random_play import play_one

SHARED = {"options", "result", "seats"}
"""Replaced, never changed in place (frozen or immutable)."""


def test_the_copy_equals_the_state_and_shares_nothing_mutable() -> None:
    state, _ = play_one("19.1", 0, max_orders=120)
    twin = copy.deepcopy(state)
    assert twin == state and twin.model_dump() == state.model_dump()
    for name in GJ74State.model_fields:
        value = getattr(state, name)
        if name in SHARED or value is None or isinstance(value, (str, int, float, bool, tuple)):
            continue
        assert getattr(twin, name) is not value, f"{name} is shared by the copy"
        if isinstance(value, dict):
            for k, v in value.items():
                if isinstance(v, BaseModel):
                    assert getattr(twin, name)[k] is not v, f"{name}[{k}] is shared"
    assert isinstance(state.options, GJ74Options)


def test_changing_the_copy_leaves_the_state_alone() -> None:
    state, _ = play_one("19.2", 1, max_orders=200)
    before = state.model_dump_json()
    twin = state.model_copy(deep=True)
    for u in twin.units.values():
        u.hex, u.face_up, u.supply = "0101", not u.face_up, u.supply + 1
    twin.cup.clear()
    twin.drawn.clear()
    twin.aircraft["blue"] = -5
    twin.attacked_first["red"] = True
    twin.landed_here.append("0101")
    assert state.model_dump_json() == before
