"""What the table saw this turn, kept for the pictures and the turn summary (issue 18).

The dice of a battle round (5.5.3: each volley's rolls and what each die needed), the units of
both sides when the round began and what they lost, and the turn's record (research, purchases,
battles and their outcome, territories taken, plunder, income and national objectives met,
5.2-5.8). Everything here is public (view.py: the game has no hidden information); the engine
calls these functions where the thing happens, and the view copies the records as they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from bot.rules.aa50 import board

if TYPE_CHECKING:
    from bot.rules.aa50.state import Aa50State, Unit

BattleSide = Literal["attacker", "defender"]
VolleyKind = Literal["aa", "bombard", "surprise", "fire", "bombing"]
Outcome = Literal["", "taken", "held", "cleared", "retreat", "bombed", "stalemate"]
"""How a battle ended (5.5.3.5-6): the territory taken, the defence holding, a sea zone
cleared, the attacker retreating, a raid's damage, or neither side able to hit the other."""


class Volley(BaseModel):
    model_config = ConfigDict(extra="forbid")

    who: BattleSide
    what: VolleyKind
    rolls: list[int] = Field(default_factory=list)
    needs: list[int] = Field(default_factory=list)
    """Per die: it hits on this or less (0 for a raid's damage dice, 5.5.1)."""
    hits: int = 0


class BattleLog(BaseModel):
    """One battle's current (or last) round as the battle board shows it."""

    model_config = ConfigDict(extra="forbid")

    where: str
    kind: str
    attacker: str
    round: int = 1
    defender: str | None = None
    """The defending power with the most units there (several may defend together, 5.5.4)."""
    attackers: dict[str, int] = Field(default_factory=dict)
    defenders: dict[str, int] = Field(default_factory=dict)
    """Units by type when the round's first die was rolled."""
    volleys: list[Volley] = Field(default_factory=list)
    lost: dict[BattleSide, dict[str, int]] = Field(default_factory=dict)
    outcome: Outcome = ""
    damage: int = 0
    """A strategic bombing raid's damage markers placed (5.5.1)."""
    step: int = 0
    """The turn's decision count (``Aa50State.step_no``) when it last changed: a picture
    shows the board of a battle the last order fought, even once the phase moved on."""


class BattleResult(BaseModel):
    model_config = ConfigDict(extra="forbid")

    where: str
    kind: str
    outcome: Outcome
    rounds: int
    attacker_lost: dict[str, int] = Field(default_factory=dict)
    defender_lost: dict[str, int] = Field(default_factory=dict)
    damage: int = 0


class TurnLog(BaseModel):
    """One power's turn (5.1), for the summary posted when it ends."""

    model_config = ConfigDict(extra="forbid")

    round: int
    power: str
    tokens: int = 0
    advances: list[str] = Field(default_factory=list)
    bought: dict[str, int] = Field(default_factory=dict)
    spent: int = 0
    repaired: int = 0
    battles: list[BattleResult] = Field(default_factory=list)
    taken: dict[str, str] = Field(default_factory=dict)
    """Territories that changed hands this turn: territory -> who held it before."""
    plunder: int = 0
    income: int | None = None
    bonus: int = 0
    objectives: list[str] = Field(default_factory=list)
    war_bonds: int = 0
    ipcs: int = 0
    """The power's IPCs when the turn ended."""


# --- the turn ---------------------------------------------------------------------------------
def turn_log(state: Aa50State) -> TurnLog:
    log = state.turn_log
    if log is None or log.power != state.power or log.round != state.round:
        log = state.turn_log = TurnLog(round=state.round, power=state.power)
    return log


def begin_turn(state: Aa50State) -> None:
    state.turn_log = TurnLog(round=state.round, power=state.power)
    state.battle_log = None


def end_turn(state: Aa50State) -> None:
    """5.8 done: the turn's record becomes the last turn's (the summary's source)."""
    log = turn_log(state)
    log.taken = {
        tid: before
        for tid, before in sorted(state.start_owners.items())
        if state.owners.get(tid) != before
    }
    log.ipcs = state.ipcs.get(state.power, 0)
    state.last_turn = log
    state.turn_log = None


def bought(state: Aa50State, unit: str, count: int, cost: int) -> None:
    log = turn_log(state)
    log.bought[unit] = log.bought.get(unit, 0) + count
    log.spent += cost


def repaired(state: Aa50State, markers: int, cost: int) -> None:
    log = turn_log(state)
    log.repaired += markers
    log.spent += cost


def researched(state: Aa50State, tokens: int, cost: int) -> None:
    log = turn_log(state)
    log.tokens += tokens
    log.spent += cost


def advanced(state: Aa50State, advance: str) -> None:
    turn_log(state).advances.append(advance)


def plundered(state: Aa50State, ipcs: int) -> None:
    turn_log(state).plunder += ipcs


def collected(state: Aa50State, ipcs: int, bonus: int, met: list[str], bonds: int) -> None:
    log = turn_log(state)
    log.income, log.bonus, log.objectives, log.war_bonds = ipcs, bonus, list(met), bonds


