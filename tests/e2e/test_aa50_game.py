"""A whole AA50 1942 game of two full rounds through Discord (issue 18), in an English and in
a Chinese server: the director's script (tests/e2e/aa50_director.py), six powers held by three
players (alice the Axis' Japan and Germany, bob the Soviet Union and the United Kingdom, carol
Italy and the United States with China). It has a purchase with research, an amphibious assault
with bombardment, a strategic bombing raid, a submarine battle against destroyers, a retreat,
Moscow taken with the Soviet treasury plundered, casualties by a standing order and by hand
(the menu pre-selected by the standing order's pick), national objectives paid. Orders go by
/aa commands (each input as autocomplete offers it; "done" through its summary's button), by
the DM's controls and by /orders, mixed; the dice the script forces are the referee's too.

After every order: the shared leak check (the ruleset's secrets() at that step: AA50 has none,
so it must find nothing). After the game: every picture posted (thread and DMs) is the
renderer's picture of a view of the state at one step of the game (replayed from the log), in
order; every battle round fought has its battle board posted; every payload against its step.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.referee import service
from bot.rules.aa50 import RULESET, board
from bot.rules.aa50.state import Aa50State
from bot.rules.aa50.view import Aa50View
from bot.rules.core import Prompt, ReplayDice
from bot.store import GameRecord
from cogs import _orders as orders
from rendering import registry
from rendering.cache import PICTURES
from tests.e2e import aa50_director as director
from tests.e2e import campaign as shared
from tests.e2e.harness import Env
from tests.fakediscord import FakeUser, FakeWorld

PLAYED, LINES = director.direct()
FORCED = dict(PLAYED.forced)
HOLDERS = {
    "japanese": "alice",
    "germans": "alice",
    "russians": "bob",
    "british": "bob",
    "italians": "carol",
    "americans": "carol",
}
AA: dict[str, tuple[str, tuple[str, ...]]] = {
    # action type: (/aa command, its inputs in the action)
    "research": ("aa research", ("tokens",)),
    "buy": ("aa buy", ("unit", "count")),
    "load": ("aa load", ("transport", "units")),
    "unload": ("aa unload", ("transport", "to")),
    "move": ("aa move", ("units", "to", "bomb")),
    "retreat": ("aa retreat", ("to",)),
    "press": ("aa press", ()),
    "submerge": ("aa submerge", ()),
    "place": ("aa place", ("unit", "count", "where")),
    "choose_battle": ("aa battle", ("where",)),
    "casualty_order": ("aa standing", ("power", "ranks", "auto")),
}
ENDS = {"purchase_done", "combat_move_done", "noncombat_move_done", "mobilize_done"}
FREE = {"tokens", "count", "bomb", "auto"}
"""Inputs without options to complete: typed as they are."""


class Pictures:
    """Every picture the renderer draws from now on, with the view it was drawn from."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.drawn: list[Mapping[str, Any]] = []
        self.by_png: dict[bytes, Mapping[str, Any]] = {}
        real = registry._RENDERERS["aa50"]

        def recording(view: Mapping[str, Any]) -> bytes | None:
            png = real(view)
            self.drawn.append(view)
            if png is not None:
                self.by_png[png] = view
            return png

        monkeypatch.setitem(registry._RENDERERS, "aa50", recording)
        PICTURES.clear()  # a picture cached by an earlier test would skip the recorder


