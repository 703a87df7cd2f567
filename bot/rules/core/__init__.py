"""The contracts every game implements (ARCHITECTURE.md, "The contracts of bot/rules/core")."""

from __future__ import annotations

from bot.rules.core.dice import Dice, DiceExhausted, NoDice, ReplayDice, Roll, ScriptedDice
from bot.rules.core.errors import RuleViolation
from bot.rules.core.events import PUBLIC, SEAT, Event, EventParams, SeatParam
from bot.rules.core.model import Action, GameState, Result, View
from bot.rules.core.prompt import Choice, Option, OrderForm, Prompt, When
from bot.rules.core.ruleset import Outcome, Ruleset, Scenario
from bot.rules.core.seats import Audience, Seat, narrow
from bot.rules.core.text import Label, Text, t

__all__ = [
    "PUBLIC",
    "SEAT",
    "Action",
    "Audience",
    "Choice",
    "Dice",
    "DiceExhausted",
    "Event",
    "EventParams",
    "GameState",
    "Label",
    "NoDice",
    "Option",
    "OrderForm",
    "Outcome",
    "Prompt",
    "ReplayDice",
    "Result",
    "Roll",
    "RuleViolation",
    "Ruleset",
    "Scenario",
    "ScriptedDice",
    "Seat",
    "SeatParam",
    "Text",
    "View",
    "When",
    "narrow",
    "t",
]
