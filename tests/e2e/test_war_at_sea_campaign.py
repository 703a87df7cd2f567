"""A whole War at Sea game through Discord: the director's script (tests/e2e/data), eight
turns with variant 18.2, played by alice (Allies, English) and bob (Axis, Chinese) with the
/orders components in DMs and ephemeral replies and with /was commands, mixed.

The key check runs after every order: nothing the public or the Axis can read (thread, DMs,
ephemeral replies, and the views every picture was drawn from) names an Allied counter that
is face down at that moment; after the game, every outbox payload for those audiences is
checked against the state replayed to its step.
"""

from __future__ import annotations

import itertools
import json
import re
import sqlite3
import time
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.delivery import Delivery
from bot.referee import service
from bot.rules.core import Prompt, ReplayDice
from bot.rules.war_at_sea import RULESET
from bot.store import GameRecord
from cogs import _orders as orders
from rendering import registry
from tests.e2e import was_director as director
from tests.e2e.harness import Env
from tests.e2e.steps import answer_steps
from tests.fakediscord import FakeUser, FakeWorld, SentMessage

HEAD, LINES = director.read()
WAS_COMMANDS = {
    "move": "was move",
    "assign_targets": "was target",
    "air_targets": "was target",
    "declare_escape": "was escape",
    "convoy_choice": "was convoy",
    "refuel": "was refuel",
    "return_ships": "was return",
}
# A combat report: every die with its German bonus (10.5) if any and what it did.
_DIE = r"\d(?:\+1)? (?:hit \(damage \d\)|disabled|miss)"
FIRE = re.compile(rf"fires at [^:\n]+: {_DIE}(?:, {_DIE})*$", re.MULTILINE)


@pytest_asyncio.fixture
async def campaign(
    fake_world: FakeWorld, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Campaign]:
    """The bot, with the script's seed and game id, and every drawn view recorded. Not the
    shared ``env`` fixture: its final check takes the secrets of the last state for all
    time, but under 18.2 a ship revealed in combat is secret again once it moves face down;
    this test checks each message against the secrets of the moment it was sent instead."""
    monkeypatch.setattr(service, "new_seed", lambda: bytes.fromhex(HEAD["seed"]))
    monkeypatch.setattr(service, "_new_id", lambda: HEAD["game"])
    import rendering.war_at_sea  # noqa: F401  (registers the renderer this test wraps)

    drawn: list[Mapping[str, Any]] = []
    real = registry._RENDERERS["war-at-sea"]

    def recording(view: Mapping[str, Any]) -> bytes | None:
        drawn.append(view)
        return real(view)

    monkeypatch.setitem(registry._RENDERERS, "war-at-sea", recording)
    # Every outbox payload as delivery takes it (a delivered row keeps no body to check later).
    sent: list[tuple[str, str, dict[str, Any]]] = []
    real_run = Delivery.deliver_run

    async def recording_run(self: Delivery, run: Any) -> bool:
        sent.extend((m.audience, m.kind, m.payload) for m in run)
        return await real_run(self, run)

    monkeypatch.setattr(Delivery, "deliver_run", recording_run)
    # Maps drawn in threads: the recording renderer above runs in this process.
    env = Env(fake_world, tmp_path / "referee.sqlite3", overrides={"map_pool": "thread"})
    await env.start_bot()
    try:
        yield Campaign(env, drawn, sent)
    finally:
        await env.stop_bot()


