"""`python -m bot bench delivery`: the outbox and delivery on War at Sea (issue 9).

Prints, each figure next to what it is compared with in the same run:

- delivery: orders per second delivered with their maps across GAMES active War at Sea games
  (every game's players giving orders at once, delivery running), for the old serial loop
  (one message at a time, a map with each), and for the lanes with maps drawn in a thread pool
  and in a process pool; the goal is >= 16 orders/s and >= 4x the serial loop;
- interaction -> first reply (`/game status`) p99 with nothing running, and while those orders
  are delivered (the goal: unchanged);
- storage per finished War at Sea game once delivered (goal <= 300 KB) and the cold load of
  the game after every order, slowest and median (goal <= 5 ms);
- the JSON encoders for what the store writes per order.

Figures are printed, never asserted. Needs the repository's tests/ (the fake Discord).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
import os
import random
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.autoplay import random_action
from bot.referee import Referee
from bot.rules.core import RuleViolation
from bot.store import Store

MS = 1000.0


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))] if values else 0.0


async def _order(referee: Referee, game: str, users: dict[str, str], rng: random.Random) -> bool:
    """One random legal order in this game (the prompt's default if the pick is refused)."""
    prompts = [p for u in set(users.values()) for p in await referee.prompts(game, u)]
    if not prompts:
        return False
    prompt = rng.choice(prompts)
    user, key = users[prompt.seat], f"b{rng.random()}"
    try:
        await referee.submit(game, user, random_action(prompt, rng), key, seat=prompt.seat)
    except RuleViolation:
        await referee.submit(game, user, prompt.default or {}, "d" + key, seat=prompt.seat)
    return True


# --- delivery across many games ----------------------------------------------------------------
async def _delivery(
    mode: str,
    games: int,
    orders: int,
    cap: float,
    probe_seconds: float = 5.0,
    nice: int | None = None,
    map_workers: int | None = None,
) -> dict[str, float]:
    from bot.client import RefereeBot
    from bot.settings import Settings
    from tests.fakediscord import FakeDiscord, make_world
    from tests.fakediscord.records import FakeTimeout

    late = [0]

    with tempfile.TemporaryDirectory() as folder:
        settings = Settings(
            database=Path(folder) / "bench.sqlite3",
            delivery_poll_seconds=0.2,
            delivery_merge_seconds=0.0,
            tick_seconds=3600.0,
            map_pool="process" if mode == "processes" else "thread",
            map_workers=map_workers,
        )
        if nice is not None:
            settings = settings.model_copy(update={"map_nice": nice})
        async with FakeDiscord(timeout=30.0) as fake:
            world = make_world(fake)
            bot = RefereeBot(settings, connector=fake.connector(), guild_ready_timeout=0.05)
            async with fake.run(bot):
                delivery = bot.delivery
                if mode == "serial":  # the old loop: one message at a time, a map drawn each
                    delivery.merge_runs, delivery.always_map = False, True
                    delivery.maps.cached = False
                    delivery._slots = asyncio.Semaphore(1)
                delivery.paused = True
                referee, store = bot.referee, bot.store
                users = {"allies": str(world.alice.id), "axis": str(world.bob.id)}
                ids = []
                for _ in range(games):
                    record = await referee.create(
                        "war-at-sea",
                        guild_id=str(world.guild.id),
                        created_by=users["allies"],
                        channel_id=str(world.channel.id),
                        options={"variant_18_2": True},
                    )
                    for seat, user in users.items():
                        await referee.join(record.id, user, seat)
                    await referee.start(record.id, users["allies"])
                    ids.append(record.id)
                await _skip_pending(store)
                view = await _any_view(referee, ids[0])  # start the pool's workers first
                await asyncio.gather(*(delivery.maps.draw(view) for _ in range(4)))

                async def play(seed: int) -> None:
                    rng = random.Random(seed)
                    for _ in range(orders):
                        await _order(referee, ids[seed % games], users, rng)
                        delivery.wake()

                async def probe(stop: asyncio.Event, into: list[float], gate: list[bool]) -> None:
                    while not stop.is_set():
                        handle = await fake.slash(
                            world.alice, world.channel, "game status", {"game": ids[0]}
                        )
                        try:
                            await handle.response(timeout=10.0)
                        except FakeTimeout:
                            # Acknowledged after Discord's 3 s (the fake refused it), or never:
                            # counted at that deadline, a lower bound of what the user saw.
                            if gate[0]:
                                into.append(3.0)
                                late[0] += 1
                            continue
                        if handle.latency is not None and gate[0]:
                            into.append(handle.latency)
                        await asyncio.sleep(0.02)

                # The floor: replies with nothing else running (no orders, no delivery).
                quiet: list[float] = []
                stop = asyncio.Event()
                prober = asyncio.create_task(probe(stop, quiet, [True]))
                await asyncio.sleep(probe_seconds)
                stop.set()
                await prober

                # Every game's players give their orders at once, delivered as they come; the
                # replies are timed once the orders are in, while delivery runs.
                busy: list[float] = []
                gate = [False]
                stop = asyncio.Event()
                prober = asyncio.create_task(probe(stop, busy, gate))
                since = time.time()
                delivery.paused = False
                delivery.wake()
                drawn_before = delivery.maps.drawn
                workers_before = _workers_cpu(delivery.maps)
                started, cpu = time.perf_counter(), time.process_time()
                await asyncio.gather(*(play(i) for i in range(games)))
                gate[0] = True
                while await store.pending(1) and time.perf_counter() - started < cap:
                    await asyncio.sleep(0.05)
                elapsed = time.perf_counter() - started
                cpu = time.process_time() - cpu
                workers = _workers_cpu(delivery.maps) - workers_before
                drawn = delivery.maps.drawn - drawn_before
                stop.set()
                await prober
                delivery.paused = True
                done = await _orders_delivered(store, since)
                await asyncio.sleep(0.5)  # replies still in flight finish before the bot closes
                posts, maps = (
                    delivery.posts,
                    len([a for m in fake.messages_in(world.channel) for a in m.attachments]),
                )
    return {
        "orders": float(done),
        "elapsed": elapsed,
        "rate": done / elapsed,
        "posts": float(posts),
        "drawn": float(drawn),
        "cpu": cpu,
        "workers": workers,
        "maps": float(maps),
        "late": float(late[0]),
        "quiet_p99": _pct(quiet, 0.99),
        "busy_p99": _pct(busy, 0.99),
        "quiet_median": statistics.median(quiet) if quiet else 0.0,
        "busy_median": statistics.median(busy) if busy else 0.0,
    }


def _workers_cpu(pool: Any) -> float:
    """CPU seconds used so far by the map pool's worker processes (Linux; 0 elsewhere, and for
    a thread pool, whose time is the bot's process's own)."""
    processes = getattr(pool._pool, "_processes", None) or {}
    total = 0.0
    for pid in list(processes):
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


async def _any_view(referee: Referee, game: str) -> dict[str, Any]:
    record, state = await referee.state(game)
    from bot.rules.core.registry import get as get_ruleset

    return get_ruleset(record.ruleset).view(state, None).model_dump(mode="json")


async def _skip_pending(store: Store) -> None:
    """Mark what is queued as sent without sending it (set-up and the quiet phase's orders)."""
    while pending := await store.pending(1000):
        await store.delivered(*(m.id for m in pending))


async def _orders_delivered(store: Store, since: float) -> int:
    """Orders (log entries after the set-up) all of whose messages were delivered in the
    measured phase: their steps' outbox rows are settled."""

    def count(c: sqlite3.Connection) -> int:
        rows = c.execute(
            "SELECT dedupe FROM outbox WHERE kind = 'step' AND delivered_at IS NULL"
            " AND created_at >= ?",
            (since,),
        ).fetchall()
        waiting = {d.rsplit(":", 1)[0] for (d,) in rows}
        total = c.execute(
            "SELECT COUNT(DISTINCT substr(dedupe, 1, length(dedupe) - length('public') - 1))"
            " FROM outbox WHERE kind = 'step' AND audience = 'public' AND created_at >= ?",
            (since,),
        ).fetchone()[0]
        return int(total) - len(waiting)

    return await store._run(count)


# --- storage and cold load -------------------------------------------------------------------
async def _storage(games: int) -> tuple[list[tuple[int, int]], int, list[float], list[float]]:
    """Each finished game in a database of its own, so the longest game's size is its own:
    [(bytes beyond an empty database, orders)], the empty database's bytes, and the cold loads
    after every order (wall and CPU seconds)."""
    with tempfile.TemporaryDirectory() as folder:
        empty_path = Path(folder) / "empty.sqlite3"
        await (await Store.open(empty_path)).close()
        empty = _vacuumed(empty_path)
        loads: list[float] = []
        cpus: list[float] = []
        games_: list[tuple[int, int]] = []
        users = {"allies": "a", "axis": "b"}
        for n in range(games):
            path = Path(folder) / f"game{n}.sqlite3"
            store = await Store.open(path)
            referee = Referee(store)
            record = await referee.create(
                "war-at-sea", guild_id="1", created_by="a", options={"variant_18_2": True}
            )
            for seat, user in users.items():
                await referee.join(record.id, user, seat)
            await referee.start(record.id, "a")
            rng = random.Random(n)
            orders = 0
            while await _order(referee, record.id, users, rng):
                orders += 1
                cold = Referee(store)
                t, cpu = time.perf_counter(), time.process_time()
                await cold.state(record.id)
                loads.append(time.perf_counter() - t)
                cpus.append(time.process_time() - cpu)
            await _skip_pending(store)  # delivered: bodies dropped
            await store.checkpoint()
            await store.close()
            games_.append((_vacuumed(path) - empty, orders))
    return games_, empty, loads, cpus


def _vacuumed(path: Path) -> int:
    with sqlite3.connect(path, isolation_level=None) as db:
        db.execute("VACUUM")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path.stat().st_size


def _json_paths(samples: int) -> list[tuple[str, float]]:
    """Encoding what one order writes (its events and a War at Sea snapshot)."""
    from bot.autoplay import play
    from bot.referee.fairdice import FairDice
    from bot.rules.war_at_sea import RULESET

    dice = FairDice(b"bench-json-seed-0000000000000000", "json", 0)
    state = RULESET.setup("standard", RULESET.parse_options({"variant_18_2": True}), dice).state
    report = play(RULESET, state, dice, random.Random(1), max_actions=60)
    events = [e.model_dump(mode="json") for e in report.events[-40:]]
    final = report.state
    out: list[tuple[str, float]] = []

    def timed(name: str, fn: Any) -> None:
        t = time.perf_counter()
        for _ in range(samples):
            fn()
        out.append((name, (time.perf_counter() - t) / samples))

    timed(
        "stdlib json.dumps(sort_keys) of the state dict",
        lambda: json.dumps(final.model_dump(mode="json"), sort_keys=True),
    )
    timed("pydantic model_dump_json of the state (what the store writes)", final.model_dump_json)
    timed("stdlib json.dumps of 40 events", lambda: json.dumps(events, sort_keys=True))
    try:
        import orjson  # type: ignore[import-not-found,unused-ignore]  # optional: not a dependency

        timed(
            "orjson.dumps(OPT_SORT_KEYS) of the state dict",
            lambda: orjson.dumps(final.model_dump(mode="json"), option=orjson.OPT_SORT_KEYS),
        )
    except ImportError:
        out.append(("orjson (not installed)", float("nan")))
    return out


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot bench delivery", description=__doc__)
    parser.add_argument("--games", type=int, default=50, help="active War at Sea games")
    parser.add_argument("--orders", type=int, default=3, help="orders per game and phase")
    parser.add_argument("--cap", type=float, default=60.0, help="seconds at most per mode")
    parser.add_argument("--modes", default="serial,threads,processes")
    parser.add_argument("--finished", type=int, default=6, help="finished games for storage")
    parser.add_argument(
        "--nice", type=int, default=None, help="map workers' nice (default: the setting)"
    )
    parser.add_argument("--workers", type=int, default=None, help="map workers (default: cores-1)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.CRITICAL)
    logging.getLogger("discord").setLevel(logging.CRITICAL)

    print("storage and cold load (War at Sea, variant 18.2, random finished games):")
    games, empty, loads, cpus = asyncio.run(_storage(args.finished))
    sizes = [size for size, _ in games]
    longest = max(games, key=lambda g: g[1])
    print(
        f"  per finished game once delivered, {len(games)} games: mean"
        f" {statistics.mean(sizes) / 1024:.0f} KB, largest {max(sizes) / 1024:.0f} KB; the"
        f" longest game ({longest[1]} orders) {longest[0] / 1024:.0f} KB (goal <= 300 KB;"
        f" before issue 9: 8.6 MB); orders a game {min(g[1] for g in games)} to {longest[1]}"
        f" (each game in its own database, less an empty one's {empty / 1024:.0f} KB)"
    )
    print(
        f"  cold load after each order ({len(loads)}): median {statistics.median(loads) * MS:.2f}"
        f" ms, p95 {_pct(loads, 0.95) * MS:.2f} ms, slowest {max(loads) * MS:.2f} ms wall;"
        f" CPU time (what a busy machine does not inflate): median"
        f" {statistics.median(cpus) * MS:.2f} ms, p95 {_pct(cpus, 0.95) * MS:.2f} ms,"
        f" slowest {max(cpus) * MS:.2f} ms (goal <= 5 ms)"
    )
    print("JSON encoders, per call:")
    for name, seconds in _json_paths(50):
        print(f"  {name}: {seconds * MS:.3f} ms")

    results: dict[str, dict[str, float]] = {}
    for mode in [m.strip() for m in args.modes.split(",") if m.strip()]:
        results[mode] = asyncio.run(
            _delivery(
                mode, args.games, args.orders, args.cap, nice=args.nice, map_workers=args.workers
            )
        )
        r = results[mode]
        print(
            f"delivery, {mode}: {r['orders']:.0f} orders delivered in {r['elapsed']:.1f} s ="
            f" {r['rate']:.1f} orders/s ({r['posts']:.0f} posts, {r['maps']:.0f} maps attached,"
            f" {r['drawn']:.0f} drawn; CPU per order delivered: the bot's process"
            f" {r['cpu'] / max(1.0, r['orders']) * MS:.0f} ms (fake Discord, the players' orders"
            f" and the probe included; busy {r['cpu'] / r['elapsed']:.0%} of the time), map"
            f" processes {r['workers'] / max(1.0, r['orders']) * MS:.0f} ms);"
            f" first reply p99 {r['quiet_p99'] * MS:.1f} ms idle,"
            f" {r['busy_p99'] * MS:.1f} ms while delivering (median {r['quiet_median'] * MS:.1f}"
            f" / {r['busy_median'] * MS:.1f} ms"
            + (f"; {r['late']:.0f} acknowledged after the 3 s deadline)" if r["late"] else ")")
        )
    base = results.get("serial")
    for mode, r in results.items():
        if mode == "serial" or base is None or not base["rate"]:
            continue
        print(
            f"  {mode}: {r['rate'] / base['rate']:.1f}x the serial loop"
            f" (goal >= 4x and >= 16 orders/s: {'met' if r['rate'] >= 16 else 'NOT met'})"
        )
