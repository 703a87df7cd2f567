"""Realistic stored games for the benches: games of a shipping ruleset played by the engine
through the referee with random legal orders (finished, or stopped at a chosen decision), and
databases filled with copies of them (their records, seats, logs, rolls and latest snapshots).

A database of N games looks like a server that has played for years: one guild, a constant
handful of live games (copies of a game in progress) and the rest finished; a pool of users
growing with the games, each with a few games behind them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.autoplay import random_action
from bot.referee import Referee
from bot.rules.core import Prompt, RuleViolation
from bot.rules.core.registry import available
from bot.rules.core.registry import get as get_ruleset
from bot.store import Store

GUILD = "100000000000000001"
LIVE_GAMES = 20
"""Live games of the bench server, whatever the number of stored games."""


def shipping() -> list[str]:
    """The rulesets the product ships (registered by the game packages, not by tests)."""
    return [r for r in available() if get_ruleset(r).__module__.startswith("bot.rules.")]


def user(n: int) -> str:
    return str(200000000000000000 + n)


async def new_game(referee: Referee, ruleset_id: str, seats: dict[str, str], **kwargs: Any) -> str:
    kwargs.setdefault("options", dict(get_ruleset(ruleset_id).bench_options) or None)
    record = await referee.create(ruleset_id, guild_id=GUILD, created_by=user(0), **kwargs)
    for seat, holder in seats.items():
        await referee.join(record.id, holder, seat)
    await referee.start(record.id, user(0))
    return record.id


async def order(referee: Referee, game_id: str, rng: random.Random) -> tuple[Prompt, float]:
    """One random legal order of the game (refused ones are retried, then the default).
    Returns the prompt answered and the seconds the accepted submit took."""
    record, _, prompts = await referee.open_prompts(game_id)
    prompt = rng.choice(prompts)
    holder = (await referee.seats(game_id))[prompt.seat]
    for attempt in range(4):
        action = random_action(prompt, rng) if attempt < 3 else prompt.default
        started = time.perf_counter()
        try:
            await referee.submit(
                game_id, holder, action or {}, f"b{record.version}:{attempt}", seat=prompt.seat
            )
        except RuleViolation:
            continue
        return prompt, time.perf_counter() - started
    raise RuntimeError(f"no legal order for {prompt.kind} in {game_id}")


async def play_until(
    referee: Referee,
    game_id: str,
    rng: random.Random,
    stop: Callable[[list[Prompt]], bool] | None = None,
) -> int:
    """Random legal orders until the game ends (or ``stop`` says so of the open prompts)."""
    orders = 0
    while True:
        _, state, prompts = await referee.open_prompts(game_id)
        if state.result is not None or (stop is not None and stop(prompts)):
            return orders
        await order(referee, game_id, rng)
        orders += 1


@dataclass
class Sources:
    """Played games to copy: finished ones, and one stopped in progress."""

    ruleset: str
    path: str = ""
    finished: list[str] = field(default_factory=list)
    live: str = ""
    orders: int = 0
    seconds: float = 0.0


async def play_sources(store: Store, ruleset_id: str, finished: int, seed: int = 1) -> Sources:
    referee = Referee(store)
    seats = {s: user(i + 1) for i, s in enumerate(get_ruleset(ruleset_id).seats)}
    sources = Sources(ruleset_id, store.target)
    started = time.perf_counter()
    for n in range(finished):
        game_id = await new_game(referee, ruleset_id, seats)
        sources.orders += await play_until(referee, game_id, random.Random(seed + n))
        sources.finished.append(game_id)
    sources.live = await new_game(referee, ruleset_id, seats)
    # Stopped a third of the way through a finished game's length: a game in progress.
    length = max(3, sources.orders // max(finished, 1) // 3)
    played = 0

    def third(_: list[Prompt]) -> bool:
        nonlocal played
        played += 1
        return played > length

    await play_until(referee, sources.live, random.Random(seed - 1), third)
    sources.seconds = time.perf_counter() - started
    return sources


@dataclass
class Filled:
    games: int
    live: list[str]
    finished: list[str]
    user_of_live: dict[str, str]
    seconds: float


async def fill(
    store: Store, sources: Sources, games: int, *, live: int = LIVE_GAMES, prefix: str = "g"
) -> Filled:
    """``games`` copies in one guild: ``live`` of the game in progress (status active), the
    rest of the finished ones; every game has its own thread; users hold ~5 games each."""
    seats = get_ruleset(sources.ruleset).seats
    users = max(len(seats), games * len(seats) // 5)
    rng = random.Random(games)
    started = time.perf_counter()
    out = Filled(games, [], [], {}, 0.0)
    batch: list[tuple[str, str, dict[str, Any], dict[str, str]]] = []
    now = time.time() - games
    for n in range(games):
        game_id = f"{prefix}{n:07d}"
        is_live = n >= games - live  # the newest games are the live ones
        source = sources.live if is_live else sources.finished[n % len(sources.finished)]
        holders = {s: user(1000 + rng.randrange(users)) for s in seats}
        overrides = {
            "guild_id": GUILD,
            "thread_id": str(300000000000000000 + n),
            "status": "active" if is_live else "over",
            "created_at": now + n,
            "updated_at": now + n,
        }
        batch.append((source, game_id, overrides, holders))
        (out.live if is_live else out.finished).append(game_id)
        if is_live:
            out.user_of_live[game_id] = holders[seats[0]]
        if len(batch) >= 200:
            await store.copy_games(batch)
            batch = []
    if batch:
        await store.copy_games(batch)
    out.seconds = time.perf_counter() - started
    return out
