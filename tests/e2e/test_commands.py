"""The other commands: autocomplete, status with a picture, list, log, export, settings and
variants, /order by name, /undo, an unexpected error's incident id, a broken cog."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator, Mapping
from typing import Any

import pytest
from PIL import Image

from bot.referee import Referee
from rendering import registry
from tests.e2e.harness import Env


def _tiny_map(view: Mapping[str, Any]) -> bytes:
    """A test renderer: a picture whose pixels depend on the public part of the view."""
    image = Image.new("RGB", (24, 12), (20, 40, 60 + 10 * len(view.get("opened", {}))))
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


@pytest.fixture
def vaults_pictures() -> Iterator[None]:
    registry.register("vaults", _tiny_map)
    yield
    registry.unregister("vaults")


async def test_autocomplete_status_list_and_pictures(env: Env, vaults_pictures: None) -> None:
    fake, world = env.fake, env.world
    rulesets = await fake.autocomplete(world.alice, world.channel, "game new", "ruleset", "vau")
    assert {"name": "Vaults (test game) (vaults)", "value": "vaults"} in rulesets
    scenarios = await fake.autocomplete(
        world.bob, world.channel, "game new", "scenario", "", {"ruleset": "vaults"}
    )
    assert scenarios == [{"name": "标准", "value": "standard"}]
    game = await env.new_game(options="raids=2")
    assert "raids=2" in env.lobby_message(game).content
    await env.take_seats(game)
    await env.start(game)
    await env.settle()
    thread = fake.messages_in(int(game.thread_id or 0))
    assert any(a.filename == "map.png" for m in thread for a in m.attachments)
    assert any(a.filename == "view.png" for m in fake.dms_to(world.alice) for a in m.attachments)

    handle = await fake.slash(world.bob, world.channel, "game status", {"game": game.id})
    assert (await handle.response()).type == 5  # drawing takes a moment: deferred
    status = await handle.wait_original()
    assert status.ephemeral and "进行中" in status.content and status.attachments
    choices = await fake.autocomplete(world.alice, world.channel, "game status", "game", "")
    assert [c["value"] for c in choices] == [game.id]
    handle = await fake.slash(world.alice, world.channel, "game list")
    assert game.id in (await handle.response()).content
    await env.assert_no_leak(game)


async def test_log_export_settings_undo_and_order_by_name(env: Env) -> None:
    fake, world = env.fake, env.world
    game = await env.new_game()
    handle = await fake.slash(
        world.alice, world.channel, "game settings", {"game": game.id, "options": "raids=1"}
    )
    assert "raids=1" in (await handle.response()).content
    handle = await fake.slash(
        world.bob, world.channel, "game settings", {"game": game.id, "deadline_hours": 1}
    )
    assert "创建者" in (await handle.response()).content  # only the creator or a manager
    await env.take_seats(game)
    await env.start(game)
    await env.settle()
    handle = await fake.slash(
        world.alice, world.channel, "game settings", {"game": game.id, "options": "raids=2"}
    )
    assert "already started" in (await handle.response()).content

    # Alice hides by name with /order, then takes it back, then hides again.
    orders = await fake.autocomplete(world.alice, world.channel, "order", "order", "hide")
    assert len(orders) == 1 and game.id in orders[0]["name"]
    values = await fake.autocomplete(
        world.alice, world.channel, "order", "value", "4", {"order": orders[0]["value"]}
    )
    assert values == [{"name": "Vault 4", "value": "4"}]
    handle = await fake.slash(
        world.alice, world.channel, "order", {"order": orders[0]["value"], "value": "4"}
    )
    assert "Order given" in await handle.answer()
    handle = await fake.slash(world.alice, world.channel, "undo", {"game": game.id})
    assert "taken back" in (await handle.response()).content
    await env.settle()
    handle = await fake.slash(world.alice, world.channel, "orders")
    await handle.answer()
    assert handle.original is not None and handle.original.custom_ids(), "open again"
    await env.answer(world.alice, handle.original or fake.ephemerals_for(world.alice)[-1])

    handle = await fake.slash(world.alice, world.channel, "game log", {"game": game.id})
    log = (await handle.response()).content
    assert log.count("You hid your treasury") == 1  # the undone order is not listed
    handle = await fake.slash(world.bob, world.channel, "game export", {"game": game.id})
    await handle.response()
    (exported,) = await handle.wait_followups(1)
    data = json.loads(exported.attachments[0].data)
    assert data["audience"] == "south" and data["seed"] is None
    handle = await fake.slash(
        world.bob, world.channel, "game export", {"game": game.id, "full": True}
    )
    await handle.response()
    (refused,) = await handle.wait_followups(1)
    assert refused.ephemeral and not refused.attachments
    await env.play_to_end(game)
    await env.settle()
    handle = await fake.slash(
        world.bob, world.channel, "game export", {"game": game.id, "full": True}
    )
    await handle.response()
    (full,) = await handle.wait_followups(1)
    assert json.loads(full.attachments[0].data)["seed"]
    await env.assert_no_leak(game)


async def test_an_unexpected_error_gets_an_incident_id(
    env: Env, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    async def broken(self: Referee, *args: Any) -> Any:
        raise RuntimeError("the disk is on fire")

    game = await env.new_game()
    monkeypatch.setattr(Referee, "seated", broken)
    handle = await env.fake.slash(env.world.alice, env.world.channel, "orders", {"game": game.id})
    reply = await handle.answer()
    assert handle.first is not None and handle.first.ephemeral
    assert "incident id" in reply and "fire" not in reply
    incident = reply.split("`")[1]
    record = next(r for r in caplog.records if getattr(r, "incident", None) == incident)
    assert record.exc_info is not None
