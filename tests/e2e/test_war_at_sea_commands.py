"""The /was commands around the game: variants before the start (the creator's, in both
languages), what is refused and why, the command strings Discord shows Chinese users, and
the side names the thread uses."""

from __future__ import annotations

from bot.rules.war_at_sea import RULESET
from tests.e2e.harness import Env


async def test_variants_are_set_before_the_start_by_the_creator(env: Env) -> None:
    fake, world = env.fake, env.world
    alice, bob = world.alice, world.bob
    handle = await fake.slash(
        alice, world.channel, "game new", {"ruleset": "war-at-sea", "options": "variant_18_3=yes"}
    )
    await handle.response()
    game = (await env.running.store.games(str(world.guild.id)))[-1]
    await fake.wait_until(lambda: bool(fake.threads_in(world.channel)), what="the thread")
    thread = fake.threads_in(world.channel)[0]

    # The map is there once the game has started; bob did not create the game.
    handle = await fake.slash(alice, thread, "was map")
    assert "has not started" in ((await handle.response()).content or "")
    handle = await fake.slash(bob, thread, "was variants", {"variant_18_1": True})
    assert "创建者" in ((await handle.response()).content or "")

    handle = await fake.slash(
        alice, thread, "was variants", {"variant_18_2": True, "variant_18_3": False}
    )
    shown = (await handle.response()).content or ""
    assert "✅ 18.2: Allied counters move face down" in shown
    assert "▫️ 18.3" in shown and "/was variants" in shown
    record = await env.running.referee.game(game.id)
    assert record.options["variant_18_2"] and not record.options["variant_18_3"]
    lobby = env.lobby_message(record)
    assert "variant_18_2=True" in lobby.content  # the lobby message shows them

    for user, seat in ((alice, "allies"), (bob, "axis")):
        await (await fake.click(user, lobby, f"ref:lobby:{game.id}:seat:{seat}")).response()
    await (await fake.click(alice, lobby, f"ref:lobby:{game.id}:start")).response()
    await env.settle()
    started = "\n".join(m.text() for m in fake.messages_in(thread))
    assert "Allies (<@" in started and "Axis (<@" in started  # side names, not seat ids

    handle = await fake.slash(alice, thread, "was variants", {"variant_18_4": True})
    assert "already started" in ((await handle.response()).content or "")
    handle = await fake.slash(bob, thread, "was variants")
    assert "✅ 18.2：盟军算子背面朝上移动" in ((await handle.response()).content or "")

    # Orders the open decision does not take are refused with what is waiting instead.
    handle = await fake.slash(alice, thread, "was refuel", {"ship": "bismarck"})
    refused = await handle.answer()  # acknowledged at once, refused in the follow-up
    assert "does not take this order" in refused and "/orders" in refused
    handle = await fake.slash(alice, thread, "was escape", {"escape": True}, locale="zh-CN")
    assert "不接受这条命令" in await handle.answer()
    _, state = await env.running.referee.state(game.id)
    secrets = RULESET.secrets(state, None)
    assert "Hood" in secrets and "Hood" not in fake.all_text_for_audience(None)


async def test_was_commands_refuse_other_games_and_speak_chinese(env: Env) -> None:
    fake, world = env.fake, env.world
    game = await env.new_game()  # Vaults
    handle = await fake.slash(world.alice, world.channel, "was map", {"game": game.id})
    assert "is not a War at Sea game" in ((await handle.response()).content or "")

    (was,) = [c for c in fake.synced_commands() if c["name"] == "was"]
    assert was["description_localizations"]["zh-CN"].startswith("大西洋海战")
    move = next(o for o in was["options"] if o["name"] == "move")
    names = {o["name"]: o.get("name_localizations", {}).get("zh-CN") for o in move["options"]}
    assert names == {"ships": "舰船", "to": "目的地", "fallback": "退路", "game": "游戏"}
    assert {o["name"] for o in was["options"]} == {
        "move",
        "target",
        "escape",
        "convoy",
        "refuel",
        "return",
        "map",
        "variants",
    }
