"""One store trip an order (issue 9): after its own commit, a referee judges the game's next
order on the game and seats that commit left, without reading them first; the commit checks
they are still so. Whatever another process changed meanwhile (an order, a seat, the status),
the order is judged again on what the store holds, exactly as if it had been read first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from bot.referee import Referee
from bot.rules.core import RuleViolation
from bot.store import Store
from tests.referee.conftest import Clock, dump, started_game


def reads(store: Store, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The games whose submission read the game first (store.submit_context), in order."""
    seen: list[str] = []
    real: Callable[..., Any] = store.submit_context

    async def counted(game_id: str, key: str) -> Any:
        seen.append(game_id)
        return await real(game_id, key)

    monkeypatch.setattr(store, "submit_context", counted)
    return seen


async def test_an_order_after_the_processs_own_commit_reads_nothing_first(
    referee: Referee, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await started_game(referee)
    seen = reads(store, monkeypatch)
    await referee.submit(game, "alice", {"type": "hide", "vault": 2}, "k1")
    await referee.submit(game, "bob", {"type": "hide", "vault": 5}, "k2")
    await referee.submit(game, "alice", {"type": "raid", "vault": 5}, "k3")
    assert seen == []
    # Exactly what a referee reading everything afresh sees.
    _, state = await referee.state(game)
    _, fresh = await Referee(store).state(game)
    assert fresh == state
    assert [e.key for e in await store.log(game)] == ["setup", "k1", "k2", "k3"]


async def test_another_processs_order_is_seen_before_judging(
    referee: Referee, store: Store, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = await started_game(referee)
    await referee.submit(game, "alice", {"type": "hide", "vault": 2}, "k1")
    other = Referee(store, clock=clock)  # another process on the same database
    await other.submit(game, "bob", {"type": "hide", "vault": 5}, "k2")
    seen = reads(store, monkeypatch)
    # This referee's kept game is a version behind: its commit is refused, and the order is
    # judged again on the stored game (raids begin only once both have hidden).
    done = await referee.submit(game, "alice", {"type": "raid", "vault": 5}, "k3")
    assert seen == [game] and done.n == 3 and not done.duplicate
    _, state = await referee.state(game)
    _, fresh = await Referee(store).state(game)
    assert fresh == state


async def test_a_seat_handed_on_elsewhere_is_not_ordered_by_its_old_holder(
    referee: Referee, store: Store, clock: Clock
) -> None:
    game = await started_game(referee)
    await referee.submit(game, "alice", {"type": "hide", "vault": 2}, "k1")
    other = Referee(store, clock=clock)
    await other.substitute(game, "south", "carol", by_user="bob")  # the version stays
    before = await dump(store)
    with pytest.raises(RuleViolation) as refused:
        await referee.submit(game, "bob", {"type": "hide", "vault": 5}, "k2")
    assert refused.value.code == "core.seat.not_holder"
    assert await dump(store) == before
    await referee.submit(game, "carol", {"type": "hide", "vault": 5}, "k3")


async def test_a_game_paused_elsewhere_takes_no_order(
    referee: Referee, store: Store, clock: Clock
) -> None:
    game = await started_game(referee)
    await referee.submit(game, "alice", {"type": "hide", "vault": 2}, "k1")
    await Referee(store, clock=clock).set_status(game, "paused", by_user="alice")
    before = await dump(store)
    with pytest.raises(RuleViolation) as refused:
        await referee.submit(game, "bob", {"type": "hide", "vault": 5}, "k2")
    assert refused.value.code == "core.game.paused"
    assert await dump(store) == before


async def test_a_retried_order_is_answered_again_not_applied_twice(
    referee: Referee, store: Store
) -> None:
    game = await started_game(referee)
    await referee.submit(game, "alice", {"type": "hide", "vault": 2}, "k1")
    first = await referee.submit(game, "bob", {"type": "hide", "vault": 5}, "k2")
    again = await referee.submit(game, "bob", {"type": "hide", "vault": 5}, "k2")
    assert (first.duplicate, again.duplicate, again.n) == (False, True, first.n)
    assert [e.key for e in await store.log(game)] == ["setup", "k1", "k2"]
