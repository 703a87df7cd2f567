"""A throwaway PostgreSQL cluster, from the Debian ``postgresql`` binaries: initdb and pg_ctl in
a temporary folder, listening on a Unix socket only (no TCP port), run as the ``postgres`` user
when run as root. The test suite starts one per session (tests/pg.py), ``bench core --database
postgresql`` one per run; each is removed afterwards. Not for a bot's data: durability is off.

Every user gets its own empty database (``new_database``), so tests never see each other's rows:
a schema of its own in one shared database, named in the URL's search_path (a schema costs a
few milliseconds where CREATE DATABASE costs most of a second).
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path


def server_bin() -> Path | None:
    """The newest /usr/lib/postgresql/N/bin with initdb and pg_ctl (Debian's layout)."""
    found = sorted(
        glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(Path(p).parent.name), reverse=True
    )
    for folder in found:
        if (Path(folder) / "initdb").exists() and (Path(folder) / "pg_ctl").exists():
            return Path(folder)
    return None


def driver_missing() -> str | None:
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "the psycopg driver is not installed"
    return None


class Cluster:
    def __init__(self, bindir: Path) -> None:
        self.bindir = bindir
        self.base = Path(tempfile.mkdtemp(prefix="referee-pg-"))
        self.data = self.base / "data"
        self._as: list[str] = []
        if os.geteuid() == 0:
            # PostgreSQL refuses to run as root: the cluster belongs to the postgres user.
            shutil.chown(self.base, "postgres", "postgres")
            self._as = ["runuser", "-u", "postgres", "--"]
        self._names = itertools.count()
        self.started = False
        self._shared: str | None = None

    def _run(self, *args: str) -> None:
        result = subprocess.run(
            [*self._as, *args], capture_output=True, text=True, check=False, cwd=self.base
        )
        if result.returncode != 0:
            log = self.base / "server.log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{args[0]} failed: {result.stdout}{result.stderr}{tail}")

    def start(self) -> None:
        self._run(
            str(self.bindir / "initdb"),
            "-D",
            str(self.data),
            "-U",
            "postgres",
            "-A",
            "trust",
            "-E",
            "UTF8",
            "--no-sync",
        )
        # Durability is not under test (a process under test is killed, never the server).
        options = (
            f"-k {self.base} -c listen_addresses='' -c fsync=off -c synchronous_commit=off"
            " -c full_page_writes=off -c max_connections=300"
        )
        self._run(
            str(self.bindir / "pg_ctl"),
            "-D",
            str(self.data),
            "-l",
            str(self.base / "server.log"),
            "-w",
            "-o",
            options,
            "start",
        )
        self.started = True

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@/{database}?host={self.base}"

    def new_database(self, prefix: str = "t") -> str:
        """A new empty database (a schema of the shared one); returns its URL."""
        import psycopg

        name = f"{prefix}{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            if self._shared is None:
                conn.execute("CREATE DATABASE referee_tests")
                self._shared = "referee_tests"
        with psycopg.connect(self.url(self._shared), autocommit=True) as conn:
            conn.execute(f'CREATE SCHEMA "{name}"')
        return f"{self.url(self._shared)}&options=-csearch_path%3D{name}"

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            if self.started:
                pg_ctl = str(self.bindir / "pg_ctl")
                self._run(pg_ctl, "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.base, ignore_errors=True)
