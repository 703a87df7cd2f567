"""The referee: the only way a game changes. Async, Discord-free.

Every accepted action is applied by the game's pure rules with provably fair dice, then
written in one transaction with its rolls, the new deadlines and the outgoing messages.
"""

from __future__ import annotations

import contextlib
import secrets as pysecrets
import time
from collections.abc import AsyncIterator, Callable
from typing import Any

from pydantic import BaseModel, ConfigDict

from bot.i18n.wording import order_text
from bot.referee import deadlines
from bot.referee import export as exports
from bot.referee.cache import DEFAULT_SIZE, Cached, GameLocks, RecentJson, StateCache
from bot.referee.deadlines import TickReport
from bot.referee.fairdice import FairDice, commitment, new_seed
from bot.referee.lookup import Lookups
from bot.referee.messages import notice, prompt_ids, step_messages
from bot.referee.settings import GameSettings
from bot.rules.core import (
    Action,
    Event,
    GameState,
    Prompt,
    ReplayDice,
    Ruleset,
    RuleViolation,
    View,
    t,
)
from bot.rules.core.bounds import MAX_ID, clip
from bot.rules.core.registry import get as get_ruleset
from bot.store import Commit, Deadline, GameRecord, LogEntry, OutboxMessage, StaleVersion, Store

SYSTEM_USER = "referee"


class Submitted(BaseModel):
    model_config = ConfigDict(frozen=True)

    game_id: str
    n: int
    seat: str
    version: int
    events: list[Event]
    duplicate: bool = False
    over: bool = False


class Undone(int):
    """The log number of the order taken back, with that order in words (``order``, a
    Text dict), so whoever undid it reads which order it was."""

    order: dict[str, Any]

    def __new__(cls, n: int, order: dict[str, Any]) -> Undone:
        undone = super().__new__(cls, n)
        undone.order = order
        return undone


