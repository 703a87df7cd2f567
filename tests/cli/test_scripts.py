"""Scripts for `python -m bot play`: lines without a seat answer whoever is due, `--defaults`
plays a game to its end, and bad lines give one line naming the line (never a traceback)
and leave no game behind. Run as a user runs them, in subprocesses."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from tests.test_local_play import HIDES, RAIDS, bot, game_id, play

LOAD = ("--load", "tests.vaults")


def _games(db: Path) -> list[tuple[str, str]]:
    if not db.exists():
        return []
    conn = sqlite3.connect(db)
    try:
        return conn.execute("SELECT id, status FROM games").fetchall()
    finally:
        conn.close()


def test_lines_without_a_seat_answer_whoever_is_due(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    # Raids alternate between the seats; no line says whose turn it is.
    seatless = [{"default": True} for _ in RAIDS]
    run = play(db, HIDES + seatless, "--seed", "7")
    assert run.code == 0, run.text
    assert "Game over: " in run.out
    assert _games(db) == [(game_id(run), "over")]


def test_a_seatless_action_goes_to_the_seat_whose_decision_takes_it(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    lines = [{"seat": "north", "action": {"type": "hide", "vault": 2}},
             {"action": {"type": "hide", "vault": 5}}]  # fmt: skip
    run = play(db, lines)
    assert run.code == 0, run.text
    assert "You hid your treasury in vault 5" in run.out  # south's own event, shown to south


def test_defaults_play_the_game_to_its_end(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    run = play(db, HIDES[:1], "--defaults")
    assert run.code == 0, run.text
    assert "Game over: " in run.out
    assert [status for _, status in _games(db)] == ["over"]


def test_a_seatless_line_when_both_seats_are_due_names_the_line(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    run = play(db, [{"default": True}])  # both seats hide at once (Vaults 2)
    assert run.code == 1, run.text
    assert 'Script line 1: several seats are due (north, south): name one with "seat"' in run.out
    assert "Traceback" not in run.text
    assert "--resume" in run.out  # the game that was started can be carried on


@pytest.mark.parametrize(
    ("line", "says"),
    [
        ("not json", "Script line 2: not JSON"),
        ('{"seat": "North", "default": true}', 'Script line 2: there is no seat "North"'),
        ('{"seat": "north"}', "Script line 2: give exactly one of"),
        ('{"seat": "north", "undo": true, "colour": 1}', 'Script line 2: unknown field "colour"'),
        ('{"undo": true}', "Script line 2: an undo names the seat"),
        ("[1, 2]", "Script line 2: expected a JSON object"),
    ],
)
def test_a_bad_line_is_one_line_naming_it_and_leaves_no_game(
    tmp_path: Path, line: str, says: str
) -> None:
    db = tmp_path / "g.sqlite3"
    script = tmp_path / "bad.jsonl"
    script.write_text(json.dumps(HIDES[0]) + "\n" + line + "\n", encoding="utf-8")
    run = bot("play", "vaults", "--load", "tests.vaults", "--script", script, "--db", db)
    assert run.code == 2, run.text
    assert run.err.strip().startswith(says), run.err
    assert len(run.err.strip().splitlines()) == 1 and "Traceback" not in run.text
    assert _games(db) == []


def test_a_missing_script_is_refused_before_any_game(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    run = bot("play", "vaults", "--load", "tests.vaults", "--script", tmp_path / "no", "--db", db)
    assert run.code == 2 and "Cannot read the script" in run.err
    assert "Traceback" not in run.text and not db.exists()


def test_the_zh_error_is_chinese(tmp_path: Path) -> None:
    script = tmp_path / "bad.jsonl"
    script.write_text("oops\n", encoding="utf-8")
    run = bot("play", "vaults", "--load", "tests.vaults", "--script", script, "--db",
              tmp_path / "g.sqlite3", lang="zh")  # fmt: skip
    assert run.err.startswith("脚本第 1 行：不是 JSON"), run.err


def test_an_unknown_game_is_refused_before_a_database_is_made(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    run = bot("play", "nosuchgame", "--db", db)
    assert run.code == 2 and "There is no game called nosuchgame" in run.err
    assert "Traceback" not in run.text and not db.exists()


def test_a_database_in_a_missing_folder_is_a_sentence(tmp_path: Path) -> None:
    run = bot("play", "vaults", *LOAD, "--db", tmp_path / "nope" / "g.sqlite3", "--defaults")
    assert run.code == 2, run.text
    assert run.err.strip() == (
        f"There is no folder {tmp_path / 'nope'} for the database: create it or choose another"
        " --db."
    )
