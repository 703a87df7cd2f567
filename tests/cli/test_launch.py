"""Starting up as a newcomer does: `.env` is read, scripts/run.sh picks the bot or local play
from the same settings, offers to resume the last local game, installs only when
pyproject.toml changed, and plays on when the CJK font cannot be installed.

The scripts run in a copy of the checkout whose `.venv/bin/python` hands everything to this
venv's Python, except `-m pip`, which it only records (nothing is installed by the tests).
Missing or failing system tools (fc-list, apt-get, sudo) are small executables on PATH.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot.settings import Settings
from tests.test_local_play import HIDES, REPO, game_id, play


# --- Settings reads .env -------------------------------------------------------------------
def test_settings_read_the_token_from_dot_env(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name in ("REFEREE_TOKEN", "DISCORD_TOKEN", "REFEREE_DATABASE"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(tmp_path)
    assert Settings().token is None
    (tmp_path / ".env").write_text(
        "REFEREE_TOKEN=abc.def\nREFEREE_DATABASE=/data/x.sqlite3\n", encoding="utf-8"
    )
    settings = Settings()
    assert settings.token is not None and settings.token.get_secret_value() == "abc.def"
    assert settings.database == "/data/x.sqlite3"
    (tmp_path / ".env").write_text("DISCORD_TOKEN=xyz\n", encoding="utf-8")
    token = Settings().token
    assert token is not None and token.get_secret_value() == "xyz"
    monkeypatch.setenv("REFEREE_TOKEN", "from-env")  # the environment wins over .env
    token = Settings().token
    assert token is not None and token.get_secret_value() == "from-env"


# --- scripts/run.sh ------------------------------------------------------------------------
FAKE_PYTHON = """#!/bin/sh
if [ "$1" = "-m" ] && [ "$2" = "pip" ]; then echo "pip $*" >> "{log}"; exit 0; fi
exec "{python}" "$@"
"""


def _tool(folder: Path, name: str, body: str) -> None:
    path = folder / name
    path.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
    path.chmod(0o755)


@pytest.fixture
def checkout(tmp_path: Path) -> Path:
    root = tmp_path / "checkout"
    shutil.copytree(REPO / "scripts", root / "scripts")
    shutil.copy2(REPO / "pyproject.toml", root / "pyproject.toml")
    venv = root / ".venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "python").write_text(
        FAKE_PYTHON.format(python=sys.executable, log=root / "pip.log"), encoding="utf-8"
    )
    (venv / "python").chmod(0o755)
    digest = subprocess.run(
        ["sha256sum", "pyproject.toml"], cwd=root, capture_output=True, text=True, check=True
    ).stdout.split()[0]
    (root / ".venv" / ".install-stamp").write_text(f"{digest} \n", encoding="utf-8")
    tools = tmp_path / "tools"
    tools.mkdir()
    _tool(tools, "fc-list", 'echo "/usr/share/fonts/NotoSansCJK.ttc: Noto Sans CJK SC"')
    return root


def run_sh(root: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("REFEREE_TOKEN", "DISCORD_TOKEN")}
    env.update(
        RUN_SH_DRY="1",
        PATH=f"{root.parent / 'tools'}:{env['PATH']}",
        PYTHONPATH=str(REPO),
    )
    return subprocess.run(
        ["bash", "scripts/run.sh", *args], cwd=root, env=env, input=stdin,
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip


def test_a_token_in_dot_env_starts_the_bot(checkout: Path) -> None:
    without = run_sh(checkout)
    assert without.returncode == 0, without.stderr
    assert without.stdout.strip().endswith("-m bot play war-at-sea")
    (checkout / ".env").write_text("REFEREE_TOKEN=abc\n", encoding="utf-8")
    with_token = run_sh(checkout)
    assert with_token.stdout.strip().endswith("-m bot run"), with_token.stderr


def test_nothing_is_installed_while_pyproject_is_unchanged(checkout: Path) -> None:
    assert run_sh(checkout).returncode == 0
    assert not (checkout / "pip.log").exists()
    with (checkout / "pyproject.toml").open("a", encoding="utf-8") as f:
        f.write("\n# changed\n")
    assert run_sh(checkout).returncode == 0
    assert "install -q -e ." in (checkout / "pip.log").read_text(encoding="utf-8")
    (checkout / "pip.log").unlink()
    assert run_sh(checkout).returncode == 0  # stamped: not again
    assert not (checkout / "pip.log").exists()


def test_the_last_unfinished_local_game_is_offered(checkout: Path) -> None:
    db = checkout / "local-play.sqlite3"
    game = game_id(play(db, HIDES[:1]))
    yes = run_sh(checkout, stdin="\n")
    assert f"Resume game {game} (vaults)?" in yes.stderr + yes.stdout
    assert yes.stdout.strip().endswith(
        f"-m bot play vaults --resume {game} --db local-play.sqlite3"
    ), yes.stdout
    no = run_sh(checkout, stdin="n\n")
    assert no.stdout.strip().endswith("-m bot play war-at-sea")


@pytest.mark.parametrize(
    ("tools", "why"),
    [
        ({"apt-get": "exit 100"}, "apt-get update failed"),
        ({"apt-get": "exit 0", "id": "echo 1000", "sudo": "exit 1"}, "installing it needs root"),
    ],
)
def test_play_goes_on_when_the_font_cannot_be_installed(
    checkout: Path, tools: dict[str, str], why: str
) -> None:
    folder = checkout.parent / "tools"
    _tool(folder, "fc-list", "exit 0")  # no CJK font
    for name, body in tools.items():
        _tool(folder, name, body)
    done = run_sh(checkout)
    assert done.returncode == 0, done.stderr
    assert f"warning: no CJK font ({why})" in done.stderr
    assert done.stdout.strip().endswith("-m bot play war-at-sea")
