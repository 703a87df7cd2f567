"""What the Discord layer asks the referee on every interaction: which game, which seats the
user holds in it, and the open prompts of its cached state. One store trip reads the game and
its seats (the version in the record checks the cached state); the state and its prompts come
from the cache, computed once per state. Cogs ask here, never the store (issue 10)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.rules.core import GameState, Prompt, RuleViolation
from bot.store import Deadline, GameRecord, GameStatus, OutboxMessage, Store

if TYPE_CHECKING:
    from bot.referee.cache import Cached

LIVE: tuple[GameStatus, ...] = ("lobby", "active", "paused")
PLAYING: tuple[GameStatus, ...] = ("active", "paused")


@dataclass(frozen=True)
class Seated:
    """A game as one user sees it: the record, who holds which seat, the state (None in the
    lobby) and every open prompt of that state."""

    record: GameRecord
    seats: dict[str, str]
    user_id: str
    state: GameState | None
    open: list[Prompt]
    deadlines: list[Deadline]

    def due(self, prompt: Prompt) -> float | None:
        """When this prompt's deadline falls, if it has one."""
        return next(
            (d.due_at for d in self.deadlines if (d.seat, d.prompt_id) == (prompt.seat, prompt.id)),
            None,
        )

    @property
    def held(self) -> list[str]:
        return [s for s, u in self.seats.items() if u == self.user_id]

    @property
    def prompts(self) -> list[Prompt]:
        """The open prompts this user owes (over all the seats they hold)."""
        held = set(self.held)
        return [p for p in self.open if p.seat in held]


class Lookups:
    """Mixed into the Referee (which provides the store and the cached state)."""

    store: Store

    async def _cached(self, record: GameRecord) -> Cached:  # provided by the Referee
        raise NotImplementedError

    def _open_prompts(self, record: GameRecord, entry: Cached) -> list[Prompt]:
        raise NotImplementedError

    async def seated(self, game_id: str, user_id: str, guild_id: str | None = None) -> Seated:
        """The game (isolated per server: another server's game is "not found"), its seats and
        the open prompts of its cached state: one store trip when the state is cached."""
        record, seats, deadlines = await self.store.game_context(game_id)
        if record is None or (guild_id is not None and record.guild_id != guild_id):
            raise RuleViolation("core.game.not_found", "Referee", game=game_id)
        return await self._seated(record, seats, user_id, deadlines)

    async def _seated(
        self, record: GameRecord, seats: dict[str, str], user_id: str, deadlines: list[Deadline]
    ) -> Seated:
        if record.status not in PLAYING:  # a lobby, or a game that is over
            return Seated(record, seats, user_id, None, [], deadlines)
        entry = await self._cached(record)
        prompts = self._open_prompts(record, entry)
        return Seated(record, seats, user_id, entry.state, prompts, deadlines)

    async def game_here(
        self, guild_id: str | None, channel_id: str | None, user_id: str
    ) -> GameRecord | None:
        """The game an interaction without a game id is about: the game whose thread it is
        in, else the user's only live game here (any server's in DMs); None if not one."""
        if guild_id is not None and channel_id is not None:
            record = await self.store.game_by_thread(channel_id)
            if record is not None and record.guild_id == guild_id:
                return record  # any status: a thread is one game
        mine = await self.games_of_user(user_id, guild_id)
        return next(iter(mine.values()))[0] if len(mine) == 1 else None

    async def games_of_user(
        self, user_id: str, guild_id: str | None = None, statuses: tuple[GameStatus, ...] = LIVE
    ) -> dict[str, tuple[GameRecord, set[str]]]:
        """The user's games of these statuses in this server (any server's for None), with
        the seats they hold, oldest first."""
        found: dict[str, tuple[GameRecord, set[str]]] = {}
        for record, seat in await self.store.games_of_user(user_id, statuses):
            if guild_id is None or record.guild_id == guild_id:
                found.setdefault(record.id, (record, set()))[1].add(seat)
        return found

    async def owed(self, user_id: str, guild_id: str | None = None) -> list[Seated]:
        """Every live game of the user here, with what they owe in it (one store trip)."""
        return [
            await self._seated(record, seats, user_id, deadlines)
            for record, seats, deadlines in await self.store.user_contexts(user_id, LIVE)
            if guild_id is None or record.guild_id == guild_id
        ]

    async def games(
        self,
        guild_id: str | None,
        statuses: tuple[GameStatus, ...] | None = LIVE,
        *,
        newest: int | None = None,
    ) -> list[GameRecord]:
        return await self.store.games(guild_id, statuses, newest=newest)

    async def seats(self, game_id: str) -> dict[str, str]:
        return await self.store.seats(game_id)

    async def seats_of(self, game_ids: list[str]) -> dict[str, dict[str, str]]:
        return await self.store.seats_of(game_ids)

    async def deadlines(self, game_id: str) -> list[Deadline]:
        return await self.store.deadlines(game_id)

    async def take_notices(self, user_id: str) -> list[OutboxMessage]:
        """Private messages a closed DM kept for this user, marked shown."""
        return await self.store.take_notices(user_id)
