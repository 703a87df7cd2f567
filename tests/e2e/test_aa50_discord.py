"""/aa through the fake Discord (issue 18): a 1942 game's first turn given by commands, each
input as autocomplete offers it (units where they stand, destinations those units reach);
the IPCs left after a purchase; a refusal naming the rule with the game unchanged; the shared
undo within a phase and its refusal once the phase is done; "done" showing what it commits
before the button commits it; exact odds of a battle before committing the combat move; the
casualty menu pre-selected by the standing order; the map (and the battle board) posted to the
thread as real pictures; the turn summary."""

from __future__ import annotations

import io
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from PIL import Image

from bot.rules.aa50 import RULESET, board
from bot.rules.aa50.state import Aa50State
from bot.store import GameRecord
from tests.e2e.harness import Env
from tests.fakediscord import FakeUser, FakeWorld

AXIS = ("japanese", "germans", "italians")
ALLIES = ("british", "russians", "americans")


@pytest_asyncio.fixture
async def env(fake_world: FakeWorld, tmp_path: Path) -> AsyncIterator[Env]:
    import cogs.aa50  # noqa: F401  (imported before the bot starts: its start is timed)
    import rendering.aa50  # noqa: F401  (the built-in renderer, drawn in this process)

    board.comps()

    environment = Env(fake_world, tmp_path / "referee.sqlite3", overrides={"map_pool": "thread"})
    await environment.start_bot()
    try:
        yield environment
    finally:
        await environment.stop_bot()


async def _start(env: Env) -> GameRecord:
    """alice plays the Axis, bob the Allies (China with the United States, rule 4)."""
    world, fake = env.world, env.fake
    record = await env.new_game(ruleset="aa50", scenario="1942")
    lobby = env.lobby_message(record)
    for user, seats in ((world.alice, AXIS), (world.bob, ALLIES)):
        for seat in seats:
            await (await fake.click(user, lobby, f"ref:lobby:{record.id}:seat:{seat}")).response()
    await (await fake.click(world.alice, lobby, f"ref:lobby:{record.id}:start")).response()
    await env.settle(timeout=60)
    return await env.running.referee.game(record.id)


async def _state(env: Env, record: GameRecord) -> Aa50State:
    state = (await env.running.referee.state(record.id))[1]
    assert isinstance(state, Aa50State)
    return state


async def _aa(env: Env, user: FakeUser, thread: Any, name: str, **options: str) -> str:
    handle = await env.fake.slash(user, thread, f"aa {name}", options)
    return str(await handle.answer())


def _pngs(env: Env, thread: Any) -> list[bytes]:
    return [a.data for m in env.fake.messages_in(thread) for a in m.attachments]


async def _done(env: Env, user: FakeUser, thread: Any) -> None:
    handle = await env.fake.slash(user, thread, "aa done", {})
    shown = await handle.wait_original()
    buttons = [c for c in shown.custom_ids() if c.startswith("ref:ob:")]
    assert len(buttons) == 1, shown.content
    [button] = buttons
    assert "✅" in str(await (await env.fake.click(user, shown, button)).answer())


