"""Undo, and deadlines that survive restarts and fire exactly once."""

from __future__ import annotations

import pytest

from bot.referee import Referee
from bot.rules.core import RuleViolation
from bot.store import Store
from tests.referee.conftest import Clock, dump, started_game

HOUR = 3600.0


async def test_undo_takes_back_my_last_order(referee: Referee, store: Store) -> None:
    game = await started_game(referee)
    await referee.submit(game, "alice", {"type": "hide", "vault": 2}, "k1")
    assert await referee.undo(game, "alice") == 1
    _, state = await referee.state(game)
    assert state.hidden["north"] is None
    assert [e.undone for e in await store.log(game)] == [False, True]
    await referee.submit(game, "alice", {"type": "hide", "vault": 5}, "k2")
    _, state = await Referee(store).state(game)  # replayed from the log, undone entry skipped
    assert state.hidden["north"] == 5


async def test_undo_is_refused_for_others_dice_and_reveals(referee: Referee, store: Store) -> None:
    game = await started_game(referee)
    await referee.submit(game, "alice", {"type": "hide", "vault": 2}, "k1")
    with pytest.raises(RuleViolation) as refused:
        await referee.undo(game, "bob")
    assert refused.value.code == "core.undo.not_yours"
    await referee.submit(game, "bob", {"type": "hide", "vault": 3}, "k2")
    await referee.submit(game, "alice", {"type": "raid", "vault": 1}, "k3")  # rolls a die
    before = await dump(store)
    with pytest.raises(RuleViolation) as refused:
        await referee.undo(game, "alice")
    assert refused.value.code in ("core.undo.dice_rolled", "core.game.over")
    assert await dump(store) == before


async def _reopen(database: str, clock: Clock) -> tuple[Store, Referee]:
    store = await Store.open(database)
    return store, Referee(store, clock=clock)


async def test_deadline_applies_the_default_after_a_restart_exactly_once(
    referee: Referee, store: Store, database: str, clock: Clock
) -> None:
    game = await started_game(referee, deadline_hours=24, remind_before_hours=6)
    await referee.submit(game, "alice", {"type": "hide", "vault": 4}, "k1")
    assert [(d.seat, d.prompt_id) for d in await store.deadlines(game)] == [("south", "hide")]
    await store.close()

    clock.now += 19 * HOUR  # inside the reminder window, after a restart
    store2, ref2 = await _reopen(database, clock)
    assert (await ref2.tick()).reminded == [(game, "south")]
    assert (await ref2.tick()).reminded == []
    clock.now += 6 * HOUR
    assert (await ref2.tick()).applied == [(game, "south")]
    await store2.close()

    store3, ref3 = await _reopen(database, clock)
    report = await ref3.tick(clock.now + 100 * HOUR)
    assert report.applied == [(game, "north")]  # only the next prompt, never the old one again
    _, state = await ref3.state(game)
    assert state.hidden["south"] == 1  # the prompt's default
    log = await store3.log(game)
    assert [e.key for e in log].count("deadline:south:hide") == 1
    assert sum(1 for m in await store3.pending() if m.kind == "reminder") == 1
    await store3.close()


async def test_pause_and_notify_policies(referee: Referee, store: Store, clock: Clock) -> None:
    paused = await started_game(referee, deadline_hours=1, on_expiry="pause")
    notified = await started_game(referee, deadline_hours=1, on_expiry="notify")
    clock.now += 2 * HOUR
    report = await referee.tick()
    assert report.paused == [paused]
    assert sorted(report.notified) == [(notified, "north"), (notified, "south")]
    assert (await referee.game(paused)).status == "paused"
    assert len(await store.log(notified)) == 1  # nothing applied, only told
    expired = [m for m in await store.pending() if m.kind == "expired"]
    assert {m.game_id for m in expired} == {paused, notified}
    assert (await referee.tick()).notified == []
