"""Which rulesets exist. Games register at import; tests may register their own."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from bot.rules.core.errors import RuleViolation
from bot.rules.core.model import View
from bot.rules.core.ruleset import Ruleset

_RULESETS: dict[str, Ruleset[Any]] = {}
_BUILTIN = {
    "war-at-sea": "bot.rules.war_at_sea",
    "jutland": "bot.rules.jutland",
    "gj74": "bot.rules.gj74",
    "aa50": "bot.rules.aa50",
    "pocket-battles": "bot.rules.pocket_battles",
}


def register(ruleset: Ruleset[Any]) -> Ruleset[Any]:
    if ruleset.view_model is View:
        # Views travel as JSON and are validated back with this model (Ruleset.load_view).
        raise TypeError(f"ruleset {ruleset.id} must set view_model to its View subclass")
    _RULESETS[ruleset.id] = ruleset
    return ruleset


def get(ruleset_id: str) -> Ruleset[Any]:
    if not isinstance(ruleset_id, str):
        raise RuleViolation("core.ruleset.unknown", "Referee", ruleset=repr(ruleset_id))
    if ruleset_id not in _RULESETS and ruleset_id in _BUILTIN:
        import_module(_BUILTIN[ruleset_id])
    try:
        return _RULESETS[ruleset_id]
    except KeyError:
        raise RuleViolation("core.ruleset.unknown", "Referee", ruleset=ruleset_id) from None


def builtin(ruleset_id: str) -> bool:
    """Whether a fresh process finds this ruleset by itself (one shipped with the bot, not one
    registered at run time): only those may be worked on in another process."""
    return ruleset_id in _BUILTIN


def available() -> list[str]:
    for name in _BUILTIN:
        try:
            get(name)
        except (RuleViolation, ImportError):
            continue  # a game still being written is simply not offered
    return sorted(_RULESETS)
