"""The state of a game as it was at a past version, for delivery to build a step's views.

The referee's cached state serves when the version matches (the usual case: delivery follows the
order that queued it); otherwise the newest snapshot before the version is replayed forward,
applying in place (the loaded state is ours alone), or the set-up when no snapshot is that old.
A few recent versions are kept, so the public step and each seat's step share one replay.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING

from bot.rules.core import GameState, ReplayDice, RuleViolation
from bot.rules.core.registry import get as get_ruleset

if TYPE_CHECKING:
    from bot.referee.service import Referee


class History:
    def __init__(self, referee: Referee, size: int = 64) -> None:
        self.referee = referee
        self.size = size
        self.replays = 0
        """How many states were replayed rather than found (benches print it)."""
        self._states: OrderedDict[tuple[str, int], GameState] = OrderedDict()

    async def state_at(self, game_id: str, version: int) -> GameState:
        """The game's state at ``version`` (never to be changed by the caller: it may be the
        referee's own cached state)."""
        key = (game_id, version)
        found = self._states.get(key) or self.referee.cached_state(game_id, version)
        if found is None:
            found = await self._replay(game_id, version)
            self.replays += 1
        self._states[key] = found
        self._states.move_to_end(key)
        while len(self._states) > self.size:
            self._states.popitem(last=False)
        return found

    async def _replay(self, game_id: str, version: int) -> GameState:
        loaded = await self.referee.store.load_at(game_id, version)
        if loaded is None:
            raise RuleViolation("core.game.not_found", "Referee", game=game_id)
        ruleset = get_ruleset(loaded.record.ruleset)
        tail = loaded.tail
        if loaded.snapshot is not None:
            state = ruleset.load_state(loaded.snapshot)
        else:
            if not tail or tail[0].n != 0:
                raise RuleViolation("core.game.not_started", "Referee", game=game_id)
            record = loaded.record
            options = ruleset.parse_options(record.options)
            state = ruleset.setup(record.scenario, options, ReplayDice(tail[0].rolls)).state
        for entry in tail:
            if entry.seat is None:
                continue  # the set-up: already the starting point
            action = ruleset.parse_action(entry.action)
            dice = ReplayDice(entry.rolls)
            state = ruleset.apply(state, entry.seat, action, dice, copy=False).state
        return state
