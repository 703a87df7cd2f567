"""Submitting orders: one transaction each, idempotent, and refusals that change nothing."""

from __future__ import annotations

import asyncio

import pytest

from bot.referee import Referee
from bot.rules.core import RuleViolation
from bot.store import Store
from tests.referee.conftest import dump, started_game


async def test_a_retried_submission_is_applied_once(referee: Referee, store: Store) -> None:
    game = await started_game(referee)
    first = await referee.submit(game, "alice", {"type": "hide", "vault": 3}, "interaction-1")
    again = await referee.submit(game, "alice", {"type": "hide", "vault": 3}, "interaction-1")
    assert (first.duplicate, again.duplicate) == (False, True)
    assert again.n == first.n
    log = await store.log(game)
    assert [e.key for e in log] == ["setup", "interaction-1"]
    assert (await referee.game(game)).version == 2


async def test_concurrent_retries_apply_once(referee: Referee, store: Store) -> None:
    game = await started_game(referee)
    order = {"type": "hide", "vault": 5}
    results = await asyncio.gather(*(referee.submit(game, "bob", order, "same") for _ in range(5)))
    assert sum(not r.duplicate for r in results) == 1
    assert len(await store.log(game)) == 2


@pytest.mark.parametrize(
    ("user", "order", "kwargs", "code"),
    [
        ("alice", {"type": "raid", "vault": 1}, {}, "core.prompt.wrong_order"),
        ("alice", {"type": "hide", "vault": 9}, {}, "vaults.hide.no_such_vault"),
        ("alice", {"type": "hide"}, {}, "core.order.missing"),
        ("alice", {"type": "fly", "vault": 1}, {}, "core.order.unknown"),
        ("alice", {"type": "hide", "vault": "one"}, {}, "core.action.malformed"),
        ("alice", {"type": "hide", "vault": 1, "gem": "ruby"}, {}, "core.order.unused_field"),
        ("carol", {"type": "hide", "vault": 1}, {}, "core.seat.not_holder"),
        ("alice", {"type": "hide", "vault": 1}, {"seat": "south"}, "core.seat.not_holder"),
        ("alice", {"type": "hide", "vault": 1}, {"expected_version": 0}, "core.version.stale"),
        ("alice", {"type": "hide", "vault": 1}, {"guild_id": "other"}, "core.game.not_found"),
    ],
)
async def test_refusals_have_stable_codes_and_write_nothing(
    referee: Referee, store: Store, user: str, order: dict, kwargs: dict, code: str
) -> None:
    game = await started_game(referee)
    before = await dump(store)
    with pytest.raises(RuleViolation) as refused:
        await referee.submit(game, user, order, "k1", **kwargs)
    assert refused.value.code == code
    assert refused.value.section  # every refusal names the rule or the referee
    assert await dump(store) == before


async def test_an_unknown_game_is_not_found(referee: Referee, store: Store) -> None:
    before = await dump(store)
    with pytest.raises(RuleViolation) as refused:
        await referee.submit("nosuchgame", "alice", {"type": "hide", "vault": 1}, "k")
    assert refused.value.code == "core.game.not_found"
    assert await dump(store) == before


async def test_a_closed_prompt_is_refused(referee: Referee, store: Store) -> None:
    """North has hidden; until south hides, north owes nothing (War at Sea 11.8-style sealing)."""
    game = await started_game(referee)
    await referee.submit(game, "alice", {"type": "hide", "vault": 2}, "k1")
    before = await dump(store)
    with pytest.raises(RuleViolation) as refused:
        await referee.submit(game, "alice", {"type": "hide", "vault": 4}, "k2")
    assert refused.value.code == "core.seat.not_holder" or refused.value.code.startswith(
        "core.prompt"
    )
    assert await dump(store) == before


async def test_a_stale_state_version_is_refused(referee: Referee) -> None:
    game = await started_game(referee)
    version = (await referee.game(game)).version
    await referee.submit(
        game, "alice", {"type": "hide", "vault": 2}, "k1", expected_version=version
    )
    with pytest.raises(RuleViolation) as refused:
        await referee.submit(
            game, "bob", {"type": "hide", "vault": 2}, "k2", expected_version=version
        )
    assert refused.value.code == "core.version.stale"


async def test_a_new_referee_on_the_same_file_sees_the_same_game(
    referee: Referee, store: Store, clock: object
) -> None:
    game = await started_game(referee, snapshot_every=2)
    await referee.submit(game, "alice", {"type": "hide", "vault": 2}, "k1")
    await referee.submit(game, "bob", {"type": "hide", "vault": 6}, "k2")
    await referee.submit(game, "alice", {"type": "raid", "vault": 1}, "k3")
    _, state = await referee.state(game)
    fresh = Referee(store)
    _, replayed = await fresh.state(game)
    assert replayed == state


async def test_games_proceed_in_parallel(referee: Referee, store: Store) -> None:
    games = [await started_game(referee) for _ in range(4)]
    await asyncio.gather(
        *(referee.submit(g, "alice", {"type": "hide", "vault": 1}, f"k-{g}") for g in games)
    )
    for g in games:
        assert [e.key for e in await store.log(g)] == ["setup", f"k-{g}"]


async def test_the_seed_is_committed_and_revealed_only_at_the_end(
    referee: Referee, store: Store
) -> None:
    game = await started_game(referee)
    started = [m for m in await store.pending() if m.kind == "started"]
    record = await referee.game(game)
    assert started[0].payload["commitment"] == record.commitment
    assert all(record.seed.hex() not in str(m.payload) for m in await store.pending())
    await referee.submit(game, "alice", {"type": "hide", "vault": 1}, "k1")
    await referee.submit(game, "bob", {"type": "hide", "vault": 1}, "k2")
    while (await referee.game(game)).status != "over":
        for prompt in (await referee.prompts(game, "alice")) + (await referee.prompts(game, "bob")):
            user = "alice" if prompt.seat == "north" else "bob"
            await referee.submit(game, user, prompt.default or {}, f"k-{prompt.id}")
    over = [m for m in await store.pending() if m.kind == "over"]
    assert over[0].payload["seed"] == record.seed.hex()


async def test_a_lobby_owes_no_decisions(referee: Referee) -> None:
    record = await referee.create("vaults", guild_id="g1", created_by="alice")
    await referee.join(record.id, "alice", "north")
    assert await referee.prompts(record.id, "alice") == []
    with pytest.raises(RuleViolation) as refused:
        await referee.submit(record.id, "alice", {"type": "hide", "vault": 1}, "k")
    assert refused.value.code == "core.game.lobby"
