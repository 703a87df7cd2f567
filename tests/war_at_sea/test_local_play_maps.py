"""`python -m bot play war-at-sea` draws the same maps as the Discord bot: a short scripted
hot-seat game with variant 18.2 (``--script``, ``--seed``, ``--out``) writes a PNG for the
public view and each side after every step, and the public ones were drawn from a view that
names no face-down Allied counter: each is byte for byte the picture of the public view of the
state replayed from the game's log, and that view carries none of ``RULESET.secrets``."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.rules.core import ReplayDice
from bot.rules.war_at_sea import RULESET
from bot.rules.war_at_sea.state import WarAtSeaState
from bot.store import Store
from rendering.war_at_sea import render

REPO = Path(__file__).resolve().parents[2]
TASK_FORCE = ["hood", "renown", "kent", "ark_royal"]
SCRIPT: list[dict[str, Any]] = [
    {"seat": "allies", "action": {"type": "place_ships", "ships": ["barham"], "port": "malta"}},
    {"seat": "allies", "default": True},  # set-up done
    {
        "seat": "allies",
        "action": {"type": "move", "ships": TASK_FORCE, "to": "north_sea", "fallback": "origin"},
    },
    {"seat": "allies", "default": True},  # movement done
    {
        "seat": "axis",
        "action": {
            "type": "move",
            "ships": ["scharnhorst"],
            "to": "north_sea",
            "fallback": "origin",
        },
    },
]


@pytest.fixture(scope="module")
def played(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("was-local")
    script = folder / "script.jsonl"
    script.write_text("".join(json.dumps(line) + "\n" for line in SCRIPT), encoding="utf-8")
    db, maps = folder / "game.sqlite3", folder / "maps"
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_TOKEN", "DISCORD_TOKEN")}
    env.update(LANG="en_US.UTF-8", PYTHONIOENCODING="utf-8")
    args = ["--option", "variant_18_2=true", "--seed", "5", "--db", db, "--out", maps]
    done = subprocess.run(
        [sys.executable, "-m", "bot", "play", "war-at-sea", *map(str, args), "--script", script],
        check=False,
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    # Hot seat: the Allies' own events name their ships, and they do not read the public,
    # anonymous copy of the same moves as well (issue 12).
    assert "Hood moves to North Sea" in done.stdout
    allied_turn = done.stdout.split("Scharnhorst")[0]  # before the Axis moves
    assert "a face-down Allied counter moves to North Sea" not in allied_turn
    return db, maps


def _states(db: Path) -> tuple[str, list[WarAtSeaState]]:
    """The game's id and its state after each log entry (index = version - 1)."""

    async def read() -> tuple[str, list[WarAtSeaState]]:
        store = await Store.open(db)
        try:
            (record,) = await store.games()
            log = await store.log(record.id)
        finally:
            await store.close()
        options = RULESET.parse_options(record.options)
        state = RULESET.setup(record.scenario, options, ReplayDice(log[0].rolls)).state
        states = [state]
        for entry in log[1:]:
            assert entry.seat is not None and not entry.undone
            action = RULESET.parse_action(entry.action)
            state = RULESET.apply(state, entry.seat, action, ReplayDice(entry.rolls)).state
            states.append(state)
        return record.id, states

    return asyncio.run(read())


def test_a_map_per_view_after_every_step(played: tuple[Path, Path]) -> None:
    db, maps = played
    game, states = _states(db)
    assert len(states) == len(SCRIPT) + 1
    for version in range(1, len(states) + 1):
        for audience in ("public", "allies", "axis"):
            png = maps / f"{game}-{version:04d}-{audience}.png"
            assert png.read_bytes().startswith(b"\x89PNG\r\n\x1a\n"), png.name
    assert len(list(maps.glob("*.png"))) == 3 * len(states)


def test_public_maps_carry_no_hidden_identity(played: tuple[Path, Path]) -> None:
    db, maps = played
    game, states = _states(db)
    hidden_seen = 0
    for version, state in enumerate(states, 1):
        secrets = RULESET.secrets(state, None)
        hidden_seen += len(secrets)
        public = RULESET.view(state, None).model_dump(mode="json")
        text = json.dumps(public, ensure_ascii=False)
        assert not [s for s in secrets if s in text], version
        drawn = (maps / f"{game}-{version:04d}-public.png").read_bytes()
        assert drawn == render(public), f"the public map of version {version} is another view"
        if secrets:  # the Allies' own map does show them: a different picture
            allies = RULESET.view(state, "allies").model_dump(mode="json")
            assert drawn != (maps / f"{game}-{version:04d}-allies.png").read_bytes()
            assert {"Hood", "hood"} <= {s for s in secrets if s in json.dumps(allies)}
    assert hidden_seen, "the script should leave Allied counters face down at sea"
