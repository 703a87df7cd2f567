"""`python -m bot store copy`: a SQLite database with games of every ruleset (a lobby, a running
game with an undone order, a finished one, an abandoned one) into PostgreSQL and back into a new
SQLite file: every row the same, every export the same, the running games still playable."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

import tests.vaults  # registers the "vaults" ruleset
from bot.autoplay import random_action
from bot.cli import main
from bot.referee import Referee
from bot.rules.core import RuleViolation
from bot.rules.core.registry import available
from bot.rules.core.registry import get as get_ruleset
from bot.store import Store

RULESETS = sorted({*available(), tests.vaults.RULESET.id})
# Games that have no end of their own by default are given one here, so "over" ends: AA50
# plays until a side holds its victory cities, as the rulebook does (1.4), unless a round
# limit is set.
OPTIONS: dict[str, dict[str, object]] = {"aa50": {"round_limit": 6}}


async def _play(referee: Referee, game_id: str, users: dict[str, str], steps: int | None) -> None:
    """Random legal orders (the default when one is refused) until the end or ``steps``."""
    rng = random.Random(game_id)
    done = 0
    while steps is None or done < steps:
        record, state = await referee.state(game_id)
        if state.result is not None:
            return
        prompt = rng.choice(get_ruleset(record.ruleset).prompts(state))
        key = f"{game_id}:{record.version}"
        try:
            await referee.submit(game_id, users[prompt.seat], random_action(prompt, rng), key)
        except RuleViolation:
            await referee.submit(game_id, users[prompt.seat], prompt.default or {}, key)
        done += 1


async def _fill(path: Path) -> dict[str, str]:
    store = await Store.open(path)
    referee = Referee(store)
    games: dict[str, str] = {}
    try:
        for ruleset in RULESETS:
            seats = get_ruleset(ruleset).seats
            users = {seat: f"{ruleset}:{seat}" for seat in seats}
            for kind in ("lobby", "running", "over", "abandoned"):
                record = await referee.create(
                    ruleset, guild_id="1", created_by="u", options=OPTIONS.get(ruleset)
                )
                games[f"{ruleset}:{kind}"] = record.id
                if kind == "lobby":
                    continue
                for seat, user in users.items():
                    await referee.join(record.id, user, seat)
                await referee.start(record.id, users[seats[0]])
                if kind == "abandoned":
                    await referee.set_status(record.id, "abandoned", by_user="u")
                    continue
                await _play(referee, record.id, users, None if kind == "over" else 6)
        pending = await store.pending()
        await store.delivered(pending[0].id)
        await store.set_user_locale("u", "zh-CN")
    finally:
        await store.close()
    return games


async def _rows(target: str | Path) -> dict[str, list[tuple[object, ...]]]:
    store = await Store.open(target)
    try:
        return await store.table_rows()
    finally:
        await store.close()


def test_copy_to_postgres_and_back(
    tmp_path: Path, pg_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    source, back = tmp_path / "source.sqlite3", tmp_path / "back.sqlite3"
    games = asyncio.run(_fill(source))
    statuses = asyncio.run(_statuses(source))
    assert {games[f"{r}:over"]: "over" for r in RULESETS}.items() <= statuses.items()

    assert main(["--lang", "en", "store", "copy", str(source), pg_url]) == 0
    out = capsys.readouterr().out
    assert f"({len(games)} games)" in out and "exports are identical" in out
    assert main(["--lang", "en", "store", "copy", pg_url, str(back)]) == 0

    original = asyncio.run(_rows(source))
    assert asyncio.run(_rows(pg_url)) == original
    assert asyncio.run(_rows(back)) == original
    # A second copy into a database that holds games is refused, and changes nothing.
    assert main(["--lang", "en", "store", "copy", str(source), pg_url]) == 2
    assert "already holds games" in capsys.readouterr().err
    assert asyncio.run(_rows(pg_url)) == original
    # The copied running games go on, on PostgreSQL.
    asyncio.run(_carry_on(pg_url, [games[f"{r}:running"] for r in RULESETS]))


async def _statuses(path: Path) -> dict[str, str]:
    store = await Store.open(path)
    try:
        return {g.id: g.status for g in await store.games()}
    finally:
        await store.close()


async def _carry_on(target: str, game_ids: list[str]) -> None:
    store = await Store.open(target)
    try:
        referee = Referee(store)
        carried = 0
        for game_id in game_ids:
            record, state = await referee.state(game_id)
            if state.result is not None:
                continue  # a short test game that ended within its few orders
            carried += 1
            users = await store.seats(game_id)
            before = record.version
            await _play(referee, game_id, users, 1)
            assert (await referee.game(game_id)).version == before + 1
        assert carried >= 1
    finally:
        await store.close()
