"""The type checker is part of the suite: `mypy` (config in pyproject.toml) on bot, cogs and
rendering, and `mypy --strict` on the pure rules. A finding fails here with mypy's own report,
so a change that breaks a typed contract (a seat, a view field) cannot land."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _mypy(*args: str) -> subprocess.CompletedProcess[str]:
    try:
        import mypy  # noqa: F401
    except ImportError:
        pytest.fail('mypy is a dev dependency: pip install -e ".[dev]"')
    return subprocess.run(
        [sys.executable, "-m", "mypy", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.slow
def test_mypy_is_clean_on_bot_cogs_rendering() -> None:
    done = _mypy()
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.slow
def test_mypy_strict_is_clean_on_the_rules() -> None:
    done = _mypy("--strict", "bot/rules")
    assert done.returncode == 0, done.stdout + done.stderr
