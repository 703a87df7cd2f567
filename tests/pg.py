"""The test suite's throwaway PostgreSQL cluster (bot/store/cluster.py), started once per session
by the ``pg_cluster`` fixture (tests/conftest.py) and removed afterwards."""

from __future__ import annotations

from bot.store.cluster import Cluster, driver_missing, server_bin

SKIP_REASON = (
    "PostgreSQL tests need the Debian package postgresql (initdb, pg_ctl) and the driver "
    "psycopg (the dev extra); scripts/test.sh installs both"
)

__all__ = ["SKIP_REASON", "Cluster", "driver_missing", "server_bin"]
