"""A whole Jutland Basic Game through Discord (the fake server, real discord.py, a real SQLite
file, real PNGs): alice is the German admiral, bob the British. The director
(tests/e2e/jut_director.py) sails the German battlecruisers from the Jade until the coastal
patrols sight them, the British battlecruisers from Rosyth meet them, both sides fire, the
Germans turn away and disengage beyond visibility, and the game runs to 1 June 12:00. Orders
go by /jut commands (each input as autocomplete offers it), by the DM's controls and by
/orders; a step where every open decision is its default (hold course, hold fire, stay) is
left to the deadline, which applies the defaults and says so.

The key check runs after every step: nothing the public (the thread), the German or the
British player can read (thread, DMs, ephemeral replies, autocomplete answers, pictures' alt
text and the views every picture was drawn from) holds a position of the other side the rules
did not reveal at that moment (``Jutland.secrets``); after the game, every outbox payload for
each audience against the state replayed to its step.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.i18n import render
from bot.referee import service
from bot.rules.core import Event, Prompt
from bot.rules.jutland import RULESET
from bot.store import GameRecord
from tests.e2e import campaign as shared
from tests.e2e import jut_director as director
from tests.e2e.harness import Env
from tests.fakediscord import FakeUser, FakeWorld

HEAD, LINES = director.read()
JUT: dict[str, tuple[str, tuple[str, ...]]] = {
    # action type: (/jut command, its inputs in the action)
    "plot": ("jut plot", ("tf", "to")),
    "maneuver": ("jut maneuver", ("tf", "turn", "angle", "speed")),
    "fire": ("jut fire", ("target", "band", "ships")),
    "hold_fire": ("jut hold-fire", ()),
}
SEATS = {"german": "alice", "british": "bob"}


@pytest_asyncio.fixture
async def game(
    fake_world: FakeWorld, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[Game]:
    monkeypatch.setattr(service, "new_seed", lambda: bytes.fromhex(HEAD["seed"]))
    monkeypatch.setattr(service, "_new_id", lambda: HEAD["game"])
    import rendering.jutland  # noqa: F401  (registers the renderer recorded here)

    drawn = shared.record_drawing(monkeypatch, "jutland")
    sent = shared.record_delivery(monkeypatch)
    env = Env(fake_world, tmp_path / "referee.sqlite3", overrides={"map_pool": "thread"})
    await env.start_bot()
    try:
        yield Game(env, drawn, sent)
    finally:
        await env.stop_bot()


class Game:
    def __init__(self, env: Env, drawn: Any, sent: shared.Sent) -> None:
        self.env, self.sent, self.fake, self.world = env, sent, env.fake, env.world
        self.record_: GameRecord | None = None
        readers = {"public": None, "german": env.world.alice, "british": env.world.bob}
        self.leaks = shared.LeakCheck(env, RULESET, readers, drawn)
        self.offered: dict[str, list[str]] = {"german": [], "british": []}
        self.routes: dict[str, int] = {}
        self.director = director.Director()
        self.orders = 0
        self.ticks = 0

    @property
    def record(self) -> GameRecord:
        assert self.record_ is not None
        return self.record_

    @property
    def thread(self) -> Any:
        return self.fake.channel(int(self.record.thread_id or 0))

    def user(self, seat: str) -> FakeUser:
        return self.world.alice if seat == "german" else self.world.bob

    async def state(self) -> Any:
        return (await self.env.running.referee.state(self.record.id))[1]

    async def check_no_leak(self) -> None:
        await self.leaks(self.record.id, lambda audience: self.offered.get(audience, []))

    async def step(self) -> bool:
        """One step: the first open decision the director answers otherwise than by its
        default, or, when every open decision is a default, the deadline. False when over."""
        state = await self.state()
        if state.result is not None:
            return False
        prompts = RULESET.prompts(state)
        chosen = [(p, self.director.decide(state, p)) for p in prompts]
        given = [(p, a) for p, a in chosen if a is not None]
        if not given:
            self.env.clock.advance(49)  # past every open deadline (48 hours by default)
            report = await self.env.running.tick_once()
            assert report.applied, "the deadline applied the defaults"
            self.ticks += 1
            return True
        prompt, action = given[0]
        self.orders += 1
        if action["type"] in JUT and self.orders % 3 != 2:
            reply = await self.command(prompt, action, dm=self.orders % 4 == 1)
        else:
            reply = await shared.answer_with_components(
                self.env, self.record, self.thread, self.user(prompt.seat), prompt, action,
                fresh=self.orders % 5 == 0, routes=self.routes,
            )  # fmt: skip
        assert "✅" in reply, (action, reply)
        return True

    async def command(self, prompt: Prompt, action: dict[str, Any], *, dm: bool) -> str:
        """The order as a /jut command, each input as autocomplete offers it."""
        self.routes["/jut"] = self.routes.get("/jut", 0) + 1
        name, inputs = JUT[action["type"]]
        options: dict[str, Any] = {}
        user, channel = self.user(prompt.seat), None if dm else self.thread
        for key in inputs:
            value = action[key]
            typed = ",".join(value) if isinstance(value, list) else str(value)
            if key != "ships":  # a list: typed whole
                choices = await self.fake.autocomplete(user, channel, name, key, "", options)
                self.offered[prompt.seat] += [c["name"] for c in choices]
                assert typed in [c["value"] for c in choices], (name, key, typed, choices)
            options[key] = typed
        handle = await self.fake.slash(user, channel, name, options)
        return str(await handle.answer())


async def check_refusal(game: Game) -> None:
    """Bad input is refused naming the rule, the game unchanged: the British plotting a
    task force into a land hex (Jutland 3.1)."""
    state = await game.state()
    if not any(p.seat == "british" and p.kind == "jut.plot" for p in RULESET.prompts(state)):
        return
    before = (await game.env.running.referee.game(game.record.id)).version
    handle = await game.fake.slash(
        game.world.bob, game.thread, "jut plot", {"tf": "gb3", "to": "J9"}
    )
    refusal = str(await handle.answer())
    assert "3.3" in refusal and "✅" not in refusal, refusal
    assert (await game.env.running.referee.game(game.record.id)).version == before


async def test_a_whole_game_with_search_battle_and_disengagement(game: Game) -> None:
    started = time.perf_counter()
    fake, world, env = game.fake, game.world, game.env
    alice, bob = world.alice, world.bob
    handle = await fake.slash(alice, world.channel, "game new", {"ruleset": "jutland"})
    assert not (await handle.response()).ephemeral
    await fake.wait_until(lambda: bool(fake.threads_in(world.channel)), what="the thread")
    for _ in range(200):
        game.record_ = await env.running.referee.game(HEAD["game"])
        if game.record.thread_id:
            break
    lobby = env.lobby_message(game.record)
    for user, seat in ((alice, "german"), (bob, "british")):
        click = await fake.click(user, lobby, f"ref:lobby:{HEAD['game']}:seat:{seat}")
        await click.response()
    await (await fake.click(alice, lobby, f"ref:lobby:{HEAD['game']}:start")).response()
    await env.settle()
    game.record_ = await env.running.referee.game(HEAD["game"])
    await game.check_no_leak()
    refused = False
    while await game.step():
        await env.settle()
        await game.check_no_leak()
        if not refused and game.orders > 20:
            await check_refusal(game)
            refused = True
            # /jut map: the German's own sheet, only to him (the leak check reads it too)
            handle = await fake.slash(game.world.alice, game.thread, "jut map")
            shown = await handle.wait_original()
            assert shown.ephemeral and shown.attachments
            assert shown.attachments[0].data.startswith(b"\x89PNG")
            await game.check_no_leak()

    record = await env.running.referee.game(HEAD["game"])
    state = await game.state()
    assert record.status == "over" and state.result is not None and state.hour == 61
    thread = "\n".join(m.text() for m in fake.messages_in(game.thread))
    assert render(state.result.summary, "en") in thread
    kinds = {e.kind for e in await _events(game)}
    assert {"jut.spotted", "jut.contact", "jut.fire", "jut.disengaged", "jut.battle_over"} <= kinds
    pictures = [a.data for m in fake.dms_to(bob) for a in m.attachments]
    assert pictures and all(p.startswith(b"\x89PNG") for p in pictures)
    assert {"/jut", "/orders"} <= set(game.routes), game.routes
    assert game.ticks > 20  # the defaults kept the fleets safe, said in the thread
    checked = await shared.check_outbox(
        env, RULESET, record, game.sent, {"public", "german", "british"}
    )
    assert checked > game.orders
    elapsed = time.perf_counter() - started
    print(f"jutland: {game.orders} orders, {game.ticks} deadline steps, {game.leaks.checks} "
          f"leak checks, routes {game.routes}, {elapsed:.1f}s")  # fmt: skip


async def _events(game: Game) -> list[Event]:
    log = await game.env.running.store.log(game.record.id)
    return [Event.model_validate(e) for entry in log for e in entry.events]


def test_the_director_finds_the_same_game() -> None:
    """The script is what the director plays with the recorded seed (nothing hand-edited);
    if the engine changes, regenerate it: ``python -m tests.e2e.jut_director``."""
    played_game, played = director.direct()
    assert played == LINES
    kinds = {e.kind for e in played_game.events}
    assert {"jut.contact", "jut.fire", "jut.disengaged"} <= kinds
