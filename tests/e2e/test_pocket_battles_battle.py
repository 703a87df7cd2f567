"""A whole Pocket Battles battle through Discord, in an English and in a Chinese server: the
director's script (tests/e2e/data/pb_battle.jsonl), 60 points, alice (Celts, English) building
her army by hand with /pb unit (a unit taken back with /pb remove), bob (Romans, Chinese) taking
the ready-made army; deployment; charges met by each reaction (an interception, a shot at the
charger, and a hold applied when the reaction's deadline ran out), shooting, special tactics,
the end of a round with the roles swapped, and a victory. Orders go by /pb commands, by the
DM's controls and by /orders, mixed.

The key check runs after every order: nothing the public (the thread), the Celts or the Romans
can read (thread, DMs, ephemeral replies, autocomplete answers, pictures' alt text and the
views every picture was drawn from) holds a tile that audience may not see at that moment (the
other army while it is built and placed, the tiles under the top of a concealed stack); after
the battle, every outbox payload for each audience against the state replayed to its step.
"""

from __future__ import annotations

import re
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.i18n import render
from bot.referee import service
from bot.rules.core import Prompt
from bot.rules.pocket_battles import RULESET
from bot.rules.pocket_battles.board import comps
from bot.rules.pocket_battles.hiding import cover_names, secret_tiles
from bot.store import GameRecord
from tests.e2e import campaign as shared
from tests.e2e import pb_director as director
from tests.e2e.harness import Env
from tests.fakediscord import FakeUser, FakeWorld

HEAD, LINES = director.read()
PB: dict[str, tuple[str, tuple[str, ...]]] = {
    # action type: (/pb command, its inputs in the action)
    "add_unit": ("pb unit", ("tiles",)),
    "remove_unit": ("pb remove", ("unit",)),
    "ready_made": ("pb ready", ("army",)),
    "army_done": ("pb army-done", ()),
    "place": ("pb place", ("unit", "zone")),
    "redeploy": ("pb redeploy", ("unit", "zone")),
    "keep_positions": ("pb keep", ()),
    "move": ("pb move", ("unit", "zone")),
    "charge": ("pb charge", ("unit", "target", "excite")),
    "carry_on": ("pb carry", ("unit", "target", "excite")),
    "leave": ("pb leave", ("unit",)),
    "shoot": ("pb shoot", ("unit", "target", "excite")),
    "heal": ("pb heal", ("unit", "troop")),
    "double_order": ("pb double", ("unit",)),
    "pass": ("pb pass", ()),
    "orders_done": ("pb orders-done", ()),
    "intercept": ("pb intercept", ("unit",)),
    "shoot_charger": ("pb shoot-charger", ("unit",)),
    "hold": ("pb hold", ()),
    "assign_hit": ("pb hit", ("troop",)),
    "overwhelm": ("pb overwhelm", ("target",)),
}


