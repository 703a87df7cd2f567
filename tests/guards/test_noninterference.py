"""Non-interference over random games of every registered ruleset (tests/guards/
noninterference.py), and proof that the check catches side channels planted on purpose."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tests.e2e.muster  # registers the e2e test game
import tests.vaults  # noqa: F401  (registers the test-only game: it has hidden things)
from bot.autoplay import random_action
from bot.referee.fairdice import FairDice
from bot.rules.core import Ruleset
from bot.rules.core.registry import available, get
from tests.guards.noninterference import SEED, Leak, check_order, run
from tests.guards.tally import TALLY

HIDDEN_OPTIONS: dict[str, list[tuple[dict[str, Any], int]]] = {
    # War at Sea hides things only under 18.2: games with it alone and with every variant.
    "war-at-sea": [
        ({"variant_18_2": True}, 2),
        ({f"variant_18_{i}": True for i in range(1, 7)}, 1),
    ],
    # Pocket Battles hides stacks past deployment only when they are revealed as they fight.
    "pocket-battles": [({}, 1), ({"reveal": "first_fight"}, 2)],
    # Jutland: the Basic Game and the Advanced (light ships search only with capital ships).
    "jutland": [
        ({}, 2),
        ({"rules": "advanced"}, 1),
        # The Tournament's search modules (21): hidden boats, airships and sweep lines.
        (
            {
                "rules": "advanced",
                "fast_search": True,
                "sweep": True,
                "extra_forces": True,
                "redeployment": True,
                "uboats": True,
                "zeppelins": True,
            },
            1,
        ),
    ],
}
"""Options under which a game has hidden things, and how many random games of each; a game
not listed plays its defaults, two games."""


def play_checked(
    ruleset: Ruleset,  # type: ignore[type-arg]
    options: dict[str, Any],
    game: str,
    *,
    pairs_per_step: int = 2,
    images: int = 1,
    max_steps: int = 400,
) -> int:
    """A random game in which every order given (refused ones too) is checked."""
    rng = random.Random(game)
    dice = FairDice(SEED, game, 0)
    scenario = ruleset.scenarios()[0].id
    state = ruleset.setup(scenario, ruleset.parse_options(options), dice).state
    next_roll, compared, steps = len(dice.rolls), 0, 0
    while state.result is None and steps < max_steps:
        prompt = rng.choice(ruleset.prompts(state))
        attempts = [random_action(prompt, rng) for _ in range(3)] + [prompt.default or {}]
        for raw in attempts:
            real = run(ruleset, state, prompt.seat, raw, game, next_roll)
            compared += check_order(
                ruleset,
                state,
                prompt.seat,
                raw,
                real,
                game,
                next_roll,
                rng,
                pairs_per_step=pairs_per_step,
                images=images if steps % 40 == 0 else 0,  # a map costs ~0.5 s to draw
            )
            if real.refusal is None:
                break
        assert real.refusal is None, f"the default {prompt.default} was refused"
        state, next_roll, steps = real.state, next_roll + len(real.rolls), steps + 1
    return compared


@pytest.mark.parametrize("ruleset_id", available())
def test_hidden_identities_change_nothing_others_read(ruleset_id: str) -> None:
    ruleset = get(ruleset_id)
    compared = 0
    for options, games in HIDDEN_OPTIONS.get(ruleset_id, [({}, 2)]):
        for n in range(games):
            compared += play_checked(ruleset, options, f"{ruleset_id}-{n}-{sorted(options)}")
    print(f"{ruleset_id}: {compared} look-alike pairs checked")
    TALLY[f"non-interference: {ruleset_id} pairs"] += compared
    assert compared > 0 or not any(
        ruleset.lookalikes(
            ruleset.setup(
                ruleset.scenarios()[0].id, ruleset.parse_options({}), FairDice(SEED, "probe", 0)
            ).state,
            None,
        )
        for _ in [0]
    )


def _states(options: dict[str, Any], games: int = 6) -> Any:
    """States of random War at Sea games, with the order random play gave in each."""
    ruleset = get("war-at-sea")
    for n in range(games):
        game = f"planted-{n}"
        rng = random.Random(game)
        dice = FairDice(SEED, game, 0)
        state = ruleset.setup("standard", ruleset.parse_options(options), dice).state
        next_roll = len(dice.rolls)
        while state.result is None:
            prompt = rng.choice(ruleset.prompts(state))
            for raw in [random_action(prompt, rng), prompt.default or {}]:
                step = run(ruleset, state, prompt.seat, raw, game, next_roll)
                if step.refusal is None:
                    break
            yield game, state, prompt.seat, raw, step, next_roll
            state, next_roll = step.state, next_roll + len(step.rolls)


def _catches(game: str, state: Any, seat: str, raw: Any, next_roll: int, unit: str) -> bool:
    """Whether the check finds a leak in this order, over every pair with ``unit``."""
    ruleset = get("war-at-sea")
    real = run(ruleset, state, seat, raw, game, next_roll)
    try:
        check_order(
            ruleset,
            state,
            seat,
            raw,
            real,
            game,
            next_roll,
            random.Random(0),
            pairs_per_step=100,
            involving=unit,
        )
    except Leak:
        return True
    return False


def _at_sea(state: Any) -> list[str]:
    """One face-down counter in each sea area."""
    from bot.rules.war_at_sea import board
    from bot.rules.war_at_sea.units import hidden

    return list(
        {
            u.location: u.id
            for u in state.units.values()
            if hidden(state, u) and board.is_area(u.location)
        }.values()
    )


def test_the_check_catches_events_in_roster_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: the end-of-turn returns walk the roster again (the issue's first channel)."""
    from bot.rules.war_at_sea import control

    found = next(
        (game, state, seat, raw, n, _at_sea(state))
        for game, state, seat, raw, step, n in _states({"variant_18_2": True})
        if state.phase == "return_allies"
        and raw["type"] in ("done", "returns_done")  # the end of the returns (12.3)
        and len(
            {
                e.params["origin"]
                for e in step.events
                if e.kind == "was.returned" and e.audience == "public" and "ship" not in e.params
            }
        )
        >= 2
    )
    *order, units = found
    assert not any(_catches(*order, unit) for unit in units)
    monkeypatch.setattr(control, "public_order", lambda state, units: list(units))
    assert any(_catches(*order, unit) for unit in units)


def test_the_check_catches_a_waiting_convoy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Planted: the 13.2 question asked only when a convoy is there (the issue's third)."""
    from bot.rules.war_at_sea import convoys

    found = next(
        (game, state, seat, raw, n, waiting[0].id)
        for game, state, seat, raw, step, n in _states({"variant_18_2": True})
        if state.phase == "convoys"
        and (waiting := [u for u in convoys.undecided(state) if not u.revealed])
    )
    assert not _catches(*found)
    monkeypatch.setattr(convoys, "_face_down_there", lambda state: False)
    assert _catches(*found)
