"""Undo, and deadlines that survive restarts and fire exactly once."""

from __future__ import annotations

import random

import pytest

from bot.autoplay import random_action
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


async def _war_at_sea(referee: Referee, snapshot_every: int | None) -> str:
    settings = {"snapshot_every": snapshot_every} if snapshot_every else None
    record = await referee.create(
        "war-at-sea",
        guild_id="g1",
        created_by="alice",
        options={"variant_18_2": True},
        settings=settings,
    )
    await referee.join(record.id, "alice", "allies")
    await referee.join(record.id, "bob", "axis")
    await referee.start(record.id, "alice")
    return record.id


async def test_undo_at_a_snapshot_when_every_entry_is_one(referee: Referee, store: Store) -> None:
    """The issue's reproduction: snapshot_every 1, place ships, undo."""
    game = await _war_at_sea(referee, 1)
    _, before = await referee.state(game)
    prompt = (await referee.prompts(game, "alice"))[0]
    form = prompt.form("place_ships")
    assert form is not None
    ships, port = form.inputs[0].values()[:1], form.inputs[1].values()[0]
    await referee.submit(game, "alice", form.build({"ships": ships, "port": port}), "p1")
    assert await referee.undo(game, "alice") == 1
    _, after = await Referee(store).state(game)  # nothing cached: from the snapshots
    assert after.model_dump() == before.model_dump()


@pytest.mark.parametrize("every", [1, 2, None], ids=["every-1", "every-2", "default"])
async def test_undo_works_at_every_snapshot_cadence(
    referee: Referee, store: Store, every: int | None
) -> None:
    """Random games: after every order that may be taken back, undo it, check the game is
    exactly as before (also when replayed from the store alone), then give the order again."""
    rng = random.Random(f"undo-{every}")
    undone = 0
    for n in range(2 if every else 1):
        game = await _war_at_sea(referee, every)
        for step in range(70 if every else 110):
            user = rng.choice(["alice", "bob"])
            prompts = await referee.prompts(game, user)
            if not prompts:
                continue
            _, before = await referee.state(game)
            prompt = rng.choice(prompts)
            raw = random_action(prompt, rng)
            try:
                await referee.submit(game, user, raw, f"{n}-{step}")
            except RuleViolation:
                raw = prompt.default or {}
                await referee.submit(game, user, raw, f"{n}-{step}d")
            try:
                await referee.undo(game, user)
            except RuleViolation as exc:
                assert exc.code in ("core.undo.dice_rolled", "core.undo.revealed", "core.game.over")
                continue
            undone += 1
            _, state = await referee.state(game)
            assert state.model_dump() == before.model_dump()
            if every or undone % 4 == 0:  # a fresh referee replays from the store alone
                _, replayed = await Referee(store).state(game)
                assert replayed.model_dump() == before.model_dump()
            await referee.submit(game, user, raw, f"{n}-{step}-again")
    assert undone >= 15
