"""Nobody can peek: no public view, public event or public export carries a hidden value.

Two properties, on random games of the test-only ruleset:
- text: nothing an audience receives contains a secret of another seat (its gem's name);
- non-interference: changing what is hidden (the vault, the gem) changes nothing in what the
  public or the other seat receives, so not even an indirect trace can leak.
"""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.autoplay import random_action
from bot.referee import Referee
from bot.referee.fairdice import FairDice
from bot.rules.core import Event, RuleViolation, ScriptedDice
from bot.store import Store
from tests.referee.conftest import started_game
from tests.vaults import GEMS, RULESET, VaultsState


def _public(state: VaultsState, events: list[Event], audience: str | None) -> str:
    view = RULESET.view(state, audience).model_dump(mode="json")
    seen = [e.model_dump(mode="json") for e in events if e.visible_to(audience)]
    prompts = [p.model_dump(mode="json") for p in RULESET.prompts(state) if p.seat == audience]
    return json.dumps([view, seen, prompts], sort_keys=True)


def _disguised(state: VaultsState, seat: str) -> VaultsState | None:
    """The same game but with ``seat``'s secrets changed where they are still secret."""
    other = state.model_copy(deep=True)
    if RULESET.secrets(state, "north" if seat == "south" else "south") & {state.gems[seat]}:
        other.gems[seat] = next(g for g in GEMS if g != state.gems[seat])
    if state.phase != "over" and state.hidden[seat] is not None:
        opened = state.opened[seat]
        free = [v for v in range(1, 7) if v not in opened and v != state.hidden[seat]]
        if free:
            other.hidden[seat] = free[0]
    return None if other == state else other


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), raids=st.integers(1, 6))
def test_random_games_leak_nothing(seed: int, raids: int) -> None:
    dice = FairDice(seed.to_bytes(8, "big") * 4, f"game-{seed}", 0)
    setup = RULESET.setup("standard", RULESET.parse_options({"raids": raids}), dice)
    rng, state, compared = random.Random(seed), setup.state, 0
    _no_text_leak(state, setup.events)
    while state.result is None:
        prompt = rng.choice(RULESET.prompts(state))
        try:
            action = RULESET.parse_action(random_action(prompt, rng))
            outcome = RULESET.apply(state, prompt.seat, action, dice)
        except RuleViolation:
            action = RULESET.parse_action(prompt.default or {})
            outcome = RULESET.apply(state, prompt.seat, action, dice)
        faces = [r.value for r in dice.rolls[-(len(dice.rolls) - _before(dice, outcome)) :]]
        _no_text_leak(outcome.state, outcome.events)
        if not any(e.reveals for e in outcome.events):
            # The same order with the same dice on a game whose secrets differ must look the
            # same to everyone who may not know them: state, events and prompts alike.
            for seat in ("north", "south"):
                disguised = _disguised(state, seat)
                if disguised is None:
                    continue
                twin = RULESET.apply(disguised, prompt.seat, action, ScriptedDice(faces))
                for audience in (None, "south" if seat == "north" else "north"):
                    assert _public(outcome.state, outcome.events, audience) == _public(
                        twin.state, twin.events, audience
                    ), f"{audience or 'public'} can tell {seat}'s secrets apart"
                    compared += 1
        if prompt.sealed:
            # A sealed answer is private: any other legal answer must look the same to others.
            for alternative in _alternatives(prompt):
                try:
                    twin = RULESET.apply(state, prompt.seat, alternative, ScriptedDice(faces))
                except RuleViolation:
                    continue
                for audience in (None, *(s for s in ("north", "south") if s != prompt.seat)):
                    assert _public(outcome.state, outcome.events, audience) == _public(
                        twin.state, twin.events, audience
                    ), f"{audience or 'public'} can read {prompt.seat}'s sealed order"
                    compared += 1
        state = outcome.state
    assert compared > 0


def _alternatives(prompt: Any) -> list[Any]:
    form = prompt.forms[0]
    return [
        RULESET.parse_action(form.build({choice.name: option.value}))
        for choice in form.inputs[:1]
        for option in choice.options
    ]


def _before(dice: FairDice, outcome: Any) -> int:
    """How many rolls the dice had made before this order (its rolls are the last ones)."""
    rolled = sum(1 for e in outcome.events if "die" in e.params)
    return len(dice.rolls) - rolled


def _no_text_leak(state: VaultsState, events: list[Event]) -> None:
    for audience in (None, "north", "south"):
        text = _public(state, events, audience)
        leaked = {s for s in RULESET.secrets(state, audience) if s in text}
        assert not leaked, f"{audience or 'public'} can read {leaked}"


async def test_the_public_outbox_and_exports_carry_no_secret(
    referee: Referee, store: Store
) -> None:
    for seed in range(6):
        game = await started_game(referee)
        rng = random.Random(seed)
        while (await referee.game(game)).status == "active":
            prompts = [*await referee.prompts(game, "alice"), *await referee.prompts(game, "bob")]
            prompt = rng.choice(prompts)
            user = "alice" if prompt.seat == "north" else "bob"
            await referee.submit(game, user, prompt.default or {}, f"k{rng.random()}")
        _, state = await referee.state(game)
        hidden = RULESET.secrets(state, None)
        public = [
            m.payload for m in await store.pending() if m.game_id == game and m.audience == "public"
        ]
        exported = await referee.export(game, None)
        assert public and exported["log"]
        for gem in hidden:
            assert gem not in json.dumps(public), gem
            assert gem not in json.dumps(exported), gem
        for seat in ("north", "south"):
            mine = await referee.export(game, seat)
            text = json.dumps(
                [
                    m.payload
                    for m in await store.pending()
                    if m.audience == seat and m.game_id == game
                ]
            )
            for gem in RULESET.secrets(state, seat):
                assert gem not in json.dumps(mine) and gem not in text
            assert state.gems[seat] in json.dumps(mine)  # a seat does see its own secret
