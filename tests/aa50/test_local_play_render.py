"""`python -m bot play aa50 --scenario 1942` draws the same pictures as the Discord bot: a short
scripted hot-seat game (``--script``, ``--seed``, ``--out``) writes a PNG for the public view
and each power's seat after every step, each byte for byte the registered renderer's picture
of that view of the state replayed from the game's log; the battle fought shows its board."""

from __future__ import annotations

import asyncio
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from bot.rules.aa50 import RULESET
from bot.rules.aa50.state import Aa50State
from bot.rules.core import ReplayDice
from bot.store import Store
from rendering.aa50.render import render

REPO = Path(__file__).resolve().parents[2]
SCRIPT: list[dict[str, Any]] = [
    {"seat": "japanese", "action": {"type": "research", "tokens": 0}},
    {"seat": "japanese", "action": {"type": "buy", "unit": "infantry", "count": 2}},
    {"seat": "japanese", "default": True},  # purchase done
    # Burma's infantry attacks India (5.4), then the battle is fought (5.5).
    {"seat": "japanese", "action": {"type": "move", "units": ["u104"], "to": "india"}},
    {"seat": "japanese", "default": True},  # combat move done
]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, str]:
    folder = tmp_path_factory.mktemp("aa50-local")
    script = folder / "script.jsonl"
    script.write_text("".join(json.dumps(line) + "\n" for line in SCRIPT), encoding="utf-8")
    db, maps = folder / "game.sqlite3", folder / "maps"
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_TOKEN", "DISCORD_TOKEN")}
    env.update(LANG="en_US.UTF-8", PYTHONIOENCODING="utf-8")
    args = ["--scenario", "1942", "--seed", "7", "--db", db, "--out", maps, "--script", script]
    done = subprocess.run(
        [sys.executable, "-m", "bot", "play", "aa50", *map(str, args)],
        check=False,
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return db, maps, done.stdout


def _states(db: Path) -> tuple[str, list[Aa50State]]:
    async def read() -> tuple[str, list[Aa50State]]:
        store = await Store.open(db)
        try:
            (record,) = await store.games()
            log = await store.log(record.id)
        finally:
            await store.close()
        options = RULESET.parse_options(record.options)
        state = RULESET.setup(record.scenario, options, ReplayDice(log[0].rolls)).state
        assert isinstance(state, Aa50State)
        states = [state]
        for entry in log[1:]:
            assert entry.seat is not None
            action = RULESET.parse_action(entry.action)
            state = RULESET.apply(state, entry.seat, action, ReplayDice(entry.rolls)).state
            assert isinstance(state, Aa50State)
            states.append(state)
        return record.id, states

    return asyncio.run(read())


def test_the_pictures_of_every_step_are_the_bots(played: tuple[Path, Path, str]) -> None:
    db, maps, stdout = played
    game, states = _states(db)
    assert len(states) >= len(SCRIPT) + 1 and states[-1].scenario == "1942"
    for version, state in enumerate(states, 1):
        for audience in (None, "japanese"):
            view = RULESET.view(state, audience).model_dump(mode="json")
            png = maps / f"{game}-{version:04d}-{audience or 'public'}.png"
            assert png.read_bytes() == render(view), png.name
    # The last step fought the battle of India (over at once or not): its board (dice)
    # heads that step's picture, and only that one's.
    last = states[-1]
    assert last.battle_log is not None and last.battle_log.where == "india"
    for version in range(1, len(states) + 1):
        data = (maps / f"{game}-{version:04d}-public.png").read_bytes()
        img = Image.open(io.BytesIO(data))
        assert img.width == 800 and (img.height > 900) == (version == len(states)), version
    assert "India" in stdout
