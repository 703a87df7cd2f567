"""The play variants' event kinds (typed as bot/rules/jutland/events.py's are)."""

from __future__ import annotations

from typing import ClassVar

from bot.rules.core import Label
from bot.rules.core.events import EventParams


class ScenarioBegins(EventParams):
    """23.1: a mini-scenario's forces are set up."""

    event_kind: ClassVar[str] = "jut.scenario"
    scenario: Label


class ScenarioPoints(EventParams):
    """23.1: the scenario's final score: 17's points with its bonuses and multipliers."""

    event_kind: ClassVar[str] = "jut.scenario_points"
    german: int
    british: int
    german_sank: int
    british_sank: int


class SoloPlan(EventParams):
    """Solitaire (Tournament 三.B): the bot's German plan, told when contact reveals it."""

    event_kind: ClassVar[str] = "jut.solo_plan"
    plan: int
    depart: int
    pattern: int


class SoloBegins(EventParams):
    """Solitaire (三.B): no contact was found; the Germans stand at the end of their
    initial movement, the British in their bases."""

    event_kind: ClassVar[str] = "jut.solo_no_contact"
    hour: int
