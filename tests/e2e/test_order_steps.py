"""Order forms with dependent inputs through Discord (War at Sea 6.2): the steps message offers
only what is legal for the choices above it (destinations of the ships chosen; the fallback
port only for a two-area move, only the ports by that destination), pages lists longer than
25 itself, keeps the choices made when a later one changes, and /was move autocompletes the
same narrowed lists."""

from __future__ import annotations

from typing import Any

from bot.rules.war_at_sea import RULESET, board
from cogs import _orders as orders
from tests.e2e.harness import Env
from tests.e2e.steps import menus, war_at_sea_at_move
from tests.fakediscord import SentMessage


def _options(message: SentMessage, base: str, name: str) -> list[str]:
    return [o["value"] for menu in menus(message, base, name) for o in menu["options"]]


def _defaults(message: SentMessage, base: str, name: str) -> list[str]:
    return [
        o["value"]
        for menu in menus(message, base, name)
        for o in menu["options"]
        if o.get("default")
    ]


async def test_move_steps_offer_only_what_is_legal_for_the_choices_made(env: Env) -> None:
    fake, alice = env.fake, env.world.alice
    game = await war_at_sea_at_move(env)
    thread = fake.channel(int(game.thread_id or 0))
    _, state = await env.running.referee.state(game.id)
    prompt = next(p for p in RULESET.prompts(state) if p.kind == "was.move")
    index = next(i for i, f in enumerate(prompt.forms) if "hood" in f.inputs[0].values())
    assert orders.layout(prompt.forms[index]) == "steps"
    base = f"ref:ob:{game.id}:allies:{orders.prompt_hash(prompt)}:{index}"

    shown = await fake.slash(alice, thread, "orders", {"game": game.id})
    await shown.answer()  # acknowledged at once; the decisions follow
    message = await fake.wait_until(
        lambda: next((m for m in shown.messages if base in m.custom_ids()), None), what="controls"
    )
    opened = await fake.click(alice, message, base)
    steps = await opened.wait_original()
    assert steps.ephemeral
    # More than 25 ships in England: the Discord layer pages them over two menus.
    ships = menus(steps, base, "ships")
    assert len(ships) == 2 and len(_options(steps, base, "ships")) > 25
    assert menus(steps, base, "to") == [] and f"{base}:go" not in steps.custom_ids()

    async def pick(name: str, values: list[str], page: int = 0) -> SentMessage:
        menu = menus(fake.message(steps.id), base, name)[page]
        handle = await fake.select(alice, fake.message(steps.id), menu["custom_id"], values)
        assert (await handle.response()).type == 7  # the steps message itself is updated
        return fake.message(steps.id)

    now = await pick("ships", ["hood"])
    assert _defaults(now, base, "ships") == ["hood"]
    assert "barents_sea" in _options(now, base, "to")
    # Two areas away: the fallback port is asked, with only the ports by the Barents Sea.
    now = await pick("to", ["barents_sea"])
    fallback = _options(now, base, "fallback")
    assert fallback[0] == "origin" and "malta" not in fallback
    assert set(fallback[1:]) <= set(board.ports_bordering("barents_sea"))
    assert f"{base}:go" not in now.custom_ids()
    now = await pick("fallback", [fallback[-1]])
    assert f"{base}:go" in now.custom_ids()
    # Changing the destination keeps the ships; one area away, no fallback port is asked.
    now = await pick("to", ["north_sea"])
    assert _defaults(now, base, "ships") == ["hood"]
    assert _defaults(now, base, "to") == ["north_sea"]
    assert menus(now, base, "fallback") == []
    given = await fake.click(alice, now, f"{base}:go")
    await given.answer()  # acknowledged at once, then the steps message itself is edited
    assert given.first is not None and given.first.type == 6
    assert "✅" in (fake.message(steps.id).content or "")
    _, state = await env.running.referee.state(game.id)
    assert state.units["hood"].location == "north_sea"


async def test_was_move_autocomplete_narrows_by_what_was_typed(env: Env) -> None:
    fake, alice = env.fake, env.world.alice
    game = await war_at_sea_at_move(env)
    thread = fake.channel(int(game.thread_id or 0))

    async def offered(focused: str, options: dict[str, Any]) -> list[str]:
        choices = await fake.autocomplete(alice, thread, "was move", focused, "", options)
        return [str(c["value"]) for c in choices]

    two = await offered("fallback", {"ships": "Hood", "to": "Barents Sea"})
    assert two and two[0] == "origin" and "malta" not in two
    assert set(two[1:]) <= set(board.ports_bordering("barents_sea"))
    assert await offered("fallback", {"ships": "Hood", "to": "North Sea"}) == []
    assert "barents_sea" in await offered("to", {"ships": "Hood"})
