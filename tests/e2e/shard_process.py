"""One bot process of a sharded deployment, for test_processes: the production RefereeBot (real
discord.py, the real cogs) running one shard against a fake Discord served by the test process,
on a shared PostgreSQL database. Prints READY once its shard is ready; runs until killed.

    python -m tests.e2e.shard_process PORT SHARD COUNT DATABASE [--lease S] [--tick S]
        [--standby]

With ``--standby`` it loads everything (the bot's modules and its cogs'), prints STANDBY and
waits for a line on stdin before it connects: the test keeps a spare ready, so a restart after a
kill costs a connection, not a Python start-up.
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import logging
import pkgutil
import sys

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

import tests.vaults  # noqa: F401  (registers the Vaults ruleset and its catalogs)
from bot.client import RefereeBot
from bot.settings import Settings
from tests.fakediscord.net import LoopbackConnector


async def main(args: argparse.Namespace) -> None:
    base = f"http://127.0.0.1:{args.port}"
    Route.BASE = f"{base}/api/v10"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"ws://127.0.0.1:{args.port}/shard/{args.shard}")
    settings = Settings(
        token=args.token,
        database=args.database,
        shard_count=args.count,
        shard_ids=(args.shard,),
        instance=f"shard{args.shard}:{args.generation}",
        delivery_poll_seconds=0.1,
        delivery_retry_seconds=0.1,
        delivery_lease_seconds=args.lease,
        tick_seconds=args.tick,
        shutdown_grace_seconds=1.0,
        log_level="WARNING",
    )
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    bot = RefereeBot(settings, connector=LoopbackConnector(), guild_ready_timeout=0.05)

    async def announce() -> None:
        await bot.wait_until_ready()
        print("READY", flush=True)

    if args.standby:
        import cogs

        for module in pkgutil.iter_modules(cogs.__path__):
            importlib.import_module(f"cogs.{module.name}")
        print("STANDBY", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    async with bot:
        waiter = asyncio.create_task(announce())
        await bot.start(args.token)
        waiter.cancel()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("shard", type=int)
    parser.add_argument("count", type=int)
    parser.add_argument("database")
    parser.add_argument("--token", default="fake-bot-token")
    parser.add_argument("--lease", type=float, default=1.5)
    parser.add_argument("--tick", type=float, default=0.25)
    parser.add_argument("--generation", type=int, default=0)
    parser.add_argument("--standby", action="store_true")
    asyncio.run(main(parser.parse_args()))
