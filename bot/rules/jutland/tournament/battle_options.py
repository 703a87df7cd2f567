"""The Tournament options at /game new (锦标赛玩法): each a module of the Advanced Game,
refused without it; the one-roll weather (22.1 item 3) only with both weather tables."""

from __future__ import annotations

from typing import Protocol

from bot.rules.core import RuleViolation
from bot.rules.jutland.tournament.battle_state import BattleModules


class Chosen(Protocol):
    """The fields of JutlandOptions read here (it is defined with the ruleset)."""

    @property
    def rules(self) -> str: ...
    @property
    def ammunition(self) -> bool: ...
    @property
    def special_damage(self) -> bool: ...
    @property
    def smoke(self) -> bool: ...
    @property
    def visibility(self) -> bool: ...
    @property
    def wind(self) -> bool: ...
    @property
    def weather_one_roll(self) -> bool: ...


SECTIONS = {
    "ammunition": "Jutland 22.2",
    "smoke": "Jutland 22.2",
    "special_damage": "Jutland 22.3",
    "visibility": "Jutland 22.1",
    "wind": "Jutland 22.1",
    "weather_one_roll": "Jutland 22.1",
}


def check_options(o: Chosen) -> None:
    for name, section in SECTIONS.items():
        if getattr(o, name) and o.rules != "advanced":
            raise RuleViolation("jut.options.tournament", section)
    if o.weather_one_roll and not (o.visibility and o.wind):
        raise RuleViolation("jut.options.one_roll", "Jutland 22.1")


def modules(o: Chosen) -> BattleModules:
    return BattleModules(
        special_damage=o.special_damage, smoke=o.smoke, visibility=o.visibility, wind=o.wind,
        one_roll=o.weather_one_roll,
    )  # fmt: skip
