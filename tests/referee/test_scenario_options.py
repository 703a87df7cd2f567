"""A scenario's suggested options are the game's defaults at /game new; the players' own
choices are laid over them (Ruleset.scenario_options: Jutland 23.1's mini-scenarios)."""

from __future__ import annotations

from bot.referee import Referee


async def test_game_new_applies_the_scenarios_options_and_the_players_choices_win(
    referee: Referee,
) -> None:
    game = await referee.create("jutland", guild_id="1", created_by="u", scenario="dogger_bank")
    assert game.options["rules"] == "advanced"
    other = await referee.create(
        "jutland",
        guild_id="1",
        created_by="u",
        scenario="hit_and_run",
        options={"ammunition": True},
    )
    assert other.options["rules"] == "advanced" and other.options["ammunition"] is True
    basic = await referee.create("jutland", guild_id="1", created_by="u")
    assert basic.options["rules"] == "basic"
