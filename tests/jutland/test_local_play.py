"""`python -m bot play jutland` plays a whole Basic game in the terminal: a scripted first
German plot, then every seat's default to 1 June 12:00 (``--defaults``), writing a PNG for the
public and each side after every step (``--out``); a German move the British were not told of
never changes the British or the public picture."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _play(folder: Path, first: str, *more: str) -> tuple[str, list[Path]]:
    """Play with the German TF1 first moving to ``first``; the output and the pictures."""
    folder.mkdir()
    script = folder / "script.jsonl"
    lines = [
        {"seat": "german", "action": {"type": "plot", "tf": "de2", "to": "stay"}},
        {"seat": "german", "action": {"type": "plot", "tf": "de1", "to": first}},
    ]
    script.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    db, maps = folder / "game.sqlite3", folder / "maps"
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_TOKEN", "DISCORD_TOKEN")}
    env.update(LANG="en_US.UTF-8", PYTHONIOENCODING="utf-8")
    args = ["--seed", "3", "--db", str(db), "--out", str(maps), "--script", str(script), *more]
    done = subprocess.run(
        [sys.executable, "-m", "bot", "play", "jutland", *args],
        check=False, cwd=REPO, env=env, capture_output=True, text=True, timeout=600,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout, sorted(maps.iterdir())


def _of(pictures: list[Path], audience: str) -> list[bytes]:
    return [p.read_bytes() for p in pictures if p.name.endswith(f"-{audience}.png")]


def test_a_whole_game_plays_in_the_terminal(tmp_path: Path) -> None:
    out, pictures = _play(tmp_path / "a", "AA16", "--defaults")
    assert "Game over: 1 June 12:00" in out
    for audience in ("public", "german", "british"):
        drawn = _of(pictures, audience)
        assert len(drawn) > 100 and all(png[:4] == b"\x89PNG" for png in drawn)
    # The same first hour with the German TF1 sailing elsewhere (nothing revealed: no patrol
    # hex, no search yet): the German's sheet differs, the British and public ones do not.
    _, other = _play(tmp_path / "b", "AA17")
    assert len(_of(other, "german")) == 3
    assert _of(other, "german")[2] != _of(pictures, "german")[2]
    for audience in ("british", "public"):
        assert _of(other, audience) == _of(pictures, audience)[:3]
