"""What the Jutland play-variant games through Discord share (tests/e2e/test_jutland_mini.py,
test_jutland_solo.py): the bot started with a fixed seed and game id, every drawn view and
delivered payload recorded; a game opened by /game new up to its thread; an order given by
the shared order components."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from bot.referee import service
from bot.rules.core import Prompt
from bot.store import GameRecord
from tests.e2e import campaign as shared
from tests.e2e.harness import Env
from tests.fakediscord import FakeUser, FakeWorld


@contextlib.asynccontextmanager
async def recorded(
    world: FakeWorld, tmp_path: Path, monkeypatch: Any, seed: bytes, game_id: str
) -> AsyncIterator[tuple[Env, Any, shared.Sent]]:
    monkeypatch.setattr(service, "new_seed", lambda: seed)
    monkeypatch.setattr(service, "_new_id", lambda: game_id)
    import rendering.jutland  # noqa: F401  (registers the renderer recorded here)

    drawn = shared.record_drawing(monkeypatch, "jutland")
    sent = shared.record_delivery(monkeypatch)
    env = Env(world, tmp_path / "referee.sqlite3", overrides={"map_pool": "thread"})
    await env.start_bot()
    try:
        yield env, drawn, sent
    finally:
        await env.stop_bot()


async def open_game(env: Env, user: FakeUser, game_id: str, **options: Any) -> GameRecord:
    """/game new ruleset:jutland with ``options``; the record once its thread is there."""
    fake, world = env.fake, env.world
    handle = await fake.slash(user, world.channel, "game new", {"ruleset": "jutland", **options})
    assert not (await handle.response()).ephemeral
    await fake.wait_until(lambda: bool(fake.threads_in(world.channel)), what="the thread")
    record = await env.running.referee.game(game_id)
    for _ in range(200):
        record = await env.running.referee.game(game_id)
        if record.thread_id:
            break
    return record


async def order(
    env: Env,
    game_id: str,
    user: FakeUser,
    prompt: Prompt,
    action: dict[str, Any],
    *,
    fresh: bool,
    routes: dict[str, int],
) -> None:
    """``action`` for ``prompt`` by the order components (the DM's, or a fresh /orders)."""
    record = await env.running.referee.game(game_id)
    thread = env.fake.channel(int(record.thread_id or 0))
    reply = await shared.answer_with_components(
        env, record, thread, user, prompt, action, fresh=fresh, routes=routes
    )
    assert "✅" in reply, (action, reply)
