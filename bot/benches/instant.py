"""The floor of `python -m bot bench discord`: a discord.py bot with the same commands that
answers each at once, on a fake Discord of its own, in a process of its own.

It runs while the real bot is timed (started together, stopped together), so both see the same
load on the machine: the other programs running, the real bot's map workers. Run as a worker:
``python -m bot.benches.instant`` prints READY when its bot is connected, starts its rounds at
the line "go", stops at "stop", and prints its samples as JSON (seconds, by command).
"""

from __future__ import annotations

import asyncio
import json
import logging
import sys
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

COMMANDS = ("/orders", "button order", "/was move", "/game status")
MOVE = {"ships": ["s1"], "to": "a1", "fallback": "a2"}
"""Any option values: the instant bot reads none of them."""


class InstantBot(commands.Bot):
    """The same commands, each answered at once with a short ephemeral line."""

    def __init__(self, **options: Any) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default(), **options)
        game = app_commands.Group(name="game", description="game")
        was = app_commands.Group(name="was", description="was")

        @game.command(name="status", description="status")
        async def status(interaction: discord.Interaction, game: str | None = None) -> None:
            await interaction.response.send_message("status", ephemeral=True)

        @was.command(name="move", description="move")
        async def move(
            interaction: discord.Interaction,
            ships: str,
            to: str,
            fallback: str | None = None,
            game: str | None = None,
        ) -> None:
            await interaction.response.send_message("moved", ephemeral=True)

        @app_commands.command(name="orders", description="orders")
        async def orders(interaction: discord.Interaction, game: str | None = None) -> None:
            button: discord.ui.Button[discord.ui.View] = discord.ui.Button(
                label="done", custom_id=f"ref:ob:{game}:allies:x:2"
            )
            view = discord.ui.View(timeout=None)
            view.add_item(button)
            view.stop()
            await interaction.response.send_message("orders", view=view, ephemeral=True)

        self.tree.add_command(game)
        self.tree.add_command(was)
        self.tree.add_command(orders)

    async def setup_hook(self) -> None:
        await self.tree.sync()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.component:
            await interaction.response.send_message("given", ephemeral=True)


async def _worker(pause: float) -> None:
    from bot.benches.discord import one_round
    from tests.fakediscord import FakeDiscord, make_world

    loop = asyncio.get_running_loop()
    samples: dict[str, list[float]] = {c: [] for c in COMMANDS}
    async with FakeDiscord(timeout=30.0) as fake:
        world = make_world(fake)
        async with fake.run(InstantBot(connector=fake.connector(), guild_ready_timeout=0.05)):
            await one_round(fake, world, ["w0", "w1"], MOVE, {c: [] for c in COMMANDS})
            print("READY", flush=True)
            line = await loop.run_in_executor(None, sys.stdin.readline)
            stop = loop.run_in_executor(None, sys.stdin.readline)
            n = 0
            while line.strip() == "go" and not stop.done():
                await one_round(fake, world, [f"g{n}", f"h{n}"], MOVE, samples, pause)
                n += 1
            await stop
    print(json.dumps(samples), flush=True)


if __name__ == "__main__":
    logging.basicConfig(level=logging.ERROR)
    logging.getLogger("discord").setLevel(logging.ERROR)
    asyncio.run(_worker(float(sys.argv[1]) if len(sys.argv) > 1 else 0.0))
