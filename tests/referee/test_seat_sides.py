"""Who may hold which seats together (Ruleset.check_holding): in AA50 one player holds several
powers only of one side (rule 3), whether taking a seat in the lobby or being handed one."""

from __future__ import annotations

import pytest

from bot.referee import Referee
from bot.rules.core import RuleViolation


async def test_one_player_holds_powers_of_one_side_only(referee: Referee) -> None:
    record = await referee.create("aa50", guild_id="g1", created_by="alice")
    await referee.join(record.id, "alice", "germans")
    await referee.join(record.id, "alice", "italians")  # the Axis together: fine
    await referee.join(record.id, "bob", "americans")
    with pytest.raises(RuleViolation) as refused:
        await referee.join(record.id, "alice", "british")
    assert (refused.value.code, refused.value.section) == ("aa50.seat.two_sides", "AA50 3")
    assert "british" not in await referee.seats(record.id)
    with pytest.raises(RuleViolation) as handed:
        await referee.substitute(record.id, "americans", "alice", by_user="bob")
    assert handed.value.code == "aa50.seat.two_sides"
    assert (await referee.seats(record.id))["americans"] == "bob"
    await referee.join(record.id, "bob", "british")  # the Allies together: fine
    assert (await referee.seats(record.id))["british"] == "bob"


async def test_a_player_joining_without_naming_a_seat_gets_one_of_its_side(
    referee: Referee,
) -> None:
    record = await referee.create("aa50", guild_id="g1", created_by="alice")
    await referee.join(record.id, "alice", "russians")
    # Germany and Japan come first among the free seats, but they are Axis powers.
    assert await referee.join(record.id, "alice") == "british"