class Campaign:
    def __init__(
        self,
        env: Env,
        drawn: list[Mapping[str, Any]],
        sent: list[tuple[str, str, dict[str, Any]]],
    ) -> None:
        self.env, self.drawn, self.sent = env, drawn, sent
        self.fake, self.world = env.fake, env.world
        self.game: GameRecord | None = None
        self.seen: dict[tuple[str, int], set[str]] = {}
        self.views_checked = 0
        self.routes: dict[str, int] = {}
        self.typed: set[str] = set()

    @property
    def record(self) -> GameRecord:
        assert self.game is not None
        return self.game

    @property
    def thread(self) -> Any:
        return self.fake.channel(int(self.record.thread_id or 0))

    def user(self, seat: str) -> FakeUser:
        return self.world.alice if seat == "allies" else self.world.bob

    # --- the leak check -------------------------------------------------------------------------
    async def check_no_leak(self) -> None:
        _, state = await self.env.running.referee.state(self.record.id)
        for audience, user in (("public", None), ("axis", self.world.bob)):
            secrets = RULESET.secrets(state, None if audience == "public" else audience)
            for message in self.fake.visible_messages(user):
                lines = set(message.text().splitlines())
                old = self.seen.setdefault((audience, message.id), set())
                for line in lines - old:
                    leaked = [s for s in secrets if s in line]
                    assert not leaked, f"{leaked} leaked to {audience}: {line!r}"
                old |= lines
        for view in self.drawn[self.views_checked :]:
            if view.get("audience") in (None, "axis"):
                text = json.dumps(view, ensure_ascii=False)
                leaked = [s for s in RULESET.secrets(state, view.get("audience")) if s in text]
                assert not leaked, f"{leaked} drawn for {view.get('audience') or 'the public'}"
        self.views_checked = len(self.drawn)

    # --- one order of the script, as a player gives it ----------------------------------------
    async def play(self, n: int, line: dict[str, Any]) -> None:
        seat, action = line["seat"], line["action"]
        _, state = await self.env.running.referee.state(self.record.id)
        prompt = next(
            p for p in RULESET.prompts(state) if p.seat == seat and p.form(action["type"])
        )
        assert prompt.kind == line["kind"], (n, prompt.kind, line)
        first = action["type"] not in self.typed
        if action["type"] in WAS_COMMANDS and (first or n % 2 == 0):
            self.typed.add(action["type"])
            reply = await self.command(seat, action, dm=n % 4 == 0)
        else:
            reply = await self.components(prompt, action, fresh=n % 5 == 0)
        assert "✅" in reply, (n, line, reply)

    async def command(self, seat: str, action: dict[str, Any], *, dm: bool) -> str:
        self.routes["/was"] = self.routes.get("/was", 0) + 1
        kind = action["type"]
        options: dict[str, Any] = {
            "move": lambda: {
                "ships": ", ".join(action["ships"]),
                "to": action["to"],
                "fallback": action["fallback"],
            },
            "assign_targets": lambda: {
                "target": action["target"],
                "ships": ",".join(action["ships"]),
            },
            "air_targets": lambda: {"target": ",".join(action["targets"])},
            "declare_escape": lambda: {"escape": action["escape"]},
            "convoy_choice": lambda: {"convoy": action["convoy"], "choice": action["choice"]},
            "refuel": lambda: {"ship": action["ship"]},
            "return_ships": lambda: {"ships": ",".join(action["ships"]), "to": action["to"]},
        }[kind]()
        channel = None if dm else self.thread
        handle = await self.fake.slash(self.user(seat), channel, WAS_COMMANDS[kind], options)
        return await handle.answer()

    async def components(self, prompt: Prompt, action: dict[str, Any], *, fresh: bool) -> str:
        user = self.user(prompt.seat)
        index, form = fitting_form(prompt, action)
        layout = orders.layout(form)
        assert layout in ("button", "flag", "select", "modal", "steps"), (prompt.kind, layout)
        kind = "os" if layout == "select" else "ob"
        custom_id = (
            f"ref:{kind}:{self.record.id}:{prompt.seat}:{orders.prompt_hash(prompt)}:{index}"
        )
        message = None if fresh else self.dm_with(user, custom_id)
        route = "dm" if message is not None else "/orders"
        self.routes[route] = self.routes.get(route, 0) + 1
        if message is None:
            shown = await self.fake.slash(user, self.thread, "orders", {"game": self.record.id})
            await shown.answer()
            await self.fake.wait_until(
                lambda: any(carries(m, custom_id) for m in shown.messages), what="the controls"
            )
            message = next(m for m in shown.messages if carries(m, custom_id))
            assert message.ephemeral
        answers = {c.name: action[c.name] for c in form.inputs if c.name in action}
        if layout == "steps":
            handle, _ = await answer_steps(self.fake, user, message, custom_id, form, action)
        elif layout == "select":
            value = answers[form.inputs[0].name]
            handle = await self.fake.select(user, message, custom_id, as_list(value))
        elif layout == "flag":
            flag = "1" if answers[form.inputs[0].name] else "0"
            handle = await self.fake.click(user, message, f"{custom_id}:{flag}")
        elif layout == "button":
            handle = await self.fake.click(user, message, custom_id)
        else:
            opened = await self.fake.click(user, message, custom_id)
            assert (await opened.response()).type == 9  # a modal
            values = {c.name: modal_value(c.kind, answers[c.name]) for c in form.inputs}
            handle = await opened.submit_modal(values)
        return await handle.answer()

    def dm_with(self, user: FakeUser, custom_id: str) -> SentMessage | None:
        for message in reversed(self.fake.dms_to(user)):
            if carries(message, custom_id):
                return message
        return None


