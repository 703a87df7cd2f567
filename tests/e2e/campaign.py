"""What every game's whole-game test through the fake Discord shares, besides its director
(tests/e2e/director.py): recording every view a picture is drawn from and every outbox payload
delivery takes, answering a prompt with its /orders components (from the DM that announced
it, or from a fresh /orders), and the leak checks: after each order, nothing an audience can
read (thread, DMs, ephemeral replies, the views its pictures were drawn from) holds a secret of
that moment, and after the game every payload for it against the state replayed to its step.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from bot.delivery import Delivery
from bot.rules.core import Prompt, ReplayDice, Ruleset
from bot.store import GameRecord
from cogs import _orders as orders
from rendering import registry
from tests.e2e.harness import Env
from tests.e2e.steps import answer_steps
from tests.fakediscord import FakeUser, SentMessage

Sent = list[tuple[str, str, dict[str, Any]]]


def record_drawing(monkeypatch: pytest.MonkeyPatch, ruleset_id: str) -> list[Mapping[str, Any]]:
    """Every view the game's renderer is given from now on (the renderer must be registered)."""
    drawn: list[Mapping[str, Any]] = []
    real = registry._RENDERERS[ruleset_id]

    def recording(view: Mapping[str, Any]) -> bytes | None:
        drawn.append(view)
        return real(view)

    monkeypatch.setitem(registry._RENDERERS, ruleset_id, recording)
    return drawn


def record_delivery(monkeypatch: pytest.MonkeyPatch) -> Sent:
    """Every outbox payload as delivery takes it (a delivered row keeps no body to check)."""
    sent: Sent = []
    real_run = Delivery.deliver_run

    async def recording_run(self: Delivery, run: Any) -> bool:
        sent.extend((m.audience, m.kind, m.payload) for m in run)
        return await real_run(self, run)

    monkeypatch.setattr(Delivery, "deliver_run", recording_run)
    return sent


def fitting_form(prompt: Prompt, action: dict[str, Any]) -> tuple[int, Any]:
    """The form (group) of the prompt offering every value of the action, each for the
    answers before it (dependent inputs)."""
    for index, form in enumerate(prompt.forms):
        if form.type != action["type"]:
            continue
        answers = {c.name: action[c.name] for c in form.inputs if c.name in action}
        fixed_ok = all(action.get(k) == v for k, v in form.fixed.items())
        if fixed_ok and form.first_refused(answers) is None:
            return index, form
    raise AssertionError(f"no form of {prompt.kind} offers {action}")


def carries(message: SentMessage, custom_id: str) -> bool:
    return any(c == custom_id or c.startswith(f"{custom_id}:") for c in message.custom_ids())


def as_list(value: Any) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def modal_value(kind: str, value: Any) -> str | list[str]:
    if kind == "number":
        return str(value)
    if kind == "flag":
        return ["1" if value else "0"]
    return as_list(value)


def dm_with(env: Env, user: FakeUser, custom_id: str) -> SentMessage | None:
    for message in reversed(env.fake.dms_to(user)):
        if carries(message, custom_id):
            return message
    return None


async def answer_with_components(
    env: Env,
    record: GameRecord,
    thread: Any,
    user: FakeUser,
    prompt: Prompt,
    action: dict[str, Any],
    *,
    fresh: bool,
    routes: dict[str, int],
) -> str:
    """Give ``action`` for ``prompt`` with the shared order components: from the DM that
    announced the decision (unless ``fresh``), else from an ephemeral /orders in the thread.
    The reply's text."""
    fake = env.fake
    index, form = fitting_form(prompt, action)
    layout = orders.layout(form)
    assert layout in ("button", "flag", "select", "modal", "steps"), (prompt.kind, layout)
    kind = "os" if layout == "select" else "ob"
    custom_id = f"ref:{kind}:{record.id}:{prompt.seat}:{orders.prompt_hash(prompt)}:{index}"
    message = None if fresh else dm_with(env, user, custom_id)
    route = "dm" if message is not None else "/orders"
    routes[route] = routes.get(route, 0) + 1
    if message is None:
        shown = await fake.slash(user, thread, "orders", {"game": record.id})
        await shown.answer()
        await fake.wait_until(
            lambda: any(carries(m, custom_id) for m in shown.messages), what="the controls"
        )
        message = next(m for m in shown.messages if carries(m, custom_id))
        assert message.ephemeral
    answers = {c.name: action[c.name] for c in form.inputs if c.name in action}
    if layout == "steps":
        handle, _ = await answer_steps(fake, user, message, custom_id, form, action)
    elif layout == "select":
        value = answers[form.inputs[0].name]
        handle = await fake.select(user, message, custom_id, as_list(value))
    elif layout == "flag":
        flag = "1" if answers[form.inputs[0].name] else "0"
        handle = await fake.click(user, message, f"{custom_id}:{flag}")
    elif layout == "button":
        handle = await fake.click(user, message, custom_id)
    else:
        opened = await fake.click(user, message, custom_id)
        assert (await opened.response()).type == 9  # a modal
        values = {c.name: modal_value(c.kind, answers[c.name]) for c in form.inputs}
        handle = await opened.submit_modal(values)
    return str(await handle.answer())


