"""/pb commands beyond the orders the whole battle gives (test_pocket_battles_battle.py): what a
trait does in the reader's language, each player's own battlefield and army, autocomplete that
offers a seat only its own decision's options (the Romans never see a Celtic tile while the
armies are built), and refusals that name what is wrong."""

from __future__ import annotations

import pytest

from bot.rules.pocket_battles import RULESET
from bot.store import GameRecord
from tests.e2e import campaign as shared
from tests.e2e.harness import Env


async def _battle(env: Env) -> GameRecord:
    fake, world = env.fake, env.world
    game = await env.new_game(ruleset="pocket-battles", options="size=50")
    lobby = env.lobby_message(game)
    for user, seat in ((world.alice, "celts"), (world.bob, "romans")):
        await (await fake.click(user, lobby, f"ref:lobby:{game.id}:seat:{seat}")).response()
    await (await fake.click(world.alice, lobby, f"ref:lobby:{game.id}:start")).response()
    await env.settle()
    return await env.running.referee.game(game.id)


async def test_trait_in_both_languages(env: Env) -> None:
    fake, world = env.fake, env.world
    choices = await fake.autocomplete(world.alice, world.channel, "pb trait", "trait", "imp")
    assert [c["value"] for c in choices] == ["impetus"]
    handle = await fake.slash(world.alice, world.channel, "pb trait", {"trait": "impetus"})
    assert "2 dice more" in await handle.answer()
    handle = await fake.slash(world.bob, world.channel, "pb trait", {"trait": "冲势"})
    assert "2 颗骰子" in await handle.answer()
    handle = await fake.slash(world.alice, world.channel, "pb trait", {"trait": "flying"})
    assert "No trait" in await handle.answer()


async def test_building_autocomplete_is_the_seats_own(env: Env) -> None:
    """Pocket Battles 3.2: each side completes only its own tiles, and its army and
    battlefield come to it alone."""
    fake, world = env.fake, env.world
    game = await _battle(env)
    thread = fake.channel(int(game.thread_id or 0))
    celtic = await fake.autocomplete(world.alice, thread, "pb unit", "tiles", "")
    roman = await fake.autocomplete(world.bob, thread, "pb unit", "tiles", "")
    assert celtic and all(c["value"].startswith("celts_") for c in celtic)
    assert roman and all(c["value"].startswith("romans_") for c in roman)
    assert "分" in roman[0]["name"]  # bob's preview in Chinese
    handle = await fake.slash(world.alice, thread, "pb unit", {"tiles": "celts_02_warrior_queen"})
    reply = await handle.answer()
    assert "✅" in reply and "7 of 50 points" in reply
    handle = await fake.slash(
        world.alice,
        thread,
        "pb unit",
        {"tiles": "celts_12_horsemen,celts_13_horsemen,celts_25_warband"},
    )
    refused = await handle.answer()
    assert "✅" not in refused and "3.3" in refused, refused  # Horsemen: formation 2
    # Five tiles are over every formation value (4 at most): the rule refuses them (3.3), in
    # each player's language, and the army is unchanged.
    five = ",".join(f"celts_{n}_warband" for n in range(25, 30))
    handle = await fake.slash(world.alice, thread, "pb unit", {"tiles": five})
    refused = await handle.answer()
    assert "✅" not in refused and "3.3" in refused and "5 tiles" in refused, refused
    legion = ",".join(f"romans_{n}_archers" for n in range(20, 25))
    handle = await fake.slash(world.bob, thread, "pb unit", {"tiles": legion})
    refused = await handle.answer()
    assert "✅" not in refused and "3.3" in refused and "5 个兵种" in refused, refused
    _, state = await env.running.referee.state(game.id)
    assert [u.id for u in state.units.values()] == ["celts_1"]  # the Warrior Queen alone
    handle = await fake.slash(world.alice, thread, "pb map")
    shown = await handle.wait_original()
    assert shown.ephemeral and shown.attachments and "Warrior Queen" in shown.content
    _, state = await env.running.referee.state(game.id)
    assert "celts_02_warrior_queen" in RULESET.secrets(state, "romans")
    # The leak check catches the sealed army's tile named in the thread, by name (3.2).
    readers = {"public": None, "romans": world.bob}
    leaks = shared.LeakCheck(env, RULESET, readers, [])
    await leaks(game.id)
    planted = fake.store_message(
        thread, {"content": "they built a Warrior Queen"}, [], kind="channel"
    )
    with pytest.raises(AssertionError, match=r"\['Warrior Queen'\] leaked to public"):
        await leaks(game.id)
    planted.deleted = True
    await leaks(game.id)
    handle = await fake.slash(world.bob, thread, "pb map")
    theirs = await handle.wait_original()
    assert theirs.ephemeral and "Warrior Queen" not in theirs.content
    handle = await fake.slash(world.bob, thread, "pb charge", {"unit": "x", "target": "y"})
    assert "不能下这个命令" in await handle.answer()  # building: no charge is open