class Referee(Lookups):
    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        cache_size: int = DEFAULT_SIZE,
    ) -> None:
        self.store = store
        self.clock = clock
        self._locks = GameLocks()
        self._cache = StateCache(cache_size)
        self._json = RecentJson()

    # --- lobby --------------------------------------------------------------------------
    async def create(
        self,
        ruleset_id: str,
        *,
        guild_id: str,
        created_by: str,
        scenario: str | None = None,
        options: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
        channel_id: str | None = None,
        game_id: str | None = None,
        seed: bytes | None = None,
    ) -> GameRecord:
        _check_create(
            ruleset=ruleset_id,
            guild_id=guild_id,
            created_by=created_by,
            scenario=scenario,
            channel_id=channel_id,
            game_id=game_id,
        )
        for name, value in (("options", options), ("settings", settings)):
            if value is not None and not isinstance(value, dict):
                raise RuleViolation("core.create.invalid", "Referee", field=name)
        if seed is not None and not isinstance(seed, bytes):
            raise RuleViolation("core.create.invalid", "Referee", field="seed")
        ruleset = get_ruleset(ruleset_id)
        known = [s.id for s in ruleset.scenarios()]
        scenario = scenario or known[0]
        if scenario not in known:
            raise RuleViolation("core.scenario.unknown", "Referee", scenario=scenario)
        parsed = ruleset.parse_options({**ruleset.scenario_options(scenario), **(options or {})})
        game_settings = _settings(settings or {})
        # A fixed seed is for local play and tests; it is still committed to before the start.
        seed, now = seed or new_seed(), self.clock()
        record = GameRecord(
            id=game_id or _new_id(),
            guild_id=guild_id,
            channel_id=channel_id,
            ruleset=ruleset_id,
            scenario=scenario,
            options=parsed.model_dump(mode="json"),
            settings=game_settings.model_dump(mode="json"),
            status="lobby",
            seed=seed,
            commitment=commitment(seed),
            created_by=created_by,
            created_at=now,
            updated_at=now,
        )
        await self.store.create_game(record)
        return record

    async def game(self, game_id: str, guild_id: str | None = None) -> GameRecord:
        record = await self.store.game(game_id)
        # Another server's game is simply "not found": games are isolated per server.
        if record is None or (guild_id is not None and record.guild_id != guild_id):
            raise RuleViolation("core.game.not_found", "Referee", game=game_id)
        return record

    async def join(self, game_id: str, user_id: str, seat: str | None = None) -> str:
        async with self.lock(game_id):
            record = await self.game(game_id)
            if record.status != "lobby":
                raise RuleViolation("core.game.already_started", "Referee", game=game_id)
            ruleset = get_ruleset(record.ruleset)
            seats = await self.store.seats(game_id)
            if seat is None:
                seat = next((s for s in ruleset.seats if s not in seats), None)
                if seat is None:
                    raise RuleViolation("core.seat.none_free", "Referee", game=game_id)
            if seat not in ruleset.seats:
                raise RuleViolation("core.seat.unknown", "Referee", seat=seat)
            holder = seats.get(seat)
            if holder is not None and holder != user_id:
                raise RuleViolation("core.seat.taken", "Referee", seat=seat)
            await self.store.set_seat(game_id, seat, user_id)
            return seat

    async def leave(self, game_id: str, user_id: str) -> list[str]:
        async with self.lock(game_id):
            record = await self.game(game_id)
            if record.status != "lobby":
                raise RuleViolation("core.game.already_started", "Referee", game=game_id)
            held = [s for s, u in (await self.store.seats(game_id)).items() if u == user_id]
            if not held:
                raise RuleViolation("core.seat.not_holder", "Referee", game=game_id)
            for seat in held:
                await self.store.set_seat(game_id, seat, None)
            return held

    async def substitute(
        self, game_id: str, seat: str, new_user: str, *, by_user: str, manager: bool = False
    ) -> None:
        """Hand a seat to another user: by its holder, or by a manager."""
        async with self.lock(game_id):
            seats = await self.store.seats(game_id)
            if seat not in seats:
                raise RuleViolation("core.seat.unknown", "Referee", seat=seat)
            if seats[seat] != by_user and not manager:
                raise RuleViolation("core.seat.not_holder", "Referee", game=game_id)
            await self.store.set_seat(game_id, seat, new_user)

    async def start(self, game_id: str, by_user: str) -> Submitted:
        async with self.lock(game_id):
            record = await self.game(game_id)
            if record.status != "lobby":
                raise RuleViolation("core.game.already_started", "Referee", game=game_id)
            ruleset = get_ruleset(record.ruleset)
            seats = await self.store.seats(game_id)
            options = ruleset.parse_options(record.options)
            missing = [s for s in ruleset.seats if s not in seats]
            if missing:
                record = await self._bot_holds(record, ruleset, options, seats, missing)
            dice = FairDice(record.seed, record.id, 0)
            outcome = ruleset.setup(record.scenario, options, dice)
            now = self.clock()
            entry = LogEntry(
                n=0,
                seat=None,
                user_id=by_user,
                key="setup",
                action={"type": "setup"},
                events=outcome.events,
                rolls=dice.rolls,
                created_at=now,
            )
            started = notice(
                game_id,
                "public",
                "started",
                "started",
                now,
                commitment=record.commitment,
                seats=seats,
                ruleset=record.ruleset,
                scenario=record.scenario,
            )
            return await self._commit(
                record, ruleset, outcome.state, entry, set(), [started], seats=seats
            )

    async def _bot_holds(
        self,
        record: GameRecord,
        ruleset: Ruleset[Any],
        options: BaseModel,
        seats: dict[str, str],
        missing: list[str],
    ) -> GameRecord:
        """A game against the bot (``Ruleset.solo_policy``): the seats no player took are
        the referee's, played by that policy from the first prompt (its autopilot); a player
        must hold one seat at least. Otherwise every seat needs a player."""
        policy = ruleset.solo_policy(options)
        if policy is None or not seats:
            raise RuleViolation("core.game.seats_missing", "Referee", seats=", ".join(missing))
        settings = _settings(record.settings)
        pilots = {**settings.autopilot, **{seat: policy for seat in missing}}
        merged = settings.model_copy(update={"autopilot": pilots})
        await self.store.update_game(record.id, settings=merged.model_dump(mode="json"))
        return await self.game(record.id)

    # --- play ---------------------------------------------------------------------------
    async def state(
        self, game_id: str, record: GameRecord | None = None
    ) -> tuple[GameRecord, GameState]:
        """The game's current state: cached per version, else replayed from the last snapshot."""
        record = record or await self.game(game_id)
        return record, (await self._cached(record)).state

    def cached_state(self, game_id: str, version: int) -> GameState | None:
        """The cached state if it is the one at ``version`` (delivery builds views from it)."""
        entry = self._cache.get(game_id, version)
        return entry.state if entry is not None else None

    def state_json(self, game_id: str, version: int) -> tuple[str, str] | None:
        """(ruleset, the state's JSON) at ``version`` when this process has it: the snapshot a
        recent commit wrote, or the cached state (dumped once). Delivery's map workers rebuild
        a step's state from it (bot/referee/history.py)."""
        found = self._json.get(game_id, version)
        if found is None:
            entry = self._cache.get(game_id, version)
            if entry is None:
                return None
            found = (entry.state.ruleset, entry.state.model_dump_json())
            self._json.put(game_id, version, *found)
        return found

    async def prompts(self, game_id: str, user_id: str) -> list[Prompt]:
        """The open decisions this user owes in this game (over all the seats they hold)."""
        return (await self.seated(game_id, user_id)).prompts

    async def open_prompts(
        self, game_id: str, record: GameRecord | None = None
    ) -> tuple[GameRecord, GameState, list[Prompt]]:
        """The state and every open prompt of it, computed once per state (cached with it)."""
        record = record or await self.game(game_id)
        entry = await self._cached(record)
        return record, entry.state, self._open_prompts(record, entry)

    async def view(
        self, game_id: str, audience: str | None, record: GameRecord | None = None
    ) -> View:
        """The audience's view of the game now (never to be changed by the caller: it is kept
        beside the cached state, built once per version and audience)."""
        record = record or await self.game(game_id)
        entry = await self._cached(record)
        return self._view(record, entry, audience)

    def view_of(self, record: GameRecord, state: GameState, audience: str | None) -> View:
        """The audience's view of ``state``: the kept one when ``state`` is the cached state at
        ``record.version`` (built from its prompts computed once), else built afresh."""
        entry = self._cache.get(record.id, record.version)
        if entry is not None and entry.state is state:
            return self._view(record, entry, audience)
        return get_ruleset(record.ruleset).view(state, audience)

    def _view(self, record: GameRecord, entry: Cached, audience: str | None) -> View:
        found = entry.views.get(audience)
        if found is None:
            prompts = self._open_prompts(record, entry)
            found = get_ruleset(record.ruleset).view_with(entry.state, audience, prompts)
            entry.views[audience] = found
        return found

    async def submit(
        self,
        game_id: str,
        user_id: str,
        action: dict[str, Any],
        key: str,
        *,
        seat: str | None = None,
        expected_version: int | None = None,
        guild_id: str | None = None,
    ) -> Submitted:
        async with self.lock(game_id):
            known = self._cache.latest(game_id)
            if known is not None and known.record is not None and known.seats is not None:
                # Judged on the game as this process last committed it, without reading it
                # first: the commit checks that it is still so (issue 9: one store trip an
                # order). Anything else (another process moved it, a refusal, a retried key)
                # is judged again below on what the store holds now.
                with contextlib.suppress(RuleViolation, StaleVersion, _Duplicate):
                    return await self._judge(
                        known.record, None, known.seats, user_id, action, key,
                        seat, expected_version, guild_id, judged=True,
                    )  # fmt: skip
            record, previous, seats = await self.store.submit_context(game_id, key)
            if record is None:
                raise RuleViolation("core.game.not_found", "Referee", game=game_id)
            return await self._judge(
                record, previous, seats, user_id, action, key, seat, expected_version, guild_id
            )

    async def _judge(
        self,
        record: GameRecord,
        previous: LogEntry | None,
        seats: dict[str, str],
        user_id: str,
        action: dict[str, Any],
        key: str,
        seat: str | None,
        expected_version: int | None,
        guild_id: str | None,
        *,
        judged: bool = False,
    ) -> Submitted:
        """Judge an order on ``record`` and ``seats`` and commit it (the caller holds the game's
        lock). ``judged``: they were not read now but kept from this process's last commit."""
        game_id = record.id
        if guild_id is not None and record.guild_id != guild_id:
            raise RuleViolation("core.game.not_found", "Referee", game=game_id)
        if previous is not None:  # a retried interaction: applied once, answered again
            return _again(record, previous, user_id, action, seat)
        if record.status != "active":
            raise RuleViolation(f"core.game.{record.status}", "Referee", game=game_id)
        if expected_version is not None and expected_version != record.version:
            raise RuleViolation("core.version.stale", "Referee", game=game_id)
        held = [s for s, u in seats.items() if u == user_id]
        if seat is not None and seat not in held:
            raise RuleViolation("core.seat.not_holder", "Referee", game=game_id)
        ruleset = get_ruleset(record.ruleset)
        parsed = ruleset.parse_action(action)
        _, state, prompts = await self.open_prompts(game_id, record)
        seat = seat or _seat_for(prompts, held, parsed.type)
        if seat is None:
            raise RuleViolation("core.seat.not_holder", "Referee", game=game_id)
        return await self._apply(
            record,
            ruleset,
            state,
            seat,
            user_id,
            parsed,
            key,
            prompts=prompts,
            seats=seats,
            judged=judged,
        )

    async def undo(self, game_id: str, user_id: str) -> Undone:
        """Take back the user's own last action while it is the game's last, rolled no die and
        revealed nothing hidden (ARCHITECTURE.md, the referee)."""
        async with self.lock(game_id):
            record = await self.game(game_id)
            if record.status != "active":
                raise RuleViolation(f"core.game.{record.status}", "Referee", game=game_id)
            log = await self.store.log(game_id)
            last = next((e for e in reversed(log) if not e.undone), None)
            seats = await self.store.seats(game_id)
            if last is None or last.seat is None or log[-1].n != last.n:
                raise RuleViolation("core.undo.nothing", "Referee")
            if seats.get(last.seat) != user_id:
                raise RuleViolation("core.undo.not_yours", "Referee")
            if last.rolls:
                raise RuleViolation("core.undo.dice_rolled", "Referee")
            if last.reveals:
                raise RuleViolation("core.undo.revealed", "Referee")
            ruleset = get_ruleset(record.ruleset)
            stop = ruleset.undo_stops.get(str(last.action.get("type", "")))
            if stop is not None:
                raise RuleViolation("core.undo.step_over", stop)
            _, _, prompts_now = await self.open_prompts(game_id, record)
            before = prompt_ids(prompts_now)
            state = await self._replay(game_id, skip=last.n)
            prompts = ruleset.prompts(state)
            now = self.clock()
            deadlines = self._deadlines(record, prompts, now)
            order = _order_in_words(prompts, last.seat, last.action)
            messages = step_messages(
                ruleset,
                game_id,
                record.version,
                [Event(kind="core.undone", params={"seat": last.seat, "order": order})],
                before,
                deadlines,
                now,
                prompts,
            )
            try:
                await self.store.undo(game_id, last.n, record.version, deadlines, messages)
            except StaleVersion:
                raise RuleViolation("core.version.stale", "Referee", game=game_id) from None
            self._remember(game_id, record.version + 1, state, prompts)
            return Undone(last.n, order)

    # --- lifecycle ----------------------------------------------------------------------
    async def set_status(self, game_id: str, status: str, *, by_user: str) -> None:
        async with self.lock(game_id):
            record = await self.game(game_id)
            allowed = {
                "paused": ("active",),
                "active": ("paused",),
                "abandoned": ("lobby", "active", "paused"),
            }
            if record.status not in allowed.get(status, ()):
                raise RuleViolation(f"core.game.{record.status}", "Referee", game=game_id)
            now = self.clock()
            await self.store.update_game(game_id, status=status, updated_at=now)
            message = notice(
                game_id, "public", status, f"{status}:{record.version}:{now}", now, by=by_user
            )
            if status == "abandoned":
                message = notice(
                    game_id,
                    "public",
                    "abandoned",
                    "abandoned",
                    now,
                    by=by_user,
                    seed=record.seed.hex(),
                    commitment=record.commitment,
                )
            await self.store.enqueue([message])

    async def update_settings(self, game_id: str, changes: dict[str, Any]) -> GameSettings:
        async with self.lock(game_id):
            record = await self.game(game_id)
            merged = _settings({**record.settings, **changes})
            await self.store.update_game(game_id, settings=merged.model_dump(mode="json"))
            return merged

    async def update_options(self, game_id: str, options: dict[str, Any]) -> BaseModel:
        """Change a game's variants while it is still in its lobby (validated by the ruleset)."""
        async with self.lock(game_id):
            record = await self.game(game_id)
            if record.status != "lobby":
                raise RuleViolation("core.game.already_started", "Referee", game=game_id)
            parsed = get_ruleset(record.ruleset).parse_options({**record.options, **options})
            await self.store.update_game(game_id, options=parsed.model_dump(mode="json"))
            return parsed

    # --- internals ----------------------------------------------------------------------
    async def tick(self, now: float | None = None) -> TickReport:
        """Send due reminders and apply expired deadlines' policy; safe to call any time."""
        report = await deadlines.tick(self, self.clock() if now is None else now)
        await self.store.checkpoint()
        return report

    async def export(
        self, game_id: str, audience: str | None, *, full: bool = False
    ) -> dict[str, Any]:
        record = await self.game(game_id)
        final = None
        if record.status in ("over", "abandoned") and record.version > 0:
            _, state = await self.state(game_id, record)
            final = (get_ruleset(record.ruleset), state)
        return exports.build(record, await self.store.log(game_id), audience, full, final)

    async def apply_as_referee(
        self,
        record: GameRecord,
        state: GameState,
        seat: str,
        action: Action,
        key: str,
        fired: tuple[str, str],
        prompts: list[Prompt] | None = None,
        notices: list[OutboxMessage] | None = None,
    ) -> Submitted:
        """Apply a deadline's default order for a seat (the caller holds the game's lock),
        with ``notices`` saying so, sent ahead of the step in the same transaction."""
        if await self.store.action_for_key(record.id, key) is not None:
            raise RuleViolation("core.deadline.already_applied", "Referee")
        ruleset = get_ruleset(record.ruleset)
        return await self._apply(
            record, ruleset, state, seat, SYSTEM_USER, action, key, fired, prompts, notices
        )

    @contextlib.asynccontextmanager
    async def lock(self, game_id: str) -> AsyncIterator[None]:
        """One writer per game: changes to one game are serialised, different games proceed in
        parallel. The in-process lock is a fast path, and exists only while it is held or
        awaited (bot/referee/cache.py); the store's lock (a database lock on PostgreSQL) is what
        keeps other processes out. Everything read under it is read anew (the state cache is
        checked against the stored version), so a process never acts on a state another
        process has moved past."""
        async with self._locks(game_id), self.store.game_lock(game_id):
            yield

    def _remember(
        self, game_id: str, version: int, state: GameState, prompts: list[Prompt] | None = None
    ) -> None:
        self._cache.put(game_id, version, state, prompts)

    async def _cached(self, record: GameRecord) -> Cached:
        entry = self._cache.get(record.id, record.version)
        if entry is None:
            entry = self._cache.put(record.id, record.version, await self._replay(record.id))
        return entry

    def _open_prompts(self, record: GameRecord, entry: Cached) -> list[Prompt]:
        return StateCache.prompts(entry, get_ruleset(record.ruleset).prompts)

    def prompts_of(self, record: GameRecord, version: int, state: GameState) -> list[Prompt]:
        """The open prompts of ``state``, the game's state at ``version``: when it is the cached
        state, its prompts computed once and kept beside it (delivery asks after a submit)."""
        entry = self._cache.get(record.id, version)
        if entry is not None and entry.state is state:
            return self._open_prompts(record, entry)
        return get_ruleset(record.ruleset).prompts(state)

    def prompts_at(self, game_id: str, version: int) -> list[Prompt] | None:
        """The open prompts kept beside the cached state when it is the one at ``version`` (no
        computing: delivery asks a map worker otherwise)."""
        entry = self._cache.get(game_id, version)
        return entry.prompts if entry is not None else None

    def cached_prompts(self, game_id: str) -> list[Prompt] | None:
        """The open prompts of the game's cached state, without asking the store: possibly a
        step behind, so only good for choosing how to answer an interaction before the real
        (checked) lookup; None when the game is not cached or its prompts not computed."""
        entry = self._cache.latest(game_id)
        return entry.prompts if entry is not None else None

    async def _replay(self, game_id: str, skip: int | None = None) -> GameState:
        # Skipping the last entry (an undo) is the state at the version before it: from the
        # newest snapshot before it (the newest one may hold that very entry).
        if skip is None:
            loaded = await self.store.load(game_id)
        else:
            loaded = await self.store.load_at(game_id, skip)
        if loaded is None:
            raise RuleViolation("core.game.not_found", "Referee", game=game_id)
        ruleset = get_ruleset(loaded.record.ruleset)
        tail = loaded.tail
        if loaded.snapshot is None:
            raise RuleViolation("core.game.not_started", "Referee", game=game_id)
        state = ruleset.load_state(loaded.snapshot)
        for entry in tail:
            if entry.n == skip or entry.seat is None:
                continue
            action = ruleset.parse_action(entry.action)
            # In place: the state was just loaded from the snapshot and is ours alone.
            dice = ReplayDice(entry.rolls)
            state = ruleset.apply(state, entry.seat, action, dice, copy=False).state
        return state

    async def _apply(
        self,
        record: GameRecord,
        ruleset: Ruleset[Any],
        state: GameState,
        seat: str,
        user_id: str,
        action: Action,
        key: str,
        fired: tuple[str, str] | None = None,
        prompts: list[Prompt] | None = None,
        extra: list[OutboxMessage] | None = None,
        *,
        seats: dict[str, str] | None = None,
        judged: bool = False,
    ) -> Submitted:
        dice = FairDice(record.seed, record.id, record.next_roll)
        if prompts is None:
            prompts = ruleset.prompts(state)
        before = prompt_ids(prompts)
        outcome = ruleset.apply(state, seat, action, dice, prompts)
        entry = LogEntry(
            n=record.version,
            seat=seat,
            user_id=user_id,
            key=key,
            action=action.model_dump(mode="json"),
            events=outcome.events,
            rolls=dice.rolls,
            reveals=any(e.reveals for e in outcome.events),
            created_at=self.clock(),
        )
        return await self._commit(
            record, ruleset, outcome.state, entry, before, list(extra or []), fired, seats, judged
        )

    async def _commit(
        self,
        record: GameRecord,
        ruleset: Ruleset[Any],
        state: GameState,
        entry: LogEntry,
        before: set[str],
        extra: list[Any],
        fired: tuple[str, str] | None = None,
        seats: dict[str, str] | None = None,
        judged: bool = False,
    ) -> Submitted:
        """Write the order and remember the new state with its prompts, and the game and seats
        as now written (the next order is judged on them). ``seats``: those the order was
        judged on; ``judged``: ``record`` and ``seats`` were kept, not read, so the commit
        checks them (StaleVersion or _Duplicate reach the caller, which reads and judges
        again)."""
        now = entry.created_at
        settings = _settings(record.settings)
        over = state.result is not None
        prompts = ruleset.prompts(state)
        deadlines = [] if over else self._deadlines(record, prompts, now)
        messages = extra + step_messages(
            ruleset, record.id, entry.n, entry.events, before, deadlines, now, prompts
        )
        if over:
            messages.append(
                notice(
                    record.id,
                    "public",
                    "over",
                    "over",
                    now,
                    result=state.result.model_dump(mode="json") if state.result else None,
                    seed=record.seed.hex(),
                    commitment=record.commitment,
                    n=entry.n,
                )
            )
        snapshot = None
        every = settings.snapshot_every or ruleset.snapshot_every
        if entry.n == 0 or over or entry.n % every == 0:
            snapshot = state.model_dump_json()
        commit = Commit(
            game_id=record.id,
            expected_version=record.version,
            entry=entry,
            snapshot=snapshot,
            status="over" if over else ("active" if entry.n == 0 else None),
            deadlines=deadlines,
            outbox=messages,
            fired_deadline=fired,
            judged=record if judged else None,
            seats=seats if judged else None,
        )
        try:
            n, after = await self.store.commit_read(commit)
        except StaleVersion:
            self._cache.drop(record.id)
            if judged:
                raise
            raise RuleViolation("core.version.stale", "Referee", game=record.id) from None
        if after is None and judged:
            raise _Duplicate  # a retried interaction: answered from the log, read afresh
        self._cache.put(
            record.id,
            record.version + 1,
            state,
            prompts,
            record=after,
            seats=seats if after is not None else None,
        )
        if snapshot is not None:  # delivery rebuilds this version's views from it
            self._json.put(record.id, record.version + 1, record.ruleset, snapshot)
        return Submitted(
            game_id=record.id,
            n=n,
            seat=entry.seat or "",
            version=record.version + 1,
            events=_seen_by(entry.events, entry.seat),
            over=over,
        )

    def _deadlines(self, record: GameRecord, prompts: list[Prompt], now: float) -> list[Deadline]:
        """Each seat's first open prompt is due after the game's deadline; a seat the referee
        plays (``autopilot``) is due at once, deadline or none."""
        settings = _settings(record.settings)
        due = now + settings.deadline_hours * 3600
        remind = due - settings.remind_before_hours * 3600
        first: dict[str, Prompt] = {}
        for prompt in prompts:
            first.setdefault(prompt.seat, prompt)
        return [
            Deadline(game_id=record.id, seat=seat, prompt_id=p.id, due_at=now)
            if seat in settings.autopilot
            else Deadline(
                game_id=record.id,
                seat=seat,
                prompt_id=p.id,
                due_at=due,
                remind_at=remind if settings.remind_before_hours > 0 and remind > now else None,
            )
            for seat, p in first.items()
            if seat in settings.autopilot or settings.deadline_hours > 0
        ]

    async def hand_over(
        self, game_id: str, seat: str, policy: str | None, *, manager: bool
    ) -> GameSettings:
        """A manager hands a seat to the referee, played by ``policy`` (one of the game's
        ``autopilots``), or (None) back to its holder; its open prompt is due at once."""
        if not manager:
            raise RuleViolation("core.autopilot.manager_only", "Referee")
        async with self.lock(game_id):
            record = await self.game(game_id)
            ruleset = get_ruleset(record.ruleset)
            if seat not in ruleset.seats:
                raise RuleViolation("core.seat.unknown", "Referee", seat=seat)
            if policy is not None and policy not in ruleset.autopilots:
                raise RuleViolation("core.autopilot.unknown", "Referee", policy=policy)
            settings = _settings(record.settings)
            pilots = {s: p for s, p in settings.autopilot.items() if s != seat}
            if policy is not None:
                pilots[seat] = policy
            merged = settings.model_copy(update={"autopilot": pilots})
            await self.store.update_game(game_id, settings=merged.model_dump(mode="json"))
            if record.status in ("active", "paused"):
                record = await self.game(game_id)
                _, _, prompts = await self.open_prompts(game_id, record)
                kept = [d for d in await self.store.deadlines(game_id) if d.seat != seat]
                mine = [p for p in prompts if p.seat == seat]
                fresh = self._deadlines(record, mine, self.clock())
                # The seat's running deadline goes first (a running one is kept otherwise).
                await self.store.replace_deadlines(game_id, kept)
                await self.store.replace_deadlines(game_id, kept + fresh)
            return merged