def foreign_words(text: str, lang: str) -> list[str]:
    """Words of the other language in a text for a reader of ``lang``: for Chinese, Latin
    words but IPC (the Chinese catalogs keep the game's term); for English, any Chinese
    character or full-width mark."""
    if lang == "zh":
        return [w for w in re.findall(r"[A-Za-z]{2,}", text) if w != "IPC"]
    return re.findall(r"[\u3000-\u9fff\uff00-\uffef]+", text)


class LeakCheck:
    """After each order: no line any of ``readers`` can newly read, and no view drawn for its
    audience since the last check, holds a secret that audience has at this moment.

    ``readers`` maps an audience (a seat, or "public") to the fake user reading for it (None:
    the public, who reads only the thread). ``known(audience)``: names that audience may read
    in any case (its own components), blanked before looking for secrets, so a secret name
    inside one of them ("Cavalry" in "Noble Cavalry") is not taken for a leak while the same
    name standing alone still is."""

    def __init__(
        self,
        env: Env,
        ruleset: Ruleset[Any],
        readers: Mapping[str, FakeUser | None],
        drawn: list[Mapping[str, Any]],
        known: Callable[[str], set[str]] | None = None,
    ) -> None:
        self.env, self.ruleset, self.readers, self.drawn = env, ruleset, readers, drawn
        self.known = known
        self.seen: dict[tuple[str, int], set[str]] = {}
        self.views_checked = 0
        self.checks = 0

    async def __call__(self, game_id: str, extra: Callable[[str], list[str]] | None = None) -> None:
        """``extra(audience)``: more text that audience was shown (autocomplete answers)."""
        _, state = await self.env.running.referee.state(game_id)
        for audience, user in self.readers.items():
            seat = None if audience == "public" else audience
            secrets = self.ruleset.secrets(state, seat)
            blank = self._blanker(audience)
            for message in self.env.fake.visible_messages(user):
                lines = set(message.text().splitlines())
                for attachment in message.attachments:
                    if attachment.description:
                        lines.add(attachment.description)  # the picture's alt text
                old = self.seen.setdefault((audience, message.id), set())
                for line in lines - old:
                    leaked = [s for s in secrets if s in blank(line)]
                    assert not leaked, f"{leaked} leaked to {audience}: {line!r}"
                old |= lines
            for text in extra(audience) if extra is not None else []:
                leaked = [s for s in secrets if s in blank(text)]
                assert not leaked, f"{leaked} offered to {audience}: {text!r}"
        for view in self.drawn[self.views_checked :]:
            audience = view.get("audience")
            key = audience if audience is not None else "public"
            if key in self.readers:
                text = self._blanker(key)(json.dumps(view, ensure_ascii=False))
                leaked = [s for s in self.ruleset.secrets(state, audience) if s in text]
                assert not leaked, f"{leaked} drawn for {key}"
        self.views_checked = len(self.drawn)
        self.checks += 1

    def _blanker(self, audience: str) -> Callable[[str], str]:
        names = sorted(self.known(audience) if self.known is not None else (), key=len)

        def blank(text: str) -> str:
            for name in reversed(names):  # the longest first
                text = text.replace(name, " ")
            return text

        return blank


async def check_outbox(
    env: Env, ruleset: Ruleset[Any], record: GameRecord, sent: Sent, audiences: set[str]
) -> int:
    """Every payload delivered to these audiences, against the state of its step (replayed
    from the log); no delivered row keeps its body (the log is the record). How many were
    checked."""
    log = await env.running.store.log(record.id)
    state = ruleset.setup(
        record.scenario, ruleset.parse_options(record.options), ReplayDice(log[0].rolls)
    ).state
    states = [state]
    for entry in log[1:]:
        assert entry.seat is not None
        action = ruleset.parse_action(entry.action)
        state = ruleset.apply(state, entry.seat, action, ReplayDice(entry.rolls)).state
        states.append(state)
    with sqlite3.connect(env.database) as db:
        bodies = db.execute(
            "SELECT DISTINCT payload FROM outbox WHERE game_id = ? AND delivered_at IS NOT NULL",
            (record.id,),
        ).fetchall()
    assert bodies == [("{}",)]
    rows = [(a, k, p) for a, k, p in sent if a in audiences]
    for audience, kind, payload in rows:
        n = {"step": payload.get("n", 0), "started": 0}.get(kind, len(states) - 1)
        seat = None if audience == "public" else audience
        text = json.dumps(payload, ensure_ascii=False)
        leaked = [s for s in ruleset.secrets(states[n], seat) if s in text]
        assert not leaked, f"{leaked} in a {kind} for {audience} at step {n}"
    return len(rows)
