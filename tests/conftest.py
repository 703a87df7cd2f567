"""Shared test set-up: the fake Discord's fixtures (fake_discord, fake_world) for every test."""

from __future__ import annotations

pytest_plugins = ("tests.fakediscord.fixtures",)
