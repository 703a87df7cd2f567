"""What the referee keeps in memory: the latest states of recent games with their open
prompts and the views asked for (each computed once per state), and a lock per game that
exists only while in use.

Both are bounded: the cache holds at most ``size`` states (least recently used go first),
and a game's lock is dropped as soon as nobody holds or waits for it, so a process that has
seen 10,000 games keeps neither 10,000 states nor 10,000 locks.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

from bot.rules.core import GameState, Prompt, View
from bot.store import GameRecord

DEFAULT_SIZE = 128
"""States kept. A War at Sea state is ~0.5 MB of Python objects mid-game (`python -m bot bench
core` prints it): 128 of them stay well inside the 250 MB a process of 1,000 active games may
take, while the games being played right now are the ones that stay warm."""


@dataclass
class Cached:
    version: int
    state: GameState
    prompts: list[Prompt] | None = None
    record: GameRecord | None = None
    """The game as this process's own commit of this version left it (with ``seats``): the next
    order is judged on them without reading the game, and its commit checks them (issue 9)."""
    seats: dict[str, str] | None = None
    views: dict[str | None, View] = field(default_factory=dict)
    """Views of this state built so far, by audience (None: the public): built once per version
    (`/game status` asked again, a seat's `/was view`), dropped with the state."""


class StateCache:
    def __init__(self, size: int = DEFAULT_SIZE) -> None:
        self.size = size
        self._entries: OrderedDict[str, Cached] = OrderedDict()

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, game_id: str, version: int) -> Cached | None:
        """The entry of this game if it is at this version (a newer stored version, written by
        another process or after an undo, makes it stale)."""
        entry = self._entries.get(game_id)
        if entry is None or entry.version != version:
            return None
        self._entries.move_to_end(game_id)
        return entry

    def latest(self, game_id: str) -> Cached | None:
        """The entry of this game whatever its version (possibly a step behind the store)."""
        return self._entries.get(game_id)

    def put(
        self,
        game_id: str,
        version: int,
        state: GameState,
        prompts: list[Prompt] | None = None,
        *,
        record: GameRecord | None = None,
        seats: dict[str, str] | None = None,
    ) -> Cached:
        if record is not None and record.version != version:
            record, seats = None, None  # not this version's game: read it next time
        entry = Cached(version, state, prompts, record, seats)
        self._entries[game_id] = entry
        self._entries.move_to_end(game_id)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)
        return entry

    def drop(self, game_id: str) -> None:
        self._entries.pop(game_id, None)

    @staticmethod
    def prompts(entry: Cached, compute: Callable[[GameState], list[Prompt]]) -> list[Prompt]:
        """The entry's open prompts, computed the first time they are asked for."""
        if entry.prompts is None:
            entry.prompts = compute(entry.state)
        return entry.prompts


RECENT_JSON = 256
"""Recent states kept as JSON for delivery (a War at Sea state is ~37 KB of JSON: 9 MB at most):
delivery builds a step's views from the state at its version, often a few orders behind."""


class RecentJson:
    """The JSON of the newest states the referee committed, by (game, version): what a map
    worker rebuilds a step's state from (bot/referee/history.py). Versions only grow (an undo
    is a new version), so a (game, version) names one state for good."""

    def __init__(self, size: int = RECENT_JSON) -> None:
        self.size = size
        self._entries: OrderedDict[tuple[str, int], tuple[str, str]] = OrderedDict()

    def get(self, game_id: str, version: int) -> tuple[str, str] | None:
        """(ruleset, state JSON) at that version, if kept."""
        return self._entries.get((game_id, version))

    def put(self, game_id: str, version: int, ruleset: str, data: str) -> None:
        key = (game_id, version)
        self._entries[key] = (ruleset, data)
        self._entries.move_to_end(key)
        while len(self._entries) > self.size:
            self._entries.popitem(last=False)


class GameLocks:
    """Orders to one game are serialised; different games proceed in parallel."""

    def __init__(self) -> None:
        self._held: dict[str, tuple[asyncio.Lock, list[int]]] = {}

    def __len__(self) -> int:
        return len(self._held)

    def busy(self, game_id: str) -> bool:
        return game_id in self._held

    @contextlib.asynccontextmanager
    async def __call__(self, game_id: str) -> AsyncIterator[None]:
        lock, users = self._held.setdefault(game_id, (asyncio.Lock(), [0]))
        users[0] += 1  # counted before waiting, so the lock is not dropped under a waiter
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if users[0] == 0:
                del self._held[game_id]


GC_THRESHOLDS = (20_000, 20, 10)
"""The collector's thresholds once the bot runs (Python's are 700, 10, 10): a running bot makes
many short-lived objects per order (pydantic models, events, prompts) and keeps large
long-lived ones (cached states). With the defaults, `python -m bot bench delivery` spent about
a fifth of the bot's CPU in full collections, each pausing the event loop 50-200 ms (first
replies waited behind them); with these, one or two a run."""


def settle_heap() -> None:
    """Called once the bot has loaded everything (modules, cogs, catalogs): what exists now
    lives as long as the process, so the collector stops scanning it (gc.freeze), and it runs
    less often over what is made later. Once a process (tests start many bots in one)."""
    if gc.get_threshold() == GC_THRESHOLDS:
        return
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
