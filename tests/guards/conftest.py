from __future__ import annotations

from tests.referee.conftest import clock, referee, store

__all__ = ["clock", "referee", "store"]
