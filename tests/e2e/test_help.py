"""For newcomers and server admins: /help, the onboarding message when the bot joins a server,
/rule answering with the project's own summary of a section in the reader's language, and
every rule refusal ending with how to read its rule."""

from __future__ import annotations

from bot.rules.core.summaries import lookup
from tests.e2e.harness import Env
from tests.e2e.steps import war_at_sea_at_move


async def test_help_answers_in_the_readers_language(env: Env) -> None:
    fake, world = env.fake, env.world
    handle = await fake.slash(world.alice, world.channel, "help")
    reply = (await handle.response()).content or ""
    assert "/game new ruleset:war-at-sea" in reply and "/rule section:" in reply
    assert "/orders" in reply and "variant_18_2" in reply
    handle = await fake.slash(world.bob, world.channel, "help")  # bob reads Chinese
    assert "开局" in ((await handle.response()).content or "")


async def test_joining_a_server_posts_the_onboarding_message(env: Env) -> None:
    fake = env.fake
    guild = fake.add_guild(name="Newcomers", locale="zh-CN", members=[env.world.alice])
    lobby = fake.add_channel(guild, "lobby")
    await fake.announce_guild(guild, joined=True)
    await fake.wait_until(lambda: bool(fake.messages_in(lobby)), what="the onboarding message")
    (welcome,) = fake.messages_in(lobby)
    assert "/game new ruleset:war-at-sea" in welcome.content and "/help" in welcome.content
    assert "你好" in welcome.content  # the server's language


async def test_rule_gives_the_projects_summary_in_english_and_chinese(env: Env) -> None:
    fake, world = env.fake, env.world
    summary = lookup("war-at-sea", "11.8")
    assert summary is not None
    handle = await fake.slash(world.alice, world.channel, "rule", {"section": "11.8"})
    reply = (await handle.response()).content or ""
    assert reply.startswith("**War at Sea 11.8 · Both escape**")
    assert summary.en in reply and "not the rulebook's text" in reply
    handle = await fake.slash(world.bob, world.channel, "rule", {"section": "11.8"})
    reply = (await handle.response()).content or ""
    assert summary.zh in reply and "并非规则书原文" in reply
    assert "若雙方都逃逸則都成功" not in reply  # never the rulebook's own words
    handle = await fake.slash(world.alice, world.channel, "rule", {"section": "99.9"})
    assert "no section" in ((await handle.response()).content or "")
    offered = await fake.autocomplete(world.alice, world.channel, "rule", "section", "11.")
    assert [c["value"] for c in offered][:3] == ["11.1", "11.2", "11.3"]


async def test_a_refusal_ends_with_how_to_read_its_rule(env: Env) -> None:
    fake, world = env.fake, env.world
    game = await war_at_sea_at_move(env)
    thread = fake.channel(int(game.thread_id or 0))
    handle = await fake.slash(world.alice, thread, "was move", {"ships": "Hood", "to": "germany"})
    # The order is deferred (thinking) and then answered in place.
    reply = (await handle.wait_original(lambda m: bool(m.content))).content
    assert "War at Sea 6.4" in reply  # from a port straight into a port: refused, its rule
    link = "📖 6.4 Port to port, and the Baltic: `/rule section:6.4 ruleset:war-at-sea`"
    assert reply.splitlines()[-1] == link
    # The link works as printed, from anywhere.
    handle = await fake.slash(
        world.alice, world.channel, "rule", {"section": "6.4", "ruleset": "war-at-sea"}
    )
    answer = (await handle.response()).content or ""
    assert answer.startswith("**War at Sea 6.4 · Port to port, and the Baltic**")
    # A refusal of the Discord layer itself cites no rule, so it has no link.
    handle = await fake.slash(world.alice, thread, "order", {"order": "nonsense"})
    assert "/rule" not in ((await handle.response()).content or "")
