"""The production bot on PostgreSQL (REFEREE_DATABASE=postgresql://...): a whole Vaults game
through the fake Discord, a restart in the middle, every message sent once, and the finished
game's export verifies."""

from __future__ import annotations

from pathlib import Path

from bot.referee.verify import verify
from tests.e2e.harness import Env
from tests.fakediscord import FakeWorld


async def test_a_game_on_postgres_survives_a_restart_and_verifies(
    fake_world: FakeWorld, pg_url: str, tmp_path: Path
) -> None:
    env = Env(fake_world, pg_url)  # type: ignore[arg-type]  # a URL where a path would be
    await env.start_bot()
    try:
        assert env.running.store.dialect == "postgres"
        game = await env.new_game()
        await env.take_seats(game)
        await env.start(game)
        await env.settle()
        await env.restart()  # a new process on the same database carries on
        await env.play_to_end(game)
        await env.settle()
        record = await env.running.referee.game(game.id)
        assert record.status == "over"
        export = await env.running.referee.export(game.id, None, full=True)
        assert verify(export).problems == []
        # Every outbox message went out exactly once (each carries its stable nonce).
        nonces = [m.nonce for m in env.fake.messages.values() if m.nonce]
        assert len(nonces) == len(set(nonces))
        await env.assert_no_leaks_anywhere()
    finally:
        await env.stop_bot()
