"""`python -m bot play / export / verify / run` as a user runs them, in subprocesses.

A scripted hot-seat game of Vaults is played to its end (with an undo), its map folder is
created and filled per step and audience, the full export verifies, and tampered copies do
not; a stored game resumes; an illegal scripted order stops the script with the localised
refusal and its rule section; `run` without a token points at `play`.

Imported by the subprocesses too (``--load tests.test_local_play``): with VAULTS_TEST_MAPS set,
it registers a "renderer" for Vaults that writes the view it was given as JSON, so the test
can read what each map was drawn from.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import re
import shlex
import sqlite3
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[1]
SEED = 7
MAPS_ENV = "VAULTS_TEST_MAPS"


def _view_as_json(view: Mapping[str, Any]) -> bytes:
    return json.dumps(dict(view), sort_keys=True).encode()


if os.environ.get(MAPS_ENV):
    from rendering.registry import register

    register("vaults", _view_as_json)


# --- helpers -----------------------------------------------------------------------------------
@dataclass
class Run:
    code: int
    out: str
    err: str

    @property
    def text(self) -> str:
        return self.out + self.err


def bot(*args: str | Path, lang: str = "en", maps: bool = False, cwd: Path = REPO) -> Run:
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_TOKEN", "DISCORD_TOKEN")}
    env.update(LANG="zh_CN.UTF-8" if lang == "zh" else "en_US.UTF-8", PYTHONIOENCODING="utf-8")
    env["PYTHONPATH"] = str(REPO)  # --load tests.vaults from any working folder
    env.pop(MAPS_ENV, None)
    if maps:
        env[MAPS_ENV] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "bot", *map(str, args)],
        check=False,
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    return Run(done.returncode, done.stdout, done.stderr)


def play(
    db: Path, script: list[dict[str, Any]], *extra: str | Path, lang: str = "en", maps: bool = False
) -> Run:
    path = db.with_name(f"script-{len(list(db.parent.glob('script-*')))}.jsonl")
    path.write_text("".join(json.dumps(line) + "\n" for line in script), encoding="utf-8")
    loads = ["--load", "tests.vaults"] + (["--load", "tests.test_local_play"] if maps else [])
    return bot("play", "vaults", *loads, "--script", path, "--db", db, *extra, lang=lang, maps=maps)


def game_id(run: Run) -> str:
    found = re.search(r"Game (\w+) created", run.out) or re.search(r"Resuming game (\w+)", run.out)
    assert found, run.text
    return found.group(1)


HIDES = [
    {"seat": "north", "action": {"type": "hide", "vault": 3}},
    {"seat": "north", "undo": True},
    {"seat": "north", "action": {"type": "hide", "vault": 2}},
    {"seat": "south", "default": True},  # vault 1
]
# Each raid is the prompt's default (the lowest unopened vault), always legal; eight raids
# spend both sides' four, so the game ends within them whatever the dice say.
RAIDS = [{"seat": seat, "default": True} for _ in range(4) for seat in ("north", "south")]
SEED_BYTES = hashlib.sha256(f"local-play:{SEED}".encode()).digest()


@dataclass
class Played:
    run: Run
    game: str
    db: Path
    maps: Path


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> Played:
    folder = tmp_path_factory.mktemp("local-play")
    maps = folder / "out" / "maps"  # does not exist yet
    run = play(
        folder / "game.sqlite3", HIDES + RAIDS, "--seed", str(SEED), "--out", maps, maps=True
    )
    return Played(run, game_id(run), folder / "game.sqlite3", maps)


# --- a whole game ------------------------------------------------------------------------------
def test_a_scripted_game_plays_to_its_end(played: Played) -> None:
    run = played.run
    assert run.code == 0, run.text
    commitment = hashlib.sha256(SEED_BYTES).hexdigest()
    assert f"Game {played.game} created. Dice seed commitment (SHA-256): {commitment}" in run.out
    assert "Order 1 taken back: Hide the treasury: Vault 3." in run.out  # names the order
    assert "You hid your treasury in vault 2" in run.out
    assert "Game over: " in run.out
    assert f"Dice seed revealed: {SEED_BYTES.hex()}." in run.out
    assert f"python -m bot export {played.game} --db {played.db}" in run.out


def printed_export(run: Run) -> list[str]:
    """The export command local play printed, as arguments after `python -m bot`."""
    found = re.search(r"`python -m bot (export [^`]+)`", run.out)
    assert found, run.out
    return shlex.split(found.group(1))


def test_the_maps_folder_is_created_and_gets_every_audience_after_every_step(
    played: Played,
) -> None:
    assert played.maps.is_dir()
    files = sorted(p.name for p in played.maps.iterdir())
    versions = sorted({int(name.split("-")[1]) for name in files})
    # One map per audience for each version the game passed through (the undo too).
    for version in versions:
        for audience in ("public", "north", "south"):
            assert f"{played.game}-{version:04d}-{audience}.png" in files
    conn = sqlite3.connect(played.db)
    try:
        (final,) = conn.execute("SELECT version FROM games WHERE id = ?", (played.game,)).fetchone()
    finally:
        conn.close()
    assert versions == list(range(1, final + 1))
    # Each map is drawn from its audience's view: the public one knows no seat's gem or vault.
    for version in versions:
        public = json.loads((played.maps / f"{played.game}-{version:04d}-public.png").read_text())
        north = json.loads((played.maps / f"{played.game}-{version:04d}-north.png").read_text())
        assert public["audience"] is None and public["own_gem"] is None
        assert public["own_vault"] is None
        assert north["audience"] == "north" and north["own_gem"] is not None


def test_without_a_renderer_the_folder_is_made_but_stays_empty(tmp_path: Path) -> None:
    maps = tmp_path / "nested" / "maps"
    run = play(tmp_path / "g.sqlite3", HIDES[:1], "--out", maps)
    assert run.code == 0, run.text
    assert maps.is_dir() and not list(maps.iterdir())


# --- export and verify -------------------------------------------------------------------------
@pytest.fixture(scope="module")
def exported(played: Played) -> dict[str, Any]:
    # The command exactly as local play printed it, run from another folder: it finds the
    # game (its --db), and writes game.json where it is run.
    run = bot(*printed_export(played.run), cwd=played.db.parent)
    assert run.code == 0, run.text
    data: dict[str, Any] = json.loads((played.db.parent / "game.json").read_text("utf-8"))
    return data


def test_the_full_export_verifies(played: Played, exported: dict[str, Any]) -> None:
    assert exported["game"] == played.game
    assert exported["seed"] == SEED_BYTES.hex()
    rolls = sum(len(entry["rolls"]) for entry in exported["log"])
    assert rolls >= 3  # two gems at set-up, at least one raid
    run = bot("verify", played.db.with_name("game.json"), "--load", "tests.vaults")
    assert run.code == 0, run.text
    assert f"Game {played.game} verified: replayed from its orders" in run.out
    assert f"all {rolls} rolls" in run.out


def test_a_changed_roll_fails_verification_naming_it(
    tmp_path: Path, exported: dict[str, Any]
) -> None:
    data = json.loads(json.dumps(exported))
    entry = next(e for e in reversed(data["log"]) if e["rolls"])
    roll = entry["rolls"][-1]
    roll["value"] = roll["value"] % roll["sides"] + 1
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    run = bot("verify", path)
    assert run.code == 1, run.text
    assert "Verification FAILED" in run.out
    assert f"roll {roll['n']} ({roll['label']['key']}) in entry {entry['n']}: recorded" in run.out


def test_a_changed_seed_fails_verification_naming_the_commitment(
    tmp_path: Path, exported: dict[str, Any]
) -> None:
    data = dict(exported, seed=hashlib.sha256(b"another seed").hexdigest())
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    run = bot("verify", path)
    assert run.code == 1, run.text
    assert "the seed does not match the commitment" in run.out


# --- resume, refusals, run ---------------------------------------------------------------------
def test_resume_carries_on_a_stored_game(tmp_path: Path) -> None:
    db = tmp_path / "resume.sqlite3"
    first = play(db, HIDES, "--seed", str(SEED))
    assert first.code == 0, first.text
    assert "Game over" not in first.out
    game = game_id(first)

    second = play(db, RAIDS, "--resume", game)
    assert second.code == 0, second.text
    assert f"Resuming game {game} (vaults)." in second.out
    assert "created" not in second.out
    assert "Game over: " in second.out
    assert f"Dice seed revealed: {SEED_BYTES.hex()}." in second.out

    conn = sqlite3.connect(db)
    try:
        assert conn.execute("SELECT id, status FROM games").fetchall() == [(game, "over")]
        hides = conn.execute(
            "SELECT COUNT(*) FROM actions WHERE game_id = ? AND undone = 0"
            " AND action LIKE '%\"hide\"%'",
            (game,),
        ).fetchone()[0]
    finally:
        conn.close()
    assert hides == 2  # the first session's orders are the game's orders


def test_resume_of_an_unknown_game_is_refused(tmp_path: Path) -> None:
    missing = tmp_path / "empty.sqlite3"
    run = play(missing, RAIDS, "--resume", "nosuchgame")
    assert run.code == 2
    assert f"No database at {missing}" in run.text
    assert not missing.exists()  # a wrong --db creates nothing

    db = tmp_path / "one.sqlite3"
    assert play(db, HIDES[:1]).code == 0
    run = play(db, RAIDS, "--resume", "nosuchgame")
    assert run.code != 0
    assert "There is no game nosuchgame" in run.text
    assert "Traceback" not in run.text


@pytest.mark.parametrize(
    ("lang", "refusal"),
    [("en", "There is no vault 9. (rule: Vaults 3)"), ("zh", "没有金库 9。（规则：Vaults 3）")],
)
def test_an_illegal_scripted_order_stops_with_the_localised_refusal(
    tmp_path: Path, lang: str, refusal: str
) -> None:
    db = tmp_path / "illegal.sqlite3"
    script = [*HIDES[2:], {"seat": "north", "action": {"type": "raid", "vault": 9}}, *RAIDS]
    run = play(db, script, lang=lang)
    assert run.code == 1, run.text
    assert refusal in run.out
    assert "Game over" not in run.out and "游戏结束" not in run.out
    conn = sqlite3.connect(db)
    try:  # the refused order wrote nothing: set-up and the two hides
        assert conn.execute("SELECT COUNT(*) FROM actions").fetchone()[0] == 3
    finally:
        conn.close()


@pytest.mark.skipif(
    not importlib.util.find_spec("bot.client"), reason="bot/client.py is not written yet"
)
def test_run_without_a_token_points_at_local_play(tmp_path: Path) -> None:
    run = bot("run", cwd=tmp_path)
    assert run.code != 0
    assert "python -m bot play" in run.text
    assert not list(tmp_path.iterdir())  # no database was created


def test_the_same_seed_replays_the_same_dice(tmp_path: Path) -> None:
    # Both treasuries in vault 6 and raids on the lowest open vault: nobody is ever captured,
    # all eight raids roll, and two runs agree by chance once in 6**8.
    hides = [{"seat": s, "action": {"type": "hide", "vault": 6}} for s in ("north", "south")]
    dice: list[list[str]] = []
    for n in range(2):
        run = play(tmp_path / f"seed{n}.sqlite3", hides + RAIDS, "--seed", str(SEED))
        dice.append(re.findall(r"die (\d)", run.out))
        if run.code != 0 or len(dice[-1]) != len(RAIDS):  # not the expected failure
            pytest.fail(f"the scripted game did not run as planned:\n{run.text}")
    assert dice[0] == dice[1]
