"""The road from a click to the referee (issues 9 and 10): cogs get the game, the seat and the
open prompts from the referee's cached state, and the prompts of a state are computed once,
counted here through the real bot on the fake Discord. Also: a game's lock is gone once idle,
and an interaction in a game's thread finds its game by the indexed thread lookup."""

from __future__ import annotations

from typing import Any

import pytest

from bot.rules.core import GameState, Prompt
from tests.e2e.harness import Env
from tests.vaults import RULESET


async def _started(env: Env) -> Any:
    game = await env.new_game()
    await env.take_seats(game)
    await env.start(game)
    await env.settle()
    return game


async def test_a_click_computes_the_prompts_of_each_state_once(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, world = env.fake, env.world
    game = await _started(env)
    referee = env.running.referee
    _, before, owed = await referee.open_prompts(game.id)
    holders = await env.holders(game)
    seat = owed[0].seat
    user = holders[seat]

    computed: list[GameState] = []  # the states whose prompts were computed, in order
    real = type(RULESET).prompts

    def counting(self: Any, state: GameState) -> list[Prompt]:
        computed.append(state)
        return real(self, state)

    monkeypatch.setattr(type(RULESET), "prompts", counting)

    # /orders reads the cached state's prompts: nothing is computed again.
    handle = await fake.slash(user, world.channel, "orders", {"game": game.id})
    await handle.answer()
    assert handle.original is not None and handle.original.custom_ids()  # the decision
    assert computed == []

    # A click on the DM's controls: the old state's prompts come from the cache; the new
    # state's are computed once (for its deadlines and messages) and cached beside it.
    message = env.open_dm(user, game, seat)
    assert message is not None
    await env.answer(user, message)
    _, after = await referee.state(game.id)
    assert after is not before
    assert [id(s) for s in computed] == [id(after)]

    # Everything after (the next /orders of both players, delivery) reuses them.
    for player in (world.alice, world.bob):
        await (await fake.slash(player, world.channel, "orders", {"game": game.id})).answer()
    await env.settle()
    assert [id(s) for s in computed] == [id(after)]


async def test_locks_are_dropped_when_idle_and_threads_find_their_game(env: Env) -> None:
    fake, world = env.fake, env.world
    game = await _started(env)
    referee = env.running.referee
    assert len(referee._locks) == 0  # joined, started and played: no lock kept
    async with referee.lock(game.id):
        assert referee._locks.busy(game.id)
    assert not referee._locks.busy(game.id)

    # In the game's thread no game id is needed: the thread is looked up by its index.
    thread = fake.thread(int(game.thread_id))
    handle = await fake.slash(world.bob, thread, "game status", {})
    await handle.wait_original()
    assert game.id in handle.text()
