"""Crash safety: a worker plays Vaults games through the real referee on a database and is
killed with SIGKILL at random moments, several times, each restart carrying on the same games.
Then every acknowledged order is in the log, no log entry is half-written (rolls, version, outbox
and snapshots agree with the log), the database is intact, and every game loads and takes another
order. On both backends: a SQLite file, and a PostgreSQL database (the process dies, the server
stays: the transactions it left open are rolled back by the server).
"""

from __future__ import annotations

import contextlib
import json
import random
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import tests.vaults
from bot.referee import Referee
from bot.rules.core import ReplayDice
from bot.store import Store
from bot.store.base import is_postgres
from tests.store.crash_worker import GUILD, USERS

REPO = Path(__file__).resolve().parents[2]
ROUNDS = 5
VAULTS = tests.vaults.RULESET
ROLLS_PER_ORDER = {"setup": 2, "raid": 1, "hide": 0, "pass": 0}  # Vaults' dice, by order type


@dataclass
class Acks:
    started: set[str] = field(default_factory=set)
    submitted: list[tuple[str, int, str]] = field(default_factory=list)
    undone: list[tuple[str, int]] = field(default_factory=list)

    def read(self, text: str) -> None:
        for line in text.splitlines():
            word, *rest = line.split()
            if word == "START":
                self.started.add(rest[0])
            elif word == "ACK":
                self.submitted.append((rest[0], int(rest[1]), rest[2]))
            elif word == "UNDO":
                self.undone.append((rest[0], int(rest[1])))


@contextlib.contextmanager
def _connect(db: str) -> Iterator[Any]:
    """A plain connection to the database (sqlite3, or psycopg speaking the same SQL)."""
    if is_postgres(db):
        import psycopg

        from bot.store.postgres import PgConn

        with psycopg.connect(db, autocommit=True) as raw:
            yield PgConn(raw)
        return
    conn = sqlite3.connect(db, isolation_level=None)
    try:
        yield conn
    finally:
        conn.close()


def _run_and_kill(db: str, out: Path, err: Path, seed: int, delay: float) -> str:
    """Start the worker, wait until its store is open, let it work ``delay`` s, SIGKILL it."""
    with out.open("w") as stdout, err.open("w") as stderr:
        worker = subprocess.Popen(
            [sys.executable, "-m", "tests.store.crash_worker", str(db), str(seed)],
            cwd=REPO,
            stdout=stdout,
            stderr=stderr,
        )
        try:
            deadline = time.monotonic() + 15
            while "READY" not in out.read_text() and worker.poll() is None:
                assert time.monotonic() < deadline, "the worker never opened the store"
                time.sleep(0.01)
            # The delay counts from the first acknowledgement, not from READY: on a loaded
            # machine the first order can take longer than the whole delay, and a round that
            # acknowledged nothing proves nothing.
            deadline = time.monotonic() + 30
            while "\nACK " not in "\n" + out.read_text() and worker.poll() is None:
                assert time.monotonic() < deadline, "the worker never acknowledged an order"
                time.sleep(0.01)
            time.sleep(delay)
            assert worker.poll() is None, f"the worker stopped by itself:\n{err.read_text()}"
            worker.send_signal(signal.SIGKILL)
            assert worker.wait(10) == -signal.SIGKILL
        finally:
            if worker.poll() is None:
                worker.kill()
                worker.wait()
    return out.read_text()


def _check_file(db: str, acks: Acks) -> dict[str, str]:
    """The structural checks, straight on the database. Returns each game's status."""
    with _connect(db) as conn:
        if not is_postgres(db):  # (PostgreSQL enforces its foreign keys on every write)
            assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
            assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        games = {
            g: (status, version, next_roll)
            for g, status, version, next_roll in conn.execute(
                "SELECT id, status, version, next_roll FROM games WHERE guild_id = ?", (GUILD,)
            )
        }
        for game_id, (status, version, next_roll) in games.items():
            _check_game(conn, game_id, status, version, next_roll)
        logged = {
            (g, n, key)
            for g, n, key in conn.execute("SELECT game_id, n, key FROM actions WHERE n > 0")
        }
        undone = set(conn.execute("SELECT game_id, n FROM actions WHERE undone = 1").fetchall())

    lost = [ack for ack in acks.submitted if ack not in logged]
    assert not lost, f"acknowledged orders missing from the log: {lost[:5]}"
    assert not [u for u in acks.undone if u not in undone], "an acknowledged undo was lost"
    assert not [g for g in acks.started if games[g][0] == "lobby"], "a started game is a lobby"
    return {g: status for g, (status, _, _) in games.items()}


