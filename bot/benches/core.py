"""`python -m bot bench core`: the referee on every shipping ruleset (War at Sea today; each
game as it registers), on databases of realistic stored games (finished games the engine
played through the referee, and games in progress), each figure beside its floor measured in
the same run:

- submit: ``Referee.submit`` of random legal orders, against the engine's own apply of the
  same order (its prompts computed once) plus the store's commit of the very same rows into a
  twin database (goal: submit <= 1.5x that floor);
- cold load: a game's state from a fresh referee (goal <= 5 ms), beside parsing its snapshot;
- map: drawing the public map, beside encoding a PNG of the same picture;
- lookups, with 100 and 10,000 games stored (goal: flat, <= 1.2x): bench_lookups;
- memory: 1,000 active games in one process (goal <= 250 MB RSS): bench_memory;
- two processes: their combined orders per second on one database, beside one process alone
  (bench_processes).

Usage: ``python -m bot bench core [--ruleset ID] [--submits N] [--games N] [--small N]
[--finished N] [--database sqlite|postgresql|postgresql://...] [--quick]``. With a PostgreSQL
``--database`` every store figure is measured on SQLite and on PostgreSQL in the same run, the
two blocks printed together (bench/targets.py: ``postgresql`` alone starts a throwaway
cluster). Benches print; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.autoplay import random_action
from bot.benches import stored
from bot.benches.lookups import bench_lookups
from bot.benches.memory import bench_memory
from bot.benches.processes import bench_processes
from bot.benches.targets import Targets, backends, describe, record_commits
from bot.referee import Referee
from bot.referee.cache import settle_heap
from bot.rules.core import ReplayDice, RuleViolation
from bot.rules.core.registry import get as get_ruleset
from bot.store import Store


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def spread(values: list[float]) -> str:
    return f"median {ms(statistics.median(values))}, p99 {ms(p99(values))}"


# --- 1. submit against the engine's apply plus the store's commit of the same rows -------------
async def bench_submit(
    targets: Targets, sources: stored.Sources, background: int, submits: int
) -> None:
    ruleset = get_ruleset(sources.ruleset)
    store = await targets.sources(sources, "submit")
    commits = record_commits(store)
    # The games of a server that has played a while, beside the games timed here.
    filled = await stored.fill(store, sources, background)
    twin = await targets.clone(store, "twin")  # the twin starts identical
    try:
        referee = Referee(store)
        seats = {s: stored.user(i + 1) for i, s in enumerate(ruleset.seats)}
        submit_times: list[float] = []
        apply_times: list[float] = []
        commit_times: list[float] = []
        # CPU time beside wall time: a machine shared with other work inflates wall times.
        submit_cpu: list[float] = []
        apply_cpu: list[float] = []
        commit_cpu: list[float] = []
        rng = random.Random(7)
        settle_heap()  # as the bot does once started (bot/referee/cache.py)

        async def new_game() -> str:
            """A new game, made in the twin too (its set-up's rows committed there)."""
            first = len(commits)
            game = await stored.new_game(referee, sources.ruleset, seats)
            made = await store.game(game)
            assert made is not None
            await twin.create_game(
                made.model_copy(update={"status": "lobby", "version": 0, "next_roll": 0})
            )
            for seat, holder in seats.items():
                await twin.set_seat(game, seat, holder)
            for commit in commits[first:]:
                await twin.commit(commit)
            return game

        game_id = await new_game()
        games = [game_id]
        while len(submit_times) < submits:
            record, state, prompts = await referee.open_prompts(game_id)
            if state.result is not None:
                game_id = await new_game()
                games.append(game_id)
                continue
            prompt = rng.choice(prompts)
            for attempt in range(4):
                raw = random_action(prompt, rng) if attempt < 3 else prompt.default or {}
                started, cpu = time.perf_counter(), time.process_time()
                try:
                    await referee.submit(
                        game_id, seats[prompt.seat], raw, f"k{record.version}:{attempt}"
                    )
                except RuleViolation:
                    continue
                submit_times.append(time.perf_counter() - started)
                submit_cpu.append(time.process_time() - cpu)
                # The floor, at once beside it (the same moment's load on the machine): the
                # engine's apply of the same order, then the same rows into the twin database.
                rolls = commits[-1].entry.rolls
                action = ruleset.parse_action(raw)
                started, cpu = time.perf_counter(), time.process_time()
                opened = ruleset.prompts(state)
                ruleset.apply(state, prompt.seat, action, ReplayDice(rolls), opened)
                apply_times.append(time.perf_counter() - started)
                apply_cpu.append(time.process_time() - cpu)
                started, cpu = time.perf_counter(), time.process_time()
                await twin.commit(commits[-1])
                commit_times.append(time.perf_counter() - started)
                commit_cpu.append(time.process_time() - cpu)
                break
        played = commits
        print(
            f"submit, {sources.ruleset}, {len(submit_times)} random legal orders over"
            f" {len(games)} games, {filled.games} other games stored ({targets.name}):"
        )
        print(f"  Referee.submit                         {spread(submit_times)}")
        print(f"  floor: engine apply (prompts once)     {spread(apply_times)}")
        print(f"  floor: store commit of the same rows   {spread(commit_times)}")
        floors = [a + c for a, c in zip(apply_times, commit_times, strict=True)]
        ratio = statistics.median(submit_times) / statistics.median(floors)
        each = statistics.median(s / f for s, f in zip(submit_times, floors, strict=True))
        print(
            f"  submit / (apply + commit) medians: {ratio:.2f}x   (goal <= 1.5x); the median of"
            f" each order's own ratio: {each:.2f}x"
        )
        cpu_floor = [a + c for a, c in zip(apply_cpu, commit_cpu, strict=True)]
        cpu_ratio = statistics.median(submit_cpu) / statistics.median(cpu_floor)
        print(
            f"  CPU time (this process, the store's thread included): submit median"
            f" {ms(statistics.median(submit_cpu))}, floor {ms(statistics.median(cpu_floor))}:"
            f" {cpu_ratio:.2f}x"
        )
        rows = statistics.mean(2 + len(c.entry.rolls) + len(c.outbox) for c in played)
        print(f"  rows per order: {rows:.1f} (entry, game, rolls, outbox messages)")
        await bench_load(store, ruleset.id, games + filled.live[:10])
    finally:
        await store.close()
        await twin.close()


# --- 2. cold load ---------------------------------------------------------------------------------
async def bench_load(store: Store, ruleset_id: str, games: list[str], repeat: int = 5) -> None:
    ruleset = get_ruleset(ruleset_id)
    loads: list[float] = []
    parses: list[float] = []
    tails: list[int] = []
    for game_id in games:
        loaded = await store.load(game_id)
        if loaded is None or loaded.snapshot is None:
            continue
        tails.append(len([e for e in loaded.tail if e.seat is not None]))
        for _ in range(repeat):
            fresh = Referee(store)  # nothing cached: the snapshot and the log's tail
            started = time.perf_counter()
            await fresh.state(game_id)
            loads.append(time.perf_counter() - started)
            started = time.perf_counter()
            ruleset.load_state(loaded.snapshot)
            parses.append(time.perf_counter() - started)
    print(
        f"cold load, {ruleset_id}, {len(tails)} games (log tail after the snapshot:"
        f" median {statistics.median(tails):.0f}, max {max(tails)} orders):"
    )
    print(f"  Referee.state from a fresh referee     {spread(loads)}, max {ms(max(loads))}")
    print(f"  floor: parsing its snapshot            {spread(parses)}   (goal: load <= 5 ms)")


# --- 3. the map -----------------------------------------------------------------------------------
async def bench_map(store: Store, sources: stored.Sources, repeat: int = 5) -> None:
    from PIL import Image

    from rendering.png import encode_png
    from rendering.registry import render_view, renders

    if not renders(sources.ruleset):
        print(f"map, {sources.ruleset}: no renderer")
        return
    _, state = await Referee(store).state(sources.live)
    view = get_ruleset(sources.ruleset).view(state, None).model_dump(mode="json")
    data = render_view(view)
    if data is None:
        print(f"map, {sources.ruleset}: nothing drawn")
        return
    with Image.open(io.BytesIO(data)) as png:
        picture = png.copy()
    draws, encodes = [], []
    for _ in range(repeat):
        started = time.perf_counter()
        render_view(view)
        draws.append(time.perf_counter() - started)
        started = time.perf_counter()
        encode_png(picture)
        encodes.append(time.perf_counter() - started)
    ratio = statistics.median(draws) / statistics.median(encodes)
    print(f"map, {sources.ruleset}, public view, {picture.width}x{picture.height}:")
    print(f"  draw (view to PNG)                     {spread(draws)}")
    print(f"  floor: encoding a PNG of the same size {spread(encodes)}   ({ratio:.1f}x)")


# --- 4. two processes on one database ------------------------------------------------------------
async def bench_two_processes(targets: Targets, ruleset_id: str, orders: int) -> None:
    one, two = targets.new("one-process"), targets.new("two-processes")
    for target in (one, two):  # migrated before the workers race to open them
        await (await Store.open(target)).close()
    await asyncio.to_thread(bench_processes, one, two, ruleset_id, orders)


# --- entry point ----------------------------------------------------------------------------------
Part = Callable[[Targets], Awaitable[None]]
PARTS = ("map", "submit", "lookups", "memory", "processes")


async def side_by_side(name: str, part: Part, every: list[Targets]) -> None:
    """One part on each backend in turn, its blocks printed together."""
    for targets in every:
        out = io.StringIO()
        started = time.perf_counter()
        with contextlib.redirect_stdout(out):
            await part(targets)
        if len(every) > 1:
            print(f"[{name} on {targets.name}]")
        print(out.getvalue(), end="")
        print(f"  [{name}, {targets.name}: {time.perf_counter() - started:.1f} s]")


def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot bench core", description=__doc__)
    parser.add_argument("--ruleset", action="append", help="only these (default: all shipping)")
    parser.add_argument("--submits", type=int, default=300, help="timed orders")
    parser.add_argument("--finished", type=int, default=3, help="finished games to copy")
    parser.add_argument("--background", type=int, default=1000, help="games beside submit's")
    parser.add_argument("--games", type=int, default=10_000, help="games of the large database")
    parser.add_argument("--small", type=int, default=100, help="games of the small database")
    parser.add_argument("--repeat", type=int, default=1000, help="times each lookup is timed")
    parser.add_argument("--active", type=int, default=1000, help="active games in memory")
    parser.add_argument("--orders", type=int, default=300, help="orders of each of two processes")
    parser.add_argument(
        "--database",
        default="sqlite",
        help="sqlite (default); or postgresql://... (a database the bench makes schemas in and"
        " drops them), or postgresql (a throwaway cluster from the Debian binaries): every store"
        " figure then on SQLite and PostgreSQL side by side",
    )
    parser.add_argument("--quick", action="store_true", help="smaller figures, for a smoke run")
    parser.add_argument(
        "--part", action="append", choices=PARTS, help="only these parts (default: all)"
    )
    args = parser.parse_args(argv)
    wanted = set(args.part or PARTS)
    if args.quick:
        args.submits, args.finished, args.background = 40, 1, 100
        args.games, args.active, args.orders = 1000, 100, 40
    rulesets = args.ruleset or stored.shipping()

    async def main(folder: Path, every: list[Targets]) -> None:
        for ruleset_id in rulesets:
            source = await Store.open(folder / f"sources-{ruleset_id}.sqlite3")
            try:
                sources = await stored.play_sources(source, ruleset_id, args.finished)
                await source.checkpoint()
                print(
                    f"[{ruleset_id}: played {len(sources.finished)} finished games"
                    f" ({sources.orders} orders) and one in progress through the referee"
                    f" in {sources.seconds:.1f} s]"
                )
                if "map" in wanted:
                    await bench_map(source, sources)  # the store plays no part in a map
            finally:
                await source.close()
            for name, part in parts_of(sources):
                if name in wanted:
                    await side_by_side(name, part, every)

    def parts_of(sources: stored.Sources) -> list[tuple[str, Part]]:
        return [
            ("submit", lambda t: bench_submit(t, sources, args.background, args.submits)),
            ("lookups", lambda t: bench_lookups(t, sources, args.small, args.games, args.repeat)),
            ("memory", lambda t: bench_memory(t, sources, args.active)),
            ("processes", lambda t: bench_two_processes(t, sources.ruleset, args.orders)),
        ]

    with (
        tempfile.TemporaryDirectory(prefix="bench-core-") as tmp,
        backends(Path(tmp), args.database) as every,
    ):
        print(f"bench core: {describe(every)}, Python {sys.version.split()[0]}")
        asyncio.run(main(Path(tmp), every))


if __name__ == "__main__":
    run(sys.argv[1:])
