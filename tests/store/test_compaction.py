"""Bounded storage (issue 9): a finished War at Sea game written the old way (a full view in
every delivered outbox row, a snapshot every 25 orders and one at each of many more) shrinks
when the store migrates, and its export still verifies and replays to the same result."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

from bot.autoplay import random_action
from bot.referee import Referee
from bot.referee.verify import verify
from bot.rules.core import ReplayDice, RuleViolation
from bot.rules.war_at_sea import RULESET
from bot.store import Store
from bot.store.queries import unpack

GOAL = 300 * 1024


async def _finished_game(store: Store) -> str:
    referee = Referee(store)
    record = await referee.create(
        "war-at-sea",
        guild_id="1",
        created_by="a",
        options={"variant_18_2": True},
        seed=b"s" * 32,
        game_id="aged",  # a fixed id: the dice, so the game and its size, are the same each run
    )
    await referee.join(record.id, "a", "allies")
    await referee.join(record.id, "b", "axis")
    await referee.start(record.id, "a")
    rng = random.Random(3)
    i = 0
    while (await referee.game(record.id)).status == "active":
        prompts = [*await referee.prompts(record.id, "a"), *await referee.prompts(record.id, "b")]
        prompt = rng.choice(prompts)
        user = "a" if prompt.seat == "allies" else "b"
        i += 1
        try:
            await referee.submit(record.id, user, random_action(prompt, rng), f"k{i}")
        except RuleViolation:
            await referee.submit(record.id, user, prompt.default or {}, f"d{i}")
    return record.id


def _age(path: Path, game: str) -> None:
    """Make the file what an older referee left: schema version 4, every message delivered
    with a full view in it, snapshots along the way, the old cadence in the settings."""
    with sqlite3.connect(path, isolation_level=None) as db:
        log = db.execute("SELECT n, action, seat FROM actions ORDER BY n").fetchall()
        final = unpack(db.execute("SELECT state FROM snapshots ORDER BY n DESC").fetchone()[0])
        view = RULESET.view(RULESET.load_state(final), None).model_dump(mode="json")
        db.execute("BEGIN")
        db.execute("DROP TABLE delivery_lanes")
        db.execute(
            "UPDATE outbox SET delivered_at = 1.0, payload = ?",
            (json.dumps({"n": 1, "view": view, "events": []}),),
        )
        for n, _, _ in log[::3]:
            db.execute(
                "INSERT OR IGNORE INTO snapshots (game_id, n, state) VALUES (?, ?, ?)",
                (game, n, final),  # the content is never read back: only the newest is
            )
        db.execute(
            "UPDATE games SET settings = REPLACE(settings, ?, ?)",
            ('"snapshot_every":null', '"snapshot_every":25'),
        )
        db.execute("ALTER TABLE outbox DROP COLUMN run_end")  # what 0007 adds again
        db.execute("PRAGMA user_version = 4")
        db.execute("COMMIT")
        db.execute("VACUUM")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _size(path: Path) -> int:
    with sqlite3.connect(path, isolation_level=None) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path.stat().st_size


async def test_an_old_finished_game_shrinks_and_still_verifies(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    store = await Store.open(path)
    try:
        game = await _finished_game(store)
        _, expected = await Referee(store).state(game)
    finally:
        await store.close()
    _age(path, game)
    before = _size(path)

    store = await Store.open(path)  # migrates
    try:
        referee = Referee(store)
        _, state = await referee.state(game)
        assert state == expected and state.result is not None
        export = await referee.export(game, None, full=True)
        record = await referee.game(game)
    finally:
        await store.close()
    after = _size(path)
    with sqlite3.connect(path) as db:
        bodies = db.execute("SELECT DISTINCT payload FROM outbox").fetchall()
        snapshots = db.execute("SELECT COUNT(*) FROM snapshots").fetchone()[0]
    assert bodies == [("{}",)] and snapshots == 2
    assert "null" in json.dumps(record.settings["snapshot_every"])
    assert after < before / 4 and after <= GOAL, (before, after)

    # The export of the pruned game verifies, and its orders replay to the same result.
    report = verify(json.loads(json.dumps(export)))
    assert report.problems == [] and report.replayed and report.events
    log = export["log"]
    replayed = RULESET.setup(
        export["scenario"],
        RULESET.parse_options(export["options"]),
        ReplayDice(_rolls(log[0])),
    ).state
    for entry in log[1:]:
        if entry["undone"]:
            continue
        action = RULESET.parse_action(entry["action"])
        replayed = RULESET.apply(replayed, entry["seat"], action, ReplayDice(_rolls(entry))).state
    assert replayed.result == state.result and replayed == state
    print(f"finished War at Sea game: {before / 1024:.0f} KB before, {after / 1024:.0f} KB after")


def _rolls(entry: dict[str, object]) -> list[object]:
    from bot.rules.core import Roll

    return [Roll.model_validate(r) for r in entry["rolls"]]  # type: ignore[attr-defined]
