"""`python -m bot bench core --database postgresql://...` runs every store figure on SQLite and
on PostgreSQL side by side, in schemas of its own that it drops afterwards. Small sizes, and
nothing timed: the test checks that each figure and its floor are produced on both backends."""

from __future__ import annotations

import re

import psycopg
import pytest

from bot.benches import core
from tests.pg import Cluster

FIGURES = [
    r"Referee\.submit +median [\d.]+ ms",
    r"floor: store commit of the same rows +median [\d.]+ ms",
    r"submit / \(apply \+ commit\) medians: [\d.]+x",
    r"Referee\.state from a fresh referee +median [\d.]+ ms",
    r"floor: parsing its snapshot +median [\d.]+ ms",
    r"game of a thread .*: [\d.]+ ms -> [\d.]+ ms, [\d.]+x",
    r"floor: a store trip that reads nothing: [\d.]+ ms -> [\d.]+ ms",
    r"RSS \d+ MB",
    r"two processes on one database +\d+ orders/s combined \(10 orders in [\d.]+ s\)",
    r"floor: one process alone +\d+ orders/s \(5 orders in [\d.]+ s\)",
]


def test_bench_core_runs_on_postgres_beside_sqlite(
    pg_cluster: Cluster, capsys: pytest.CaptureFixture[str]
) -> None:
    url = pg_cluster.url()
    sizes = "--submits 6 --finished 1 --background 4 --small 3 --games 6 --active 4 --orders 5"
    sizes += " --repeat 20"
    parts = [f"--part={p}" for p in core.PARTS if p != "map"]  # drawing uses no store
    core.run(["--database", url, *sizes.split(), *parts])
    out = capsys.readouterr().out
    blocks = re.split(r"^\[(\w+) on (SQLite|PostgreSQL)\]$", out, flags=re.M)
    by_backend: dict[str, str] = {"SQLite": "", "PostgreSQL": ""}
    for i in range(1, len(blocks), 3):
        by_backend[blocks[i + 1]] += blocks[i + 2]
    for backend, text in by_backend.items():
        for figure in FIGURES:
            assert re.search(figure, text), f"{backend}: no {figure!r} in\n{text}"
    assert "(PostgreSQL):" in by_backend["PostgreSQL"]
    with psycopg.connect(url) as conn:
        left = conn.execute(
            "SELECT schema_name FROM information_schema.schemata WHERE schema_name LIKE 'bench_%'"
        ).fetchall()
    assert left == [], "the bench left its schemas behind"
