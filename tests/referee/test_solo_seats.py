"""A game against the bot (Ruleset.solo_policy; Jutland 23.2): at the start the seats no
player took are the referee's, played by the game's solo policy at once; without the option
every seat still needs a player, and a game nobody sits in is refused either way."""

from __future__ import annotations

import pytest

from bot.referee import GameSettings, Referee
from bot.rules.core import RuleViolation
from bot.rules.jutland.state import JutlandState


async def test_the_bot_takes_the_side_nobody_took_and_plays_it(referee: Referee) -> None:
    record = await referee.create(
        "jutland", guild_id="g1", created_by="alice", options={"solo": True}
    )
    await referee.join(record.id, "alice", "british")
    await referee.start(record.id, "alice")
    settings = GameSettings.model_validate((await referee.game(record.id)).settings)
    assert settings.autopilot == {"german": "solo"}
    assert await referee.seats(record.id) == {"british": "alice"}
    german = [d for d in await referee.store.deadlines(record.id) if d.seat == "german"]
    assert german and all(d.due_at <= referee.clock() for d in german)
    report = await referee.tick()
    assert report.autopilot and {seat for _, seat in report.autopilot} == {"german"}
    _, state = await referee.state(record.id)
    assert isinstance(state, JutlandState)
    # The German answered every decision it owed; the British player's are open.
    prompts = (await referee.open_prompts(record.id))[2]
    assert prompts and {p.seat for p in prompts} == {"british"}
    log = await referee.store.log(record.id)
    assert [e.action["type"] for e in log[1:]] == ["solo_pick"] * (len(log) - 1)


async def test_without_the_option_every_side_needs_a_player(referee: Referee) -> None:
    record = await referee.create("jutland", guild_id="g1", created_by="alice")
    await referee.join(record.id, "alice", "british")
    with pytest.raises(RuleViolation) as err:
        await referee.start(record.id, "alice")
    assert err.value.code == "core.game.seats_missing"
    assert GameSettings.model_validate((await referee.game(record.id)).settings).autopilot == {}


async def test_a_game_against_the_bot_still_needs_one_player(referee: Referee) -> None:
    record = await referee.create(
        "jutland", guild_id="g1", created_by="alice", options={"solo": True}
    )
    with pytest.raises(RuleViolation) as err:
        await referee.start(record.id, "alice")
    assert err.value.code == "core.game.seats_missing"
