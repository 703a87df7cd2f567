"""What the fake records: requests, messages (with attachment bytes) and interaction callbacks."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")
EPHEMERAL = 1 << 6
LOADING = 1 << 7


class FakeTimeout(AssertionError):
    """A wait on the fake ran out of time (the bot did not do what the test expected)."""


class Notifier:
    """Wakes waiters whenever something was recorded; waits are always bounded.

    Predicates are also re-checked every ``poll`` seconds, so they may look at the bot's own
    state (which does not notify the fake)."""

    poll = 0.01

    def __init__(self) -> None:
        self._waiters: list[asyncio.Future[None]] = []

    def notify(self) -> None:
        waiters, self._waiters = self._waiters, []
        for fut in waiters:
            if not fut.done():
                fut.set_result(None)

    async def wait_until(
        self, predicate: Callable[[], T | None], timeout: float, what: str = "condition"
    ) -> T:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = predicate()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise FakeTimeout(f"timed out after {timeout:.2f}s waiting for {what}")
            fut: asyncio.Future[None] = loop.create_future()
            self._waiters.append(fut)
            try:
                await asyncio.wait_for(fut, timeout=min(remaining, self.poll))
            except TimeoutError:
                continue


@dataclass
class RecordedRequest:
    method: str
    path: str  # without the /api/v10 prefix
    query: dict[str, str]
    json: Any
    files: list[Attachment]
    status: int = 0
    injected: bool = False  # answered by fail_next
    at: float = field(default_factory=time.perf_counter)

    def __repr__(self) -> str:
        tag = " (injected)" if self.injected else ""
        return f"<{self.method} {self.path} -> {self.status}{tag}>"


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    url: str = ""

    @property
    def size(self) -> int:
        return len(self.data)

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
            "content_type": self.content_type,
            "description": self.description,
        }


def _walk_components(components: Iterable[dict[str, Any]]) -> Iterable[dict[str, Any]]:
    for comp in components:
        yield comp
        yield from _walk_components(comp.get("components", []))
        for key in ("accessory", "component"):
            if isinstance(comp.get(key), dict):
                yield from _walk_components([comp[key]])


def find_component(components: list[dict[str, Any]], custom_id: str) -> dict[str, Any] | None:
    """The component (button, select, text input...) with this custom_id, at any depth."""
    for comp in _walk_components(components):
        if comp.get("custom_id") == custom_id:
            return comp
    return None


def components_text(components: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for comp in _walk_components(components):
        for key in ("label", "placeholder", "content", "title"):
            if comp.get(key):
                out.append(str(comp[key]))
        for option in comp.get("options", []) or []:
            out.extend(str(option[k]) for k in ("label", "description") if option.get(k))
    return out


def embeds_text(embeds: list[dict[str, Any]]) -> list[str]:
    out: list[str] = []
    for embed in embeds:
        out.extend(str(embed[k]) for k in ("title", "description") if embed.get(k))
        for part in ("author", "footer"):
            if embed.get(part, {}).get("name" if part == "author" else "text"):
                out.append(str(embed[part].get("name") or embed[part].get("text")))
        for fld in embed.get("fields", []) or []:
            out.extend(str(fld[k]) for k in ("name", "value") if fld.get(k))
    return out


@dataclass
class SentMessage:
    """A message as the fake stores it; updated in place by edits (history in ``edits``)."""

    id: int
    channel_id: int
    guild_id: int | None
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    kind: str = "channel"  # channel | dm | interaction | followup | user
    interaction_id: int | None = None
    audience_user_id: int | None = None  # who sees an ephemeral message
    thread_id: int | None = None  # thread started from this message
    message_reference: dict[str, Any] | None = None
    allowed_mentions: dict[str, Any] | None = None
    edits: list[dict[str, Any]] = field(default_factory=list)
    deleted: bool = False
    at: float = field(default_factory=time.perf_counter)
    created: str = ""
    nonce: str | None = None
    first_content: str = ""  # the content as sent, before any edit

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    def pings(self) -> set[int]:
        """The users this message notifies: mentioned in its content and allowed to be pinged
        (Discord's allowed_mentions; without it every mentioned user is)."""
        mentioned = {int(u) for u in re.findall(r"<@!?(\d+)>", self.content)}
        allowed = self.allowed_mentions
        if allowed is None or "users" in (allowed.get("parse") or []):
            return mentioned
        return mentioned & {int(u) for u in allowed.get("users") or []}

    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in _walk_components(self.components) if c.get("custom_id")]

    def component(self, custom_id: str) -> dict[str, Any] | None:
        return find_component(self.components, custom_id)

    def attachment(self, filename: str) -> Attachment:
        for att in self.attachments:
            if att.filename == filename:
                return att
        raise KeyError(f"no attachment {filename!r}; have {[a.filename for a in self.attachments]}")

    def text(self) -> str:
        """Every human-readable string of the message: content, embeds, components, file names."""
        parts = [self.content] if self.content else []
        parts += embeds_text(self.embeds)
        parts += components_text(self.components)
        parts += [a.filename for a in self.attachments]
        parts += [a.description for a in self.attachments if a.description]
        return "\n".join(parts)

    def __repr__(self) -> str:
        eph = " ephemeral" if self.ephemeral else ""
        return (
            f"<SentMessage {self.id} {self.kind}{eph} in {self.channel_id}: {self.content[:60]!r}>"
        )


@dataclass
class Callback:
    """One interaction callback (POST /interactions/{id}/{token}/callback)."""

    type: int
    data: dict[str, Any]
    attachments: list[Attachment] = field(default_factory=list)
    at: float = field(default_factory=time.perf_counter)

    @property
    def flags(self) -> int:
        return int(self.data.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    @property
    def content(self) -> str:
        return str(self.data.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.data.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.data.get("components") or [])

    @property
    def choices(self) -> list[dict[str, Any]]:
        return list(self.data.get("choices") or [])

    @property
    def custom_id(self) -> str | None:
        return self.data.get("custom_id")

    def __repr__(self) -> str:
        return f"<Callback type={self.type} flags={self.flags} content={self.content[:60]!r}>"
