"""English and Simplified Chinese: each user reads their own Discord language (DMs and
ephemerals), the thread reads the server's, and every command, option and choice is
translated when the commands are synced."""

from __future__ import annotations

from typing import Any

from tests.e2e.harness import Env


async def test_each_player_reads_their_language(env: Env) -> None:
    fake, world = env.fake, env.world
    game = await env.new_game()
    await env.take_seats(game)
    bob_joined = fake.ephemerals_for(world.bob)[-1].content
    assert "你在游戏" in bob_joined and game.id in bob_joined
    assert "You play north" in fake.ephemerals_for(world.alice)[-1].content
    await env.start(game)
    await env.settle()
    bob = "\n".join(m.text() for m in fake.dms_to(world.bob))
    alice = "\n".join(m.text() for m in fake.dms_to(world.alice))
    assert "你的宝库里有一颗" in bob and "你的决定" in bob and "金库 1" in bob
    assert "Your treasury holds a" in alice and "Your decision" in alice
    # A refusal names the rule section, in Chinese for Bob.
    handle = await fake.slash(world.bob, world.channel, "game join", {"game": game.id})
    refusal = (await handle.response()).content
    assert refusal.startswith("游戏") and "规则" in refusal
    # The language is remembered across a restart: a DM that no interaction of Bob's
    # preceded (a deadline's default order) is still in Chinese.
    await env.restart()
    env.clock.advance(49)
    await env.running.tick_once()
    await env.settle()
    assert "你把宝库藏在金库 1" in "\n".join(m.content for m in fake.dms_to(world.bob)[-2:])
    alice_dms = "\n".join(m.content for m in fake.dms_to(world.alice)[-2:])
    assert "You hid your treasury in vault 1" in alice_dms
    await env.assert_no_leak(game)


async def test_a_chinese_server_gets_a_chinese_thread(env: Env) -> None:
    fake, world = env.fake, env.world
    guild = fake.add_guild(
        name="兵棋", owner=world.bob, locale="zh-CN", members=[world.alice, world.bob]
    )
    channel = fake.add_channel(guild, "大厅")
    await fake.announce_guild(guild)
    await fake.wait_until(lambda: env.running.get_guild(guild.id) is not None, what="the guild")
    handle = await fake.slash(world.alice, channel, "game new", {"ruleset": "vaults"})
    lobby = await handle.response()
    assert "剧本" in lobby.content and not lobby.ephemeral
    await fake.wait_until(lambda: bool(fake.threads_in(channel)), what="the thread")
    thread = fake.threads_in(channel)[0]
    await fake.wait_for_message(thread)
    assert "讨论串" in fake.messages_in(thread)[0].content


def _options(command: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for option in command.get("options", []):
        out.append(option)
        out += _options(option)
    return out


async def test_commands_are_translated(env: Env) -> None:
    synced = env.fake.synced_commands()
    names = {c["name"] for c in synced}
    assert {"game", "orders", "order", "undo"} <= names
    game = next(c for c in synced if c["name"] == "game")
    subcommands = {o["name"] for o in game["options"]}
    assert subcommands >= {
        "new",
        "join",
        "leave",
        "start",
        "status",
        "list",
        "abandon",
        "log",
        "export",
        "settings",
        "sub",
        "pause",
        "resume",
    }
    for command in synced:
        assert command["description_localizations"].get("zh-CN"), command["name"]
        for option in _options(command):
            assert option["description_localizations"].get("zh-CN"), option["name"]
            if option["type"] not in (1, 2):  # options proper, not subcommands
                assert option["name_localizations"].get("zh-CN"), option["name"]
            for choice in option.get("choices", []):
                assert choice["name_localizations"].get("zh-CN"), choice["name"]
    new = next(o for o in game["options"] if o["name"] == "new")
    assert new["description"].startswith("Create a game")
    assert new["description_localizations"]["zh-CN"].startswith("创建")
