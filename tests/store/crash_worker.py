"""A worker for test_crash_safety: plays Vaults games through the real Referee on one SQLite
file until it is killed, printing a line after each operation the referee acknowledged.

Run from the repository root: ``python -m tests.store.crash_worker DB SEED [--games N]``.
Restarted on the same file, it carries on the games it finds there (lobbies are seated and
started, active games get their next order) and opens new ones as games end.

Lines (each flushed as soon as the call returned):
    READY                     the store is open (migrated)
    START <game>              start() returned
    ACK <game> <n> <key>      submit() returned: log entry n with this idempotency key
    UNDO <game> <n>           undo() returned: log entry n was taken back
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import time

import tests.vaults  # registers the "vaults" ruleset
from bot.autoplay import random_action
from bot.referee import Referee
from bot.rules.core import RuleViolation
from bot.store import GameRecord, Store

GUILD = "crash"
USERS = {"north": "crash:north", "south": "crash:south"}
SETTINGS = {"deadline_hours": 0}


def say(line: str) -> None:
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


async def seat_and_start(referee: Referee, record: GameRecord) -> None:
    for seat, user in USERS.items():
        await referee.join(record.id, user, seat)
    await referee.start(record.id, USERS["north"])
    say(f"START {record.id}")


async def play_one(referee: Referee, game_id: str, rng: random.Random) -> bool:
    """Give the game its next order (sometimes taking a hide back). False once it is over."""
    record, state = await referee.state(game_id)
    if state.result is not None:
        return False
    prompt = rng.choice(tests.vaults.RULESET.prompts(state))
    user = USERS[prompt.seat]
    action = random_action(prompt, rng) if rng.random() < 0.7 else dict(prompt.default or {})
    key = f"{game_id}:v{record.version}"
    done = await referee.submit(game_id, user, action, key, seat=prompt.seat)
    say(f"ACK {game_id} {done.n} {key}")
    if action.get("type") == "hide" and rng.random() < 0.3:
        try:
            n = await referee.undo(game_id, user)
        except RuleViolation:
            return True
        say(f"UNDO {game_id} {n}")
    return not done.over


async def slot(referee: Referee, game_id: str | None, rng: random.Random, until: float) -> None:
    """One table: carry on ``game_id`` (or a new game), and open a new game when it ends."""
    while time.monotonic() < until:
        if game_id is None:
            record = await referee.create(
                "vaults", guild_id=GUILD, created_by=USERS["north"], settings=SETTINGS
            )
            game_id = record.id
        record = await referee.game(game_id)
        if record.status == "lobby":
            await seat_and_start(referee, record)
        while time.monotonic() < until and await play_one(referee, game_id, rng):
            pass
        game_id = None


async def main(path: str, seed: int, games: int, seconds: float) -> None:
    store = await Store.open(path)
    try:
        referee = Referee(store)
        say("READY")
        rng = random.Random(seed)
        unfinished = [g.id for g in await store.games(GUILD, ("lobby", "active"))]
        slots: list[str | None] = [*unfinished, *[None] * max(0, games - len(unfinished))]
        until = time.monotonic() + seconds  # a safety net: the test kills us long before
        await asyncio.gather(*(slot(referee, g, random.Random(rng.random()), until) for g in slots))
    finally:
        await store.close()


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("db")
    parser.add_argument("seed", type=int)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=30.0)
    args = parser.parse_args()
    asyncio.run(main(args.db, args.seed, args.games, args.seconds))
