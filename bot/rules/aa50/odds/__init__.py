"""AA50 battle odds (issue 18): exact (``chain``, a Markov chain over the units left, solved
position by position in ``solve`` or a column at a time for a land battle in ``sweep``) and
by sampling (``montecarlo``, the yardstick). Pure rules code: stdlib and pydantic only."""

from __future__ import annotations

from bot.rules.aa50.odds.solve import odds
from bot.rules.aa50.odds.spec import BattleSpec, CasualtyOrder, Odds, Side

__all__ = ["BattleSpec", "CasualtyOrder", "Odds", "Side", "odds"]
