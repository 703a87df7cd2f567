"""Delivers the outbox: public messages to the game's thread, private ones by DM.

Every message is sent once: it is marked delivered in the store right after the send. A DM
that Discord refuses (the user closed their DMs) becomes a notice the user sees at their next
interaction, with a button to show the private view there; it never falls back to a public
post. Transient failures (5xx, network; 429s are retried by discord.py itself) back off and
retry; messages of one game and audience keep their order.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import io
import logging
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import aiohttp
import discord

from bot import present
from bot.rules.core import PUBLIC, Prompt
from bot.rules.core.registry import get as get_ruleset
from bot.store import GameRecord, OutboxMessage
from rendering.registry import render_view, renders

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
MAX_BACKOFF = 600.0


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
        lease_seconds: float = 60.0,
        owner: str = "referee",
    ) -> None:
        self.bot = bot
        self.lease_seconds = lease_seconds
        self.owner = owner
        """This process's name on the outbox leases it holds."""
        self.claim_batch = 100
        self.poll_seconds = poll_seconds
        self.retry_seconds = retry_seconds
        self.max_attempts = max_attempts
        self.prompt_views: PromptViews | None = None
        self.status_changed: StatusHook | None = None
        self.paused = False
        """Tests set it to stand for a process that died before delivering."""
        self.delivered = 0
        self._wake = asyncio.Event()
        self._lock = asyncio.Lock()
        self._retry_at: dict[int, float] = {}
        self._foreign: set[str] = set()
        self._stopping = False

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
                await self.deliver_pending()
            except Exception:
                log.exception("delivery pass failed")

    async def deliver_pending(self) -> int:
        """One pass over the outbox, oldest first; returns how many were delivered.

        Several processes may share the outbox: a message is sent only by the process that
        holds its lease (Store.claim), never while an earlier message of its game and audience
        is held by another, and a lease is renewed before it could lapse mid-pass."""
        async with self._lock:
            done, handled = 0, set[int]()
            blocked: set[tuple[str, str]] = set()
            while True:
                claimed_at = time.monotonic()
                batch = await self.bot.store.claim(self.owner, self.claim_batch, self.lease_seconds)
                batch = [m for m in batch if m.id not in handled]
                if not batch:
                    return done
                for message in batch:
                    if time.monotonic() - claimed_at > self.lease_seconds / 2:
                        break  # renew the leases (claim again) before sending more
                    handled.add(message.id)
                    lane = (message.game_id, message.audience)
                    if lane in blocked or message.game_id in self._foreign:
                        continue
                    if self._retry_at.get(message.id, 0.0) > time.monotonic():
                        blocked.add(lane)  # keep the order within a thread or a DM
                        continue
                    if await self.deliver(message):
                        done += 1
                    else:
                        blocked.add(lane)

    async def deliver(self, message: OutboxMessage) -> bool:
        """Send one message. True when it is settled (sent, turned into a notice, or given
        up), False when it waits for a retry."""
        store = self.bot.store
        record = await store.game(message.game_id)
        if record is None or not record.guild_id.isdigit():
            # Not a Discord game (the CLI's): not ours to deliver or to mark.
            self._foreign.add(message.game_id)
            return False
        await self.bot.learn_guild(record.guild_id)
        try:
            if message.audience == PUBLIC:
                await self._public(record, message)
            else:
                await self._private(record, message)
        except Undeliverable as exc:
            await self._give_up(message, str(exc))
            return True
        except discord.HTTPException as exc:
            if exc.status >= 500 or exc.status == 429:
                return await self._retry_later(message, f"{exc.status} {exc.text}")
            await self._give_up(message, f"{exc.status} {exc.text}")
            return True
        except (aiohttp.ClientError, TimeoutError, OSError) as exc:
            return await self._retry_later(message, repr(exc))
        await store.delivered(message.id)
        self._retry_at.pop(message.id, None)
        self.delivered += 1
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
        await self.bot.store.failed(message.id, error, give_up=True)
        log.error(
            "delivery given up",
            extra={"outbox": message.id, "game": message.game_id, "error": error},
        )

    # --- public: the game's thread -------------------------------------------------------------
    async def _public(self, record: GameRecord, message: OutboxMessage) -> None:
        target = record.thread_id or record.channel_id
        if not target:
            raise Undeliverable("the game has no thread or channel")
        lang = self.bot.guild_lang(record.guild_id)
        holders = await self.bot.store.seats(record.id)
        payload = message.payload
        if message.kind == "step":
            text = present.public_step(record.id, record.ruleset, payload, holders, lang)
        else:
            text = present.notice(record.id, record.ruleset, message.kind, payload, holders, lang)
        channel = self.bot.get_partial_messageable(int(target), guild_id=int(record.guild_id))
        extra: dict[str, Any] = {}
        if (file := await _picture(payload.get("view"), "map.png")) is not None:
            extra["file"] = file
        await channel.send(text, allowed_mentions=MENTIONS, nonce=nonce(message), **extra)
        if message.kind in STATUS_NOTICES and self.status_changed is not None:
            try:
                await self.status_changed(record)
            except Exception:  # the notice itself went out: a stale lobby is only cosmetic
                log.exception("status hook failed", extra={"game": record.id})

    # --- private: a DM to the seat's holder ---------------------------------------------------
    async def _private(self, record: GameRecord, message: OutboxMessage) -> None:
        holder = (await self.bot.store.seats(record.id)).get(message.audience)
        if holder is None:
            raise Undeliverable(f"seat {message.audience} has no holder")
        lang = await self.bot.user_lang(holder, record.guild_id)
        text, prompts = await self._private_text(record, message, lang)
        extra: dict[str, Any] = {}
        if prompts and self.prompt_views is not None:
            view, note = self.prompt_views(record.id, prompts, lang)
            if view is not None:
                extra["view"] = view
            text = present.clip(present.join(text, note))
        if (file := await _picture(message.payload.get("view"), "view.png")) is not None:
            extra["file"] = file
        user = self.bot.get_user(int(holder)) or await self.bot.fetch_user(int(holder))
        try:
            await user.send(text, allowed_mentions=MENTIONS, nonce=nonce(message), **extra)
        except discord.Forbidden:
            # Closed DMs: keep it for the user's next interaction, never post it publicly.
            await self.bot.store.add_notice(holder, message.id)
            self.bot.noted(holder)
            log.info(
                "dm refused, notice kept",
                extra={"outbox": message.id, "game": record.id, "user": holder},
            )

    async def _private_text(
        self, record: GameRecord, message: OutboxMessage, lang: str
    ) -> tuple[str, list[Prompt]]:
        payload, seat = message.payload, message.audience
        if message.kind == "step":
            new = set(payload.get("new_prompts", []))
            prompts = [Prompt.model_validate(p) for p in payload.get("prompts", [])]
            text = present.private_step(record.id, record.ruleset, seat, payload, lang)
            return text, [p for p in prompts if p.id in new]
        if message.kind == "reminder":
            prompt = await self._open_prompt(record, seat, str(payload.get("prompt_id")))
            text = present.reminder(
                record.id,
                record.ruleset,
                prompt,
                payload.get("due_at"),
                lang,
                payload.get("policy"),
            )
            return text, [prompt] if prompt else []
        holders = await self.bot.store.seats(record.id)
        return present.notice(record.id, record.ruleset, message.kind, payload, holders, lang), []

    async def _open_prompt(self, record: GameRecord, seat: str, prompt_id: str) -> Prompt | None:
        """The seat's own prompt, still open (a reminder names it and offers it again)."""
        if record.status not in ("active", "paused"):
            return None
        _, state = await self.bot.referee.state(record.id)
        prompts = get_ruleset(record.ruleset).prompts(state)
        return next((p for p in prompts if p.seat == seat and p.id == prompt_id), None)


def nonce(message: OutboxMessage) -> str:
    """The message's nonce, the same whichever process sends it: Discord creates one message
    per nonce (enforce_nonce, which discord.py sets), so a send repeated after its process died
    between sending and marking it delivered is not shown twice."""
    return "o" + hashlib.sha256(message.dedupe.encode()).hexdigest()[:20]


async def _picture(view: dict[str, Any] | None, filename: str) -> discord.File | None:
    if not view or not renders(str(view.get("ruleset", ""))):
        return None
    # Drawing is CPU work: off the event loop, so interactions stay fast meanwhile.
    png = await asyncio.to_thread(render_view, view)
    return discord.File(io.BytesIO(png), filename) if png else None
