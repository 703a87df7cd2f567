"""A whole GJ74 game through Discord (scenario 19.2, Japan against China, six turns), in an
English and in a Chinese server: the director's script (tests/e2e/data/gj74_19_2.jsonl),
alice holding Japan (blue) and bob China (red). Set-up, the chits drawn, searches turning
counters up, submarines and ships closing in and attacking, an air strike met by
interception, the defender's wide-area anti-air draws, losses and the end. Orders go by /gj
commands (each input as autocomplete offers it), by the DM's controls and by /orders, mixed.

The key check runs after every order: nothing the public (the thread), Japan or China can read
(thread, DMs, ephemeral replies, autocomplete answers, refusals, pictures' alt text and the
views every picture was drawn from) holds a secret of that moment (the ruleset's secrets():
the names and classes of the counters that audience has not seen face up); after the game,
every outbox payload for each audience against the state replayed to its step.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.i18n import render, tr
from bot.referee import service
from bot.rules.core import Event, Prompt
from bot.rules.gj74 import RULESET
from bot.store import GameRecord
from tests.e2e import campaign as shared
from tests.e2e import gj74_director as director
from tests.e2e.harness import Env
from tests.fakediscord import FakeUser, FakeWorld

HEAD, LINES = director.read()
DAYS_HEAD, DAYS_LINES = director.read(director.DAYS_SCRIPT)
GJ: dict[str, tuple[str, tuple[str, ...]]] = {
    # action type: (/gj command, its inputs in the action)
    "place": ("gj place", ("unit", "hex")),
    "deploy_done": ("gj deploy-done", ()),
    "sub_action": ("gj sub", ("unit", "kind", "to", "target", "targets")),
    "sub_ops_done": ("gj subs-done", ()),
    "surface_action": ("gj ships", ("units", "kind", "to", "target", "target_hex", "targets")),
    "surface_ops_done": ("gj ships-done", ()),
    "air_range": ("gj air-range", ("distance",)),
    "air_search": ("gj search", ("hex", "target", "actions")),
    "air_strike": ("gj strike", ("hex", "aircraft", "target", "escorts", "targets")),
    "air_ops_done": ("gj air-done", ()),
    "intercept": ("gj intercept", ("distance",)),
    "no_intercept": ("gj let-through", ()),
    "reveal_targets": ("gj reveal", ("units",)),
    "allocate_targets": ("gj deal", ("targets",)),
    "draw_aa": ("gj draw-aa", ("n",)),
    "absorb_hits": ("gj absorb", ("units",)),
    "deal_one": ("gj deal-one", ("target",)),
    "aim_torpedoes": ("gj torpedoes", ("target", "n")),
    "strike_losses": ("gj losses", ("attack",)),
    "choose_route": ("gj route", ("via",)),
}
FREE = {"distance", "n", "actions", "aircraft", "escorts", "attack"}
"""Number inputs: no options to complete, typed as they are."""


@pytest_asyncio.fixture(params=["en", "zh", "zh-20.1", "en-20.1"])
async def game(
    request: pytest.FixtureRequest,
    fake_world: FakeWorld,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[Game]:
    """The bot with the script's seed and game id, in a server of the given language, every
    drawn view and delivered payload recorded. ``zh-20.1``, ``en-20.1``: the two days of 20.1
    in a Chinese and an English server."""
    head = DAYS_HEAD if request.param.endswith("20.1") else HEAD
    monkeypatch.setattr(service, "new_seed", lambda: bytes.fromhex(head["seed"]))
    monkeypatch.setattr(service, "_new_id", lambda: head["game"])
    import rendering.gj74  # noqa: F401  (registers the renderer recorded here)

    fake_world.guild.preferred_locale = "zh-CN" if request.param.startswith("zh") else "en-US"
    drawn = shared.record_drawing(monkeypatch, "gj74")
    sent = shared.record_delivery(monkeypatch)
    env = Env(fake_world, tmp_path / "referee.sqlite3", overrides={"map_pool": "thread"})
    await env.start_bot()
    try:
        yield Game(env, drawn, sent, request.param[:2], head)
    finally:
        await env.stop_bot()


class Game:
    def __init__(
        self, env: Env, drawn: Any, sent: shared.Sent, lang: str, head: dict[str, Any]
    ) -> None:
        self.env, self.sent, self.lang, self.head = env, sent, lang, head
        self.fake, self.world = env.fake, env.world
        self.record_: GameRecord | None = None
        readers = {"public": None, "blue": env.world.alice, "red": env.world.bob}
        self.leaks = shared.LeakCheck(env, RULESET, readers, drawn)
        self.offered: dict[str, list[str]] = {"blue": [], "red": []}
        self.routes: dict[str, int] = {}
        self.typed: set[str] = set()
        self.dealt_by_menu = 0
        """15.1: attackers dealt one by one through the menus (DM controls or /orders)."""

    @property
    def record(self) -> GameRecord:
        assert self.record_ is not None
        return self.record_

    @property
    def thread(self) -> Any:
        return self.fake.channel(int(self.record.thread_id or 0))

    def user(self, seat: str) -> FakeUser:
        return self.world.alice if seat == "blue" else self.world.bob

    async def check_no_leak(self) -> None:
        await self.leaks(self.record.id, lambda audience: self.offered.get(audience, []))

    async def state(self) -> Any:
        return (await self.env.running.referee.state(self.record.id))[1]

    async def play(self, n: int, line: dict[str, Any]) -> None:
        seat, action = line["seat"], line["action"]
        state = await self.state()
        prompt = next(
            p for p in RULESET.prompts(state) if p.seat == seat and p.form(action["type"])
        )
        assert prompt.kind == line["kind"], (n, prompt.kind, line)
        first = action["type"] not in self.typed
        # 15.1: the deal attacker by attacker goes by the menus (once by /gj deal-one too)
        menu = action["type"] == "deal_one" and (n % 3 != 0 or self.dealt_by_menu == 0)
        if (first or n % 3 == 0) and not menu:
            self.typed.add(action["type"])
            reply = await self.command(prompt, action, dm=n % 4 == 1)
        else:
            reply = await shared.answer_with_components(
                self.env, self.record, self.thread, self.user(seat), prompt, action,
                fresh=n % 5 == 0, routes=self.routes,
            )  # fmt: skip
            self.dealt_by_menu += action["type"] == "deal_one"
        assert "✅" in reply, (n, line, reply)

    async def command(self, prompt: Prompt, action: dict[str, Any], *, dm: bool) -> str:
        """The order as a /gj command, each input as autocomplete offers it."""
        self.routes["/gj"] = self.routes.get("/gj", 0) + 1
        name, inputs = GJ[action["type"]]
        options: dict[str, Any] = {}
        user, channel = self.user(prompt.seat), None if dm else self.thread
        for key in inputs:
            if key not in action or action[key] in ("", []):
                continue
            value = action[key]
            typed = ",".join(value) if isinstance(value, list) else str(value)
            if key not in FREE:
                current = typed.rsplit(",", 1)[0] + "," if "," in typed else ""
                choices = await self.fake.autocomplete(user, channel, name, key, current, options)
                self.offered[prompt.seat] += [c["name"] for c in choices]
                values = [c["value"] for c in choices]
                assert (
                    typed in values
                    or typed.split(",")[-1] in values
                    or any(v.endswith(typed.split(",")[-1]) for v in values)
                ), (name, key, typed, choices)
            options[key] = typed
        handle = await self.fake.slash(user, channel, name, options)
        return str(await handle.answer())


async def check_refusals(game: Game, seat: str) -> bool:
    """Bad input is refused naming the rule, the game unchanged, and never naming a face-down
    enemy counter: an air search of a hex beyond the declared range (GJ74 5.2(2)), and an
    order of an operation not drawn (4.2). False when no enemy counter is out of range."""
    from bot.rules.gj74 import board

    state = await game.state()
    if state.air is None or state.air.distance is None:
        return False
    reach = board.air_reach(state.scenario, seat)
    far = [
        u
        for u in state.units.values()
        if u.side != seat and u.status == "map" and not u.face_up
        and reach.get(u.hex or "", 99) > state.air.distance
    ]  # fmt: skip
    if not far:
        return False
    before = (await game.env.running.referee.game(game.record.id)).version
    handle = await game.fake.slash(
        game.user(seat), game.thread, "gj search", {"hex": far[0].hex or "", "actions": "1"}
    )
    refusal = str(await handle.answer())
    assert "✅" not in refusal and "5.2" in refusal, refusal
    game.offered[seat].append(refusal)
    other = "red" if seat == "blue" else "blue"
    handle = await game.fake.slash(game.user(other), game.thread, "gj subs-done", {})
    refusal = str(await handle.answer())
    assert "✅" not in refusal, refusal
    game.offered[other].append(refusal)
    assert (await game.env.running.referee.game(game.record.id)).version == before
    return True


# --- the test ----------------------------------------------------------------------------------
async def start(game: Game) -> None:
    """``/game new`` with the script's scenario, alice Japan (blue), bob China (red), start."""
    fake, world, env = game.fake, game.world, game.env
    alice, bob = world.alice, world.bob
    record = await env.new_game(alice, ruleset="gj74", scenario=game.head["scenario"])
    lobby = env.lobby_message(record)
    for user, seat in ((alice, "blue"), (bob, "red")):
        await (await fake.click(user, lobby, f"ref:lobby:{record.id}:seat:{seat}")).response()
    await (await fake.click(alice, lobby, f"ref:lobby:{record.id}:start")).response()
    await env.settle()
    game.record_ = await env.running.referee.game(record.id)
    await game.check_no_leak()