async def test_a_turn_by_aa_commands(env: Env) -> None:
    fake, world = env.fake, env.world
    record = await _start(env)
    thread = fake.channel(int(record.thread_id or 0))
    alice, bob = world.alice, world.bob
    version = (await env.running.referee.game(record.id)).version

    # 5.2: no research this turn.
    assert "✅" in await _aa(env, alice, thread, "research", tokens="0")
    # 5.3: a purchase, the IPCs left shown; one too dear is refused naming the rule.
    ipcs = (await _state(env, record)).ipcs["japanese"]
    reply = await _aa(env, alice, thread, "buy", unit="Infantry", count="2")
    assert "✅" in reply and f"{ipcs - 6} IPC" in reply, reply
    version = (await env.running.referee.game(record.id)).version
    reply = await _aa(env, alice, thread, "buy", unit="battleship", count="40")
    assert "✅" not in reply and "5.3" in reply, reply
    assert (await env.running.referee.game(record.id)).version == version
    # The shared undo takes the purchase back (no die was rolled).
    assert "✅" in await _aa(env, alice, thread, "buy", unit="armour", count="1")
    reply = await _aa(env, alice, thread, "undo")
    assert "✅" not in reply and "Tank" in reply, reply
    assert (await _state(env, record)).pending["japanese"] == {"infantry": 2}
    # "done" shows what it commits, and the button commits it.
    handle = await fake.slash(alice, thread, "aa done", {})
    shown = await handle.wait_original()
    assert "2 Infantry" in shown.content and f"{ipcs - 6} IPCs left" in shown.content
    [button] = [c for c in shown.custom_ids() if c.startswith("ref:ob:")]
    assert "✅" in str(await (await fake.click(alice, shown, button)).answer())
    state = await _state(env, record)
    assert state.phase == "combat_move"
    # A finished phase is not taken back (5.1).
    reply = await _aa(env, alice, thread, "undo")
    assert "✅" not in reply and "5.3" in reply, reply

    # 5.4: units offered where they stand, destinations those units reach.
    prompt = next(p for p in RULESET.prompts(state) if p.kind == "aa50.combat_move")
    move = next(f for f in prompt.forms if f.type == "move")
    units_choice = next(c for c in move.inputs if c.name == "units")
    enemy = {t for t, o in state.owners.items() if not board.allied(o, "japanese")}
    mover, target = next(
        (o.value, d)
        for o in units_choice.options
        for w in o.when
        for d in w.within["to"]
        if d in enemy and state.units[o.value].type in board.LAND_UNITS
    )
    offered = await fake.autocomplete(alice, thread, "aa move", "units", "", {})
    assert offered and all(" " in c["name"] for c in offered)
    here = state.units[mover].at
    named = await fake.autocomplete(alice, thread, "aa move", "units", mover, {})
    assert mover in [c["value"].split(",")[-1] for c in named]
    dests = await fake.autocomplete(alice, thread, "aa move", "to", "", {"units": mover})
    reachable = {
        w for o in units_choice.options if o.value == mover for w in o.when[0].within["to"]
    }
    assert {c["value"] for c in dests} <= reachable and here not in {c["value"] for c in dests}
    assert "✅" in await _aa(env, alice, thread, "move", units=mover, to=target)
    assert (await _state(env, record)).units[mover].at == target
    # Exact odds before committing (AA50 5.5), offered for the battle it makes.
    spots = await fake.autocomplete(alice, thread, "aa odds", "where", "", {})
    assert target in {c["value"] for c in spots}
    reply = await _aa(env, alice, thread, "odds", where=target)
    assert "attacker wins" in reply and "%" in reply, reply
    # Undo within the phase puts the unit back.
    reply = await _aa(env, alice, thread, "undo")
    assert "Burma" in reply, reply
    assert (await _state(env, record)).units[mover].at == here
    assert "✅" in await _aa(env, alice, thread, "move", units=mover, to=target)
    handle = await fake.slash(alice, thread, "aa done", {})
    shown = await handle.wait_original()
    [button] = [c for c in shown.custom_ids() if c.startswith("ref:ob:")]
    assert "✅" in str(await (await fake.click(alice, shown, button)).answer())
    assert "India" in shown.content, shown.content  # the battle it will start
    await env.settle(timeout=60)
    # 5.5.3.5: the round fought, the attacker retreats where it came from (or the battle
    # ended at once); the battle board with its dice went to the thread.
    state = await _state(env, record)
    press = [p for p in RULESET.prompts(state) if p.kind == "aa50.press"]
    assert press  # this game's dice (its seed comes from the test's name): no hit either way
    if press:
        options = await fake.autocomplete(alice, thread, "aa retreat", "to", "", {})
        assert [c["value"] for c in options] == [here]
        assert "✅" in await _aa(env, alice, thread, "retreat", to=options[0]["name"])
        await env.settle(timeout=60)
        assert (await _state(env, record)).units[mover].at == here
    pngs = _pngs(env, thread)
    assert pngs and all(p.startswith(b"\x89PNG") for p in pngs)
    sizes = [Image.open(io.BytesIO(p)).size for p in pngs]
    assert all(w == 800 for w, _ in sizes) and any(h > 900 for _, h in sizes), sizes
    # 5.6: /aa land offers aircraft only; moving a tank with it is refused.
    state = await _state(env, record)
    planes = await fake.autocomplete(alice, thread, "aa land", "units", "", {})
    assert planes and all(state.units[c["value"]].type in board.AIR_UNITS for c in planes)
    tank = next(u.id for u in state.units.values() if u.owner == "japanese" and u.type == "armour")
    reply = await _aa(env, alice, thread, "land", units=tank, to="Japan")
    assert "✅" not in reply and "5.6" in reply, reply
    # 5.6, 5.7, 5.8: the turn ends; the thread gets its summary (from the public view).
    await _done(env, alice, thread)  # noncombat move
    spots = await fake.autocomplete(alice, thread, "aa place", "where", "", {"unit": "infantry"})
    assert "japan" in {c["value"] for c in spots}
    assert "✅" in await _aa(env, alice, thread, "place", unit="infantry", count="2", where="Japan")
    # Everything placed: the mobilization ends by itself (5.7), income follows (5.8).
    await env.settle(timeout=60)
    posts = "\n".join(m.text() for m in fake.messages_in(thread))
    assert "Japan's turn is over (round 1)" in posts, posts[-3000:]
    assert "Bought: 2 Infantry" in posts and "India (land battle): the attacker retreated" in posts
    assert "Income:" in posts
    # Bob holds no decision: his order is refused, nothing changes.
    version = (await env.running.referee.game(record.id)).version
    reply = await _aa(env, bob, thread, "press")
    assert "✅" not in reply
    assert (await env.running.referee.game(record.id)).version == version


