"""Shared check for data written by a converter script (scripts/convert_<game>.py): running it
again on the reference beside the checkout must give the committed files byte for byte."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.rules.core.data import data_dir

REPO = Path(__file__).resolve().parents[1]


def reference(game: str) -> Path:
    return REPO.parent / "shared" / "reference" / game


def assert_reproduced(script: str, game: str, game_dir: str, tmp_path: Path) -> None:
    out = tmp_path / game_dir
    subprocess.run(
        [sys.executable, str(REPO / "scripts" / script), "--reference", str(reference(game)),
         "--out", str(out)],
        check=True, capture_output=True,
    )  # fmt: skip
    made = sorted(out.iterdir())
    assert made, "the converter wrote nothing"
    for path in made:
        assert path.read_bytes() == (data_dir() / game_dir / path.name).read_bytes(), path.name
