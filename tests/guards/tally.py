"""Counts the guards print at the end of a test run (tests/conftest.py)."""

from __future__ import annotations

from collections import Counter

TALLY: Counter[str] = Counter()
