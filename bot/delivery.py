"""Delivers the outbox: public messages to the game's thread, private ones by DM.

Each (game, audience) is a lane: its messages go out in order, one lane at a time per worker
task, and lanes run side by side, so a slow or rate-limited channel holds up only its own
lane. Maps are drawn in a pool off the event loop (bot/maps.py).

A step names the game version it follows; its views (and a seat's open prompts) are built here
from the state at that version (bot/referee/history.py), never stored. Consecutive steps waiting
in one lane go out as one post (issue 12): in the thread, steps that leave the same side to move
are also held for ``merge_seconds`` so that a side's run of orders makes one post. The thread
pings only when the side waited for changes, and a map is attached only when it differs from
the last one that lane got.

Every message is sent once: it is marked delivered (its body dropped) right after the send. A
DM that Discord refuses (closed DMs) becomes a notice the user sees at their next interaction;
it never falls back to a public post. Transient failures (5xx, network; discord.py retries 429s
itself) back off and retry.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import io
import logging
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot import present
from bot.alt import alt_caption
from bot.maps import MapPool, PoolKind
from bot.referee import payloads
from bot.referee.history import History
from bot.rules.core import PUBLIC, Prompt, View
from bot.rules.core.registry import get as get_ruleset
from bot.scenes import Scene, SceneJob
from bot.store import GameRecord, OutboxMessage

if TYPE_CHECKING:
    from bot.client import RefereeBot

log = logging.getLogger(__name__)

PromptViews = Callable[[str, list[Prompt], str], "tuple[discord.ui.View | None, str]"]
"""(game id, prompts of one seat, language) -> the components to answer them and a note for
what did not fit (set by the play cog)."""

StatusHook = Callable[[GameRecord], Awaitable[None]]
"""Called after a public notice that changes a game's status (the lobby cog refreshes the
lobby message's status line and buttons)."""

STATUS_NOTICES = ("started", "paused", "active", "over", "abandoned")
MENTIONS = discord.AllowedMentions(everyone=False, roles=False, users=True)
QUIET = discord.AllowedMentions(everyone=False, roles=False, users=False)
MAX_BACKOFF = 600.0
MAX_DMS = 10_000
Lane = tuple[str, str]


class Undeliverable(Exception):
    """A message that can never be delivered (no thread, no seat holder): given up at once."""