def fitting_form(prompt: Prompt, action: dict[str, Any]) -> tuple[int, Any]:
    """The form (group) of the prompt offering every value of the action, each for the
    answers before it (dependent inputs)."""
    for index, form in enumerate(prompt.forms):
        if form.type != action["type"]:
            continue
        answers = {c.name: action[c.name] for c in form.inputs if c.name in action}
        if form.first_refused(answers) is None:
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


# --- the test ----------------------------------------------------------------------------------
async def test_a_whole_campaign_through_discord(campaign: Campaign) -> None:
    started = time.perf_counter()
    fake, world, env = campaign.fake, campaign.world, campaign.env
    alice, bob = world.alice, world.bob

    # Lobby: a new game, variant 18.2 set with /was variants, sides taken, started.
    handle = await fake.slash(alice, world.channel, "game new", {"ruleset": "war-at-sea"})
    assert not (await handle.response()).ephemeral
    await fake.wait_until(lambda: bool(fake.threads_in(world.channel)), what="the thread")
    campaign.game = await env.running.referee.game(HEAD["game"])
    for _ in range(200):
        campaign.game = await env.running.referee.game(HEAD["game"])
        if campaign.game.thread_id:
            break
    handle = await fake.slash(alice, campaign.thread, "was variants", {"variant_18_2": True})
    assert "✅ 18.2" in (await handle.response()).content
    lobby = env.lobby_message(campaign.record)
    for user, seat in ((alice, "allies"), (bob, "axis")):
        click = await fake.click(user, lobby, f"ref:lobby:{HEAD['game']}:seat:{seat}")
        await click.response()
    await (await fake.click(alice, lobby, f"ref:lobby:{HEAD['game']}:start")).response()
    await env.settle()
    campaign.game = await env.running.referee.game(HEAD["game"])
    assert campaign.record.options == {**campaign.record.options, "variant_18_2": True}
    await campaign.check_no_leak()

    # The whole script, order by order, with the leak check after each.
    for n, line in enumerate(LINES):
        await campaign.play(n, line)
        await env.settle()
        await campaign.check_no_leak()
        if n == 1:  # the Allies are about to move: a refusal, and autocomplete
            await check_move_command(campaign)
        if n == 2:  # the task force moved face down: alice knows it, nobody else does
            await check_face_down(campaign)
        if n == 3:  # mid-turn 1: bob's map is the Axis view, carol's the public one
            await check_maps(campaign)

    record = await env.running.referee.game(HEAD["game"])
    _, state = await env.running.referee.state(record.id)
    assert record.status == "over" and state.result is not None and state.turn == 8
    thread = "\n".join(m.text() for m in fake.messages_in(campaign.thread))
    assert "Game over" in thread and record.seed.hex() in thread
    assert "python -m bot verify" in thread and "/game export" in thread
    history = ", ".join(f"{n}: {s:+d}" for n, s in enumerate(state.history, 1))
    assert f"Score after each turn (positive favours the Axis): {history}" in thread
    # The notice itself (a map's alt text may also name the phase "Game over").
    over = [m for m in fake.messages_in(campaign.thread) if "Game over" in (m.content or "")]
    assert len(over) == 1, "the end-of-game notice is delivered once, from the outbox"
    assert FIRE.search(thread), "no combat report with its dice"
    asw_die = r"\d (?:hit|disabled|miss)"
    assert re.search(
        rf"Anti-submarine combat in .+: \d+ dice? \({asw_die}(?:, {asw_die})*\): "
        r"\d U-boat flotillas? sunk",
        thread,
    )
    assert "Convoy 1A reaches USSR (Murmansk): 3 points" in thread
    assert "Allied land-based air fires at" in thread and "The pursuit of group" in thread
    check_thread(campaign)
    assert any(a.data.startswith(b"\x89PNG") for m in fake.dms_to(bob) for a in m.attachments)
    assert set(campaign.routes) == {"/was", "dm", "/orders"}, campaign.routes
    assert campaign.typed == set(WAS_COMMANDS), "every /was order command was used"
    assert env.lobby_message(record).content.endswith("over")  # the lobby's hook still runs
    await check_outbox(campaign, record)
    elapsed = time.perf_counter() - started
    print(f"campaign: {len(LINES)} orders, routes {campaign.routes}, {elapsed:.1f}s")


