"""Deadlines on the injected clock: a reminder before, the default order at the end, and the
pings name the game and what is due with a Discord timestamp."""

from __future__ import annotations

from tests.e2e.harness import START, Env


async def test_reminder_then_default_order_when_the_deadline_passes(env: Env) -> None:
    fake, world, bot = env.fake, env.world, env.running
    game = await env.new_game()
    await env.take_seats(game)
    await env.start(game)
    await env.settle()
    due = int(START + 48 * 3600)  # the default deadline (Settings.deadline_hours)
    first = fake.dms_to(world.alice)[0]
    assert f"<t:{due}:R>" in first.content and game.id in first.content

    env.clock.advance(37)  # 11 hours left: inside the 12-hour reminder window
    report = await bot.tick_once()
    assert sorted(seat for _, seat in report.reminded) == ["north", "south"]
    await env.settle()
    reminder = fake.dms_to(world.alice)[-1]
    assert "Reminder" in reminder.content and f"<t:{due}:R>" in reminder.content
    assert reminder.custom_ids(), "a reminder offers the controls again"
    assert "提醒" in fake.dms_to(world.bob)[-1].content

    env.clock.advance(12)  # past the deadline: both hide in vault 1, the default
    report = await bot.tick_once()
    assert sorted(seat for _, seat in report.applied) == ["north", "south"]
    await env.settle()
    alice = "\n".join(m.content for m in fake.dms_to(world.alice))
    assert "You hid your treasury in vault 1" in alice
    thread = "\n".join(m.content for m in fake.messages_in(int(game.thread_id or 0)))
    assert "All treasuries are hidden" in thread
    # The raid that opens now gets a new deadline, 48 hours from the new now.
    raid = env.open_dm(world.alice, game, "north")
    assert raid is not None and f"<t:{int(env.clock.now + 48 * 3600)}:R>" in raid.content
    await env.assert_no_leak(game)


async def test_pause_policy_and_manual_resume(env: Env) -> None:
    fake, world, bot = env.fake, env.world, env.running
    game = await env.new_game()
    handle = await fake.slash(
        world.alice,
        world.channel,
        "game settings",
        {"game": game.id, "deadline_hours": 2, "on_expiry": "pause"},
    )
    assert "2.0 h" in (await handle.response()).content
    await env.take_seats(game)
    await env.start(game)
    await env.settle()
    env.clock.advance(3)
    report = await bot.tick_once()
    assert report.paused == [game.id]
    await env.settle()
    thread = "\n".join(m.content for m in fake.messages_in(int(game.thread_id or 0)))
    assert "the game is paused until a manager resumes it" in thread
    # Alice owns the server: she is a manager and may resume.
    handle = await fake.slash(world.alice, world.channel, "game resume", {"game": game.id})
    assert "resumed" in (await handle.response()).content
    assert (await bot.referee.game(game.id)).status == "active"
    await env.assert_no_leak(game)
