"""Benchmark of the core: the referee's submit() on a SQLite file, against SQLite itself.

Usage: ``python -m bot bench core [--submits N] [--log N] [--games N] [--small N] [--quick]
[--database postgresql://...]``. With ``--database`` every figure is measured on SQLite and on
that PostgreSQL database (in schemas of its own), each part's two blocks printed together.
Prints:

- ``submit()`` median and p99 over Vaults games (the test-only game, loaded from ``tests``
  when the repository is at hand; else the bench's own counter game);
- a bare INSERT+COMMIT of a row the size of a submit's action and events, in the same file and
  run, and the ratio (goal: submit at most 3x the bare commit);
- loading a game with 1,000 logged actions from a cold referee (goal: at most 20 ms), with a
  long-running counter game defined here ("bench-counter");
- submit() with 10,000 games in the database against 100 (goal: at most 1.2x);
- two processes' combined orders per second on one database against one process alone.

Figures are printed with their goals beside them; nothing is asserted.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import io
import json
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from bot.autoplay import random_action
from bot.benches.core_processes import bench_processes
from bot.referee import Referee
from bot.rules.core import (
    Action,
    Dice,
    Event,
    GameState,
    OrderForm,
    Outcome,
    Prompt,
    Result,
    Ruleset,
    RuleViolation,
    Scenario,
    View,
    t,
)
from bot.rules.core.registry import get as get_ruleset
from bot.rules.core.registry import register
from bot.store import Commit, GameRecord, Store

# --- a long-running game for the bench: two seats take turns to roll and add ------------------
COUNTER_SEATS = ("a", "b")


class CounterOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    length: int = Field(default=2000, ge=1, le=1_000_000, description="orders until the end")


class Step(Action):
    type: Literal["step"] = "step"


class Hold(Action):
    type: Literal["hold"] = "hold"


CounterAction = Annotated[Step | Hold, Field(discriminator="type")]


class CounterState(GameState):
    totals: dict[str, int]
    moves: int = 0
    length: int
    to_move: str = "a"


class CounterView(View):
    totals: dict[str, int]
    moves: int
    length: int
    to_move: str | None


class Counter(Ruleset[CounterState]):
    """Counter 1: each seat's total starts at a die roll. Counter 2: the seat to move either
    steps (rolls a die and adds it to its total) or holds; then the other seat moves. Counter 3:
    after ``length`` orders the larger total wins."""

    id: ClassVar[str] = "bench-counter"
    title = t("bench.counter.title")
    seats = COUNTER_SEATS
    state_model = CounterState
    options_model = CounterOptions
    action_adapter: ClassVar[TypeAdapter[Any]] = TypeAdapter(CounterAction)

    def scenarios(self) -> list[Scenario]:
        return [Scenario(id="standard", title=t("bench.counter.scenario"))]

    def setup(self, scenario: str, options: BaseModel, dice: Dice) -> Outcome[CounterState]:
        if scenario != "standard":
            raise RuleViolation("core.scenario.unknown", "Referee", scenario=scenario)
        assert isinstance(options, CounterOptions)
        totals = {s: dice.roll(t("bench.counter.roll.start", seat=s)) for s in COUNTER_SEATS}
        state = CounterState(
            ruleset=self.id,
            scenario=scenario,
            seats=COUNTER_SEATS,
            totals=totals,
            length=options.length,
        )
        return Outcome(state=state, events=[Event(kind="counter.started", params=totals)])

    def prompts(self, state: CounterState) -> list[Prompt]:
        if state.result is not None:
            return []
        forms = (
            OrderForm(type="step", label=t("bench.counter.order.step")),
            OrderForm(type="hold", label=t("bench.counter.order.hold")),
        )
        return [
            Prompt(
                id=f"move.{state.moves}",
                seat=state.to_move,
                kind="counter.move",
                title=t("bench.counter.prompt", n=state.moves + 1),
                section="Counter 2",
                forms=forms,
                default={"type": "step"},
            )
        ]

    def resolve(
        self, state: CounterState, seat: str, action: Action, prompt: Prompt, dice: Dice
    ) -> Outcome[CounterState]:
        params: dict[str, Any] = {"seat": seat, "move": state.moves + 1}
        if isinstance(action, Step):
            die = dice.roll(t("bench.counter.roll.step", seat=seat, move=state.moves + 1))
            state.totals[seat] += die
            params["die"] = die
        events = [Event(kind=f"counter.{action.type}", params=params)]
        state.moves += 1
        state.to_move = COUNTER_SEATS[state.moves % 2]
        if state.moves >= state.length:  # Counter 3
            a, b = (state.totals[s] for s in COUNTER_SEATS)
            winner = None if a == b else COUNTER_SEATS[0 if a > b else 1]
            state.result = Result(winner=winner, summary=t("bench.counter.over"))
            events.append(Event(kind="counter.over", params=dict(state.totals)))
        return Outcome(state=state, events=events)

    def view(self, state: CounterState, audience: str | None) -> CounterView:
        return CounterView(
            ruleset=self.id,
            audience=audience,
            status=t("bench.counter.status", moves=state.moves),
            result=state.result,
            totals=state.totals,
            moves=state.moves,
            length=state.length,
            to_move=None if state.result else state.to_move,
        )


COUNTER = Counter()


# --- helpers ------------------------------------------------------------------------------------
def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]


def _vaults() -> str:
    """The Vaults test game's ruleset id (its package lives in the repository's tests); the
    bench's counter game where the tests are not at hand (an installed copy)."""
    try:
        get_ruleset("vaults")
    except RuleViolation:
        root = Path(__file__).resolve().parents[2]
        if (root / "tests" / "vaults").is_dir() and str(root) not in sys.path:
            sys.path.insert(0, str(root))
        try:
            __import__("tests.vaults")
        except ImportError:
            register(COUNTER)
            return COUNTER.id
    return "vaults"