class _Duplicate(Exception):
    """The order's key was committed before: the submission reads the log and answers again."""


def _seat_for(prompts: list[Prompt], held: list[str], action_type: str) -> str | None:
    for prompt in prompts:
        if prompt.seat in held and prompt.form(action_type):
            return prompt.seat
    owed = [p.seat for p in prompts if p.seat in held]
    return owed[0] if owed else (held[0] if held else None)


def _again(
    record: GameRecord, entry: LogEntry, user_id: str, action: Any, seat: str | None
) -> Submitted:
    """The answer to a retried request: only for the user who gave that order, and only for
    the same order. A key is no password: whoever else sends it, or sends it with another
    order, is refused and reads nothing of that entry."""
    same = entry.user_id == user_id and seat in (None, entry.seat)
    if same:
        try:
            parsed = get_ruleset(record.ruleset).parse_action(action)
        except RuleViolation:
            same = False
        else:
            same = parsed.model_dump(mode="json") == entry.action
    if not same:
        raise RuleViolation("core.key.reused", "Referee")
    return _submitted(record, entry, duplicate=True)


def _seen_by(events: list[Event], seat: str | None) -> list[Event]:
    """What the seat that gave an order may read of its events (the public's, for setup):
    the caller is handed nothing another seat alone may see."""
    return [e for e in events if e.visible_to(seat)]


