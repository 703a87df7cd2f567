"""The "hold" policy (bot/rules/aa50/hold.py, issue 18): a power whose player is gone, played
by the referee, buys infantry, attacks nothing, places at its capital; every order it gives is
legal (the engine never refuses it), so a game with every power on hold never stalls."""

from __future__ import annotations

from bot.referee.fairdice import FairDice
from bot.rules.aa50 import RULESET, board
from bot.rules.aa50.state import Aa50State


def test_every_power_on_hold_plays_two_rounds_legally() -> None:
    dice = FairDice(b"h" * 32, "hold", 0)
    state = RULESET.setup("1942", RULESET.parse_options({}), dice).state
    assert isinstance(state, Aa50State)
    kinds: set[str] = set()
    bought = placed_at_capital = 0
    while state.round <= 2 and state.result is None:
        [prompt, *_] = RULESET.prompts(state)
        raw = RULESET.autopilot(state, prompt, "hold")
        assert raw is not None or prompt.default is not None, prompt.kind
        action = RULESET.parse_action(raw if raw is not None else dict(prompt.default or {}))
        kinds.add(action.type)
        assert action.type not in ("move", "load", "unload", "paradrop", "research") or (
            action.type == "research" and action.model_dump()["tokens"] == 0
        )
        power = state.power
        outcome = RULESET.apply(state, prompt.seat, action, dice)  # raises if refused
        if action.type == "buy":
            assert action.model_dump()["unit"] == "infantry"
            bought += action.model_dump()["count"]
            assert outcome.state.ipcs[power] < 3  # as many infantry as the IPCs buy
        if action.type == "place" and action.model_dump()["where"] == board.capitals().get(power):
            placed_at_capital += 1
        state = outcome.state
        assert isinstance(state, Aa50State)
    assert state.round == 3
    assert bought > 0 and placed_at_capital > 0
    assert {"buy", "purchase_done", "combat_move_done", "place"} <= kinds