@pytest_asyncio.fixture(params=["en", "zh"])
async def battle(
    request: pytest.FixtureRequest,
    fake_world: FakeWorld,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> AsyncIterator[Battle]:
    """The bot with the script's seed and game id, in a server of the given language, every
    drawn view and delivered payload recorded."""
    monkeypatch.setattr(service, "new_seed", lambda: bytes.fromhex(HEAD["seed"]))
    monkeypatch.setattr(service, "_new_id", lambda: HEAD["game"])
    import rendering.pocket_battles  # noqa: F401  (registers the renderer recorded here)

    fake_world.guild.preferred_locale = "zh-CN" if request.param == "zh" else "en-US"
    drawn = shared.record_drawing(monkeypatch, "pocket-battles")
    sent = shared.record_delivery(monkeypatch)
    env = Env(fake_world, tmp_path / "referee.sqlite3", overrides={"map_pool": "thread"})
    await env.start_bot()
    try:
        yield Battle(env, drawn, sent, request.param)
    finally:
        await env.stop_bot()


class Battle:
    def __init__(self, env: Env, drawn: Any, sent: shared.Sent, lang: str) -> None:
        self.env, self.sent, self.lang = env, sent, lang
        self.fake, self.world = env.fake, env.world
        self.game: GameRecord | None = None
        readers = {"public": None, "celts": env.world.alice, "romans": env.world.bob}
        # Strict: no names allowed beside what the engine says each audience may read, but
        # those holding a secret name (cover_names: "Noble Cavalry" holds a hidden "Cavalry").
        self.leaks = shared.LeakCheck(env, RULESET, readers, drawn, self.covering)
        self.now: Any = None  # the state the current leak check reads
        self.offered: dict[str, list[str]] = {"celts": [], "romans": []}
        self.routes: dict[str, int] = {}
        self.typed: set[str] = set()
        self.by_deadline: list[str] = []

    @property
    def record(self) -> GameRecord:
        assert self.game is not None
        return self.game

    @property
    def thread(self) -> Any:
        return self.fake.channel(int(self.record.thread_id or 0))

    def user(self, seat: str) -> FakeUser:
        return self.world.alice if seat == "celts" else self.world.bob

    async def check_no_leak(self) -> None:
        self.now = await self.state()
        await self.leaks(self.record.id, lambda audience: self.offered.get(audience, []))

    def covering(self, audience: str) -> set[str]:
        return cover_names(self.now, None if audience == "public" else audience)

    async def state(self) -> Any:
        return (await self.env.running.referee.state(self.record.id))[1]

    async def play(self, n: int, line: dict[str, Any]) -> None:
        seat, action = line["seat"], line["action"]
        state = await self.state()
        prompt = next(
            p for p in RULESET.prompts(state) if p.seat == seat and p.form(action["type"])
        )
        assert prompt.kind == line["kind"], (n, prompt.kind, line)
        if action["type"] == "hold" and not self.by_deadline:
            await self.hold_by_deadline(prompt)
            return
        first = action["type"] not in self.typed
        if action["type"] in ("add_unit", "remove_unit") or first or n % 3 == 0:
            self.typed.add(action["type"])
            reply = await self.command(prompt, action, dm=n % 4 == 1)
        else:
            user = self.user(seat)
            reply = await shared.answer_with_components(
                self.env, self.record, self.thread, user, prompt, action,
                fresh=n % 5 == 0, routes=self.routes,
            )  # fmt: skip
        assert "✅" in reply, (n, line, reply)

    async def command(self, prompt: Prompt, action: dict[str, Any], *, dm: bool) -> str:
        """The order as a /pb command, each input as autocomplete offers it (its values)."""
        self.routes["/pb"] = self.routes.get("/pb", 0) + 1
        name, inputs = PB[action["type"]]
        options: dict[str, Any] = {}
        user, channel = self.user(prompt.seat), None if dm else self.thread
        for key in inputs:
            if not action.get(key):
                continue
            value = action[key]
            typed = ",".join(value) if isinstance(value, list) else str(value)
            choices = await self.fake.autocomplete(user, channel, name, key, "", options)
            self.offered[prompt.seat] += [c["name"] for c in choices]
            if key != "tiles":  # tiles: a list, completed one by one (checked in check_army)
                assert typed in [c["value"] for c in choices], (name, key, typed, choices)
            options[key] = typed
        handle = await self.fake.slash(user, channel, name, options)
        return str(await handle.answer())

    async def hold_by_deadline(self, prompt: Prompt) -> None:
        """Pocket Battles 5.4: the charged side's reaction comes by DM with a deadline; when it
        runs out, Hold (the default) is applied and said."""
        user = self.user(prompt.seat)
        dm = self.env.open_dm(user, self.record, prompt.seat)
        assert dm is not None and "<t:" in dm.content, "the reaction DM names its deadline"
        self.env.clock.advance(49)
        report = await self.env.running.tick_once()
        assert [seat for _, seat in report.applied] == [prompt.seat]
        self.by_deadline.append(prompt.seat)


async def check_planted_leak(battle: Battle) -> None:
    """The leak check is not a rubber stamp: a tile hidden under the top of a placed stack,
    named in the thread (by its id; by its name too when no tile of that name shows), fails
    it for the public and for the other seat; deleted, the check passes again."""
    state = battle.now
    found = hidden_tile(state)
    assert found is not None
    side, tile = found
    other = "celts" if side == "romans" else "romans"
    name = comps().tiles[tile].name
    plants = [tile] + ([name] if name in secret_tiles(state, None) else [])
    print(f"planted in the thread, each caught: {plants}")
    for secret in plants:
        assert secret in secret_tiles(state, other) and secret not in secret_tiles(state, side)
        planted = battle.fake.store_message(
            battle.thread, {"content": f"under the top: {secret}"}, [], kind="channel"
        )
        with pytest.raises(AssertionError, match=f"leaked to (public|{other})"):
            await battle.check_no_leak()
        planted.deleted = True
        await battle.check_no_leak()


def hidden_tile(state: Any) -> tuple[str, str] | None:
    """A placed, concealed stack's side and a tile under its top, if there is one yet."""
    for unit in state.units.values():
        if unit.zone is not None and not unit.revealed and len(unit.troops) > 1:
            return unit.side, unit.troops[1].tile
    return None


async def check_army(battle: Battle) -> None:
    """Building by hand: /pb unit completes tiles one by one with a preview of the unit's
    points and formation limit, /pb army shows the sealed army to its owner only."""
    fake, alice = battle.fake, battle.world.alice
    choices = await fake.autocomplete(alice, battle.thread, "pb unit", "tiles", "warb")
    battle.offered["celts"] += [c["name"] for c in choices]
    assert choices and all("Warband" in c["name"] for c in choices)
    assert re.search(r"3 pts, 1/4 tiles", choices[0]["name"]), choices[0]
    pair = await fake.autocomplete(
        alice, battle.thread, "pb unit", "tiles", f"{choices[0]['value']},noblem"
    )
    battle.offered["celts"] += [c["name"] for c in pair]
    assert pair and re.search(r"6 pts, 2/3 tiles", pair[0]["name"]), pair[0]
    handle = await fake.slash(alice, battle.thread, "pb army")
    reply = await handle.wait_original()
    assert reply.ephemeral and "Your army" in reply.content
    assert reply.attachments and reply.attachments[0].data.startswith(b"\x89PNG")


async def check_refusal(battle: Battle) -> None:
    """Bad input is refused naming the rule, the game unchanged: a Roman placing in a Celtic
    zone (Pocket Battles 4.2)."""
    state = await battle.state()
    prompts = [p for p in RULESET.prompts(state) if p.kind == "pb.place"]
    if not prompts:
        return
    seat = prompts[0].seat
    other = "celts" if seat == "romans" else "romans"
    unit = prompts[0].forms[0].inputs[0].options[0].value
    before = (await battle.env.running.referee.game(battle.record.id)).version
    user = battle.user(seat)
    handle = await battle.fake.slash(
        user, battle.thread, "pb place", {"unit": unit, "zone": f"{other}_front_1"}
    )
    refusal = await handle.answer()
    assert "4.2" in refusal and "✅" not in refusal, refusal
    assert (await battle.env.running.referee.game(battle.record.id)).version == before


# --- the test ----------------------------------------------------------------------------------
async def test_a_whole_battle_through_discord(battle: Battle) -> None:
    started = time.perf_counter()
    fake, world, env = battle.fake, battle.world, battle.env
    alice, bob = world.alice, world.bob
    options = ", ".join(f"{k}={v}" for k, v in HEAD["options"].items())
    handle = await fake.slash(
        alice, world.channel, "game new", {"ruleset": "pocket-battles", "options": options}
    )
    assert not (await handle.response()).ephemeral
    await fake.wait_until(lambda: bool(fake.threads_in(world.channel)), what="the thread")
    for _ in range(200):
        battle.game = await env.running.referee.game(HEAD["game"])
        if battle.game.thread_id:
            break
    lobby = env.lobby_message(battle.record)
    for user, seat in ((alice, "celts"), (bob, "romans")):
        click = await fake.click(user, lobby, f"ref:lobby:{HEAD['game']}:seat:{seat}")
        await click.response()
    await (await fake.click(alice, lobby, f"ref:lobby:{HEAD['game']}:start")).response()
    await env.settle()
    battle.game = await env.running.referee.game(HEAD["game"])
    assert battle.record.options.get("size") == 60
    await battle.check_no_leak()

    planted = False
    for n, line in enumerate(LINES):
        if n == 0:
            await check_army(battle)
        await battle.play(n, line)
        await env.settle()
        await battle.check_no_leak()
        if line["kind"] == "pb.place" and n == next(
            i for i, x in enumerate(LINES) if x["kind"] == "pb.place"
        ):
            await check_refusal(battle)
        if not planted and hidden_tile(battle.now) is not None:
            await check_planted_leak(battle)
            planted = True

    record = await env.running.referee.game(HEAD["game"])
    state = await battle.state()
    assert record.status == "over" and state.result is not None
    thread = "\n".join(m.text() for m in fake.messages_in(battle.thread))
    assert render(state.result.summary, battle.lang) in thread
    maps = [a.data for m in fake.messages_in(battle.thread) for a in m.attachments]
    assert len(maps) > 5 and all(png.startswith(b"\x89PNG") for png in maps)
    # Each army got its own pictures by DM; bob reads Chinese, alice English.
    assert any(a.data.startswith(b"\x89PNG") for m in fake.dms_to(bob) for a in m.attachments)
    assert "部队" in "\n".join(m.text() for m in fake.dms_to(bob))
    assert "unit" in "\n".join(m.text() for m in fake.dms_to(alice))
    assert battle.by_deadline, "a reaction was held by its deadline"
    assert planted, "a leak was planted and caught"
    kinds = {e.kind for e in (await _events(battle))}
    assert {"pb.intercepted", "pb.shot_at_charger", "pb.held", "pb.shoots"} <= kinds
    assert {"pb.round_over", "pb.victory"} <= kinds and kinds & {"pb.healed", "pb.double_order"}
    assert {"/pb", "dm", "/orders"} <= set(battle.routes), battle.routes
    checked = await shared.check_outbox(
        env, RULESET, record, battle.sent, {"public", "celts", "romans"}
    )
    assert checked > len(LINES)
    elapsed = time.perf_counter() - started
    print(f"pocket battles ({battle.lang}): {len(LINES)} orders, {battle.leaks.checks} leak "
          f"checks, routes {battle.routes}, {elapsed:.1f}s")  # fmt: skip


async def _events(battle: Battle) -> list[Any]:
    from bot.rules.core import Event

    log = await battle.env.running.store.log(battle.record.id)
    return [Event.model_validate(e) for entry in log for e in entry.events]


def test_the_director_finds_the_same_battle() -> None:
    """The script is what the director plays with the recorded seed (nothing hand-edited),
    and that battle has every event the test needs. If the engine changes, regenerate it:
    ``python -m tests.e2e.pb_director``."""
    game, played = director.direct(bytes.fromhex(HEAD["seed"]), HEAD["director"])
    assert played == LINES
    assert game.state.result is not None and director.missing(game.events) == []