class Delivery:
    def __init__(
        self,
        bot: RefereeBot,
        *,
        poll_seconds: float = 2.0,
        retry_seconds: float = 2.0,
        max_attempts: int = 10,
        lanes: int = 16,
        map_pool: PoolKind = "thread",
        map_workers: int | None = None,
        map_nice: int = 5,
        merge_seconds: float = 0.0,
        lease_seconds: float = 60.0,
        owner: str = "referee",
    ) -> None:
        self.bot = bot
        self.lease_seconds = lease_seconds
        self.owner = owner
        """This process's name on the outbox leases it holds (Store.claim)."""
        self.claim_batch = 1000
        self.poll_seconds = poll_seconds
        self.retry_seconds = retry_seconds
        self.max_attempts = max_attempts
        self.merge_seconds = merge_seconds
        self.maps = MapPool(map_pool, map_workers, map_nice)
        self.prompt_views: PromptViews | None = None
        self.status_changed: StatusHook | None = None
        self.paused = False
        """Tests set it to stand for a process that died before delivering."""
        self.merge_runs = True
        self.always_map = False
        """Both for the bench's stand-in of the old loop: one post per message, a map each."""
        self.delivered = 0
        self.posts = 0
        self._history: History | None = None
        self._wake = asyncio.Event()
        self._lock = asyncio.Lock()
        self._slots = asyncio.Semaphore(lanes)
        self._running: dict[Lane, asyncio.Task[int]] = {}
        self._settled: set[int] = set()
        self._first_seen: dict[int, float] = {}
        self._retry_at: dict[int, float] = {}
        self._foreign: set[str] = set()
        self._dms: dict[str, int] = {}
        """DM channel ids by user id (bot/delivery.py _dm)."""
        self._stopping = False

    @property
    def history(self) -> History:
        if self._history is None:
            self._history = History(self.bot.referee)
        return self._history

    def wake(self) -> None:
        """Deliver now rather than at the next poll (called after every change)."""
        self._wake.set()

    def stop_soon(self) -> None:
        """Let the loop finish its current pass and return (never mid-send: a message sent
        but not yet marked would be sent again by the next process)."""
        self._stopping = True
        self.wake()

    async def run(self) -> None:
        while not self._stopping:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll_seconds)
            self._wake.clear()
            if self.paused or self._stopping:
                continue
            try:
                async with self._lock:
                    await self._schedule(flush=False)
            except Exception:
                log.exception("delivery pass failed")
        if self._running:  # sends under way finish and are marked
            await asyncio.wait(list(self._running.values()))

    async def close(self) -> None:
        """After the last pass: stop the lanes still running (a message sent but not marked is
        sent again by the next process, and Discord drops the copy by its nonce), then the map
        workers."""
        running = list(self._running.values())
        for task in running:
            task.cancel()
        if running:
            await asyncio.wait(running, timeout=1.0)
        self.maps.close()

    async def deliver_pending(self) -> int:
        """Deliver everything pending now (merging what waits, holding nothing back), and wait
        for it; returns how many messages were settled."""
        async with self._lock:
            start = self.delivered
            while True:
                started = await self._schedule(flush=True)
                running = list(self._running.values())
                if not running:
                    return self.delivered - start
                before = self.delivered
                # Claim again (renewing this process's leases) before they could lapse.
                await asyncio.wait(running, timeout=self.lease_seconds / 2)
                if not started and self.delivered == before and all(t.done() for t in running):
                    return self.delivered - start

    # --- scheduling ----------------------------------------------------------------------------
    async def _schedule(self, *, flush: bool) -> int:
        """Start a worker for every idle lane with messages ready; returns how many started.

        Several processes may share the outbox: this one sends only what it holds the lease of
        (Store.claim, which also renews its leases), never while an earlier message of the same
        game and audience is leased to another."""
        batch = await self.bot.store.claim(self.owner, self.claim_batch, self.lease_seconds)
        ids = {m.id for m in batch}
        self._settled &= ids  # what a worker settled while this read ran may still be in it
        lanes: dict[Lane, list[OutboxMessage]] = {}
        now = time.monotonic()
        for message in batch:
            if message.id in self._settled or message.game_id in self._foreign:
                continue
            self._first_seen.setdefault(message.id, now)
            lanes.setdefault((message.game_id, message.audience), []).append(message)
        for stale in [i for i in self._first_seen if i not in ids]:
            del self._first_seen[stale]
        started = 0
        for lane, messages in lanes.items():
            if lane in self._running:
                continue
            if self._retry_at.get(messages[0].id, 0.0) > now:
                continue  # keep the order within a thread or a DM
            task = asyncio.create_task(self._lane(lane, messages, flush))
            self._running[lane] = task
            task.add_done_callback(functools.partial(self._finished, lane))
            started += 1
        return started

    def _finished(self, lane: Lane, _task: asyncio.Task[int]) -> None:
        self._running.pop(lane, None)

    async def _lane(self, lane: Lane, messages: list[OutboxMessage], flush: bool) -> int:
        """Deliver one lane's messages in order; stop at one that must wait (a retry, or steps
        held to merge). Returns how many were settled."""
        done = 0
        async with self._slots:
            i = 0
            while i < len(messages):
                run = _planned(messages, i)
                if run == []:
                    break  # a recorded run not wholly leased here yet
                if run is None:  # nobody began to send it: merge as this process likes
                    run = _run(messages, i) if self.merge_runs else [messages[i]]
                    if not flush and await self._hold(run, len(run) == len(messages) - i):
                        break
                    await self.bot.store.plan_run([m.id for m in run])
                try:
                    settled = await self.deliver_run(run)
                except Exception:
                    log.exception("delivery failed", extra={"game": lane[0], "outbox": run[0].id})
                    settled = await self._retry_later(run[0], "internal error")
                if not settled:
                    break
                done += len(run)
                i += len(run)
        if done:
            self.wake()  # anything queued for this lane meanwhile goes next
        return done

    async def _hold(self, run: list[OutboxMessage], at_end: bool) -> bool:
        """Whether a thread run of steps waits to merge with the same side's next steps: held
        while the side that moves stays the one the thread last showed, up to merge_seconds."""
        if self.merge_seconds <= 0 or not at_end or run[0].audience != PUBLIC:
            return False
        waited = time.monotonic() - self._first_seen.get(run[0].id, time.monotonic())
        if run[-1].kind != "step" or waited >= self.merge_seconds:
            return False
        last = await self.bot.store.lane(run[0].game_id, PUBLIC)
        sides = {",".join(payloads.step(m.payload).waiting) for m in run}
        if last is None or sides != {last[0]}:
            return False  # a new side to move: post now, and ping it
        asyncio.get_running_loop().call_later(self.merge_seconds - waited, self.wake)
        return True

    # --- one run of messages --------------------------------------------------------------------
    async def deliver(self, message: OutboxMessage) -> bool:
        return await self.deliver_run([message])

    async def deliver_run(self, run: Sequence[OutboxMessage]) -> bool:
        """Send a run of one lane's messages as one (several steps) or one notice. True when
        settled (sent, turned into a notice, or given up), False when it waits for a retry."""
        head = run[0]
        store = self.bot.store
        record = await store.game(head.game_id)
        if record is None or not record.guild_id.isdigit():
            # Not a Discord game (the CLI's): not ours to deliver or to mark.
            self._foreign.add(head.game_id)
            return False
        await self.bot.learn_guild(record.guild_id)
        try:
            if head.audience == PUBLIC:
                lane_mark = await self._public(record, run)
            else:
                lane_mark = await self._private(record, run)
        except Undeliverable as exc:
            for message in run:
                await self._give_up(message, str(exc))
            return True
        except discord.HTTPException as exc:
            if exc.status >= 500 or exc.status == 429:
                return await self._retry_later(head, f"{exc.status} {exc.text}")
            for message in run:
                await self._give_up(message, f"{exc.status} {exc.text}")
            return True
        except (aiohttp.ClientError, TimeoutError, OSError) as exc:
            return await self._retry_later(head, repr(exc))
        await store.delivered(*(m.id for m in run), lane=lane_mark)
        for message in run:
            self._settled.add(message.id)
            self._retry_at.pop(message.id, None)
        self.delivered += len(run)
        self.posts += 1
        return True

    async def _retry_later(self, message: OutboxMessage, error: str) -> bool:
        attempts = message.attempts + 1
        if attempts >= self.max_attempts:
            await self._give_up(message, error)
            return True
        await self.bot.store.failed(message.id, error)
        delay = min(self.retry_seconds * 2 ** (attempts - 1), MAX_BACKOFF)
        self._retry_at[message.id] = time.monotonic() + delay
        log.warning(
            "delivery failed, will retry",
            extra={"outbox": message.id, "game": message.game_id, "error": error, "in_s": delay},
        )
        asyncio.get_running_loop().call_later(delay, self.wake)
        return False

    async def _give_up(self, message: OutboxMessage, error: str) -> None:
        self._retry_at.pop(message.id, None)
        self._settled.add(message.id)
        await self.bot.store.failed(message.id, error, give_up=True)
        log.error(
            "delivery given up",
            extra={"outbox": message.id, "game": message.game_id, "error": error},
        )

    # --- views and maps at a step's version ----------------------------------------------------
    async def _scene(
        self,
        record: GameRecord,
        audience: str | None,
        version: int | None,
        last: tuple[str, str] | None,
        lang: str,
        prompt_ids: Sequence[str] = (),
    ) -> Scene | None:
        """The audience's view, the prompts of ``prompt_ids`` still open and the map at
        ``version`` (None: no view), built by a map worker from the state's source: the event
        loop only reads where the state is (issue 9). No map comes back when it looks exactly
        like the last one this lane got (issue 12). The map's words are in ``lang`` alone."""
        if version is None or version < 1:
            return None
        source = await self.history.source(record.id, version)
        before = last[1] if last is not None and not self.always_map else ""
        job = SceneJob(source, audience, tuple(prompt_ids), before, self.maps.cached, lang)
        return await self.maps.scene(job)

    @staticmethod
    def _view(record: GameRecord, scene: Scene | None) -> View | None:
        """The scene's view as its game's model (what the texts read)."""
        if scene is None:
            return None
        return get_ruleset(record.ruleset).view_model.model_validate_json(scene.view)

    @staticmethod
    def _file(
        scene: Scene | None, last: tuple[str, str] | None, name: str, text: str
    ) -> tuple[discord.File | None, str]:
        """The map to attach and the lane's map digest after it."""
        before = last[1] if last is not None else ""
        if scene is None or not scene.mark:
            return None, before  # no map for this view
        if scene.png is None:
            return None, scene.mark  # the lane's last map, unchanged
        alt = alt_caption(scene.describe, text)
        return discord.File(io.BytesIO(scene.png), name, description=alt), scene.mark

    # --- public: the game's thread -------------------------------------------------------------
    async def _public(
        self, record: GameRecord, run: Sequence[OutboxMessage]
    ) -> tuple[str, str, str, str] | None:
        target = record.thread_id or record.channel_id
        if not target:
            raise Undeliverable("the game has no thread or channel")
        lang = self.bot.guild_lang(record.guild_id)
        holders = await self.bot.store.seats(record.id)
        head = run[0]
        last_lane = await self.bot.store.lane(record.id, PUBLIC)
        if head.kind == "step":
            steps = [payloads.step(m.payload) for m in run]
            scene = await self._scene(record, None, steps[-1].version, last_lane, lang)
            view = self._view(record, scene)
            await asyncio.sleep(0)  # replies waiting go before the text is built (issue 9)
            text = present.public_step(record.id, record.ruleset, steps, view, holders, lang)
            waiting = ",".join(steps[-1].waiting)
        else:
            version = payloads.over(head.payload).version if head.kind == "over" else None
            scene = await self._scene(record, None, version, last_lane, lang)
            view = self._view(record, scene)
            text = present.notice(
                record.id, record.ruleset, head.kind, head.payload, holders, lang, view=view
            )
            waiting = last_lane[0] if last_lane else ""
        file, mark = self._file(scene, last_lane, "map.png", text)
        # Ping the seats waited for only when the side to move changed (issue 12).
        ping = head.kind != "step" or last_lane is None or last_lane[0] != waiting
        channel = self.bot.get_partial_messageable(int(target), guild_id=int(record.guild_id))
        await _send(channel.send, run, present.split(text), MENTIONS if ping else QUIET, file=file)
        if head.kind in STATUS_NOTICES and self.status_changed is not None:
            try:
                await self.status_changed(record)
            except Exception:  # the notice itself went out: a stale lobby is only cosmetic
                log.exception("status hook failed", extra={"game": record.id})
        return (record.id, PUBLIC, waiting, mark)

    # --- private: a DM to the seat's holder ----------------------------------------------------
    async def _private(
        self, record: GameRecord, run: Sequence[OutboxMessage]
    ) -> tuple[str, str, str, str] | None:
        seat = run[0].audience
        holder = (await self.bot.store.seats(record.id)).get(seat)
        if holder is None:
            raise Undeliverable(f"seat {seat} has no holder")
        lang = await self.bot.user_lang(holder, record.guild_id)
        lane = await self.bot.store.lane(record.id, seat)
        text, prompts, scene = await self._private_text(record, run, lang, lane)
        extra: dict[str, Any] = {}
        if prompts and self.prompt_views is not None:
            components, note = self.prompt_views(record.id, prompts, lang)
            if components is not None:
                extra["view"] = components
            text = present.join(text, note)
        file, mark = self._file(scene, lane, "view.png", text)
        try:
            channel = await self._dm(holder)
            await _send(channel.send, run, present.split(text), MENTIONS, file=file, **extra)
        except discord.NotFound:
            self._dms.pop(holder, None)  # opened afresh next time
            raise
        except discord.Forbidden:
            # Closed DMs: keep it for the user's next interaction, never post it publicly.
            for message in run:
                await self.bot.store.add_notice(holder, message.id)
            self.bot.noted(holder)
            log.info(
                "dm refused, notice kept",
                extra={"outbox": run[0].id, "game": record.id, "user": holder},
            )
            return None
        return (record.id, seat, "", mark)

    async def _dm(self, holder: str) -> discord.PartialMessageable:
        """The holder's DM channel: found once (fetching the user and opening the DM are two
        Discord requests more per DM otherwise), then sent to by its id."""
        found = self._dms.get(holder)
        if found is None:
            user = self.bot.get_user(int(holder)) or await self.bot.fetch_user(int(holder))
            found = (user.dm_channel or await user.create_dm()).id
            self._dms[holder] = found
            while len(self._dms) > MAX_DMS:
                self._dms.pop(next(iter(self._dms)))
        return self.bot.get_partial_messageable(found, type=discord.ChannelType.private)

    async def _private_text(
        self,
        record: GameRecord,
        run: Sequence[OutboxMessage],
        lang: str,
        lane: tuple[str, str] | None,
    ) -> tuple[str, list[Prompt], Scene | None]:
        head, seat = run[0], run[0].audience
        if head.kind == "step":
            steps = [payloads.step(m.payload) for m in run]
            new = {i for step in steps for i in step.new_prompts} & set(steps[-1].prompts)
            wanted = [i for i in steps[-1].prompts if i in new]
            version = steps[-1].version
            # The referee's prompts of that very state when it still has them, else the worker's.
            known = self.bot.referee.prompts_at(record.id, version) if wanted else None
            ask = wanted if known is None else []
            scene = await self._scene(record, seat, version, lane, lang, ask)
            if known is not None:
                prompts = [p for p in known if p.seat == seat and p.id in new]
            else:
                prompts = scene.prompts if scene is not None else []
            await asyncio.sleep(0)  # replies waiting go before the text is built (issue 9)
            text = present.private_step(record.id, record.ruleset, seat, steps, prompts, lang)
            return text, prompts, scene
        if head.kind == "reminder":
            reminder = payloads.ReminderPayload.model_validate(head.payload)
            prompt = await self._open_prompt(record, seat, reminder.prompt_id)
            text = present.reminder(
                record.id, record.ruleset, prompt, reminder.due_at, lang, reminder.policy
            )
            return text, [prompt] if prompt else [], None
        holders = await self.bot.store.seats(record.id)
        text = present.notice(record.id, record.ruleset, head.kind, head.payload, holders, lang)
        return text, [], None

    async def _open_prompt(self, record: GameRecord, seat: str, prompt_id: str) -> Prompt | None:
        """The seat's own prompt, still open (a reminder names it and offers it again)."""
        if record.status not in ("active", "paused"):
            return None
        _, _, prompts = await self.bot.referee.open_prompts(record.id)
        return next((p for p in prompts if p.seat == seat and p.id == prompt_id), None)


