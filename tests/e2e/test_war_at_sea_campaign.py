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
import re
import time
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.referee import service
from bot.rules.core import Prompt
from bot.rules.war_at_sea import RULESET
from bot.store import GameRecord
from rendering.cache import PICTURES
from tests.e2e import campaign as shared
from tests.e2e import was_director as director
from tests.e2e.harness import Env
from tests.fakediscord import FakeUser, FakeWorld

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

    drawn = shared.record_drawing(monkeypatch, "war-at-sea")
    sent = shared.record_delivery(monkeypatch)
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
        self.leaks = shared.LeakCheck(env, RULESET, {"public": None, "axis": env.world.bob}, drawn)
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
        await self.leaks(self.record.id)

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
        return await shared.answer_with_components(
            self.env,
            self.record,
            self.thread,
            user,
            prompt,
            action,
            fresh=fresh,
            routes=self.routes,
        )


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
    # Pictures are cached by view bytes (rendering/cache.py): emptied, so that each map below
    # is drawn from its own audience's view and recorded.
    PICTURES.clear()
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
    log = await campaign.env.running.store.log(record.id)
    audiences = {"public", "axis"}
    checked = await shared.check_outbox(campaign.env, RULESET, record, campaign.sent, audiences)
    assert checked > len(log)
