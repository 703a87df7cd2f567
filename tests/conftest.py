"""Shared test set-up: the fake Discord's fixtures (fake_discord, fake_world) for every test."""

from __future__ import annotations

pytest_plugins = ("tests.fakediscord.fixtures",)


def pytest_terminal_summary(terminalreporter: object) -> None:
    """What the shared guards (tests/guards) checked in this run: look-alike pairs compared,
    bad answers tried. Printed so CI shows their reach, not only that they passed."""
    from tests.guards.tally import TALLY

    if TALLY:
        write = terminalreporter.write_line  # type: ignore[attr-defined]
        terminalreporter.section("guards")  # type: ignore[attr-defined]
        for name, count in sorted(TALLY.items()):
            write(f"{name}: {count}")
