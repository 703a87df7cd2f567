from __future__ import annotations

from tests.referee.conftest import clock, db_path, referee, store

__all__ = ["clock", "db_path", "referee", "store"]
