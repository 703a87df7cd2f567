"""Solitaire against the bot through Discord (Jutland 23.2; the fake server, real discord.py,
a real SQLite file, real PNGs): alice starts ``/game new jutland solo:true``, takes the
British side and starts; the referee holds the German side and plays it by the solitaire
rule (the plan chosen by a die at the start, each later choice numbered and chosen by a die,
``solo_pick`` orders given by its autopilot at each tick). No contact at the start: the
German fleet waits at its ambush, secret. Alice's director sails the battlecruisers from
Rosyth toward it (the director reads the whole state; it is not a player), the fleets meet,
the plan is revealed, they fight, and the game runs to 1 June 12:00.

After every step nothing alice or the thread can read holds a German position or a hex of
the plan the rules did not reveal at that moment (``Jutland.secrets``, the plan included
until contact); after the game, every payload for the public and the British against the
state replayed to its step.
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
from bot.rules.jutland import RULESET, board
from bot.rules.jutland.state import JutlandState
from tests.e2e import campaign as shared
from tests.e2e import jut_director, jut_play
from tests.e2e.harness import Env
from tests.fakediscord import FakeWorld

SEED = hashlib.sha256(b"jutland-solo-e2e:1").digest()
"""A seed whose plan (1: an ambush off Rosyth at M10) meets no British pattern: the game
starts with the German fleet hidden at its ambush, 30 May 21:00."""
GAME_ID = "jutsolo1"


class Game:
    def __init__(self, env: Env, drawn: Any, sent: shared.Sent) -> None:
        self.env, self.sent, self.fake, self.world = env, sent, env.fake, env.world
        readers = {"public": None, "british": env.world.alice}
        self.leaks = shared.LeakCheck(env, RULESET, readers, drawn)
        self.routes: dict[str, int] = {}
        self.record_id = GAME_ID
        self.orders = self.ticks = self.bot_ticks = 0
        self.met = False
        self.hidden_ambush_checks = 0

    async def state(self) -> JutlandState:
        state = (await self.env.running.referee.state(self.record_id))[1]
        assert isinstance(state, JutlandState)
        return state

    def decide(self, state: JutlandState, prompt: Prompt) -> dict[str, Any] | None:
        """The British director: TF3 closes on the German fleet until they have met; in
        battle one salvo a turn at the first target; everything else its default."""
        self.met = self.met or state.battle is not None
        if prompt.kind == "jut.plot" and not self.met:
            tf_id = str(prompt.forms[0].fixed["tf"])
            tf = state.task_forces[tf_id]
            german = sorted({t.hex for t in state.task_forces.values() if t.side == "german"})
            if tf_id != "gb3" or tf.hex is None or not german:
                return None
            far = jut_director._steps("british", german[0])
            moves = [m for m in jut_director._values(prompt, "plot", "to") if m in far]
            best = min(moves, key=lambda m: (far[m], m), default=None)
            return None if best is None else {"type": "plot", "tf": tf_id, "to": best}
        if prompt.kind == "jut.fire":
            return jut_director._fire(state, prompt)
        return None

    async def step(self) -> bool:
        state = await self.state()
        if state.result is not None:
            return False
        prompts = RULESET.prompts(state)
        if any(p.seat == "german" for p in prompts):
            report = await self.env.running.tick_once()  # the bot's seat is due at once
            assert report.autopilot, "the referee played the German side"
            self.bot_ticks += 1
            return True
        given = [(p, self.decide(state, p)) for p in prompts]
        chosen = [(p, a) for p, a in given if a is not None]
        if not chosen:
            self.env.clock.advance(49)  # the British defaults, by the deadline
            report = await self.env.running.tick_once()
            assert report.applied or report.autopilot
            self.ticks += 1
            return True
        prompt, action = chosen[0]
        self.orders += 1
        await jut_play.order(
            self.env,
            GAME_ID,
            self.world.alice,
            prompt,
            action,
            fresh=self.orders % 3 == 0,
            routes=self.routes,
        )
        return True


@pytest_asyncio.fixture
async def game(fake_world: FakeWorld, tmp_path: Path, monkeypatch: Any) -> AsyncIterator[Game]:
    async with jut_play.recorded(fake_world, tmp_path, monkeypatch, SEED, GAME_ID) as opened:
        yield Game(*opened)


async def test_a_solo_game_against_the_bot_to_the_end(game: Game) -> None:
    started = time.perf_counter()
    fake, world, env = game.fake, game.world, game.env
    alice = world.alice
    # A game without play against the bot refuses solo:true by name.
    refused = await fake.slash(
        alice, world.channel, "game new", {"ruleset": "vaults", "solo": True}
    )
    assert "vaults" in str(await refused.answer()) and not fake.threads_in(world.channel)

    record = await jut_play.open_game(env, alice, GAME_ID, solo=True)
    assert record.options["solo"] is True
    lobby = env.lobby_message(record)
    free = render(Text(key="discord.lobby.bot_free", params={}), "en")
    assert free in fake.message(lobby.id).content  # the lobby says who takes the other side
    click = await fake.click(alice, lobby, f"ref:lobby:{GAME_ID}:seat:british")
    await click.response()
    await (await fake.click(alice, lobby, f"ref:lobby:{GAME_ID}:start")).response()
    await env.settle()
    record = await env.running.referee.game(GAME_ID)
    assert record.status == "active" and record.settings["autopilot"] == {"german": "solo"}
    state = await game.state()
    assert state.play is not None and state.play.solo is not None
    solo = state.play.solo
    assert solo.contact is None and {
        tf.hex for tf in state.task_forces.values() if tf.side == "german"
    } == {solo.track[-1]}
    await game.leaks(GAME_ID)
    revealed_at: int | None = None
    while await game.step():
        await env.settle()
        state = await game.state()
        assert state.play is not None and state.play.solo is not None
        if not state.play.solo.revealed:
            # the ambush is a secret of this moment, checked in everything alice reads
            assert solo.track[-1] in RULESET.secrets(state, "british") or any(
                tf.side == "british" and tf.hex and board.distance(tf.hex, solo.track[-1]) <= 1
                for tf in state.task_forces.values()
            )
            game.hidden_ambush_checks += 1
        elif revealed_at is None:
            revealed_at = game.bot_ticks + game.ticks + game.orders
        await game.leaks(GAME_ID)

    record = await env.running.referee.game(GAME_ID)
    state = await game.state()
    assert record.status == "over" and state.result is not None and state.hour == 61
    thread = "\n".join(m.text() for m in fake.messages_in(fake.channel(int(record.thread_id or 0))))
    plan = Text(
        key="event.jut.solo_plan",
        params={"plan": solo.plan, "depart": solo.depart, "pattern": 0},
    )
    assert render(plan, "en").split(";")[0] in thread  # the plan, told at contact
    assert revealed_at is not None and game.hidden_ambush_checks > 0
    log = await env.running.store.log(GAME_ID)
    german = [e.action["type"] for e in log if e.seat == "german"]
    assert german and set(german) == {"solo_pick"}  # every German order was the bot's die
    assert {"jut.contact", "jut.solo_plan"} <= {
        ev["kind"] for e in log for ev in (x.model_dump() for x in e.events)
    }
    assert not fake.dms_to(world.bob)  # bob is in no game: nobody else was told anything
    checked = await shared.check_outbox(env, RULESET, record, game.sent, {"public", "british"})
    assert checked > game.orders
    elapsed = time.perf_counter() - started
    print(f"jutland solo: {game.orders} orders by alice, {game.ticks} deadline steps, "
          f"{game.bot_ticks} bot ticks, {game.leaks.checks} leak checks, "
          f"plan {solo.plan} revealed at step {revealed_at}, {elapsed:.1f}s")  # fmt: skip