# --- battles ----------------------------------------------------------------------------------
def _counts(units: list[Unit]) -> dict[str, int]:
    out: dict[str, int] = {}
    for u in units:
        out[u.type] = out.get(u.type, 0) + 1
    return out


def begin_battle(state: Aa50State, where: str, kind: str) -> None:
    state.battle_log = BattleLog(where=where, kind=kind, attacker=state.power)


def next_round(state: Aa50State, round_: int) -> None:
    """5.5.3.5: the attacker presses on; the round's losses go to the battle's result."""
    log = state.battle_log
    if log is not None:
        result = _result(state, log)
        result.rounds = log.round
        _add_losses(result, log)
        state.battle_log = BattleLog(
            where=log.where, kind=log.kind, attacker=log.attacker, round=round_
        )


def _current(state: Aa50State) -> BattleLog | None:
    """The round being fought, its units counted before its first die (5.5.3)."""
    from bot.rules.aa50 import query

    log = state.battle_log
    b = state.battle
    if log is not None:
        log.step = state.step_no
    if log is None or b is None or log.where != b.where:
        return log
    if not log.attackers and not log.defenders:
        if b.kind == "bombing":
            att = [u for u in query.at(state, b.where) if u.owner == b.attacker and u.bombed]
            dfn = [u for u in query.at(state, b.where) if u.type in ("factory", "aa_gun")]
        else:
            att = query.combatants(state, b.where, b.attacker)
            dfn = query.defenders(state, b.where, b.attacker)
        log.attackers, log.defenders = _counts(att), _counts(dfn)
        owners = _counts([u.model_copy(update={"type": u.owner}) for u in dfn])
        log.defender = max(sorted(owners), key=lambda p: owners[p]) if owners else None
    return log


def volley(
    state: Aa50State, who: BattleSide, rolls: list[int], needs: list[int], hits: int
) -> None:
    """A side's dice (5.5.3.2-3), named by the battle step that rolled them: bombardment in
    the opening of an amphibious assault (5.5.2.2), the submarines' surprise strike (7.3.5)."""
    log = _current(state)
    if log is None or state.battle is None:
        return
    step = state.battle.step
    what: VolleyKind = "bombard" if step == "open" else "surprise" if step == "surprise" else "fire"
    log.volleys.append(Volley(who=who, what=what, rolls=rolls, needs=needs, hits=hits))


def aa_volley(state: Aa50State, rolls: list[int], hit_on: int, down: int) -> None:
    """7.1.4: the AA gun's dice, one per aircraft."""
    log = _current(state)
    if log is not None:
        log.volleys.append(
            Volley(who="defender", what="aa", rolls=rolls, needs=[hit_on] * len(rolls), hits=down)
        )


def bombing(state: Aa50State, rolls: list[int], markers: int) -> None:
    """5.5.1: the raid's damage dice and the markers placed."""
    log = _current(state)
    if log is not None:
        log.volleys.append(
            Volley(who="attacker", what="bombing", rolls=rolls, needs=[0] * len(rolls), hits=0)
        )
        log.damage += markers


def lost(state: Aa50State, units: list[Unit]) -> None:
    """Units removed in the battle, counted on their side."""
    b = state.battle
    log = _current(state)
    if log is None or b is None:
        return
    for u in units:
        side: BattleSide = "attacker" if board.allied(u.owner, b.attacker) else "defender"
        per = log.lost.setdefault(side, {})
        per[u.type] = per.get(u.type, 0) + 1


def end_battle(state: Aa50State, taken: bool) -> None:
    """5.5.3.5-6: the battle is over; its outcome and losses go to the turn's record."""
    from bot.rules.aa50 import query

    log = _current(state)
    b = state.battle
    if log is None or b is None:
        return
    att = query.combatants(state, b.where, b.attacker)
    dfn = query.defenders(state, b.where, b.attacker)
    outcome: Outcome
    if b.kind == "bombing":
        outcome = "bombed"
    elif b.round < 0:
        outcome = "retreat"
    elif taken:
        outcome = "taken"
    elif not att:
        outcome = "held"
    elif not dfn:
        outcome = "cleared"
    else:
        outcome = "stalemate"
    log.outcome = outcome
    result = _result(state, log)
    result.outcome, result.rounds = outcome, max(log.round, result.rounds, 1)
    result.damage += log.damage
    _add_losses(result, log)


def _result(state: Aa50State, log: BattleLog) -> BattleResult:
    results = turn_log(state).battles
    result = next((r for r in results if r.where == log.where and not r.outcome), None)
    if result is None:
        result = BattleResult(where=log.where, kind=log.kind, outcome="", rounds=log.round)
        results.append(result)
    return result


def _add_losses(result: BattleResult, log: BattleLog) -> None:
    for side, per in log.lost.items():
        into = result.attacker_lost if side == "attacker" else result.defender_lost
        for unit, n in per.items():
            into[unit] = into.get(unit, 0) + n