async def _new_game(referee: Referee, ruleset: str, **kwargs: Any) -> GameRecord:
    record = await referee.create(ruleset, guild_id="bench", created_by="u:0", **kwargs)
    for seat in get_ruleset(ruleset).seats:
        await referee.join(record.id, f"u:{seat}", seat)
    await referee.start(record.id, "u:0")
    return record


class _RecordingStore:
    """Keeps every commit a referee makes through ``store`` and how long the store took to
    write it (whichever backend: the store's commit is wrapped on the instance)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.reset()
        original = store.commit

        async def commit(commit: Commit) -> int:
            started = time.perf_counter()
            try:
                return await original(commit)
            finally:
                self.commit_times.append(time.perf_counter() - started)
                self.commits.append(commit)

        setattr(store, "commit", commit)  # noqa: B010 - an instance attribute over the method

    @classmethod
    async def recording(cls, target: str) -> _RecordingStore:
        return cls(await Store.open(target))

    def reset(self) -> None:
        self.commits: list[Commit] = []
        self.commit_times: list[float] = []


class Targets:
    """New databases for the bench's parts: SQLite files in a temporary folder, or schemas of
    their own in the PostgreSQL database given with --database (dropped afterwards)."""

    def __init__(self, folder: Path, database: str | None = None) -> None:
        self.folder, self.database = folder, database
        self.schemas: list[str] = []
        self.name = "PostgreSQL" if database else "SQLite"

    def new(self, name: str) -> str:
        if self.database is None:
            return str(self.folder / f"{name}.sqlite3")
        from bot.store.postgres import scratch_schema

        schema = f"bench_{os.getpid()}_{len(self.schemas)}_{name.replace('-', '_')}"
        self.schemas.append(schema)
        return scratch_schema(self.database, schema)

    def cleanup(self) -> None:
        if self.database is not None:
            from bot.store.postgres import drop_schema

            for schema in self.schemas:
                drop_schema(self.database, schema)


def _written(commit: Commit) -> int:
    """Bytes of JSON one commit writes: the entry (action, events, rolls), the snapshot, the
    outgoing messages."""
    entry = commit.entry
    parts = [
        entry.action,
        [e.model_dump(mode="json") for e in entry.events],
        [r.model_dump(mode="json") for r in entry.rolls],
        [m.payload for m in commit.outbox],
    ]
    return sum(len(json.dumps(p, ensure_ascii=False)) for p in parts) + len(commit.snapshot or "")


class Sample:
    def __init__(self) -> None:
        self.times: list[float] = []
        self.bytes: list[int] = []


After = Callable[[], Awaitable[None]]


async def _play(
    referee: Referee,
    ruleset_id: str,
    rng: random.Random,
    submits: int,
    sample: Sample,
    after: After | None = None,
) -> None:
    """Submit ``submits`` random legal orders over as many fresh games as that takes."""
    ruleset = get_ruleset(ruleset_id)
    while len(sample.times) < submits:
        record = await _new_game(referee, ruleset_id)
        while len(sample.times) < submits:
            current, state = await referee.state(record.id)
            if state.result is not None:
                break
            prompt = rng.choice(ruleset.prompts(state))
            action = random_action(prompt, rng)
            started = time.perf_counter()
            done = await referee.submit(
                record.id, f"u:{prompt.seat}", action, f"k{current.version}", seat=prompt.seat
            )
            sample.times.append(time.perf_counter() - started)
            events = [e.model_dump(mode="json") for e in done.events]
            sample.bytes.append(len(json.dumps(action)) + len(json.dumps(events)))
            if after is not None:
                await after()


# --- 1. submit against a bare commit --------------------------------------------------------------
async def bench_submit(targets: Targets, submits: int) -> None:
    vaults = _vaults()
    recording = await _RecordingStore.recording(targets.new("submit"))
    store = recording.store
    try:
        referee = Referee(store)
        warm = Sample()
        await _play(referee, vaults, random.Random(1), 50, warm)
        small = "x" * round(statistics.mean(warm.bytes))
        whole = "x" * round(statistics.mean(_written(c) for c in recording.commits if c.entry.n))
        bare: dict[str, list[float]] = {"small": [], "whole": []}

        async def yardsticks() -> None:  # after each submit, in the same file and moment
            for name, payload in (("small", small), ("whole", whole)):
                started = time.perf_counter()
                await store.bare_insert(payload)
                bare[name].append(time.perf_counter() - started)

        await yardsticks()
        recording.reset()
        bare = {"small": [], "whole": []}
        sample = Sample()
        await _play(referee, vaults, random.Random(2), submits, sample, yardsticks)
        commits = [c for c in recording.commits if c.entry.n]
        commit_times = [
            t for c, t in zip(recording.commits, recording.commit_times, strict=True) if c.entry.n
        ]
    finally:
        await store.close()
    submit_median = statistics.median(sample.times)
    print(
        f"submit(), {vaults}, {submits} orders (production settings: deadlines on):"
        f" median {_ms(submit_median)}, p99 {_ms(_p99(sample.times))}"
    )
    print(
        f"  of which the store's commit transaction: median {_ms(statistics.median(commit_times))}"
        f", p99 {_ms(_p99(commit_times))}"
    )
    rows = statistics.mean(2 + len(c.entry.rolls) + len(c.outbox) for c in commits)
    print(
        f"  a submit writes ~{rows:.1f} rows and ~{len(whole)} bytes of JSON"
        f" (action+events ~{len(small)} bytes; the rest is messages built from views)"
    )
    for name, payload in (("small", small), ("whole", whole)):
        median = statistics.median(bare[name])
        what = "a submit's action+events" if name == "small" else "everything a submit writes"
        print(
            f"bare INSERT+COMMIT of {len(payload)} bytes ({what}): median {_ms(median)},"
            f" p99 {_ms(_p99(bare[name]))}"
        )
        goal = "   (goal <= 3x)" if name == "small" else ""
        print(f"  submit / bare commit: {submit_median / median:.1f}x{goal}")


# --- 2. a long game from a cold referee -----------------------------------------------------------
async def _cold_load(store: Store, game_id: str, moves: int, repeat: int = 21) -> list[float]:
    times: list[float] = []
    for _ in range(repeat):
        fresh = Referee(store)  # nothing cached: the state comes from the snapshot and the log
        started = time.perf_counter()
        _, state = await fresh.state(game_id)
        times.append(time.perf_counter() - started)
        assert isinstance(state, CounterState) and state.moves == moves
    return times


async def bench_load(targets: Targets, actions: int) -> None:
    register(COUNTER)
    path = targets.new("load")
    store = await Store.open(path)
    rows: list[tuple[str, list[float]]] = []
    try:
        referee = Referee(store)

        async def game(every: int, moves: int) -> str:
            options = {"length": actions * 10}
            record = await _new_game(
                referee, COUNTER.id, options=options, settings={"snapshot_every": every}
            )
            await more(record.id, 0, moves)
            return record.id

        async def more(game_id: str, done: int, moves: int) -> None:
            for i in range(done, done + moves):
                seat = COUNTER_SEATS[i % 2]
                await referee.submit(game_id, f"u:{seat}", {"type": "step"}, f"k{i}")

        main = await game(25, actions)
        rows.append(
            (
                f"{actions} actions, snapshot every 25 (tail 0)",
                await _cold_load(store, main, actions),
            )
        )
        await more(main, actions, 24)
        rows.append(
            (
                f"{actions + 24} actions, snapshot every 25 (tail 24, the most)",
                await _cold_load(store, main, actions + 24),
            )
        )
        whole = await game(1000, actions - 1)
        rows.append(
            (
                f"{actions - 1} actions, snapshot every 1000 (replays them all)",
                await _cold_load(store, whole, actions - 1),
            )
        )
    finally:
        await store.close()
    for i, (label, times) in enumerate(rows):
        goal = "   (goal <= 20 ms)" if i < 2 else ""
        print(
            f"load a game from a cold referee, {label}: median {_ms(statistics.median(times))},"
            f" max {_ms(max(times))}{goal}"
        )
    # A cold process: the store freshly opened too (the first read after a restart).
    store = await Store.open(path)
    try:
        started = time.perf_counter()
        await Referee(store).state(main)
        first = time.perf_counter() - started
        print(
            f"  the same ({actions + 24} actions), first read on a freshly opened store:"
            f" {_ms(first)}"
        )
    finally:
        await store.close()


# --- 3. many games in the database ----------------------------------------------------------------
def _rebind(commit: Commit, game_id: str) -> Commit:
    old = commit.game_id
    return commit.model_copy(
        update={
            "game_id": game_id,
            "deadlines": [d.model_copy(update={"game_id": game_id}) for d in commit.deadlines],
            "outbox": [
                m.model_copy(update={"game_id": game_id, "dedupe": m.dedupe.replace(old, game_id)})
                for m in commit.outbox
            ],
        }
    )


async def _template(targets: Targets, vaults: str, entries: int) -> tuple[GameRecord, list[Commit]]:
    """A Vaults game's first ``entries`` commits (set-up included), to clone cheaply."""
    recording = await _RecordingStore.recording(targets.new("template"))
    store = recording.store
    try:
        referee = Referee(store)
        record = await _new_game(referee, vaults)
        rng = random.Random(3)
        ruleset = get_ruleset(vaults)
        while len(recording.commits) < entries:
            current, state = await referee.state(record.id)
            if state.result is not None:
                break
            prompt = ruleset.prompts(state)[0]
            action = random_action(prompt, rng)
            await referee.submit(record.id, f"u:{prompt.seat}", action, f"k{current.version}")
        record = await referee.game(record.id)
        return record, list(recording.commits)
    finally:
        await store.close()


