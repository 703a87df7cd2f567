"""A normal (non-editable) install works: the wheel carries the SQL migrations and the
console script, and a store opened from it has its tables.

The wheel is built from a copy of the sources (the checkout stays clean), installed with
``--no-deps`` into a fresh venv that borrows this venv's packages (only PyPI is reachable and
the dependencies are already here), and driven from a folder outside the checkout, so nothing
can be imported from the sources by accident.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "README.md", "bot", "cogs", "rendering")

OPEN_A_STORE = """
import asyncio, sqlite3, sys
import bot
from bot.store import Store

async def main():
    store = await Store.open(sys.argv[1])
    await store.close()

asyncio.run(main())
tables = {r[0] for r in sqlite3.connect(sys.argv[1]).execute(
    "SELECT name FROM sqlite_master WHERE type = 'table'")}
print(bot.__file__)
print(" ".join(sorted(tables)))
"""


def _run(*args: str | Path, cwd: Path) -> str:
    done = subprocess.run(
        [str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, f"{args}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.mark.slow
def test_the_wheel_installs_and_opens_a_store(tmp_path: Path) -> None:
    src = tmp_path / "src"
    src.mkdir()
    for name in SOURCES:
        path = REPO / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(path, src / name)
    wheels = tmp_path / "wheels"
    _run(sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", wheels, src, cwd=tmp_path)
    (wheel,) = wheels.glob("wargame_referee-*.whl")

    venv = tmp_path / "fresh"
    _run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    site = Path(_run(python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))",
                     cwd=tmp_path).strip())  # fmt: skip
    # The dependencies come from this venv; its .pth files (our editable install) are not read.
    (site / "borrowed.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    _run(sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", wheel,
         cwd=tmp_path)  # fmt: skip

    run_dir = tmp_path / "elsewhere"
    run_dir.mkdir()
    out = _run(python, "-c", OPEN_A_STORE, run_dir / "store.sqlite3", cwd=run_dir).splitlines()
    assert out[0].startswith(str(site)), out  # the installed copy, not the sources
    assert {"games", "actions", "rolls", "outbox"} <= set(out[1].split()), out

    help_text = _run(venv / "bin" / "wargame-referee", "--help", cwd=run_dir)
    assert "play" in help_text and "verify" in help_text
