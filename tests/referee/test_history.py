"""Delivery builds a step's views from the state at the step's version: that state must be the
one the referee had then, whatever happened since (more orders, an undo, pruned snapshots)."""

from __future__ import annotations

import random

from bot.autoplay import random_action
from bot.referee import Referee
from bot.referee.history import History
from bot.rules.core import GameState, RuleViolation
from bot.store import Store
from tests.referee.conftest import started_game


async def _play(referee: Referee, game: str, orders: int, seed: int) -> dict[int, GameState]:
    """Orders until the game ends (or ``orders``), with the state after each version."""
    states: dict[int, GameState] = {}
    rng = random.Random(seed)
    record, state = await referee.state(game)
    states[record.version] = state
    for i in range(orders):
        prompts = [*await referee.prompts(game, "alice"), *await referee.prompts(game, "bob")]
        if not prompts:
            break
        prompt = rng.choice(prompts)
        user = "alice" if prompt.seat == "north" else "bob"
        try:
            await referee.submit(game, user, random_action(prompt, rng), f"k{seed}-{i}")
        except RuleViolation:
            await referee.submit(game, user, prompt.default or {}, f"d{seed}-{i}")
        if i == 2:  # an undo in the middle: the version it was taken at must still replay
            try:
                await referee.undo(game, user)
            except RuleViolation:
                pass
            else:
                record, state = await referee.state(game)
                states[record.version] = state
                continue
        record, state = await referee.state(game)
        states[record.version] = state
    return states


async def test_every_past_version_replays_to_the_state_the_referee_had(
    referee: Referee, store: Store
) -> None:
    checked = 0
    for seed in range(4):
        game = await started_game(referee, snapshot_every=2)
        # Versions the undo skipped over are filled in from what was current at the time.
        states = await _play(referee, game, 40, seed)
        fresh = History(Referee(store))  # nothing cached: every version is replayed
        for version, state in states.items():
            assert await fresh.state_at(game, version) == state, (seed, version)
            checked += 1
        assert fresh.replays == len(states)
    assert checked > 20


async def test_only_the_newest_two_snapshots_are_kept(referee: Referee, store: Store) -> None:
    game = await started_game(referee, snapshot_every=1)
    await _play(referee, game, 12, 7)

    def snapshots(conn):  # type: ignore[no-untyped-def]
        return [n for (n,) in conn.execute("SELECT n FROM snapshots WHERE game_id = ?", (game,))]

    kept = await store._run(snapshots)
    assert len(kept) == 2
    # A cold referee still loads the game, and the oldest version replays from the set-up.
    _, state = await Referee(store).state(game)
    _, cached = await referee.state(game)
    assert state == cached
    first = await History(Referee(store)).state_at(game, 1)
    assert first.model_dump() == (await _first_state(store, game)).model_dump()


async def _first_state(store: Store, game: str) -> GameState:
    from bot.rules.core import ReplayDice
    from tests.vaults import RULESET

    record = await store.game(game)
    assert record is not None
    setup = (await store.log(game))[0]
    options = RULESET.parse_options(record.options)
    return RULESET.setup(record.scenario, options, ReplayDice(setup.rolls)).state
