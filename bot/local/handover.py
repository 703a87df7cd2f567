"""Handing the keyboard from one seat to another in hot-seat play (every game uses this).

War at Sea 18.2 (and any game with hidden information) needs the outgoing seat's private
lines gone before the incoming player looks: the screen *and* its scrollback are cleared, a
neutral screen names only the incoming seat, and once that player is at the keyboard they get a
recap built from their own view: the events they may see since their last turn and where the
game stands (turn, phase, score). Nothing of another seat's is kept for the recap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.i18n import event_text, render, seat_name, tr
from bot.rules.core import Event, GameState, Ruleset

CLEAR = "\x1b[3J\x1b[2J\x1b[H"
"""Erase the scrollback (3J), then the screen (2J), then home the cursor (H)."""

Say = Callable[[str], None]
Ask = Callable[[str], str]


@dataclass
class Screen:
    """Where the players read and type. ``tty`` is whether the output is a terminal: only a
    terminal understands the clearing codes (a script or a pipe gets none)."""

    say: Say
    ask: Ask
    tty: bool = False

    def clear(self) -> None:
        if self.tty:
            self.say(CLEAR)


def handover(
    screen: Screen,
    ruleset: Ruleset[Any],
    state: GameState,
    seat: str,
    events: list[Event],
    lang: str,
) -> None:
    """Clear, wait on a neutral screen for the incoming seat, then show its recap: ``events``
    are what the seat may see since its last order (read from its own export of the log)."""
    name = seat_name(ruleset.id, seat, lang)
    screen.clear()
    screen.ask(tr("local.pass_keyboard", lang, seat=name))
    screen.clear()  # the Enter itself is echoed; start the seat's screen clean
    recap(screen.say, ruleset, state, seat, events, lang)


def recap(
    say: Say,
    ruleset: Ruleset[Any],
    state: GameState,
    seat: str,
    events: list[Event],
    lang: str,
) -> None:
    """What this seat may know of what happened since its last turn, and where the game
    stands, all from its own view."""
    view = ruleset.view(state, seat)
    say(tr("local.handover.you_are", lang, seat=seat_name(ruleset.id, seat, lang)))
    say(render(ruleset.headline(view), lang))
    if events:
        say(tr("local.handover.since", lang))
        for event in events:
            say("  • " + event_text(event, lang, ruleset.id))
    else:
        say(tr("local.handover.nothing", lang))
