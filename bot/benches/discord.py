"""`python -m bot bench discord`: interaction -> first reply through the fake Discord for the
commands players use most, on War at Sea with 1,000 games stored and delivery running (the
orders given here make maps to draw and post meanwhile), beside the floor measured in the same
run on the same fake: a discord.py bot with the same commands that answers at once (goal: p99
<= 3x the instant bot's p99, per command). Printed, not asserted. Needs the repository's tests/
(the fake Discord).

Usage: ``python -m bot bench discord [--rounds N] [--stored N] [--finished N]``.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.benches import stored
from bot.referee import Referee
from bot.rules.core import Prompt, ReplayDice, RuleViolation
from bot.rules.core.registry import get as get_ruleset
from bot.store import Store

RULESET = "war-at-sea"
COMMANDS = ("/orders", "button order", "/was move", "/game status")


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


class InstantBot(commands.Bot):
    """The floor: the same commands, each answered at once with a short ephemeral line."""

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


async def _move_order(store: Store, game_id: str) -> dict[str, Any]:
    """A move the engine accepts in this game's state (tried on the pure engine first)."""
    ruleset = get_ruleset(RULESET)
    _, state, prompts = await Referee(store).open_prompts(game_id)
    prompt = next(p for p in prompts if p.seat == "allies" and p.kind == "was.move")
    rng = random.Random(3)
    from bot.autoplay import random_action

    for _ in range(200):
        raw = random_action(prompt, rng)
        if raw.get("type") != "move":
            continue
        try:
            ruleset.apply(state, "allies", ruleset.parse_action(raw), ReplayDice([]), prompts)
        except (RuleViolation, IndexError, ValueError):
            continue  # refused, or it would roll a die (a speed roll): pick a plainer one
        return raw
    raise RuntimeError("no plain move found")


def _moving(prompts: list[Prompt]) -> bool:
    return any(p.seat == "allies" and p.kind == "was.move" for p in prompts)


async def _prepare(path: Path, guild: str, channel: str, users: dict[str, str], args: Any) -> Any:
    store = await Store.open(path)
    try:
        sources = await stored.play_sources(store, RULESET, args.finished)
        referee = Referee(store)
        source = await stored.new_game(referee, RULESET, users)
        await stored.play_until(referee, source, random.Random(2), _moving)
        move = await _move_order(store, source)
        await stored.fill(store, sources, args.stored, live=0)  # the server's history
        timed = [f"t{n:05d}" for n in range(2 * args.rounds)]  # two games a round
        await store.copy_games(
            [
                (source, game, {"guild_id": guild, "channel_id": channel, "thread_id": None}, users)
                for game in timed
            ]
        )
        for message in await store.pending(100_000):  # the history was delivered long ago
            await store.delivered(message.id)
        await store.checkpoint()
        return timed, move
    finally:
        await store.close()


async def _round(
    fake: Any, world: Any, games: list[str], move: dict[str, Any], samples: dict[str, list[float]]
) -> None:
    """One of each: /orders and a click on its 'done' button in one game, /was move and
    /game status in another (each game starts with the Allies to move). Each interaction is
    answered in full before the next is sent, so each is timed behind delivery alone."""
    handle = await fake.slash(world.alice, world.channel, "orders", {"game": games[0]})
    await handle.answer()
    samples["/orders"].append(handle.latency)
    message = handle.original
    done = [c for c in message.custom_ids() if c.startswith("ref:ob:") and c.endswith(":2")]
    if not done:
        raise RuntimeError(f"no button order in the reply: {message.content}")
    handle = await fake.click(world.alice, message, done[0])
    await handle.answer()
    samples["button order"].append(handle.latency)
    ships = ",".join(move["ships"])
    options = {"ships": ships, "to": move["to"], "fallback": move["fallback"], "game": games[1]}
    handle = await fake.slash(world.alice, world.channel, "was move", options)
    await handle.answer()
    samples["/was move"].append(handle.latency)
    handle = await fake.slash(world.bob, world.channel, "game status", {"game": games[1]})
    await handle.answer()
    samples["/game status"].append(handle.latency)


async def _bench(args: Any) -> None:
    from bot.client import RefereeBot
    from bot.settings import Settings
    from tests.fakediscord import FakeDiscord, make_world

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        async with FakeDiscord(timeout=30.0) as fake:
            world = make_world(fake)
            users = {"allies": str(world.alice.id), "axis": str(world.bob.id)}
            started = time.perf_counter()
            timed, move = await _prepare(
                path, str(world.guild.id), str(world.channel.id), users, args
            )
            print(
                f"discord bench: {args.stored} finished {RULESET} games stored and"
                f" {len(timed)} in progress (made in {time.perf_counter() - started:.0f} s)"
            )
            floor: dict[str, list[float]] = {c: [] for c in COMMANDS}
            async with fake.run(InstantBot(connector=fake.connector(), guild_ready_timeout=0.05)):
                for n in range(0, len(timed), 2):
                    await _round(fake, world, timed[n : n + 2], move, floor)
            settings = Settings(database=path, delivery_poll_seconds=0.5, tick_seconds=3600.0)
            bot = RefereeBot(settings, connector=fake.connector(), guild_ready_timeout=0.05)
            real: dict[str, list[float]] = {c: [] for c in COMMANDS}
            async with fake.run(bot):
                bot.delivery.paused = args.no_delivery
                for n in range(0, len(timed), 2):
                    for game in timed[n : n + 2]:  # games being played: their states cached
                        await bot.referee.state(game)
                    await _round(fake, world, timed[n : n + 2], move, real)
                delivered = bot.delivery.delivered

                bot.delivery.paused = True  # what is left is not this bench's business

    ms = 1000.0
    print(f"  interaction -> first reply, {args.rounds} of each (delivery ran: {delivered} sent):")
    for command in COMMANDS:
        ours, instant = real[command], floor[command]
        ratio = _p(ours, 0.99) / _p(instant, 0.99)
        print(
            f"  {command:13} median {statistics.median(ours) * ms:6.2f} ms,"
            f" p99 {_p(ours, 0.99) * ms:6.2f} ms | instant bot: median"
            f" {statistics.median(instant) * ms:5.2f} ms, p99 {_p(instant, 0.99) * ms:5.2f} ms"
            f" | p99 {ratio:.1f}x (goal <= 3x)"
        )


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot bench discord", description=__doc__)
    parser.add_argument("--rounds", type=int, default=100, help="of each command, timed")
    parser.add_argument("--stored", type=int, default=1000, help="finished games stored")
    parser.add_argument("--finished", type=int, default=2, help="finished games to copy")
    parser.add_argument("--no-delivery", action="store_true", help="pause delivery meanwhile")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.ERROR)
    logging.getLogger("discord").setLevel(logging.ERROR)
    logging.getLogger("bot").setLevel(logging.CRITICAL)  # the undelivered rest at shutdown
    asyncio.run(_bench(args))
