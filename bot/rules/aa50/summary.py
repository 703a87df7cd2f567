"""A power's turn in a few lines (issue 18), from its record in the view (``TurnLog``): the
research (5.2), the purchases (5.3), each battle and how it ended (5.5), the territories that
changed hands and the plunder (5.5.3.6-8), the income and the national objectives met (5.8).
Localisable texts only; the Discord layer words them in the reader's language."""

from __future__ import annotations

from typing import Any

from bot.rules.aa50 import board
from bot.rules.aa50.chronicle import BattleResult, TurnLog
from bot.rules.core import Text, t


def units(counts: dict[str, int]) -> list[dict[str, Any]]:
    """``{"infantry": 2}`` as localisable "2 Infantry" items (listed by the catalog's
    separator), in the rulebook's order of unit types."""
    order: list[str] = list(board.UNIT_TYPES)
    return [
        t("aa50.summary.unit_count", n=n, unit=t(f"aa50.unit.{u}").model_dump()).model_dump()
        for u, n in sorted(counts.items(), key=lambda x: order.index(x[0]))
        if n
    ]


def _place(tid: str) -> dict[str, Any]:
    return t(f"aa50.loc.{tid}").model_dump()


def _power(p: str) -> dict[str, Any]:
    return t(f"aa50.power.{p}").model_dump()


def battle_line(r: BattleResult) -> Text:
    none = t("aa50.summary.nothing").model_dump()
    return t(
        "aa50.summary.battle",
        where=_place(r.where),
        kind=t(f"aa50.battle_kind.{r.kind}").model_dump(),
        outcome=t(f"aa50.summary.outcome.{r.outcome or 'stalemate'}", damage=r.damage).model_dump(),
        rounds=r.rounds,
        attacker=units(r.attacker_lost) or [none],
        defender=units(r.defender_lost) or [none],
    )


def lines(log: TurnLog) -> list[Text]:
    out = [t("aa50.summary.title", power=_power(log.power), round=log.round)]
    if log.tokens or log.advances:
        advances = [t(f"aa50.advance.{a}").model_dump() for a in log.advances]
        out.append(
            t(
                "aa50.summary.research",
                tokens=log.tokens,
                advances=advances or [t("aa50.summary.nothing").model_dump()],
            )
        )
    if log.bought or log.repaired:
        out.append(
            t(
                "aa50.summary.bought",
                units=units(log.bought) or [t("aa50.summary.nothing").model_dump()],
                repaired=log.repaired,
                spent=log.spent,
            )
        )
    out += [battle_line(r) for r in log.battles]
    if log.taken:
        out.append(
            t(
                "aa50.summary.taken",
                places=[
                    t("aa50.summary.taken_from", where=_place(w), loser=_power(p)).model_dump()
                    for w, p in log.taken.items()
                ],
            )
        )
    if log.plunder:
        out.append(t("aa50.summary.plunder", ipcs=log.plunder))
    if log.income is not None:
        met = [t(f"aa50.objective.{o}").model_dump() for o in log.objectives]
        out.append(
            t(
                "aa50.summary.income",
                ipcs=log.income,
                bonus=log.bonus,
                bonds=log.war_bonds,
                total=log.ipcs,
            )
        )
        if met:
            out.append(t("aa50.summary.objectives", objectives=met, bonus=log.bonus))
    return out
