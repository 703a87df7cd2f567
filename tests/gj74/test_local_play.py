"""`python -m bot play gj74 --scenario 19.2` as a user runs it: the defaults play a game to
its end, in English and in Chinese, and its full export verifies; a scripted start with
``--out`` draws each audience's map after each step, the blue and red maps differing."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def bot(*args: str | Path, lang: str = "en") -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_TOKEN", "DISCORD_TOKEN")}
    env.update(LANG="zh_CN.UTF-8" if lang == "zh" else "en_US.UTF-8", PYTHONIOENCODING="utf-8")
    env["PYTHONPATH"] = str(REPO)
    done = subprocess.run(
        [sys.executable, "-m", "bot", *map(str, args)],
        check=False,
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=240,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout + done.stderr


def test_the_defaults_play_19_2_to_its_end_and_the_export_verifies(tmp_path: Path) -> None:
    db = tmp_path / "g.sqlite3"
    out = bot("play", "gj74", "--scenario", "19.2", "--seed", "3", "--db", db, "--defaults")
    assert "Game over" in out and "Turn 6 begins" in out
    game = re.search(r"export (\w+) --db", out)
    assert game, out
    export = tmp_path / "game.json"
    bot("export", game.group(1), "--db", db, "--audience", "full", "-o", export)
    assert json.loads(export.read_text(encoding="utf-8"))
    assert "verified" in bot("verify", export)
    zh = bot("play", "gj74", "--scenario", "19.2", "--seed", "3", "--db", tmp_path / "zh.db",
             "--defaults", lang="zh")  # fmt: skip
    assert "游戏结束" in zh or "结束" in zh


def test_a_scripted_start_draws_every_audiences_map(tmp_path: Path) -> None:
    script = tmp_path / "script.jsonl"
    lines = [{"seat": "red", "default": True}, {"seat": "blue", "default": True}]
    script.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    maps = tmp_path / "maps"
    bot("play", "gj74", "--scenario", "19.2", "--seed", "3", "--db", tmp_path / "g.sqlite3",
        "--script", script, "--out", maps)  # fmt: skip
    pictures = sorted(p.name for p in maps.iterdir())
    for audience in ("blue", "red", "public"):
        assert any(p.endswith(f"-{audience}.png") for p in pictures), pictures
    last = max(int(p.split("-")[1]) for p in pictures)
    blue, red = (maps / f"seed3-{last:04d}-{s}.png" for s in ("blue", "red"))
    assert blue.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert blue.read_bytes() != red.read_bytes()
