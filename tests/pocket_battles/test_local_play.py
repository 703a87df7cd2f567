"""`python -m bot play pocket-battles` through the shared terminal driver: a battle played to
its end on defaults writes the battlefield of the public and of each army after every step;
and hot-seat hand-overs clear the screen and show the incoming army nothing of the other's
secrets (its army while sealed, the tiles under the top of its stacks), checked against the
ruleset's own ``secrets()`` at every decision."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PIL import Image

from tests.cli.test_handover import HANDOVER, _play

REPO = Path(__file__).resolve().parents[2]


def test_a_battle_on_defaults_plays_to_its_end_and_draws_every_audience(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_TOKEN", "DISCORD_TOKEN")}
    env.update(LANG="en_US.UTF-8", PYTHONIOENCODING="utf-8")
    db, maps = tmp_path / "game.sqlite3", tmp_path / "maps"
    args = ["--seed", "4", "--db", db, "--out", maps, "--option", "size=50", "--defaults"]
    done = subprocess.run(
        [sys.executable, "-m", "bot", "play", "pocket-battles", *map(str, args)],
        check=False,
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "python -m bot verify" in done.stdout or "verify game.json" in done.stdout
    pictures = sorted(maps.glob("*.png"))
    audiences = {p.stem.rsplit("-", 1)[1] for p in pictures}
    assert audiences == {"public", "celts", "romans"}
    steps = {p.stem.rsplit("-", 2)[1] for p in pictures}
    assert len(steps) > 10, "a picture per step"
    for picture in (pictures[0], pictures[-1]):
        with Image.open(picture) as img:
            assert img.format == "PNG" and img.width <= 1600


async def test_hand_overs_show_no_other_army_secret(tmp_path: Path) -> None:
    """Building is sealed and stacks are concealed while deploying (Pocket Battles 3.2, 3.3):
    each hand-over clears the screen, and what the incoming army is shown until it answers
    holds none of ``secrets(state, seat)``."""
    table = await _play(tmp_path, "pocket-battles", {"size": 60}, 5)
    assert len(table.handovers) >= 4 and table.checked >= len(table.handovers)
    assert all(HANDOVER in table.lines[i] for i in table.handovers)
