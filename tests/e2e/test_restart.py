"""A new bot on the same database carries on: it delivers what the old one left pending,
once, and the buttons the old one sent still work (they carry ids, not state)."""

from __future__ import annotations

from collections import Counter

from tests.e2e.harness import Env


async def test_restart_mid_game_delivers_pending_and_keeps_buttons(env: Env) -> None:
    fake, world = env.fake, env.world
    game = await env.new_game()
    await env.take_seats(game)
    await env.start(game)
    await env.settle()
    bob_prompt = env.open_dm(world.bob, game, "south")
    assert bob_prompt is not None

    # The first process dies before delivering Alice's order: it stays in the outbox.
    env.running.delivery.paused = True
    alice_prompt = env.open_dm(world.alice, game, "north")
    assert alice_prompt is not None
    await env.answer(world.alice, alice_prompt)
    assert await env.running.store.pending()
    thread = int(game.thread_id or 0)
    assert not any("north has hidden" in m.content for m in fake.messages_in(thread))

    first = env.running
    second = await env.restart()
    assert second is not first and first.is_closed()
    # The new process delivers the old one's outbox by itself, right after it starts.
    await fake.wait_until(
        lambda: any("north has hidden" in m.content for m in fake.messages_in(thread)),
        what="the pending public step",
    )
    await env.settle()
    contents = [m.content for m in fake.messages_in(thread)]
    assert sum("north has hidden" in c for c in contents) == 1
    # Bob answers with the select the first process sent him.
    await env.answer(world.bob, bob_prompt)
    await env.play_to_end(game)
    await env.settle()
    assert (await env.running.referee.game(game.id)).status == "over"
    counts = Counter(m.content for m in fake.messages_in(thread))
    assert max(counts.values()) == 1, "a message was delivered twice"
    assert fake.gateway.identifies == 2
    await env.assert_no_leak(game)
