"""A reused idempotency key answers only its own user with the same order, and submit hands
its caller only what the caller's seat may read."""

from __future__ import annotations

import random

import pytest

from bot.autoplay import random_action
from bot.referee import Referee
from bot.rules.core import RuleViolation
from bot.store import Store
from tests.referee.conftest import dump, started_game


async def test_a_key_answers_only_its_user_with_the_same_order(
    referee: Referee, store: Store
) -> None:
    game = await started_game(referee)
    order = {"type": "hide", "vault": 3}
    first = await referee.submit(game, "alice", order, "k1")
    before = await dump(store)
    for user, again, kwargs in [
        ("mallory", order, {}),  # holds no seat
        ("bob", order, {}),  # holds the other seat
        ("alice", {"type": "hide", "vault": 4}, {}),  # another order
        ("alice", {"type": "raid", "vault": 3}, {}),
        ("alice", order, {"seat": "south"}),
    ]:
        with pytest.raises(RuleViolation) as refused:
            await referee.submit(game, user, again, "k1", **kwargs)
        assert refused.value.code == "core.key.reused", (user, again)
    assert await dump(store) == before
    retried = await referee.submit(game, "alice", order, "k1")
    assert retried.duplicate and retried.n == first.n
    assert retried.events == first.events
    assert {e.audience for e in retried.events} <= {"public", "north"}


async def test_start_hands_back_only_public_events(referee: Referee, store: Store) -> None:
    record = await referee.create("vaults", guild_id="g1", created_by="alice")
    await referee.join(record.id, "alice", "north")
    await referee.join(record.id, "bob", "south")
    started = await referee.start(record.id, "alice")
    setup = (await store.log(record.id))[0]
    assert {e.audience for e in setup.events} == {"north", "south"}  # each seat's gem
    assert started.events == []


async def test_submit_returns_only_what_the_callers_seat_may_read(
    referee: Referee, store: Store
) -> None:
    """War at Sea under 18.2: Axis orders set off Allied-only events (named face-down
    counters); the Axis caller is handed none of them, the log keeps them all."""
    record = await referee.create(
        "war-at-sea", guild_id="g1", created_by="alice", options={"variant_18_2": True}
    )
    await referee.join(record.id, "alice", "allies")
    await referee.join(record.id, "bob", "axis")
    await referee.start(record.id, "alice")
    rng = random.Random(11)
    withheld = 0
    for step in range(150):
        user = rng.choice(["alice", "bob"])
        prompts = await referee.prompts(record.id, user)
        if not prompts:
            continue
        prompt = rng.choice(prompts)
        try:
            done = await referee.submit(record.id, user, random_action(prompt, rng), f"s{step}")
        except RuleViolation:
            done = await referee.submit(record.id, user, prompt.default or {}, f"d{step}")
        assert all(e.visible_to(done.seat) for e in done.events)
        logged = (await store.log(record.id))[-1]
        withheld += sum(not e.visible_to(done.seat) for e in logged.events)
        if (await referee.game(record.id)).status != "active":
            break
    assert withheld > 0
