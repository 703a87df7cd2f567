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
- memory: 1,000 active games in one process (goal <= 250 MB RSS): bench_memory.

Usage: ``python -m bot bench core [--ruleset ID] [--submits N] [--games N] [--small N]
[--finished N] [--database sqlite] [--quick]``. Benches print; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.autoplay import random_action
from bot.benches import stored
from bot.benches.lookups import bench_lookups
from bot.benches.memory import bench_memory
from bot.referee import Referee
from bot.rules.core import ReplayDice, RuleViolation
from bot.rules.core.registry import get as get_ruleset
from bot.store import Commit, Store
from bot.store.sqlite import SqliteStore


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def spread(values: list[float]) -> str:
    return f"median {ms(statistics.median(values))}, p99 {ms(p99(values))}"


def check_database(database: str) -> None:
    """``--database`` is the slot for other store backends; SQLite files in a temporary
    folder are the default (and, today, the only one)."""
    if database != "sqlite":
        raise SystemExit(f"--database {database}: only sqlite is available")


async def copy_of(sources: stored.Sources, path: Path, cls: type[Store] = Store) -> Store:
    """A bench database that starts as a copy of the file the sources were played in."""
    shutil.copyfile(sources.path, path)
    return await cls.open(path)


class RecordingStore(SqliteStore):
    """Keeps every commit the referee makes (to write the same rows again as the floor)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commits: list[Commit] = []

    async def commit(self, commit: Commit) -> int:
        n = await super().commit(commit)
        self.commits.append(commit)
        return n


# --- 1. submit against the engine's apply plus the store's commit of the same rows -------------
async def bench_submit(
    folder: Path, sources: stored.Sources, background: int, submits: int
) -> None:
    ruleset = get_ruleset(sources.ruleset)
    store = await copy_of(sources, folder / "submit.sqlite3", RecordingStore)
    assert isinstance(store, RecordingStore)
    # The games of a server that has played a while, beside the games timed here.
    filled = await stored.fill(store, sources, background)
    await store.checkpoint()
    shutil.copyfile(store.path, folder / "twin.sqlite3")  # the twin starts identical
    twin = await Store.open(folder / "twin.sqlite3")
    try:
        referee = Referee(store)
        seats = {s: stored.user(i + 1) for i, s in enumerate(ruleset.seats)}
        submit_times: list[float] = []
        apply_times: list[float] = []
        first_commit = len(store.commits)
        rng = random.Random(7)
        game_id = await stored.new_game(referee, sources.ruleset, seats)
        games = [game_id]
        while len(submit_times) < submits:
            record, state, prompts = await referee.open_prompts(game_id)
            if state.result is not None:
                game_id = await stored.new_game(referee, sources.ruleset, seats)
                games.append(game_id)
                continue
            prompt = rng.choice(prompts)
            for attempt in range(4):
                raw = random_action(prompt, rng) if attempt < 3 else prompt.default or {}
                started = time.perf_counter()
                try:
                    await referee.submit(
                        game_id, seats[prompt.seat], raw, f"k{record.version}:{attempt}"
                    )
                except RuleViolation:
                    continue
                submit_times.append(time.perf_counter() - started)
                rolls = store.commits[-1].entry.rolls
                action = ruleset.parse_action(raw)
                started = time.perf_counter()
                opened = ruleset.prompts(state)
                ruleset.apply(state, prompt.seat, action, ReplayDice(rolls), opened)
                apply_times.append(time.perf_counter() - started)
                break
        played = store.commits[first_commit:]
        # The floor's second half: the very same rows committed again, into a twin file.
        for game in games:
            stored_record = await store.game(game)
            assert stored_record is not None
            await twin.create_game(
                stored_record.model_copy(update={"status": "lobby", "version": 0, "next_roll": 0})
            )
            for seat, holder in seats.items():
                await twin.set_seat(game, seat, holder)
        commit_times: list[float] = []
        for commit in played:
            started = time.perf_counter()
            await twin.commit(commit)
            if commit.entry.n:
                commit_times.append(time.perf_counter() - started)
        commit_times = commit_times[-len(submit_times) :]
        print(
            f"submit, {sources.ruleset}, {len(submit_times)} random legal orders over"
            f" {len(games)} games, {filled.games} other games stored:"
        )
        print(f"  Referee.submit                         {spread(submit_times)}")
        print(f"  floor: engine apply (prompts once)     {spread(apply_times)}")
        print(f"  floor: store commit of the same rows   {spread(commit_times)}")
        floors = [a + c for a, c in zip(apply_times, commit_times, strict=False)]
        ratio = statistics.median(submit_times) / statistics.median(floors)
        print(f"  submit / (apply + commit) medians: {ratio:.2f}x   (goal <= 1.5x)")
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


# --- entry point ----------------------------------------------------------------------------------
def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot bench core", description=__doc__)
    parser.add_argument("--ruleset", action="append", help="only these (default: all shipping)")
    parser.add_argument("--submits", type=int, default=300, help="timed orders")
    parser.add_argument("--finished", type=int, default=3, help="finished games to copy")
    parser.add_argument("--background", type=int, default=1000, help="games beside submit's")
    parser.add_argument("--games", type=int, default=10_000, help="games of the large database")
    parser.add_argument("--small", type=int, default=100, help="games of the small database")
    parser.add_argument("--active", type=int, default=1000, help="active games in memory")
    parser.add_argument("--database", default="sqlite", help="store backend (slot: sqlite)")
    parser.add_argument("--quick", action="store_true", help="smaller figures, for a smoke run")
    args = parser.parse_args(argv)
    check_database(args.database)
    if args.quick:
        args.submits, args.finished, args.background = 40, 1, 100
        args.games, args.active = 1000, 100
    rulesets = args.ruleset or stored.shipping()

    async def main() -> None:
        with tempfile.TemporaryDirectory(prefix="bench-core-") as tmp:
            folder = Path(tmp)
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
                    await bench_map(source, sources)
                finally:
                    await source.close()
                steps = (
                    ("submit", bench_submit(folder, sources, args.background, args.submits)),
                    ("lookups", bench_lookups(folder, sources, args.small, args.games)),
                    ("memory", bench_memory(folder, sources, args.active)),
                )
                for name, step in steps:
                    started = time.perf_counter()
                    await step
                    print(f"  [{name}: {time.perf_counter() - started:.1f} s]")

    print(f"bench core: {args.database} in a temporary folder, Python {sys.version.split()[0]}")
    asyncio.run(main())


if __name__ == "__main__":
    run(sys.argv[1:])
