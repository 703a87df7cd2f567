"""A Jutland mini-scenario through Discord (23.1; the fake server, real discord.py, a real
SQLite file, real PNGs): alice is the German admiral, bob the British, at Dogger Bank with
the scenario's suggested options (the Advanced rules, the Tournament's special damage, smoke
and both weather variables where the game has them). The game opens with the battle (no
search); both sides fire a salvo a turn at their first target (by the order components) and
leave every other decision to its default (hold course at full speed, by the deadline) until
the fleets are out of sight: the battle's end is the game's, scored by the scenario's own
victory conditions.

After every step nothing the thread, the German or the British player can read holds a
secret of that moment (``Jutland.secrets``); after the game, every payload against the state
replayed to its step.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest_asyncio

from bot.i18n import render
from bot.rules.core import Prompt, Text
from bot.rules.jutland import RULESET
from bot.rules.jutland.state import JutlandState
from tests.e2e import campaign as shared
from tests.e2e import jut_director, jut_play
from tests.e2e.harness import Env
from tests.fakediscord import FakeUser, FakeWorld

SEED = hashlib.sha256(b"jutland-mini-e2e:1").digest()
GAME_ID = "jutmini1"
SCENARIO = "dogger_bank"


class Game:
    def __init__(self, env: Env, drawn: Any, sent: shared.Sent) -> None:
        self.env, self.sent, self.fake, self.world = env, sent, env.fake, env.world
        readers = {"public": None, "german": env.world.alice, "british": env.world.bob}
        self.leaks = shared.LeakCheck(env, RULESET, readers, drawn)
        self.routes: dict[str, int] = {}
        self.orders = self.ticks = 0

    def user(self, seat: str) -> FakeUser:
        return self.world.alice if seat == "german" else self.world.bob

    async def state(self) -> JutlandState:
        state = (await self.env.running.referee.state(GAME_ID))[1]
        assert isinstance(state, JutlandState)
        return state

    async def step(self) -> bool:
        state = await self.state()
        if state.result is not None:
            return False
        chosen = [
            (p, jut_director._fire(state, p))
            for p in RULESET.prompts(state)
            if p.kind == "jut.fire"
        ]
        given: list[tuple[Prompt, dict[str, Any]]] = [(p, a) for p, a in chosen if a]
        if not given:
            self.env.clock.advance(49)  # every open decision's default, by the deadline
            report = await self.env.running.tick_once()
            assert report.applied
            self.ticks += 1
            return True
        prompt, action = given[0]
        self.orders += 1
        await jut_play.order(
            self.env,
            GAME_ID,
            self.user(prompt.seat),
            prompt,
            action,
            fresh=self.orders % 2 == 0,
            routes=self.routes,
        )
        return True


@pytest_asyncio.fixture
async def game(fake_world: FakeWorld, tmp_path: Path, monkeypatch: Any) -> AsyncIterator[Game]:
    async with jut_play.recorded(fake_world, tmp_path, monkeypatch, SEED, GAME_ID) as opened:
        yield Game(*opened)


async def test_dogger_bank_with_the_advanced_rules_to_its_end(game: Game) -> None:
    started = time.perf_counter()
    fake, world, env = game.fake, game.world, game.env
    alice, bob = world.alice, world.bob
    offered = await fake.autocomplete(
        alice, world.channel, "game new", "scenario", "dogger", {"ruleset": "jutland"}
    )
    assert [c["value"] for c in offered] == [SCENARIO]
    record = await jut_play.open_game(env, alice, GAME_ID, scenario=SCENARIO)
    # The scenario's suggested options are the game's (23.1 rules item 1).
    assert record.options["rules"] == "advanced"
    special = "special_damage" in RULESET.options_model.model_fields
    assert record.options.get("special_damage", False) is special
    lobby = env.lobby_message(record)
    for user, seat in ((alice, "german"), (bob, "british")):
        await (await fake.click(user, lobby, f"ref:lobby:{GAME_ID}:seat:{seat}")).response()
    await (await fake.click(alice, lobby, f"ref:lobby:{GAME_ID}:start")).response()
    await env.settle()
    state = await game.state()
    assert state.phase == "battle" and state.battle is not None and state.hour == 9
    assert "blucher" in state.task_forces["de1"].ships
    await game.leaks(GAME_ID)
    while await game.step():
        await env.settle()
        await game.leaks(GAME_ID)

    record = await env.running.referee.game(GAME_ID)
    state = await game.state()
    assert record.status == "over" and state.result is not None
    thread = "\n".join(m.text() for m in fake.messages_in(fake.channel(int(record.thread_id or 0))))
    assert render(state.result.summary, "en") in thread  # scored by the scenario's conditions
    scenario = render(Text(key=f"jut.scenario.{SCENARIO}", params={}), "en")
    assert scenario in thread
    log = await env.running.store.log(GAME_ID)
    kinds = {ev.kind for e in log for ev in e.events}
    assert {"jut.adv_fire", "jut.battle_over", "jut.scenario_points"} <= kinds
    # The thread names the ships fired at by their names, never by their ids.
    targets = {ev.params["target"] for e in log for ev in e.events if ev.kind == "jut.adv_fire"}
    names = RULESET.names()
    assert targets and all(str(names[x]) in thread for x in targets)
    assert not any(f" {x} " in thread for x in targets if str(names[x]) != x)
    pictures = [a.data for m in fake.dms_to(bob) for a in m.attachments]
    assert pictures and all(p.startswith(b"\x89PNG") for p in pictures)
    checked = await shared.check_outbox(
        env, RULESET, record, game.sent, {"public", "german", "british"}
    )
    assert checked > game.orders
    elapsed = time.perf_counter() - started
    print(f"jutland {SCENARIO}: {game.orders} fire orders, {game.ticks} deadline steps, "
          f"{game.leaks.checks} leak checks, special damage {special}, routes {game.routes}, "
          f"{elapsed:.1f}s")  # fmt: skip