async def play_all(game: Game, lines: list[dict[str, Any]]) -> bool:
    """Every line, with the leak check after each; the refusals once an air operation is
    under way with an enemy counter out of its range. Whether they were tried."""
    refused = False
    for n, line in enumerate(lines):
        if not refused and line["kind"] == "gj74.air_op":
            refused = await check_refusals(game, line["seat"])
            await game.check_no_leak()
        await game.play(n, line)
        await game.env.settle()
        await game.check_no_leak()
    return refused


async def test_a_whole_game_through_discord(game: Game) -> None:
    """19.2 to its end (en, zh); or the first two days of 20.1 (zh-20.1, en-20.1)."""
    started = time.perf_counter()
    fake, env = game.fake, game.env
    two_days = game.head is DAYS_HEAD
    lines = DAYS_LINES if two_days else LINES
    await start(game)
    refused = await play_all(game, lines)

    record = await env.running.referee.game(game.head["game"])
    state = await game.state()
    kinds = {e.kind for e in await _events(game)}
    if two_days:
        # 4.4: the first day ended (face-up ships home or face down), the second began
        assert state.turn == 13 and record.status != "over" and "gj74.end_of_day" in kinds
        thread = "\n".join(m.text() for m in fake.messages_in(game.thread))
        assert tr("event.gj74.end_of_day", game.lang) in thread  # in the server's language
    else:
        assert record.status == "over" and state.result is not None
        thread = "\n".join(m.text() for m in fake.messages_in(game.thread))
        assert render(state.result.summary, game.lang) in thread
        assert {"gj74.revealed", "gj74.strike", "gj74.intercept", "gj74.aa_fire"} <= kinds
        # 15.1(2)-(3): the defender turned a ship up and the attacker dealt again, attacker
        # by attacker, through the menus; each deal kept (the battle's targets as dealt)
        assert game.dealt_by_menu > 0
    maps = [a.data for m in fake.messages_in(game.thread) for a in m.attachments]
    assert maps and all(png.startswith(b"\x89PNG") for png in maps)
    handle = await fake.slash(game.world.alice, game.thread, "gj map")
    shown = await handle.wait_original()
    assert shown.ephemeral and shown.attachments
    await game.check_no_leak()
    assert {"/gj", "dm", "/orders"} <= set(game.routes), game.routes
    assert refused, "a search out of range was refused"
    checked = await shared.check_outbox(env, RULESET, record, game.sent, {"public", "blue", "red"})
    assert checked > len(lines)
    elapsed = time.perf_counter() - started
    print(f"gj74 {game.head['scenario']} ({game.lang}): {len(lines)} orders, "
          f"{game.leaks.checks} leak checks, routes {game.routes}, {elapsed:.1f}s")  # fmt: skip


async def _events(game: Game) -> list[Event]:
    log = await game.env.running.store.log(game.record.id)
    return [Event.model_validate(e) for entry in log for e in entry.events]


def test_the_director_finds_the_same_game() -> None:
    """The script is what the director plays with the recorded seed (nothing hand-edited),
    and that game has every event the test needs. If the engine changes, regenerate it:
    ``python -m tests.e2e.gj74_director``."""
    played_game, played = director.direct(bytes.fromhex(HEAD["seed"]), HEAD["director"])
    assert played == LINES
    assert played_game.state.result is not None
    assert director.missing(played_game.events, played) == []
    days_game, days = director.direct_days(bytes.fromhex(DAYS_HEAD["seed"]), DAYS_HEAD["director"])
    assert days == DAYS_LINES and days_game.state.turn == 13