@pytest_asyncio.fixture(params=["en", "zh"])
async def game(
    request: pytest.FixtureRequest,
    fake_world: FakeWorld,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[Game]:
    import cogs.aa50  # noqa: F401  (imported before the bot's timed start)
    import rendering.aa50  # noqa: F401  (registers the renderer recorded here)

    board.comps()
    monkeypatch.setattr(service, "new_seed", lambda: director.SEED)
    monkeypatch.setattr(service, "_new_id", lambda: director.GAME_ID)
    monkeypatch.setattr(service, "FairDice", director.loaded(FORCED))
    fake_world.guild.preferred_locale = "zh-CN" if request.param == "zh" else "en-US"
    carol = fake_world.fake.add_user(name="carol", locale="en-US")
    fake_world.fake.add_member(fake_world.guild, carol)
    pictures = Pictures(monkeypatch)
    sent = shared.record_delivery(monkeypatch)
    env = Env(fake_world, tmp_path / "referee.sqlite3", overrides={"map_pool": "thread"})
    await env.start_bot()
    try:
        yield Game(env, pictures, sent, request.param, carol)
    finally:
        await env.stop_bot()


class Game:
    def __init__(
        self, env: Env, pictures: Pictures, sent: shared.Sent, lang: str, carol: FakeUser
    ) -> None:
        self.env, self.pictures, self.sent, self.lang = env, pictures, sent, lang
        self.fake, self.world = env.fake, env.world
        self.users = {"alice": env.world.alice, "bob": env.world.bob, "carol": carol}
        self.record_: GameRecord | None = None
        readers: dict[str, FakeUser | None] = {"public": None}
        readers |= {seat: self.users[name] for seat, name in HOLDERS.items()}
        self.leaks = shared.LeakCheck(env, RULESET, readers, pictures.drawn)
        self.offered: dict[str, list[str]] = {seat: [] for seat in HOLDERS}
        self.routes: dict[str, int] = {}
        self.preselected = 0

    @property
    def record(self) -> GameRecord:
        assert self.record_ is not None
        return self.record_

    @property
    def thread(self) -> Any:
        return self.fake.channel(int(self.record.thread_id or 0))

    def user(self, seat: str) -> FakeUser:
        return self.users[HOLDERS[seat]]

    async def state(self) -> Aa50State:
        state = (await self.env.running.referee.state(self.record.id))[1]
        assert isinstance(state, Aa50State)
        return state

    async def play(self, n: int, line: dict[str, Any]) -> None:
        seat, action = line["seat"], line["action"]
        state = await self.state()
        prompt = next(
            p for p in RULESET.prompts(state) if p.seat == seat and p.form(action["type"])
        )
        assert prompt.kind == line["kind"], (n, prompt.kind, line)
        kind = action["type"]
        if kind == "casualties":
            reply = await self.by_hand(prompt, action)
        elif kind in ENDS and n % 3 != 0:
            reply = await self.done(prompt)
        elif kind in AA and n % 4 != 1:
            reply = await self.command(prompt, action)
        else:
            # A yes/no input left out of the order is a "no" on the menus (bomb, 5.5.1).
            flags = {
                c.name: False
                for f in prompt.forms
                if f.type == kind
                for c in f.inputs
                if c.kind == "flag" and c.name not in action
            }
            reply = await shared.answer_with_components(
                self.env, self.record, self.thread, self.user(seat), prompt, {**action, **flags},
                fresh=n % 5 == 0, routes=self.routes,
            )  # fmt: skip
        assert "✅" in reply, (n, line, reply)

    async def command(self, prompt: Prompt, action: dict[str, Any]) -> str:
        """The order as an /aa command, each input as autocomplete offers it."""
        self.routes["/aa"] = self.routes.get("/aa", 0) + 1
        name, inputs = AA[action["type"]]
        options: dict[str, Any] = {}
        user = self.user(prompt.seat)
        for key in inputs:
            if key not in action or action[key] is False or action[key] in ("", []):
                continue
            value = action[key]
            typed = ",".join(value) if isinstance(value, list) else str(value)
            if key in FREE:
                typed = "yes" if value is True else typed
            else:
                current = typed.rsplit(",", 1)[0] + "," if "," in typed else ""
                choices = await self.fake.autocomplete(
                    user, self.thread, name, key, current, options
                )
                self.offered[prompt.seat] += [c["name"] for c in choices]
                values = [c["value"] for c in choices]
                assert typed in values or any(v.endswith(typed.split(",")[-1]) for v in values), (
                    name,
                    key,
                    typed,
                    choices,
                )
            options[key] = typed
        handle = await self.fake.slash(user, self.thread, name, options)
        return str(await handle.answer())

    async def done(self, prompt: Prompt) -> str:
        """/aa done: what the phase's end commits, then its button."""
        self.routes["/aa done"] = self.routes.get("/aa done", 0) + 1
        user = self.user(prompt.seat)
        handle = await self.fake.slash(user, self.thread, "aa done", {})
        shown = await handle.wait_original()
        assert shown.ephemeral
        [button] = [c for c in shown.custom_ids() if c.startswith("ref:ob:")]
        return str(await (await self.fake.click(user, shown, button)).answer())

    async def by_hand(self, prompt: Prompt, action: dict[str, Any]) -> str:
        """Casualties chosen in /orders' menu, which comes pre-selected by the standing
        order's pick (the prompt's default, 5.5.3.2)."""
        self.routes["by hand"] = self.routes.get("by hand", 0) + 1
        index = next(i for i, f in enumerate(prompt.forms) if f.type == "casualties")
        custom_id = f"ref:os:{self.record.id}:{prompt.seat}:{orders.prompt_hash(prompt)}:{index}"
        user = self.user(prompt.seat)
        shown = await self.fake.slash(user, self.thread, "orders", {"game": self.record.id})
        await shown.answer()
        await self.fake.wait_until(
            lambda: any(shared.carries(m, custom_id) for m in shown.messages), what="the menu"
        )
        message = next(m for m in shown.messages if shared.carries(m, custom_id))
        menu = message.component(custom_id)
        assert menu is not None
        picked = {o["value"] for o in menu["options"] if o.get("default")}
        assert picked == set((prompt.default or {}).get("units", [])) and picked
        self.preselected += 1
        handle = await self.fake.select(user, message, custom_id, list(action["units"]))
        return str(await handle.answer())


async def start(game: Game) -> None:
    fake, world, env = game.fake, game.world, game.env
    alice = world.alice
    record = await env.new_game(alice, ruleset="aa50", scenario="1942")
    lobby = env.lobby_message(record)
    for seat, name in HOLDERS.items():
        user = game.users[name]
        await (await fake.click(user, lobby, f"ref:lobby:{record.id}:seat:{seat}")).response()
    await (await fake.click(alice, lobby, f"ref:lobby:{record.id}:start")).response()
    await env.settle(timeout=60)
    game.record_ = await env.running.referee.game(record.id)
    await game.leaks(record.id)


async def _states(env: Env, record: GameRecord) -> list[Aa50State]:
    log = await env.running.store.log(record.id)
    state = RULESET.setup(
        record.scenario, RULESET.parse_options(record.options), ReplayDice(log[0].rolls)
    ).state
    assert isinstance(state, Aa50State)
    states = [state]
    for entry in log[1:]:
        assert entry.seat is not None and not entry.undone
        nxt = RULESET.apply(
            state, entry.seat, RULESET.parse_action(entry.action), ReplayDice(entry.rolls)
        ).state
        assert isinstance(nxt, Aa50State)
        state = nxt
        states.append(state)
    return states


def _check_pictures(game: Game, states: list[Aa50State]) -> int:
    """Every picture posted is the renderer's picture of one audience's view of the state at
    one step, the thread's in the order of the steps; every battle round has its board."""
    from rendering.aa50.render import shows_battle

    index: dict[str, int] = {}
    for k, state in enumerate(states):
        for audience in (None, *board.SEATS):
            key = RULESET.view(state, audience).model_dump_json()
            index.setdefault(key, k)
    last, boards = -1, set()
    fake = game.fake
    thread = [a.data for m in fake.messages_in(game.thread) for a in m.attachments]
    dms = [a.data for u in game.users.values() for m in fake.dms_to(u) for a in m.attachments]
    for png in thread + dms:
        assert png.startswith(b"\x89PNG\r\n\x1a\n")
        view = game.pictures.by_png.get(png)
        assert view is not None, "a picture no view was drawn into"
        typed = RULESET.load_view(dict(view))
        step = index.get(typed.model_dump_json())
        assert step is not None, "a picture of no state of the game"
    for png in thread:
        shown = RULESET.load_view(dict(game.pictures.by_png[png]))
        assert isinstance(shown, Aa50View)
        step = index[shown.model_dump_json()]
        assert step >= last, "the thread's pictures out of order"
        last = step
        if shown.battle_log is not None and shows_battle(shown):
            boards.add((shown.round, shown.battle_log.where, shown.battle_log.round))
    fought = {
        (s.round, s.battle_log.where, s.battle_log.round)
        for s in states
        if s.battle_log is not None and s.battle_log.volleys
    }
    assert fought and fought <= boards, fought - boards
    return len(thread) + len(dms)


async def test_two_rounds_of_1942_through_discord(game: Game) -> None:
    started = time.perf_counter()
    env = game.env
    await start(game)
    for n, line in enumerate(LINES):
        await game.play(n, line)
        await env.settle(timeout=60)
        await game.leaks(game.record.id, lambda audience: game.offered.get(audience, []))

    state = await game.state()
    assert state.round == director.ROUNDS + 1 and state.turn == 0
    states = await _states(env, game.record)
    log = await env.running.store.log(game.record.id)
    kinds = {str(e["kind"]) for entry in log for e in (x.model_dump() for x in entry.events)}
    assert {"aa50.research", "aa50.landed", "aa50.bombed", "aa50.retreat", "aa50.plunder"} <= kinds
    # Bombardment and a submarine battle against destroyers, on the boards.
    volleys = [
        (s.battle_log.kind, v.what, s.battle_log.defenders)
        for s in states
        if s.battle_log is not None
        for v in s.battle_log.volleys
    ]
    assert any(what == "bombard" for _, what, _ in volleys)
    assert any(k == "sea" and "destroyer" in d and "submarine" not in d for k, _, d in volleys)
    # By hand (the British fleet) and by the Soviet standing order (never asked, 5.5.3.2).
    assert game.preselected >= 1
    moscow = next(
        r for s in states if s.last_turn and s.last_turn.power == "germans"
        for r in s.last_turn.battles if r.where == "russia"
    )  # fmt: skip
    assert moscow.outcome == "taken" and len(moscow.defender_lost) >= 2
    assert not any(
        line["seat"] == "russians" and line["kind"] == "aa50.casualties" for line in LINES
    )
    # National objectives paid, and the turn summaries say so in the thread.
    assert any(s.last_turn and s.last_turn.objectives for s in states)
    thread = "\n".join(m.text() for m in game.fake.messages_in(game.thread))
    title = "Japan's turn is over (round 1)" if game.lang == "en" else "日本的回合结束（第1轮）"
    assert title in thread
    pictures = _check_pictures(game, states)
    assert {"/aa", "/aa done", "by hand"} <= set(game.routes), game.routes
    checked = await shared.check_outbox(env, RULESET, game.record, game.sent, {"public", *HOLDERS})
    assert checked > len(LINES)
    elapsed = time.perf_counter() - started
    print(f"aa50 1942 ({game.lang}): {len(LINES)} orders, {pictures} pictures, "
          f"{game.leaks.checks} leak checks, routes {game.routes}, {elapsed:.1f}s")  # fmt: skip


def test_the_director_plays_everything_the_game_must_show() -> None:
    """The director's game (played afresh from the engine, so an engine change that keeps the
    rules' outcomes keeps the test) shows everything the Discord game must, the same each
    time it is played."""
    assert director.missing(PLAYED) == []
    again, lines = director.direct()
    assert lines == LINES and again.forced == FORCED
