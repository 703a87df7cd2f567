"""The handle a test gets back for each interaction it sends to the bot."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

from .records import Callback, SentMessage

if TYPE_CHECKING:
    from .state import FakeState

MODAL = 9
AUTOCOMPLETE_RESULT = 8


class InteractionHandle:
    """One INTERACTION_CREATE sent to the bot, and everything the bot answered to it."""

    def __init__(
        self,
        fake: FakeState,
        *,
        id: int,
        token: str,
        type: int,
        user_id: int,
        channel_id: int,
        guild_id: int | None,
        payload: dict[str, Any],
        message_id: int | None = None,
    ) -> None:
        self._fake = fake
        self.id = id
        self.token = token
        self.type = type
        self.user_id = user_id
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.payload = payload
        self.message_id = message_id  # the message a component/modal came from
        self.callbacks: list[Callback] = []
        self.followups: list[SentMessage] = []
        self.original_id: int | None = None
        self.dispatched_at: float = 0.0
        self.refused_callbacks: list[tuple[int, str]] = []  # (status, reason) of refused callbacks
        self.edits_at_callback = 0  # edits the component's message had at a (deferred) update
        self.token_edits: list[dict[str, Any]] = []  # edits made with this interaction's token
        self.shard: int | None = None  # the shard (sharded bots) it was dispatched to
        self.session: str | None = None  # that shard's gateway session when it was dispatched

    def __repr__(self) -> str:
        return f"<InteractionHandle {self.id} type={self.type} callbacks={self.callbacks}>"

    @property
    def acknowledged(self) -> bool:
        return bool(self.callbacks)

    @property
    def first(self) -> Callback | None:
        return self.callbacks[0] if self.callbacks else None

    @property
    def latency(self) -> float | None:
        """Seconds from sending INTERACTION_CREATE to receiving the first callback."""
        return self.callbacks[0].at - self.dispatched_at if self.callbacks else None

    @property
    def original(self) -> SentMessage | None:
        """The original response message (or, after a deferred update, the component's message)."""
        if self.original_id is None:
            return None
        return self._fake.messages.get(self.original_id)

    @property
    def messages(self) -> list[SentMessage]:
        """Original response (if any) then followups, as they are now (edits applied)."""
        original = self.original
        return ([original] if original is not None else []) + list(self.followups)

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened in answer (callback type 9), if any."""
        for cb in self.callbacks:
            if cb.type == MODAL:
                return cb.data
        return None

    @property
    def choices(self) -> list[dict[str, Any]]:
        for cb in self.callbacks:
            if cb.type == AUTOCOMPLETE_RESULT:
                return cb.choices
        return []

    def text(self) -> str:
        """All readable text the bot showed in answer to this interaction."""
        return "\n".join(m.text() for m in self.messages if not m.deleted)

    def own_text(self) -> str:
        """The text this interaction itself answered (its callback, the edits and followups
        sent with its token), not what others later made of the same message: after a
        deferred update the component's message may be edited by another interaction."""
        parts = [str(cb.data.get("content") or "") for cb in self.callbacks]
        parts += [str(e.get("content") or "") for e in self.token_edits]
        parts += [m.first_content for m in self.followups]
        return "\n".join(p for p in parts if p)

    def answered(self) -> bool:
        """Whether the bot answered past an acknowledgement (a defer is not an answer)."""
        if self.token_edits or self.followups or self.modal is not None:
            return True
        return any(cb.type in (4, 7) for cb in self.callbacks)

    async def response(self, timeout: float | None = None) -> Callback:
        """The first callback; raises FakeTimeout if the bot does not answer in time."""
        return await self._fake.notifier.wait_until(
            lambda: self.first,
            timeout or self._fake.timeout,
            f"a callback to interaction {self.id} ({self._describe()})",
        )

    async def answer(self, timeout: float | None = None) -> str:
        """The text of the bot's answer, waiting past an acknowledgement: after a "thinking"
        defer (5) until the original is filled, after a deferred update (6) until the
        component's message is edited or a followup is sent; else the first callback's."""
        first = await self.response(timeout)
        if first.type == 5:
            return (await self.wait_original(timeout=timeout)).text()
        if first.type != 6:
            return self.text() if first.type in (4, 7) else first.content

        def answered() -> bool:
            original = self.original
            edited = original is not None and len(original.edits) > self.edits_at_callback
            return edited or bool(self.followups)

        await self._fake.notifier.wait_until(
            answered, timeout or self._fake.timeout, f"the answer to {self._describe()}"
        )
        return self.text()

    async def wait_followups(
        self, count: int = 1, timeout: float | None = None
    ) -> list[SentMessage]:
        await self._fake.notifier.wait_until(
            lambda: len(self.followups) >= count,
            timeout or self._fake.timeout,
            f"{count} followup(s) to interaction {self.id} ({self._describe()})",
        )
        return list(self.followups)

    async def wait_original(
        self,
        predicate: Callable[[SentMessage], bool] | None = None,
        timeout: float | None = None,
    ) -> SentMessage:
        """The original response once it exists, is no longer 'thinking' and meets predicate."""

        def ready() -> SentMessage | None:
            msg = self.original
            if msg is None or msg.loading:
                return None
            if predicate is not None and not predicate(msg):
                return None
            return msg

        return await self._fake.notifier.wait_until(
            ready, timeout or self._fake.timeout, f"the original response of {self._describe()}"
        )

    async def submit_modal(
        self, values: dict[str, str | list[str]], *, locale: str | None = None
    ) -> InteractionHandle:
        """Submit the modal this interaction opened, as the same user in the same channel."""
        modal = self.modal
        if modal is None:
            await self.response()
            modal = self.modal
        if modal is None:
            raise AssertionError(
                f"interaction {self.id} was not answered with a modal: {self.callbacks}"
            )
        submit = cast(
            "Callable[..., Awaitable[InteractionHandle]] | None",
            getattr(self._fake, "submit_modal", None),
        )
        if submit is None:  # pragma: no cover - FakeState alone cannot send interactions
            raise TypeError("submit_modal needs a FakeDiscord")
        return await submit(
            self.user_id,
            self.channel_id,
            modal["custom_id"],
            values,
            message=self.message_id,
            locale=locale or self.payload.get("locale"),
        )

    def _describe(self) -> str:
        data = self.payload.get("data", {})
        name = data.get("name") or data.get("custom_id") or "?"
        return f"type {self.type} {name!r} from user {self.user_id} in channel {self.channel_id}"