def _submitted(record: GameRecord, entry: LogEntry, *, duplicate: bool) -> Submitted:
    return Submitted(
        game_id=record.id,
        n=entry.n,
        seat=entry.seat or "",
        version=record.version,
        events=_seen_by(entry.events, entry.seat),
        duplicate=duplicate,
        over=record.status == "over",
    )


def _check_create(**fields: object) -> None:
    """Referee.create's text inputs: strings of bounded length (None where optional), so a
    caller's mistake is a refusal, never a TypeError or an unbounded record."""
    required = ("ruleset", "guild_id", "created_by")
    for name, value in fields.items():
        if value is None and name not in required:
            continue
        if not isinstance(value, str) or not 0 < len(value) <= MAX_ID:
            if name == "ruleset":
                raise RuleViolation("core.ruleset.unknown", "Referee", ruleset=clip(repr(value)))
            raise RuleViolation("core.create.invalid", "Referee", field=name)


def _settings(raw: dict[str, Any]) -> GameSettings:
    try:
        return GameSettings.model_validate(raw)
    except ValueError as exc:
        raise RuleViolation("core.settings.invalid", "Referee", detail=str(exc)[:200]) from exc


def _new_id() -> str:
    # Short, unambiguous, typeable in a slash command: 8 characters of base32.
    alphabet = "abcdefghjkmnpqrstuvwxyz23456789"
    return "".join(pysecrets.choice(alphabet) for _ in range(8))


def _order_in_words(prompts: list[Prompt], seat: str, action: dict[str, Any]) -> dict[str, Any]:
    """The order taken back, worded by the prompt it answered (open again after the undo)."""
    for prompt in prompts:
        if prompt.seat == seat and (text := order_text(prompt, action)) is not None:
            return text.model_dump()
    return t("core.order.unnamed").model_dump()
