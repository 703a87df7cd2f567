"""Where game content lives: the repository's data/ folder, or REFEREE_DATA_DIR."""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    override = os.environ.get("REFEREE_DATA_DIR")
    return Path(override) if override else Path(__file__).resolve().parents[3] / "data"
