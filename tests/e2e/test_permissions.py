"""Who may do what: only a seat's holder acts for it; managers (Manage Server or the
configured role) pause, resume, abandon and substitute; another server's game is not found."""

from __future__ import annotations

from cogs._orders import prompt_hash
from tests.e2e.harness import Env
from tests.fakediscord import FakeUser


async def _carol_the_referee(env: Env) -> FakeUser:
    fake, world = env.fake, env.world
    carol = fake.add_user(name="carol", locale="en-GB")
    role = fake.add_role(world.guild, "Referee")
    fake.add_member(world.guild, carol, roles=[role])
    await fake.announce_guild(world.guild)
    return carol


async def test_only_the_holder_acts_and_managers_manage(env: Env) -> None:
    fake, world = env.fake, env.world
    carol = await _carol_the_referee(env)
    game = await env.new_game()
    await env.take_seats(game)
    await env.start(game)
    await env.settle()

    # Bob tries to hide North's treasury with a crafted /order: refused, nothing applied.
    prompts = await env.running.referee.prompts(game.id, str(world.alice.id))
    crafted = f"{game.id}:north:{prompt_hash(prompts[0])}:0"
    handle = await fake.slash(world.bob, world.channel, "order", {"order": crafted, "value": "3"})
    refusal = await handle.answer()  # acknowledged at once (ephemerally), refused after
    assert handle.first is not None and handle.first.ephemeral
    assert "（规则：裁判规则）" in refusal  # the rule is named, in Bob's language (zh)
    assert (await env.running.referee.game(game.id)).version == 1

    # Bob is no manager: he may not pause. Carol has the manager role: she may.
    handle = await fake.slash(world.bob, world.channel, "game pause", {"game": game.id})
    assert "管理员" in (await handle.response()).content
    handle = await fake.slash(carol, world.channel, "game pause", {"game": game.id})
    assert "paused" in (await handle.response()).content
    prompt = env.open_dm(world.alice, game, "north")
    assert prompt is not None
    handle = await fake.select(world.alice, prompt, prompt.custom_ids()[0], ["2"])
    await handle.answer()  # acknowledged at once; the referee's refusal follows
    assert "paused" in handle.followups[0].content
    handle = await fake.slash(carol, world.channel, "game resume", {"game": game.id})
    await handle.response()

    # Bob hands his side to Carol; she now answers for South.
    handle = await fake.slash(
        world.bob, world.channel, "game sub", {"game": game.id, "seat": "south", "user": carol}
    )
    assert "现由" in (await handle.response()).content
    await env.settle()
    thread = "\n".join(m.content for m in fake.messages_in(int(game.thread_id or 0)))
    assert f"south is now played by <@{carol.id}>" in thread
    handle = await fake.slash(carol, world.channel, "orders", {"game": game.id})
    orders = await handle.answer()
    assert handle.first is not None and handle.first.ephemeral
    assert "Hide your treasury" in orders
    handle = await fake.slash(world.bob, world.channel, "orders")
    assert "没有等待你的决定" in await handle.answer()
    await env.assert_no_leak(game)

    # Abandoning: not Bob (neither manager nor creator), but Alice (the server's owner).
    handle = await fake.slash(world.bob, world.channel, "game abandon", {"game": game.id})
    assert "管理员" in (await handle.response()).content
    handle = await fake.slash(world.alice, world.channel, "game abandon", {"game": game.id})
    assert "abandoned" in (await handle.response()).content
    await env.settle()
    record = await env.running.referee.game(game.id)
    assert record.status == "abandoned"
    thread = "\n".join(m.content for m in fake.messages_in(int(game.thread_id or 0)))
    assert record.seed.hex() in thread


async def test_games_are_isolated_per_server(env: Env) -> None:
    fake, world = env.fake, env.world
    game = await env.new_game()
    dave = fake.add_user(name="dave")
    other = fake.add_guild(name="Elsewhere", owner=dave, members=[dave, world.bob])
    channel = fake.add_channel(other, "general")
    await fake.announce_guild(other)
    handle = await fake.slash(dave, channel, "game status", {"game": game.id})
    reply = await handle.answer()
    assert handle.first is not None and handle.first.ephemeral
    assert f"There is no game {game.id} on this server" in reply
    handle = await fake.slash(dave, channel, "game join", {"game": game.id})
    assert "There is no game" in (await handle.response()).content
    choices = await fake.autocomplete(dave, channel, "game status", "game", "")
    assert choices == []
    # The lobby's buttons are refused from the other server too (the id is in the custom_id).
    assert (await env.running.store.seats(game.id)) == {}
