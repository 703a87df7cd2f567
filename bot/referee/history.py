"""The state of a game as it was at a past version, for delivery to build a step's views.

Delivery does not build views on the event loop (issue 9): it hands a map worker a ``Source``,
what rebuilds the state at that version, and the worker builds the views (bot/scenes.py). A
source is the state's own JSON when the referee still has it (the snapshot its commit wrote, or
its cached state), else the newest stored snapshot before the version and the orders that
replay it forward (or the set-up, when no snapshot is that old). Sources are plain strings, so
they cross to a worker process as they are and name the state exactly (a worker keeps the
states of the sources it saw last).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, TypeAdapter

from bot.rules.core import GameState, ReplayDice, Roll, RuleViolation
from bot.rules.core.registry import get as get_ruleset

if TYPE_CHECKING:
    from bot.referee.service import Referee


class Replayed(BaseModel):
    """One order of the log as a replay needs it (the set-up: seat None, its rolls)."""

    seat: str | None
    action: dict[str, Any]
    rolls: list[Roll]


_TAIL = TypeAdapter(list[Replayed])


@dataclass(frozen=True)
class Source:
    """What rebuilds a game's state at one version; hashable, and equal only for one state."""

    ruleset: str
    state: str | None
    """The state's JSON (a snapshot); None: from the set-up (``setup`` and the first entry of
    ``tail``)."""
    tail: str = "[]"
    """JSON of the orders (``Replayed``) applied after ``state``."""
    setup: str = ""
    """JSON of the scenario and options, when ``state`` is None."""


def rebuild(source: Source) -> GameState:
    """The state a source names (pure: a worker process runs it)."""
    ruleset = get_ruleset(source.ruleset)
    tail = _TAIL.validate_json(source.tail)
    if source.state is not None:
        state = ruleset.load_state(source.state)
    else:
        if not tail or tail[0].seat is not None:
            raise RuleViolation("core.game.not_started", "Referee")
        setup = json.loads(source.setup)
        options = ruleset.parse_options(setup["options"])
        state = ruleset.setup(setup["scenario"], options, ReplayDice(tail[0].rolls)).state
    for entry in tail:
        if entry.seat is None:
            continue  # the set-up: already the starting point
        action = ruleset.parse_action(entry.action)
        # In place: the state was just loaded and is ours alone.
        state = ruleset.apply(state, entry.seat, action, ReplayDice(entry.rolls), copy=False).state
    return state


class History:
    def __init__(self, referee: Referee, size: int = 64) -> None:
        self.referee = referee
        self.size = size
        self.replays = 0
        """How many sources were read from the store rather than found (benches print it)."""
        self._sources: OrderedDict[tuple[str, int], Source] = OrderedDict()

    async def source(self, game_id: str, version: int) -> Source:
        """What rebuilds the game's state at ``version``: the referee's JSON of it when it has
        it, else what the store keeps (a few recent versions are remembered, so the public
        step and each seat's step share one store read)."""
        key = (game_id, version)
        found = self._sources.get(key)
        if found is None:
            found = await self._find(game_id, version)
        self._sources[key] = found
        self._sources.move_to_end(key)
        while len(self._sources) > self.size:
            self._sources.popitem(last=False)
        return found

    async def state_at(self, game_id: str, version: int) -> GameState:
        """The game's state at ``version`` in this process (never to be changed by the caller:
        it may be the referee's own cached state)."""
        cached = self.referee.cached_state(game_id, version)
        if cached is not None:
            return cached
        return rebuild(await self.source(game_id, version))

    async def _find(self, game_id: str, version: int) -> Source:
        known = self.referee.state_json(game_id, version)
        if known is not None:
            return Source(known[0], known[1])
        loaded = await self.referee.store.load_at(game_id, version)
        if loaded is None:
            raise RuleViolation("core.game.not_found", "Referee", game=game_id)
        self.replays += 1
        record, tail = loaded.record, loaded.tail
        if loaded.snapshot is None and (not tail or tail[0].n != 0):
            raise RuleViolation("core.game.not_started", "Referee", game=game_id)
        replayed = [Replayed(seat=e.seat, action=e.action, rolls=e.rolls) for e in tail]
        setup = ""
        if loaded.snapshot is None:
            setup = json.dumps({"scenario": record.scenario, "options": record.options})
        return Source(
            record.ruleset,
            loaded.snapshot,
            _TAIL.dump_json(replayed).decode(),
            setup,
        )
