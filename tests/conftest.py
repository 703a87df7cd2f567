"""Shared test set-up: the fake Discord's fixtures (fake_discord, fake_world) for every test,
and a throwaway PostgreSQL cluster (tests/pg.py), started once per session when a test asks."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.pg import SKIP_REASON, Cluster, driver_missing, server_bin

pytest_plugins = ("tests.fakediscord.fixtures",)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    bindir = server_bin()
    missing = driver_missing()
    if bindir is None or missing:
        pytest.skip(f"{SKIP_REASON} ({missing or 'no /usr/lib/postgresql/*/bin'})")
    cluster = Cluster(bindir)
    try:
        cluster.start()
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> str:
    """The URL of a new, empty database on the session's cluster."""
    return pg_cluster.new_database()


@pytest.fixture(params=["sqlite", "postgres"])
def database(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A new database of each backend (tests using it run twice): a SQLite file path, or the
    URL of a new PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path_factory.mktemp("db") / "referee.sqlite3")
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    return cluster.new_database()


@pytest.fixture(autouse=True)
def _mypy_cache_per_test(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each mypy run of tests/test_types.py keeps its own cache (mypy reads MYPY_CACHE_DIR):
    under pytest-xdist the two runs go at once, and mypy 2 keeps its cache in SQLite files that
    two writers would contend for; apart, each cache also stays warm for its own options."""
    if request.node.path.name == "test_types.py":
        monkeypatch.setenv("MYPY_CACHE_DIR", f".mypy_cache/{request.node.name}")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """In a pytest-xdist worker: the tests marked slow are handed out first, so that no worker
    starts a long test while the others run dry. Without xdist the order is unchanged."""
    if hasattr(config, "workerinput"):
        items.sort(key=lambda item: item.get_closest_marker("slow") is None)  # stable


def pytest_sessionfinish(session: pytest.Session) -> None:
    """In a pytest-xdist worker: hand the guards' counts to the controller, which prints them."""
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:
        from tests.guards.tally import TALLY

        workeroutput["guards_tally"] = dict(TALLY)


@pytest.hookimpl(optionalhook=True)  # an xdist hook: unknown when it is not installed
def pytest_testnodedown(node: Any, error: object) -> None:
    """pytest-xdist (controller): add a finished worker's guard counts to this process's."""
    from tests.guards.tally import TALLY

    TALLY.update(getattr(node, "workeroutput", {}).get("guards_tally", {}))


def pytest_terminal_summary(terminalreporter: object) -> None:
    """What the shared guards (tests/guards) checked in this run: look-alike pairs compared,
    bad answers tried. Printed so CI shows their reach, not only that they passed (under
    pytest-xdist, summed over the workers)."""
    from tests.guards.tally import TALLY

    if TALLY:
        write = terminalreporter.write_line  # type: ignore[attr-defined]
        terminalreporter.section("guards")  # type: ignore[attr-defined]
        for name, count in sorted(TALLY.items()):
            write(f"{name}: {count}")
