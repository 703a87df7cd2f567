"""Jutland (Avalon Hill 1967, rules of 1974): rules engine and component data.

Sections are cited ``Jutland <chapter>.<part>`` so the shared rule index (bot/ruleindex.py,
which reads ``<citation> <n>.<m>``) can read them:

- Basic Game chapters 一 to 六 are 1 to 6; Advanced Game chapters 一 to 七 are 11 to 17;
  Tournament chapters 一 to 三 are 21 to 23;
- the lettered part A, B, C, D ... of a chapter is .1, .2, .3, .4 ... (Basic 三.C, the search
  procedure, is ``Jutland 3.3``; Advanced 三.E, fuel, is ``Jutland 13.5``); a chapter without
  letters (Basic 五, exits) is cited whole (``Jutland 5``);
- a numbered item inside a part is named in words (``Jutland 3.3 item 2``).

The engine is pure (stdlib and pydantic only). ``turn`` runs the sequence of play, ``search``
the hidden search, ``view`` and ``hiding`` what each audience may know.
"""

from __future__ import annotations

from bot.rules.core.registry import register
from bot.rules.jutland.ruleset import Jutland

__all__ = ["RULESET", "Jutland"]

RULESET = register(Jutland())
