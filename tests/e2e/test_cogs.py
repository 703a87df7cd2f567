"""The bot loads every cog of its package; a broken one is logged and the others still work."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.harness import Env
from tests.fakediscord import FakeWorld


async def test_a_broken_cog_does_not_stop_the_others(
    fake_world: FakeWorld, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "somecogs"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "good.py").write_text("from cogs.play import setup  # noqa: F401\n")
    (package / "broken.py").write_text("raise RuntimeError('half-written cog')\n")
    (package / "_helper.py").write_text("raise RuntimeError('not a cog: never loaded')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    env = Env(fake_world, tmp_path / "db.sqlite3", cogs_package="somecogs")
    await env.start_bot()
    try:
        bot = env.running
        assert bot.loaded == ["somecogs.good"]
        assert list(bot.broken) == ["somecogs.broken"]
        handle = await env.fake.slash(fake_world.alice, fake_world.channel, "orders")
        assert "No decision is waiting" in await handle.answer()
    finally:
        await env.stop_bot()
