"""Hot-seat hand-over: the screen and its scrollback are cleared, a neutral screen names only
the incoming seat, and the incoming seat's recap and prompt carry nothing of another seat's
secrets (the ruleset's own ``secrets()``), for War at Sea under 18.2 and for Vaults.

Played in-process through the real referee and a real SQLite file; the orders are random
legal answers (the prompt's default after a refusal), picked by a chooser that, before
answering, checks everything the seat was shown since the keyboard reached it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

import tests.vaults  # noqa: F401  (registers the test-only ruleset)
from bot.autoplay import random_action
from bot.local.handover import CLEAR, Screen
from bot.local.play import LocalSession
from bot.rules.core import Prompt
from bot.rules.core.registry import get as get_ruleset
from bot.store import Store

HANDOVER = "Pass the keyboard to"


@dataclass
class Table:
    """The terminal: every line said, and where each hand-over began."""

    lines: list[str] = field(default_factory=list)
    handovers: list[int] = field(default_factory=list)  # index of the neutral screen's line
    checked: int = 0
    recaps_with_private: int = 0
    stop_after: int = 40

    def say(self, text: str) -> None:
        self.lines.append(text)

    def ask(self, prompt: str) -> str:
        self.lines.append(prompt)
        if prompt.startswith(HANDOVER):
            if len(self.handovers) >= self.stop_after:
                raise EOFError  # Ctrl-D at the neutral screen: the session stops cleanly
            self.handovers.append(len(self.lines) - 1)
        return ""


async def _play(tmp_path: Path, ruleset_id: str, options: dict[str, Any], seed: int) -> Table:
    table = Table()
    rng = random.Random(seed)
    tries: dict[str, int] = {}
    store = await Store.open(tmp_path / "hotseat.sqlite3")
    try:
        session = await LocalSession.open(
            store, ruleset_id, scenario=None, options=options, seed=seed, resume=None,
            out=None, lang="en", screen=Screen(table.say, table.ask, tty=True),
        )  # fmt: skip
        ruleset = get_ruleset(ruleset_id)

        names = {n for n in ruleset.names().values() if isinstance(n, str)}
        known: dict[str, set[str]] = {seat: set() for seat in ruleset.seats}

        async def choose(prompt: Prompt, screen: Screen, lang: str) -> dict[str, Any]:
            _, state = await session.referee.state(session.game_id)
            start = table.handovers[-1]
            shown = "\n".join(table.lines[start:])
            # A recap may repeat what the seat read when it was public (18.2: a ship seen in
            # combat goes face down again in port); nothing else the seat may not know.
            for secret in ruleset.secrets(state, prompt.seat) - known[prompt.seat]:
                assert secret not in shown, (prompt.seat, secret, shown)
            for seat in ruleset.seats:
                known[seat] |= names - ruleset.secrets(state, seat)
            table.checked += 1
            # A hand-over is cleared first: the outgoing seat's last line is gone.
            assert table.lines[start - 1] == CLEAR
            assert HANDOVER + " " in table.lines[start]
            tries[prompt.id] = tries.get(prompt.id, 0) + 1
            if tries[prompt.id] > 2 and prompt.default is not None:
                return prompt.default
            return random_action(prompt, rng)

        code = await session.play(choose=choose)
    finally:
        await store.close()
    assert code == 0
    stopped = len(table.handovers) == table.stop_after
    # Stopped at a hand-over (Ctrl-D): told how to carry on; else the game ended.
    assert ("--resume" if stopped else "verify game.json") in table.lines[-1]
    return table


@pytest.mark.parametrize("seed", [1, 2])
async def test_war_at_sea_18_2_hand_overs_show_no_other_seat_secret(
    tmp_path: Path, seed: int
) -> None:
    table = await _play(tmp_path, "war-at-sea", {"variant_18_2": True}, seed)
    assert len(table.handovers) == table.stop_after and table.checked >= table.stop_after
    text = "\n".join(table.lines)
    # The recap is the seat's own: turn, phase and score, and what happened since.
    assert "Turn 1 of 8" in text and "Score: even." in text
    assert "Since your last turn:" in text


async def test_vaults_recap_carries_the_seats_own_private_event(tmp_path: Path) -> None:
    table = await _play(tmp_path, "vaults", {}, 3)
    first = table.handovers[0]
    recap = table.lines[first : table.handovers[1]]
    # The first seat's recap holds its own secret gem (from its view), never the other's.
    assert any(line.startswith("  • Your treasury holds a") for line in recap), recap
    assert sum(line.startswith("  • Your treasury holds a") for line in recap) == 1


def test_the_clearing_codes_go_to_terminals_only() -> None:
    said: list[str] = []
    Screen(said.append, input, tty=False).clear()
    assert said == []
    Screen(said.append, input, tty=True).clear()
    assert said == ["\x1b[3J\x1b[2J\x1b[H"]
