"""Terminal play as a person plays it: Ctrl-C and Ctrl-D stop cleanly with the game id and a
resume command that works as printed; no maps are written unless asked (and then it says
where); --lang works after the sub-command; menus show ship values from the seat's prompt."""

from __future__ import annotations

import json
import os
import re
import select
import shlex
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from bot.local.menu import build_order
from bot.rules.core.dice import ScriptedDice
from bot.rules.core.registry import get as get_ruleset
from tests.test_local_play import HIDES, RAIDS, REPO, bot, play


class Terminal:
    """`python -m bot play vaults` on pipes, read as it writes."""

    def __init__(self, db: Path, *extra: str) -> None:
        env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_TOKEN", "DISCORD_TOKEN")}
        env.update(LANG="en_US.UTF-8", PYTHONUNBUFFERED="1", PYTHONPATH=str(REPO))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bot", "play", "vaults", "--load", "tests.vaults",
             "--db", str(db), *extra],
            cwd=db.parent, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )  # fmt: skip
        self.out = ""

    def wait_for(self, text: str) -> None:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while text not in self.out:
            ready, _, _ = select.select([fd], [], [], 30)
            assert ready, f"no {text!r} in:\n{self.out}"
            chunk = os.read(fd, 4096)
            assert chunk, f"ended without {text!r}:\n{self.out}"
            self.out += chunk.decode("utf-8")

    def type(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def finish(self) -> int:
        assert self.proc.stdout is not None
        rest, _ = self.proc.communicate(timeout=30)
        self.out += rest.decode("utf-8")
        return self.proc.returncode


def _resume_command(out: str) -> list[str]:
    found = re.search(r"Carry it on with: python -m bot (play .+)", out)
    assert found, out
    return shlex.split(found.group(1))


@pytest.mark.parametrize("where", ["hand-over", "menu"])
def test_ctrl_c_stops_cleanly_and_the_printed_command_resumes(tmp_path: Path, where: str) -> None:
    db = tmp_path / "game.sqlite3"
    term = Terminal(db)
    term.wait_for("Pass the keyboard to north")
    if where == "menu":
        term.type("")
        term.wait_for("Choose 1-6")
    term.proc.send_signal(signal.SIGINT)
    code = term.finish()
    assert code == 130, term.out
    assert "Traceback" not in term.out
    game = re.search(r"Game (\w+) is saved", term.out)
    assert game, term.out

    script = tmp_path / "rest.jsonl"
    script.write_text("".join(json.dumps(line) + "\n" for line in HIDES[2:]), "utf-8")
    resumed = bot(*_resume_command(term.out), "--script", script, cwd=tmp_path)
    assert resumed.code == 0, resumed.text
    assert f"Resuming game {game.group(1)} (vaults)." in resumed.out


def test_ctrl_d_at_a_menu_stops_cleanly(tmp_path: Path) -> None:
    term = Terminal(tmp_path / "game.sqlite3")
    term.wait_for("Pass the keyboard to north")
    term.type("")
    term.wait_for("Choose 1-6")
    assert term.proc.stdin is not None
    term.proc.stdin.close()  # Ctrl-D
    term.proc.stdin = None
    assert term.finish() == 0, term.out
    assert "Traceback" not in term.out and "is saved. Carry it on with:" in term.out


def test_the_incoming_seat_gets_its_situation(tmp_path: Path) -> None:
    term = Terminal(tmp_path / "game.sqlite3")
    term.wait_for("Pass the keyboard to north")
    term.type("")
    term.wait_for("Choose 1-6")
    assert "You are north." in term.out and "Both sides are hiding" in term.out
    assert "Your treasury holds a" in term.out  # North's own set-up event, in its recap
    term.proc.send_signal(signal.SIGINT)
    term.finish()


def test_no_maps_unless_asked_and_then_it_says_where(tmp_path: Path) -> None:
    run = play(tmp_path / "g.sqlite3", HIDES[:1], maps=True)
    assert run.code == 0, run.text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.sqlite3", "script-0.jsonl"]
    assert "Maps" not in run.out
    maps = tmp_path / "maps"
    run = play(tmp_path / "h.sqlite3", HIDES[:1], "--out", maps, maps=True)
    assert f"Maps of every view are written to {maps} after each step." in run.out
    assert list(maps.iterdir())


def test_lang_is_accepted_after_the_sub_command(tmp_path: Path) -> None:
    run = play(tmp_path / "g.sqlite3", HIDES + RAIDS, "--lang", "zh")
    assert run.code == 0, run.text
    assert "游戏结束" in run.out  # Chinese although LANG is English


def test_menus_show_the_ships_values_from_the_seats_prompt() -> None:
    ruleset = get_ruleset("war-at-sea")
    state = ruleset.setup("standard", ruleset.parse_options({}), ScriptedDice([1] * 100)).state
    prompt = next(p for p in ruleset.prompts(state) if p.seat == "allies")
    said: list[str] = []
    answers = iter(["1", "q"])  # the first order form, then its ships
    with pytest.raises(Exception):  # noqa: B017 - Cancelled: only the menu is wanted
        build_order(prompt, lambda _: next(answers), said.append, "en")
    hood = next(line for line in said if "Hood" in line)
    assert re.search(r"Hood \(\d+-\d+-\d+, air \d+, damage 0\)", hood), said