def _planned(messages: list[OutboxMessage], i: int) -> list[OutboxMessage] | None:
    """The run a sender recorded before it sent (and died before marking it delivered): the
    same messages again, so the same nonce, and Discord shows it once. None if none was."""
    end = messages[i].run_end
    if end is None:
        return None
    run = [m for m in messages[i:] if m.id <= end]
    return run if run[-1].id == end else []  # [] : the rest is not leased here yet


def _run(messages: list[OutboxMessage], i: int) -> list[OutboxMessage]:
    """The messages from ``i`` that go out as one: consecutive steps, or a single notice."""
    if messages[i].kind != "step":
        return [messages[i]]
    j = i + 1
    while j < len(messages) and messages[j].kind == "step":
        j += 1
    return messages[i:j]


def nonce(run: Sequence[OutboxMessage], part: int = 0, text: str = "") -> str:
    """A sent message's nonce, the same whichever process sends it: Discord creates one
    message per nonce (enforce_nonce, which discord.py sets), so a send repeated after its
    process died between sending and marking it delivered is not shown twice. A run merged
    differently on the retry, or another part of a split text, gets another nonce."""
    key = "|".join([*(m.dedupe for m in run), str(part), text])
    return "o" + hashlib.sha256(key.encode()).hexdigest()[:20]


async def _send(
    send: Callable[..., Awaitable[Any]],
    run: Sequence[OutboxMessage],
    parts: list[str],
    mentions: discord.AllowedMentions,
    *,
    file: discord.File | None = None,
    **last: Any,
) -> None:
    """Several messages for a long text, in order; the map and the components go with the last
    part (under the call to act)."""
    for n, part in enumerate(parts):
        extra: dict[str, Any] = dict(last) if n == len(parts) - 1 else {}
        if n == len(parts) - 1 and file is not None:
            extra["file"] = file
        await send(part, allowed_mentions=mentions, nonce=nonce(run, n, part), **extra)
