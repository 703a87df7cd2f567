"""Settings from the environment, structured logs, commands synced to a development guild,
leaving a lobby, and a clean shutdown that delivers what is pending before it closes."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from bot.client import NO_TOKEN_MESSAGE
from bot.logging import JsonFormatter, KeyValueFormatter
from bot.settings import Settings
from tests.e2e.harness import Env
from tests.fakediscord import FakeWorld


def test_settings_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setenv("DEV_GUILD_ID", "42")
    monkeypatch.setenv("REFEREE_DATABASE", "/tmp/x.sqlite3")
    monkeypatch.setenv("REFEREE_DEADLINE_HOURS", "24")
    monkeypatch.setenv("REFEREE_ON_EXPIRY", "pause")
    settings = Settings()
    assert settings.token is not None and settings.token.get_secret_value() == "abc"
    assert settings.dev_guild_id == 42 and settings.database == "/tmp/x.sqlite3"
    assert settings.game_defaults() == {
        "deadline_hours": 24.0,
        "remind_before_hours": 12.0,
        "on_expiry": "pause",
    }
    monkeypatch.setenv("REFEREE_TOKEN", "def")
    assert Settings().token.get_secret_value() == "def"  # type: ignore[union-attr]
    assert "python -m bot play" in NO_TOKEN_MESSAGE["en"]
    assert "python -m bot play" in NO_TOKEN_MESSAGE["zh"] and "令牌" in NO_TOKEN_MESSAGE["zh"]


def test_structured_log_lines() -> None:
    record = logging.LogRecord("bot.delivery", logging.INFO, __file__, 1, "delivered", None, None)
    record.game = "ab12cd34"
    record.error = "503 Service Unavailable"
    line = KeyValueFormatter().format(record)
    assert "level=INFO" in line and "game=ab12cd34" in line
    assert 'error="503 Service Unavailable"' in line and "msg=delivered" in line
    data = json.loads(JsonFormatter().format(record))
    assert data["game"] == "ab12cd34" and data["logger"] == "bot.delivery"


async def test_dev_guild_sync_leave_and_clean_shutdown(
    fake_world: FakeWorld, tmp_path: Path
) -> None:
    fake, world = fake_world.fake, fake_world
    overrides = {"dev_guild_id": world.guild.id, "delivery_poll_seconds": 60.0}
    env = Env(world, tmp_path / "db.sqlite3", overrides=overrides)
    await env.start_bot()
    try:
        assert env.running.settings.dev_guild_id == world.guild.id
        assert {c["name"] for c in fake.synced_commands(world.guild)} >= {"game", "orders"}
        assert fake.synced_commands() == []  # nothing global while developing
        game = await env.new_game()
        lobby = env.lobby_message(game)
        await (await fake.click(world.bob, lobby, f"ref:lobby:{game.id}:seat:south")).response()
        assert f"<@{world.bob.id}>" in fake.message(lobby.id).content
        await (await fake.click(world.bob, lobby, f"ref:lobby:{game.id}:leave")).response()
        assert f"<@{world.bob.id}>" not in fake.message(lobby.id).content
        handle = await fake.slash(world.bob, world.channel, "game join", {"game": game.id})
        await handle.response()
        handle = await fake.slash(world.bob, world.channel, "game leave", {"game": game.id})
        assert "left" in (await handle.response()).content or "离开" in handle.text()
        await env.take_seats(game)
        # Started behind the bot's back (nothing wakes its delivery, which polls once a
        # minute here): the outbox fills up...
        await env.running.referee.start(game.id, str(world.alice.id))
        assert await env.running.store.pending()
        assert not any(
            "The game has started" in m.content for m in fake.messages_in(int(game.thread_id or 0))
        )
        await env.assert_no_leaks_anywhere()
    finally:
        await env.stop_bot()  # ...and a clean shutdown delivers it before closing
    thread = fake.messages_in(int(game.thread_id or 0))
    assert any("The game has started" in m.content for m in thread)
    assert any("Your treasury holds" in m.content for m in fake.dms_to(world.alice))


async def test_run_until_sigterm_then_close_cleanly(fake_world: FakeWorld, tmp_path: Path) -> None:
    """`python -m bot run` as a container runs it: up until SIGTERM, then a clean close."""
    import asyncio
    import os
    import signal

    from bot.client import run

    fake = fake_world.fake
    settings = Settings(token=fake.token, database=tmp_path / "run.sqlite3", log_level="WARNING")
    root, discord_log = logging.getLogger(), logging.getLogger("discord")
    handlers, level, discord_level = list(root.handlers), root.level, discord_log.level
    task = asyncio.create_task(run(settings))
    await fake.wait_ready()
    handle = await fake.slash(fake_world.alice, fake_world.channel, "orders")
    assert "No decision" in await handle.answer()
    os.kill(os.getpid(), signal.SIGTERM)
    await asyncio.wait_for(task, 10)
    asyncio.get_running_loop().remove_signal_handler(signal.SIGTERM)
    # run() configured logging for a whole process: give pytest its own back.
    root.handlers[:] = handlers
    root.setLevel(level)
    discord_log.setLevel(discord_level)