async def test_a_power_whose_player_is_gone_is_played_by_hold(env: Env) -> None:
    """Never stall: a manager hands Japan to the referee's "hold" policy (buy infantry,
    defend, place at the capital); a player who is no manager may not; the thread is told,
    naming the power and the policy; the next tick plays Japan's whole turn and Germany's
    player is pinged with the power and the phase."""
    fake, world = env.fake, env.world
    record = await _start(env)
    thread = fake.channel(int(record.thread_id or 0))
    handle = await fake.slash(
        world.bob, thread, "game autopilot", {"seat": "japanese", "policy": "hold"}
    )
    refused = str(await handle.answer())
    assert "管理员" in refused, refused  # bob reads Chinese: managers only
    assert (await _state(env, record)).power == "japanese"
    choices = await fake.autocomplete(world.alice, thread, "game autopilot", "policy", "", {})
    assert {"default", "hold", "off"} <= {c["value"] for c in choices}
    handle = await fake.slash(
        world.alice, thread, "game autopilot", {"seat": "japanese", "policy": "hold"}
    )
    await handle.answer()
    ipcs = (await _state(env, record)).ipcs["japanese"]
    await env.running.tick_once()
    await env.settle(timeout=60)
    state = await _state(env, record)
    assert state.power == "russians" and state.last_turn is not None  # 1942: Japan, then the USSR
    japan = state.last_turn
    assert japan.power == "japanese" and japan.bought == {"infantry": ipcs // 3}
    assert japan.battles == [] and japan.tokens == 0
    posts = "\n".join(m.text() for m in fake.messages_in(thread))
    assert "Japan is now played by the referee (hold: buy infantry" in posts, posts[-2000:]
    assert "Japan's turn is over (round 1)" in posts
    # The public post waiting for the Soviet Union names the power and the phase.
    last = fake.messages_in(thread)[-1].text()
    assert "Soviet Union" in last and "research & development" in last, last
    # Handed over and back before the tick: the Soviet turn waits for its player.
    for policy in ("hold", "off"):
        handle = await fake.slash(
            world.alice, thread, "game autopilot", {"seat": "russians", "policy": policy}
        )
        await handle.answer()
    version = (await env.running.referee.game(record.id)).version
    await env.running.tick_once()
    assert (await env.running.referee.game(record.id)).version == version
    assert (await _state(env, record)).power == "russians"


async def test_a_deadline_applies_the_standing_order(
    env: Env, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Never stall (5.5.3.2): the British fleet hit by German submarines (the director's game,
    its dice forced), bob sets a standing order (destroyers first, no free battleship hit)
    without answering, the deadline passes: the referee takes the casualties by that order
    and says so in the thread."""
    from bot.referee import service
    from tests.e2e import aa50_director as director

    played, lines = director.direct()
    monkeypatch.setattr(service, "new_seed", lambda: director.SEED)
    monkeypatch.setattr(service, "_new_id", lambda: director.GAME_ID)
    monkeypatch.setattr(service, "FairDice", director.loaded(dict(played.forced)))
    record = await _start(env)
    users = {"japanese": env.world.alice, "germans": env.world.alice}
    users |= {s: env.world.bob for s in ALLIES}
    users |= {"italians": env.world.alice}
    referee = env.running.referee
    n = next(i for i, line in enumerate(lines) if line["kind"] == "aa50.casualties")
    for i, line in enumerate(lines[:n]):
        await referee.submit(record.id, str(users[line["seat"]].id), line["action"], f"t:{i}")
    thread = env.fake.channel(int(record.thread_id or 0))
    order = {"power": "british", "ranks": "destroyer", "battleship_hits_first": "no", "auto": "no"}
    assert "✅" in await _aa(env, env.world.bob, thread, "standing", **order)
    state = await _state(env, record)
    [prompt] = [p for p in RULESET.prompts(state) if p.kind == "aa50.casualties"]
    default = (prompt.default or {})["units"]
    assert state.units[default[0]].type == "destroyer"  # the standing order's pick
    env.clock.advance(49)
    report = await env.running.tick_once()
    assert report.applied == [(record.id, "british")]
    await env.settle(timeout=60)
    state = await _state(env, record)
    assert default[0] not in state.units  # the destroyer went first
    posts = "\n".join(m.text() for m in env.fake.messages_in(thread))
    assert "did not answer" in posts and "Choose casualties" in posts
