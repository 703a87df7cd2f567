"""Delivery through the fake Discord (issues 9 and 12): a long step goes out as several
messages with nothing cut; steps waiting in one thread go out as one post; a rate-limited
thread holds up no other game; maps drawn in a process pool arrive like threads' ones."""

from __future__ import annotations

import re

from bot.referee.messages import notice
from bot.referee.payloads import StepPayload, dump
from bot.rules.core import Event
from bot.store import GameRecord, OutboxMessage
from tests.e2e.harness import Env


async def _started(env: Env) -> GameRecord:
    game = await env.new_game()
    await env.take_seats(game)
    await env.start(game)
    await env.settle()
    return await env.running.referee.game(game.id)


async def test_a_long_step_is_split_never_cut(env: Env) -> None:
    game = await _started(env)
    thread = int(game.thread_id or 0)
    before = len(env.fake.messages_in(thread))
    # 150 distinct lines (alternating seats, so none are folded into "(×n)"): ~5,000 characters.
    events = [
        Event(kind="core.undone", params={"seat": ("north", "south")[i % 2]}) for i in range(150)
    ]
    step = StepPayload(n=game.version - 1, events=events, waiting=["north"])
    message = OutboxMessage(
        game_id=game.id, audience="public", kind="step", payload=dump(step), dedupe="long"
    )
    await env.running.store.enqueue([message])
    await env.settle()
    posts = env.fake.messages_in(thread)[before:]
    assert len(posts) >= 3 and all(len(p.content) <= 2000 for p in posts)
    text = "\n".join(p.content for p in posts)
    assert len(re.findall(r"took back their last order", text)) == 150
    assert "Waiting for" in posts[-1].content and "…" not in text


async def test_steps_waiting_in_one_thread_go_out_as_one_post(env: Env) -> None:
    game = await _started(env)
    thread = int(game.thread_id or 0)
    env.running.delivery.paused = True
    before = len(env.fake.messages_in(thread))
    referee = env.running.referee
    await referee.submit(game.id, str(env.world.alice.id), {"type": "hide", "vault": 3}, "m1")
    await referee.submit(game.id, str(env.world.bob.id), {"type": "hide", "vault": 5}, "m2")
    env.running.delivery.paused = False
    await env.settle()
    posts = [m for m in env.fake.messages_in(thread)[before:] if "Waiting for" in m.content]
    assert len(posts) == 1, [p.content for p in posts]
    assert "north has hidden" in posts[0].content and "south has hidden" in posts[0].content
    assert posts[0].content.index("north has hidden") < posts[0].content.index("south has")
    await env.assert_no_leak(game)


async def test_a_rate_limited_channel_holds_up_no_other_game(env: Env) -> None:
    referee, world = env.running.referee, env.world
    channels, games = {}, {}
    for name in ("slow", "fast"):
        channel = env.fake.add_channel(world.guild, name)
        record = await referee.create(
            "vaults",
            guild_id=str(world.guild.id),
            created_by=str(world.alice.id),
            channel_id=str(channel.id),
        )
        await referee.join(record.id, str(world.alice.id), "north")
        await referee.join(record.id, str(world.bob.id), "south")
        await referee.start(record.id, str(world.alice.id))
        channels[name], games[name] = channel.id, record.id
    await env.settle()
    # Discord answers 429 on the slow game's channel for a while; discord.py waits and retries.
    env.fake.fail_next("POST", rf"/channels/{channels['slow']}/messages", 429, 1, retry_after=1.5)
    for game in games.values():
        message = notice(game, "public", "paused", f"p:{game}", 0.0, by="x")
        await env.running.store.enqueue([message])
    env.running.delivery.wake()

    def posted(name: str) -> bool:
        return any("paused" in m.content for m in env.fake.messages_in(channels[name]))

    await env.fake.wait_until(lambda: posted("fast"), what="the other game's post")
    # The other game's post went out while the limited channel was still waiting.
    assert not posted("slow")
    await env.settle()
    assert posted("slow")


async def test_maps_drawn_in_a_process_pool_reach_the_thread(env: Env) -> None:
    env.overrides["map_pool"] = "process"
    bot = await env.restart()
    assert bot.delivery.maps.kind == "process"
    referee, world = bot.referee, env.world
    record = await referee.create(
        "war-at-sea",
        guild_id=str(world.guild.id),
        created_by=str(world.alice.id),
        channel_id=str(world.channel.id),
    )
    await referee.join(record.id, str(world.alice.id), "allies")
    await referee.join(record.id, str(world.bob.id), "axis")
    await referee.start(record.id, str(world.alice.id))
    await env.settle(timeout=60.0)  # the pool's first worker starts and loads the board
    maps = [a for m in env.fake.messages_in(world.channel) for a in m.attachments]
    assert maps and maps[-1].data.startswith(b"\x89PNG")
    dms = [a for m in env.fake.dms_to(world.alice) for a in m.attachments]
    assert dms and dms[-1].data != maps[-1].data  # the Allies' own view, not the public one