async def check_move_command(campaign: Campaign) -> None:
    fake, alice, thread = campaign.fake, campaign.world.alice, campaign.thread
    choices = await fake.autocomplete(alice, thread, "was move", "ships", "hood, ren")
    assert [c["value"] for c in choices] == ["hood", "hood,renown"]
    assert choices[1]["name"] == "Hood, Renown"
    places = await fake.autocomplete(alice, thread, "was move", "to", "", {"ships": "hood"})
    assert "north_sea" in [c["value"] for c in places] and "germany" not in str(places)
    handle = await fake.slash(alice, thread, "was move", {"ships": "Hood", "to": "germany"})
    refusal = await handle.answer()  # acknowledged first: the engine's refusal follows
    assert refusal and "War at Sea 6.4" in refusal and "✅" not in refusal
    handle = await fake.slash(campaign.world.bob, thread, "was move", {"ships": "x", "to": "y"})
    assert "没有" in await handle.answer()  # nothing waits for the Axis


async def check_face_down(campaign: Campaign) -> None:
    _, state = await campaign.env.running.referee.state(campaign.record.id)
    assert {"hood", "Hood", "Ark Royal"} <= RULESET.secrets(state, None)
    assert "Hood" in "\n".join(m.text() for m in campaign.fake.dms_to(campaign.world.alice))
    assert "face-down Allied counter moves to North Sea" in campaign.fake.all_text_for_audience()


async def check_maps(campaign: Campaign) -> None:
    fake, world = campaign.fake, campaign.world
    carol = fake.add_user(name="carol")
    fake.add_member(world.guild, carol)
    for user, expect in ((world.bob, "轴心国"), (carol, "public map")):
        handle = await fake.slash(user, campaign.thread, "was map")
        reply = await handle.wait_original()
        assert reply.ephemeral and expect in reply.content, reply.content
        assert reply.attachments and reply.attachments[0].data.startswith(b"\x89PNG")
    audiences = [v.get("audience") for v in campaign.drawn[-2:]]
    assert audiences == ["axis", None]
    await campaign.check_no_leak()


def check_thread(campaign: Campaign) -> None:
    """Issue 12: the thread pings a player only when the side to move changes, says by when
    and the score, and posts a map only when it differs from the one before."""
    posts = [m for m in campaign.fake.messages_in(campaign.thread) if "Waiting for" in m.text()]
    waiting = [next(x for x in m.content.splitlines() if "Waiting for" in x) for m in posts]
    assert "due <t:" in waiting[-1] and re.search(
        r"score [+-]\d+ \(positive favours", posts[-1].text()
    )
    pinged = [i for i, m in enumerate(posts) if m.pings()]
    assert pinged and len(pinged) < len(posts), "some posts ping, not every one"
    for i in pinged[1:]:
        before = re.sub(r"<t:\d+:R>", "", waiting[i - 1])
        assert re.sub(r"<t:\d+:R>", "", waiting[i]) != before, "a ping for the same side"
    maps = [a.data for m in campaign.fake.messages_in(campaign.thread) for a in m.attachments]
    assert len(maps) > 8 and all(png.startswith(b"\x89PNG") for png in maps)
    assert all(a != b for a, b in itertools.pairwise(maps)), "the same map twice"
    # 12.8: the Allies read each of their ships' moves once, by name, never the public copy.
    allied = "\n".join(m.text() for m in campaign.fake.dms_to(campaign.world.alice))
    assert "Hood" in allied and "face-down Allied counter" not in allied
    print(f"thread: {len(posts)} posts, {len(pinged)} pings, {len(maps)} maps, {len(LINES)} orders")


async def check_outbox(campaign: Campaign, record: GameRecord) -> None:
    """Every payload delivered to the public or the Axis, against the state of its step; and
    no delivered row keeps its body (issue 9: the log is the record)."""
    env = campaign.env
    log = await env.running.store.log(record.id)
    states = []
    state = RULESET.setup(
        record.scenario, RULESET.parse_options(record.options), ReplayDice(log[0].rolls)
    ).state
    states.append(state)
    for entry in log[1:]:
        action = RULESET.parse_action(entry.action)
        assert entry.seat is not None
        state = RULESET.apply(state, entry.seat, action, ReplayDice(entry.rolls)).state
        states.append(state)
    with sqlite3.connect(env.database) as db:
        bodies = db.execute(
            "SELECT DISTINCT payload FROM outbox WHERE game_id = ? AND delivered_at IS NOT NULL",
            (record.id,),
        ).fetchall()
    assert bodies == [("{}",)]
    rows = [(a, k, p) for a, k, p in campaign.sent if a != "allies"]
    assert len(rows) > len(log)
    for audience, kind, payload in rows:
        n = {"step": payload.get("n", 0), "started": 0}.get(kind, len(states) - 1)
        seat = None if audience == "public" else audience
        text = json.dumps(payload, ensure_ascii=False)
        leaked = [s for s in RULESET.secrets(states[n], seat) if s in text]
        assert not leaked, f"{leaked} in a {kind} for {audience} at step {n}"
