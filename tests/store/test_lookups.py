"""The lookups every interaction makes (issue 9): the game of a thread, a server's newest games
by status, a user's games by status with their seats and deadlines, on both backends; and on
SQLite, that each is served by an index (no scan of the games table), so it stays flat with
the number of stored games (`python -m bot bench core` prints the figures). The plans are
asked of the same statements bot/store/queries.py runs."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bot.referee import Referee
from bot.store import GameRecord, GameStatus, Store


def _record(n: int, guild: str, status: GameStatus) -> GameRecord:
    return GameRecord(
        id=f"g{n:03d}",
        guild_id=guild,
        thread_id=f"t{n:03d}",
        ruleset="vaults",
        scenario="standard",
        options={},
        settings={},
        status=status,
        seed=b"s" * 32,
        commitment="c",
        created_by="u0",
        created_at=1000.0 + n,
        updated_at=1000.0 + n,
    )


async def _filled(database: str) -> Store:
    """30 games in two servers; every third is live; user u1 holds north in the even ones."""
    store = await Store.open(database)
    for n in range(30):
        status: GameStatus = "active" if n % 3 == 0 else "over"
        await store.create_game(_record(n, "A" if n < 20 else "B", status))
        await store.set_seat(f"g{n:03d}", "north", "u1" if n % 2 == 0 else "u2")
        await store.set_seat(f"g{n:03d}", "south", f"u{n + 10}")
    return store


async def test_lookups_find_what_the_scans_found(database: str) -> None:
    store = await _filled(database)
    try:
        found = await store.game_by_thread("t007")
        assert found is not None and found.id == "g007"
        assert await store.game_by_thread("nowhere") is None

        newest = await store.games("A", ("active",), newest=3)
        everything = await store.games("A", ("active",))
        assert [g.id for g in newest] == [g.id for g in everything][-3:] == ["g012", "g015", "g018"]

        live = await store.games_of_user("u1", ("active", "paused"))
        assert [(g.id, seat) for g, seat in live] == [
            (f"g{n:03d}", "north") for n in range(0, 30, 6)
        ]
        contexts = await store.user_contexts("u1", ("active",))
        assert [r.id for r, _, _ in contexts] == [g.id for g, _ in live]
        assert all(seats["north"] == "u1" and deadlines == [] for _, seats, deadlines in contexts)

        referee = Referee(store)
        assert (await referee.game_here("A", "t003", "nobody")).id == "g003"  # type: ignore[union-attr]
        assert await referee.game_here("B", "t003", "nobody") is None  # another server's thread
        # No thread: the user's only live game here, or none when there are several.
        assert (await referee.game_here("B", "elsewhere", "u1")).id == "g024"  # type: ignore[union-attr]
        assert await referee.game_here("A", "elsewhere", "u1") is None
    finally:
        await store.close()


@pytest.mark.parametrize(
    ("what", "sql", "args"),
    [
        (
            "the game of a thread",
            "SELECT id FROM games WHERE thread_id = ? ORDER BY created_at DESC LIMIT 1",
            ("t1",),
        ),
        (
            "a server's newest live games",
            "SELECT id FROM games WHERE guild_id = ? AND status IN (?, ?, ?)"
            " ORDER BY created_at DESC, id DESC LIMIT 20",
            ("A", "lobby", "active", "paused"),
        ),
        (
            "a user's games",
            "SELECT g.id FROM seats s JOIN games g ON g.id = s.game_id WHERE s.user_id = ?",
            ("u1",),
        ),
    ],
)
async def test_sqlite_serves_each_lookup_from_an_index(
    tmp_path: Path, what: str, sql: str, args: tuple[str, ...]
) -> None:
    path = tmp_path / "plan.sqlite3"
    await (await _filled(str(path))).close()  # migrated and filled
    conn = sqlite3.connect(path)
    try:
        plan = " | ".join(row[3] for row in conn.execute(f"EXPLAIN QUERY PLAN {sql}", args))
    finally:
        conn.close()
    assert "USING INDEX" in plan or "USING COVERING INDEX" in plan, (what, plan)
    assert "SCAN games" not in plan and "SCAN g " not in plan and "SCAN s " not in plan, plan
