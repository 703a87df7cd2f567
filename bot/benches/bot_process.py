"""The real bot of `python -m bot bench discord`, in a process of its own, as it runs in
production: the production RefereeBot (real cogs, delivery with its map workers) and nothing
else on its event loop. The fake Discord it talks to is served by the bench's process, as the
real Discord is never in the bot's process: timing the bot beside the fake's own work (parsing
each uploaded map) would charge the bot for what Discord does.

Run as a worker: ``python -m bot.benches.bot_process PORT DATABASE`` prints READY once
connected, then answers lines on stdin: ``warm G1,G2`` loads those games' states and prompts
(as their last order left them on a live server) and prints WARM; ``pause`` / ``resume``
delivery; ``count`` prints the messages delivered so far; ``stop`` closes the bot.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from pathlib import Path

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.client import RefereeBot
from bot.settings import Settings

TOKEN = "fake-bot-token"


async def _worker(port: int, database: Path) -> None:
    from tests.fakediscord.net import LoopbackConnector

    Route.BASE = f"http://127.0.0.1:{port}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{port}/")
    settings = Settings(database=database, delivery_poll_seconds=0.5, tick_seconds=3600.0)
    bot = RefereeBot(settings, connector=LoopbackConnector(), guild_ready_timeout=0.05)
    loop = asyncio.get_running_loop()
    async with bot:
        running = asyncio.create_task(bot.start(TOKEN))
        await bot.wait_until_ready()
        print("READY", flush=True)
        while True:
            line = (await loop.run_in_executor(None, sys.stdin.readline)).strip()
            word, _, rest = line.partition(" ")
            if word == "warm":
                for game in filter(None, rest.split(",")):
                    # As after a game's last order: its state and open prompts kept.
                    await bot.referee.open_prompts(game)
                print("WARM", flush=True)
            elif word in ("pause", "resume"):
                bot.delivery.paused = word == "pause"
            elif word == "count":
                print(bot.delivery.delivered, flush=True)
            else:  # "stop", or the bench went away
                break
        bot.delivery.paused = True  # what is left is not the bench's business
        await bot.close()
        running.cancel()


if __name__ == "__main__":
    logging.basicConfig(level=logging.ERROR)
    logging.getLogger("discord").setLevel(logging.ERROR)
    logging.getLogger("bot").setLevel(logging.CRITICAL)  # the undelivered rest at shutdown
    asyncio.run(_worker(int(sys.argv[1]), Path(sys.argv[2])))
