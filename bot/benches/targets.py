"""Where `bench core` puts its databases: SQLite files in a temporary folder, or new schemas of
their own in a PostgreSQL database (dropped afterwards). Every part of the bench asks its
``Targets`` for new databases, so each figure is measured the same way on either backend.

``--database postgresql`` without a URL starts a throwaway cluster from the Debian
``postgresql`` binaries (bot/store/cluster.py) for the run; with a URL, the bench works in
schemas of its own in that database (its user needs CREATE on the database).
"""

from __future__ import annotations

import contextlib
import os
import shutil
from collections.abc import Iterator
from pathlib import Path

from bot.benches import stored
from bot.store import Commit, GameRecord, Store
from bot.store.base import is_postgres


class Targets:
    def __init__(self, folder: Path, url: str | None = None) -> None:
        self.folder, self.url = folder, url
        self.name = "PostgreSQL" if url else "SQLite"
        self._schemas: list[str] = []

    def new(self, name: str) -> str:
        """The target (path or URL) of a new empty database."""
        if self.url is None:
            return str(self.folder / f"{name}.sqlite3")
        from bot.store.postgres import scratch_schema

        schema = f"bench_{os.getpid()}_{len(self._schemas)}_{name.replace('-', '_')}"
        self._schemas.append(schema)
        return scratch_schema(self.url, schema)

    async def copy_of(self, source: str, name: str) -> Store:
        """A new database holding every row of the database at ``source`` (a bench's played
        games): the file copied on SQLite, the rows loaded (as `store copy` does) on
        PostgreSQL."""
        if self.url is None and not is_postgres(source):
            target = self.new(name)
            shutil.copyfile(source, target)
            return await Store.open(target)
        store = await Store.open(self.new(name))
        origin = await Store.open(source)
        try:
            await store.load_rows(await origin.table_rows())
        finally:
            await origin.close()
        return store

    async def clone(self, store: Store, name: str) -> Store:
        """A new database identical to ``store`` as it is now."""
        await store.checkpoint()
        return await self.copy_of(store.target, name)

    async def sources(self, sources: stored.Sources, name: str) -> Store:
        return await self.copy_of(sources.path, name)

    def cleanup(self) -> None:
        if self.url is not None:
            from bot.store.postgres import drop_schema

            for schema in self._schemas:
                drop_schema(self.url, schema)


def record_commits(store: Store) -> list[Commit]:
    """Every commit ``store`` makes from now on, kept (the bench writes the same rows again into
    a twin database as the floor of submit), whichever backend it is."""
    commits: list[Commit] = []
    real, real_read = store.commit, store.commit_read

    async def commit(commit: Commit) -> int:
        n = await real(commit)
        commits.append(commit)
        return n

    async def commit_read(commit: Commit) -> tuple[int, GameRecord | None]:
        found = await real_read(commit)
        # The same rows; the check of the game as judged (a read) is not the floor's.
        commits.append(commit.model_copy(update={"judged": None, "seats": None}))
        return found

    setattr(store, "commit", commit)  # noqa: B010 - on this instance only
    setattr(store, "commit_read", commit_read)  # noqa: B010
    return commits


@contextlib.contextmanager
def backends(folder: Path, database: str) -> Iterator[list[Targets]]:
    """The bench's backends for ``--database``: ``sqlite`` alone; or SQLite and PostgreSQL side
    by side (``postgresql://...``, or ``postgresql`` alone for a throwaway cluster)."""
    if database == "sqlite":
        yield [Targets(folder)]
        return
    if database in ("postgresql", "postgres"):
        with throwaway_cluster() as url:
            yield from _both(folder, url)
        return
    if not is_postgres(database):
        raise SystemExit(f"--database {database}: sqlite, postgresql, or a postgresql:// URL")
    yield from _both(folder, database)


def _both(folder: Path, url: str) -> Iterator[list[Targets]]:
    targets = [Targets(folder), Targets(folder, url)]
    try:
        yield targets
    finally:
        targets[1].cleanup()


@contextlib.contextmanager
def throwaway_cluster() -> Iterator[str]:
    from bot.store.cluster import Cluster, driver_missing, server_bin

    bindir, missing = server_bin(), driver_missing()
    if bindir is None or missing:
        raise SystemExit(
            "--database postgresql starts a throwaway cluster: it needs the Debian package"
            " postgresql (initdb, pg_ctl) and the driver (pip install -e '.[postgres]')"
            f" ({missing or 'no /usr/lib/postgresql/*/bin'}); or give a postgresql:// URL"
        )
    cluster = Cluster(bindir)
    try:
        cluster.start()
        yield cluster.url()
    finally:
        cluster.stop()


def describe(targets: list[Targets]) -> str:
    where = {"SQLite": "a SQLite file in a temporary folder", "PostgreSQL": "PostgreSQL"}
    return " and ".join(where[t.name] for t in targets)