async def _fill(
    store: Store, template: GameRecord, commits: list[Commit], games: int, prefix: str
) -> None:
    """``games`` started games with the template's log, written through the store's API."""

    async def clone(n: int) -> None:
        game_id = f"{prefix}{n:06d}"
        await store.create_game(
            template.model_copy(
                update={"id": game_id, "status": "lobby", "version": 0, "next_roll": 0}
            )
        )
        for seat in get_ruleset(template.ruleset).seats:
            await store.set_seat(game_id, seat, f"u:{seat}")
        for commit in commits:
            await store.commit(_rebind(commit, game_id))

    for first in range(0, games, 200):  # queued together: the store runs them back to back
        await asyncio.gather(*(clone(n) for n in range(first, min(games, first + 200))))


async def bench_scale(targets: Targets, small: int, large: int, submits: int) -> None:
    vaults = _vaults()
    template, commits = await _template(targets, vaults, entries=4)
    stores: dict[int, Store] = {}
    try:
        for games in (small, large):
            stores[games] = store = await Store.open(targets.new(f"games-{games}"))
            started = time.perf_counter()
            await _fill(store, template, commits, games, prefix="bg")
            size = await store.size_bytes()
            print(
                f"  made {games} games ({len(commits)} log entries each) in"
                f" {time.perf_counter() - started:.1f} s, {size / 1e6:.0f} MB on disk"
            )
        samples = {games: Sample() for games in stores}
        referees = {games: Referee(store) for games, store in stores.items()}
        for referee in referees.values():  # warm-up
            await _play(referee, vaults, random.Random(4), 30, Sample())
        block = max(10, submits // 6)
        rng = {games: random.Random(5) for games in stores}
        while any(len(s.times) < submits for s in samples.values()):
            for games, referee in referees.items():  # alternate, so drift hits both alike
                sample = samples[games]
                goal = min(submits, len(sample.times) + block)
                await _play(referee, vaults, rng[games], goal, sample)
    finally:
        for store in stores.values():
            await store.close()
    medians: dict[int, float] = {}
    for games, sample in samples.items():
        medians[games] = statistics.median(sample.times)
        print(
            f"submit() with {games} games in the database: median {_ms(medians[games])},"
            f" p99 {_ms(_p99(sample.times))}"
        )
    ratio = medians[large] / medians[small]
    print(f"  {large} games / {small} games: {ratio:.2f}x   (goal <= 1.2x)")


# --- entry point ----------------------------------------------------------------------------------
def run(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m bot bench core", description=__doc__)
    parser.add_argument("--submits", type=int, default=400, help="timed submits per figure")
    parser.add_argument("--log", type=int, default=1000, help="logged actions of the long game")
    parser.add_argument("--games", type=int, default=10_000, help="games of the large database")
    parser.add_argument("--small", type=int, default=100, help="games of the small database")
    parser.add_argument("--quick", action="store_true", help="smaller figures, for a smoke run")
    parser.add_argument(
        "--database",
        help="also run every figure on this PostgreSQL database (postgresql://...; the bench"
        " works in schemas of its own and drops them), printed beside SQLite's",
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.submits, args.log, args.games = 60, 200, 500

    def parts(targets: Targets) -> list[tuple[str, Callable[[], Awaitable[None]]]]:
        async def processes() -> None:
            one, two = targets.new("one-process"), targets.new("two-processes")
            for target in (one, two):  # migrated before the workers race to open them
                await (await Store.open(target)).close()
            await asyncio.to_thread(bench_processes, one, two, args.submits)

        return [
            ("submit", lambda: bench_submit(targets, args.submits)),
            ("load", lambda: bench_load(targets, args.log)),
            ("scale", lambda: bench_scale(targets, args.small, args.games, args.submits)),
            ("processes", processes),
        ]

    async def main() -> None:
        with tempfile.TemporaryDirectory(prefix="bench-core-") as tmp:
            backends = [Targets(Path(tmp))]
            if args.database:
                backends.append(Targets(Path(tmp), args.database))
            try:
                # Each part on each backend in turn, its figures printed together.
                for index in range(len(parts(backends[0]))):
                    for targets in backends:
                        name, step = parts(targets)[index]
                        out = io.StringIO()
                        started = time.perf_counter()
                        with contextlib.redirect_stdout(out):
                            await step()
                        print(f"[{name}, {targets.name}]")
                        print(out.getvalue(), end="")
                        print(
                            f"  [{name} on {targets.name}: {time.perf_counter() - started:.1f} s]"
                        )
            finally:
                for targets in backends:
                    targets.cleanup()

    where = "a SQLite file in a temporary folder"
    if args.database:
        where += " and PostgreSQL (--database)"
    print(f"bench core: {where}, Python {sys.version.split()[0]}")
    asyncio.run(main())


if __name__ == "__main__":
    run(sys.argv[1:])
