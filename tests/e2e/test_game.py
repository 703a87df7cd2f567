"""A whole Vaults game through Discord: create, take sides, start, play to the end with the
private prompts answered from DMs, and nothing hidden anywhere it should not be."""

from __future__ import annotations

from tests.e2e.harness import Env


async def test_create_join_start_and_play_to_the_end(env: Env) -> None:
    fake, world = env.fake, env.world
    game = await env.new_game()
    thread = fake.threads_in(world.channel)[0]
    assert str(thread.id) == game.thread_id
    await env.take_seats(game)
    assert "<@" in env.lobby_message(game).content
    await env.start(game)
    await env.settle()

    thread_text = "\n".join(m.text() for m in fake.messages_in(thread))
    assert "The game has started" in thread_text and game.commitment in thread_text
    alice_dm = "\n".join(m.text() for m in fake.dms_to(world.alice))
    assert "Your treasury holds" in alice_dm and "<t:" in alice_dm and game.id in alice_dm
    await env.assert_no_leak(game)

    await env.play_to_end(game)
    await env.settle()
    record = await env.running.referee.game(game.id)
    assert record.status == "over"
    final = "\n".join(m.text() for m in fake.messages_in(thread))
    assert "Game over" in final and record.seed.hex() in final
    lobby = env.lobby_message(game)
    assert lobby.custom_ids() == [] and lobby.content.endswith("over")
    # Inside the game's thread the game need not be named; a spectator may ask too.
    carol = fake.add_user(name="carol")
    fake.add_member(world.guild, carol)
    handle = await fake.slash(carol, thread, "game status")
    status = await handle.answer()
    assert handle.first is not None and handle.first.ephemeral
    assert game.id in status and "over" in status
    await env.assert_no_leak(game)
