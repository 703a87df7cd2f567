"""Answering an order form's steps (cogs/_steps.py) through the fake Discord, as a player
would: open them with the form's button, pick each input in the menus the message shows (the
page holding the value, for long lists), then press the button that gives the order."""

from __future__ import annotations

from typing import Any

from bot.rules.core import OrderForm
from bot.rules.war_at_sea import RULESET
from bot.store import GameRecord
from tests.e2e.harness import Env
from tests.fakediscord import FakeDiscord, SentMessage
from tests.fakediscord.handle import InteractionHandle


def _values(kind: str, value: Any) -> list[str]:
    if kind == "flag":
        return ["1" if value else "0"]
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


def menus(message: SentMessage, base: str, name: str) -> list[dict[str, Any]]:
    """The menus (pages) of input ``name`` on a steps message."""
    prefix = f"{base.replace(':ob:', ':oa:', 1)}:{name}:"
    return [
        c
        for row in message.components
        for c in row.get("components", [])
        if str(c.get("custom_id", "")).startswith(prefix)
    ]


async def answer_steps(
    fake: FakeDiscord,
    user: Any,
    message: SentMessage,
    custom_id: str,
    form: OrderForm,
    action: dict[str, Any],
) -> tuple[InteractionHandle, SentMessage]:
    """Open the steps of the form behind button ``custom_id`` and answer them with the values
    of ``action``; returns the handle of the final press and the steps message."""
    opened = await fake.click(user, message, custom_id)
    steps = await opened.wait_original()
    given: dict[str, Any] = {}
    while (choice := form.next(given)) is not None:
        wanted = _values(choice.kind, action[choice.name])
        for menu in menus(steps, custom_id, choice.name):
            offered = {o["value"] for o in menu["options"]}
            mine = [v for v in wanted if v in offered]
            if mine:
                picked = await fake.select(user, steps, menu["custom_id"], mine)
                await picked.response()
                steps = fake.message(steps.id)
        given[choice.name] = action[choice.name]
    return await fake.click(user, steps, f"{custom_id}:go"), steps


async def war_at_sea_at_move(env: Env) -> GameRecord:
    """A War at Sea game (alice the Allies), every decision defaulted up to the Allied move."""
    fake, world = env.fake, env.world
    game = await env.new_game(ruleset="war-at-sea")
    lobby = env.lobby_message(game)
    for user, seat in ((world.alice, "allies"), (world.bob, "axis")):
        await (await fake.click(user, lobby, f"ref:lobby:{game.id}:seat:{seat}")).response()
    await (await fake.click(world.alice, lobby, f"ref:lobby:{game.id}:start")).response()
    users = {"allies": str(world.alice.id), "axis": str(world.bob.id)}
    for n in range(50):
        _, state = await env.running.referee.state(game.id)
        prompts = RULESET.prompts(state)
        if any(p.kind == "was.move" and p.seat == "allies" for p in prompts):
            break
        prompt = prompts[0]
        await env.running.referee.submit(
            game.id, users[prompt.seat], dict(prompt.default or {}), f"t:{n}", seat=prompt.seat
        )
    await env.settle()
    return await env.running.referee.game(game.id)
