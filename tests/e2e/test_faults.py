"""Rate limits and server errors: deliveries survive 429s (discord.py waits them out) and
5xx (the delivery backs off and retries), each message arrives once and in order."""

from __future__ import annotations

from collections import Counter

from tests.e2e.harness import Env


async def test_429s_and_server_errors_are_survived(env: Env) -> None:
    fake, world = env.fake, env.world
    game = await env.new_game()
    await env.take_seats(game)
    thread = int(game.thread_id or 0)
    limited = fake.fail_next("POST", rf"^/channels/{thread}/messages$", status=429, count=3)
    dm = fake.dm_channel(world.alice).id
    dm_limited = fake.fail_next("POST", rf"^/channels/{dm}/messages$", status=429, count=2)
    await env.start(game)
    await env.settle()
    assert len(limited.hits) == 3 and len(dm_limited.hits) == 2
    # 503 is not retried by discord.py itself: the delivery's own back-off takes over.
    broken = fake.fail_next("POST", rf"^/channels/{thread}/messages$", status=503, count=2)
    prompt = env.open_dm(world.alice, game, "north")
    assert prompt is not None
    await env.answer(world.alice, prompt)
    await env.settle()
    assert len(broken.hits) == 2
    contents = [m.content for m in fake.messages_in(thread)]
    assert sum("north has hidden" in c for c in contents) == 1
    # A 429 on the interaction callback itself: the player still gets the answer.
    fake.fail_next("POST", r"^/interactions/", status=429, count=1)
    handle = await fake.slash(world.bob, world.channel, "orders")
    assert (await handle.response()).ephemeral
    await env.play_to_end(game)
    await env.settle()
    counts = Counter(m.content for m in fake.messages_in(thread))
    assert max(counts.values()) == 1
    await env.assert_no_leak(game)
