"""Wargame referee bot: the application layer."""

from __future__ import annotations
