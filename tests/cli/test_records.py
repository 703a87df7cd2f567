"""export, verify, games and backup as a user runs them: commands that only read never create
a database; verify replays the whole game (a die changed inside an event, a changed result or
view is caught), refuses missing and garbled files with a sentence, and speaks Chinese."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.store import Store
from tests.test_local_play import HIDES, RAIDS, bot, game_id, play

LOAD = ("--load", "tests.vaults")


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("records")
    db = folder / "game.sqlite3"
    run = play(db, HIDES + RAIDS, "--seed", "7")
    assert run.code == 0, run.text
    game = game_id(run)
    out = folder / "full.json"
    done = bot("export", game, "--db", db, "--audience", "full", "-o", out, *LOAD)
    assert done.code == 0, done.text
    return db, game, json.loads(out.read_text(encoding="utf-8"))


def _verify(tmp_path: Path, data: Any, *args: str) -> Any:
    path = tmp_path / "export.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return bot("verify", path, *LOAD, *args)


# --- read-only commands create nothing -------------------------------------------------------
@pytest.mark.parametrize(
    "args",
    [
        ("export", "g1", "--db", "{db}"),
        ("export", "g1", "--db", "{db}", "--audience", "full"),
        ("games", "--db", "{db}"),
        ("backup", "{here}/copy.sqlite3", "--db", "{db}"),
        ("play", "--resume", "g1", "--db", "{db}"),
    ],
)
def test_reading_a_missing_database_creates_no_file(tmp_path: Path, args: tuple[str, ...]) -> None:
    db = tmp_path / "missing.sqlite3"
    run = bot(*(a.format(db=db, here=tmp_path) for a in args), cwd=tmp_path)
    assert run.code == 2, run.text
    assert f"No database at {db}" in run.err and "Traceback" not in run.text
    assert list(tmp_path.iterdir()) == []


def test_export_with_the_default_database_creates_none(tmp_path: Path) -> None:
    run = bot("export", "g1", cwd=tmp_path)
    assert run.code == 2 and "No database at referee.sqlite3" in run.err
    assert list(tmp_path.iterdir()) == []


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    run = bot("export", "g1", "--db", junk)
    assert run.code == 2 and "is not a referee database" in run.err
    assert "Traceback" not in run.text


def test_export_refuses_an_unknown_audience(finished: tuple[Path, str, Any]) -> None:
    db, game, _ = finished
    run = bot("export", game, "--db", db, "--audience", "bogus", *LOAD)
    assert run.code == 2
    assert "There is no audience bogus: choose one of public, full, north, south." in run.err


def test_games_lists_the_stored_games(finished: tuple[Path, str, Any]) -> None:
    db, game, _ = finished
    run = bot("games", "--db", db)
    assert run.code == 0 and f"{game}  vaults  over" in run.out
    assert bot("games", "--db", db, "--unfinished").code == 1  # none left to resume


# --- verify --------------------------------------------------------------------------------
def test_the_full_export_verifies_by_replay(
    tmp_path: Path, finished: tuple[Path, str, Any]
) -> None:
    _, game, data = finished
    assert set(data["views"]) == {"public", "north", "south"} and data["result"]
    run = _verify(tmp_path, data)
    assert run.code == 0, run.text
    events = sum(len(e["events"]) for e in data["log"] if not e["undone"])
    assert f"Game {game} verified: replayed from its orders" in run.out
    assert f"all {events} events" in run.out


def test_a_die_changed_inside_an_event_is_caught(
    tmp_path: Path, finished: tuple[Path, str, Any]
) -> None:
    data = json.loads(json.dumps(finished[2]))
    entry, event = next((e, ev) for e in data["log"] for ev in e["events"] if "die" in ev["params"])
    event["params"]["die"] = event["params"]["die"] % 6 + 1  # the rolls table is untouched
    run = _verify(tmp_path, data)
    assert run.code == 1, run.text
    assert "Verification FAILED (1 problems)" in run.out
    assert f"entry {entry['n']}, event" in run.out and "the replay gives" in run.out


def test_a_changed_result_is_caught(tmp_path: Path, finished: tuple[Path, str, Any]) -> None:
    data = json.loads(json.dumps(finished[2]))
    data["result"]["winner"] = "south" if data["result"]["winner"] != "south" else "north"
    run = _verify(tmp_path, data)
    assert run.code == 1 and "the result differs" in run.out


def test_a_changed_view_is_caught(tmp_path: Path, finished: tuple[Path, str, Any]) -> None:
    data = json.loads(json.dumps(finished[2]))
    data["views"]["north"]["raids_left"]["north"] += 1
    run = _verify(tmp_path, data)
    assert run.code == 1 and "the final north view differs" in run.out


def test_a_changed_order_is_caught(tmp_path: Path, finished: tuple[Path, str, Any]) -> None:
    data = json.loads(json.dumps(finished[2]))
    hide = next(e for e in data["log"] if e["action"]["type"] == "hide" and not e["undone"])
    hide["action"]["vault"] = 6 if hide["action"]["vault"] != 6 else 5
    run = _verify(tmp_path, data)
    assert run.code == 1 and f"entry {hide['n']}, event" in run.out


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (None, "No such file"),
        ("{not json", "is not a JSON export"),
        ("[1, 2, 3]", "not a wargame-referee/export@1 file"),
        ('{"format": "wargame-referee/export@1", "seed": "zz"}', "not a well-formed export"),
    ],
)
def test_missing_or_garbled_files_get_a_sentence(
    tmp_path: Path, content: str | None, says: str
) -> None:
    path = tmp_path / "export.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    run = bot("verify", path)
    assert run.code in (1, 2) and says in run.text and "Traceback" not in run.text


def test_a_garbled_log_is_a_sentence(tmp_path: Path, finished: tuple[Path, str, Any]) -> None:
    data = json.loads(json.dumps(finished[2]))
    del data["log"][-1]["events"]
    run = _verify(tmp_path, data)
    assert run.code == 1 and "not a well-formed export" in run.out
    assert "Traceback" not in run.text


def test_verify_speaks_chinese_with_lang_after_the_command(
    tmp_path: Path, finished: tuple[Path, str, Any]
) -> None:
    data = json.loads(json.dumps(finished[2]))
    data["result"]["winner"] = None
    run = _verify(tmp_path, data, "--lang", "zh")
    assert run.code == 1
    assert run.out.startswith("验证失败（1 个问题）。第一个：结果不符"), run.out
    assert "cli." not in run.out  # no catalog key shown raw
    ok = _verify(tmp_path, finished[2], "--lang", "zh")
    assert ok.out.startswith(f"游戏 {finished[1]} 验证通过"), ok.out


# --- backup --------------------------------------------------------------------------------
def test_backup_copies_a_database_that_opens_with_its_games(
    tmp_path: Path, finished: tuple[Path, str, Any]
) -> None:
    db, game, _ = finished
    copy = tmp_path / "copy.sqlite3"
    run = bot("backup", copy, "--db", db)
    assert run.code == 0, run.text
    assert f"Backed up {db} to {copy}" in run.out

    async def read() -> str:
        store = await Store.open(copy)
        try:
            record = await store.game(game)
            assert record is not None
            return record.status
        finally:
            await store.close()

    conn = sqlite3.connect(copy)
    try:  # a plain file to copy back: not in WAL mode
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    finally:
        conn.close()
    assert asyncio.run(read()) == "over"


def test_backup_uses_the_configured_database(
    tmp_path: Path, finished: tuple[Path, str, Any]
) -> None:
    db, _, _ = finished
    (tmp_path / ".env").write_text(f"REFEREE_DATABASE={db}\n", encoding="utf-8")
    run = bot("backup", "copy.sqlite3", cwd=tmp_path)
    assert run.code == 0, run.text
    assert (tmp_path / "copy.sqlite3").stat().st_size > 0