def _check_game(conn: Any, game_id: str, status: str, version: int, next_roll: int) -> None:
    rows = conn.execute(
        "SELECT n, key, action, undone FROM actions WHERE game_id = ? ORDER BY n", (game_id,)
    ).fetchall()
    rolls = conn.execute(
        "SELECT n, action_n FROM rolls WHERE game_id = ? ORDER BY n", (game_id,)
    ).fetchall()
    snapshots = [
        n for (n,) in conn.execute("SELECT n FROM snapshots WHERE game_id = ?", (game_id,))
    ]
    outbox = [
        (dedupe, kind, audience)
        for dedupe, kind, audience in conn.execute(
            "SELECT dedupe, kind, audience FROM outbox WHERE game_id = ?", (game_id,)
        )
    ]
    where = f"game {game_id} ({status}, version {version})"
    if status == "lobby":
        assert (version, next_roll, rows, rolls, snapshots, outbox) == (0, 0, [], [], [], []), where
        return

    assert rows and rows[0][:2] == (0, "setup"), f"{where}: no set-up entry"
    # One version per transaction: each logged order, and each undo (which marks its entry).
    undos = sum(undone for *_, undone in rows)
    assert version == len(rows) + undos, f"{where}: {len(rows)} entries, {undos} undone"
    assert all(n < version for n, *_ in rows), where
    # The rolls: numbered 0..next_roll-1 without gaps, each with its entry, as many as the order
    # type rolls in Vaults (a half-written entry would lack them).
    assert [n for n, _ in rolls] == list(range(next_roll)), f"{where}: roll numbers"
    per_entry = Counter(action_n for _, action_n in rolls)
    for n, _key, action, undone in rows:
        kind = json.loads(action)["type"]
        assert per_entry.pop(n, 0) == ROLLS_PER_ORDER[kind], f"{where}: rolls of entry {n}"
        assert not (undone and kind == "raid"), f"{where}: a raid was undone"
    assert not per_entry, f"{where}: rolls of no entry: {per_entry}"
    # The outbox: the start notice, one public step per transaction, one per entry by name.
    dedupes = {d for d, _, _ in outbox}
    public_steps = [d for d, kind, audience in outbox if kind == "step" and audience == "public"]
    assert f"{game_id}:started" in dedupes, where
    assert len(public_steps) == version, f"{where}: {len(public_steps)} public steps"
    missing = [n for n, *_ in rows if f"{game_id}:{n}:public" not in dedupes]
    assert not missing, f"{where}: entries without their message: {missing}"
    live = {n for n, *_, undone in rows if not undone}
    # Snapshots: only of live entries, the newest two at most (issue 9: older ones are pruned).
    assert snapshots and set(snapshots) <= live, f"{where}: snapshots {snapshots}"
    assert len(snapshots) <= 2, f"{where}: snapshots {snapshots}"
    if status == "over":
        assert f"{game_id}:over" in dedupes, where
        assert max(live) in snapshots, f"{where}: no final snapshot"


async def _check_games_go_on(db: str, statuses: dict[str, str]) -> None:
    """Every game loads from a cold referee, its log alone replays to the same state, and every
    unfinished game takes another order."""
    store = await Store.open(db)
    try:
        referee = Referee(store)
        for game_id, status in statuses.items():
            if status == "lobby":
                for seat, user in USERS.items():
                    await referee.join(game_id, user, seat)
                await referee.start(game_id, USERS["north"])
            _, state = await referee.state(game_id)
            assert (state.result is not None) == (status == "over"), game_id
            assert state == await _replay_from_setup(store, game_id), game_id
            if state.result is None:
                prompt = VAULTS.prompts(state)[0]
                done = await referee.submit(
                    game_id, USERS[prompt.seat], prompt.default or {}, "after-the-crashes"
                )
                assert not done.duplicate
                assert (await store.log(game_id))[-1].key == "after-the-crashes"
    finally:
        await store.close()


async def _replay_from_setup(store: Store, game_id: str) -> Any:
    """The state from the set-up's own dice and the log alone (no snapshot)."""
    record = await store.game(game_id)
    assert record is not None
    log = await store.log(game_id)
    options = VAULTS.parse_options(record.options)
    state = VAULTS.setup(record.scenario, options, ReplayDice(log[0].rolls)).state
    for entry in log:
        if entry.seat is None or entry.undone:
            continue
        action = VAULTS.parse_action(entry.action)
        state = VAULTS.apply(state, entry.seat, action, ReplayDice(entry.rolls)).state
    return state


async def test_killed_worker_loses_nothing_acknowledged(database: str, tmp_path: Path) -> None:
    db = database
    rng = random.Random(20240521)
    acks = Acks()
    per_round: list[int] = []
    for round_ in range(ROUNDS):
        text = _run_and_kill(
            db,
            tmp_path / f"out{round_}.txt",
            tmp_path / f"err{round_}.txt",
            seed=rng.randrange(1 << 30),
            delay=rng.uniform(0.05, 0.6),
        )
        before = len(acks.submitted)
        acks.read(text)
        per_round.append(len(acks.submitted) - before)
        # The file is consistent after every kill, not only after the last.
        _check_file(db, acks)
    assert all(per_round), f"a round acknowledged nothing: {per_round}"

    statuses = _check_file(db, acks)
    assert len(statuses) >= 3
    assert "over" in statuses.values(), "no game reached its end: the test proves less"
    await _check_games_go_on(db, statuses)
