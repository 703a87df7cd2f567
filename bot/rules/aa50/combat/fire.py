"""AA50 dice of battle: combat values (7, with the advances of 5.2.3), AA fire (7.1.4),
submarine surprise strikes (7.3.5), attacker and defender fire (5.5.3.2-3), offshore
bombardment (5.5.2.2) and strategic bombing (5.5.1)."""

from __future__ import annotations

from bot.rules.aa50 import board, chronicle, query
from bot.rules.aa50.state import Aa50State, Hits, Unit
from bot.rules.aa50.words import ev
from bot.rules.core import Dice, Event, t


def attack_values(state: Aa50State, units: list[Unit]) -> dict[str, int]:
    """7.1.1-2: each artillery supports one infantry (two with Advanced Artillery); Jet
    Fighters attack 4, Super Submarines 3 (5.2.3)."""
    out: dict[str, int] = {}
    if not units:
        return out
    power = units[0].owner
    per = 2 if query.has(state, power, "advanced_artillery") else 1
    support = per * sum(1 for u in units if u.type == "artillery")
    for u in sorted(units, key=lambda x: x.id):
        value = board.unit_type(u.type).attack
        if u.type == "infantry" and support > 0:
            value, support = 2, support - 1
        if u.type == "fighter" and query.has(state, power, "jet_fighters"):
            value = 4
        if u.type == "submarine" and query.has(state, power, "super_submarines"):
            value = 3
        out[u.id] = value
    return out


def _dice_of(state: Aa50State, u: Unit, attacking: bool) -> int:
    """5.2.3 Heavy Bombers: two dice when attacking, one in defence. Ruling: each die counts
    (the rulebook's words), not TripleA's best-of-two."""
    if attacking and u.type == "bomber" and query.has(state, u.owner, "heavy_bombers"):
        return 2
    return 1


def volley(
    state: Aa50State,
    dice: Dice,
    units: list[Unit],
    side: str,
    attacking: bool,
    destroyer_with_them: bool,
    final: bool,
) -> tuple[list[Hits], list[Event]]:
    """Roll for ``units``; hits in batches by what they may fall on, for the other side."""
    values = attack_values(state, units) if attacking else {}
    counts = {"sea": 0, "no_sub": 0, "any": 0}
    rolls = []
    needs = []
    for u in sorted(units, key=lambda x: x.id):
        value = values.get(u.id, 0) if attacking else board.unit_type(u.type).defense
        if value <= 0:
            continue
        for _ in range(_dice_of(state, u, attacking)):
            face = dice.roll(
                t("aa50.roll.fire", unit=t(f"aa50.unit.{u.type}").model_dump(), value=value)
            )
            rolls.append(face)
            needs.append(value)
            if face <= value:
                if u.type == "submarine":
                    counts["sea"] += 1  # 7.3.5: submarines cannot hit aircraft
                elif u.type in board.AIR_UNITS and not destroyer_with_them:
                    counts["no_sub"] += 1  # 7.3.4: aircraft hit no sub without a destroyer
                else:
                    counts["any"] += 1
    other = "defender" if side == "attacker" else "attacker"
    hits = [Hits(kind=k, count=n, side=other, final=final) for k, n in counts.items() if n]
    event = ev("aa50.fire", who=side, rolls=rolls, hits=sum(counts.values()))
    chronicle.volley(
        state, "attacker" if side == "attacker" else "defender", rolls, needs, sum(counts.values())
    )
    return hits, [event]


def aa_fire(
    state: Aa50State, dice: Dice, where: str, planes: list[Unit]
) -> tuple[list[str], list[Event]]:
    """7.1.4: one AA gun fires once, one die per attacking aircraft, a 1 destroys it (1-2
    with Radar, 5.2.3). Ruling: each die is for one named aircraft, in id order, so no
    casualty choice is needed."""
    guns = [
        u
        for u in query.at(state, where)
        if u.type == "aa_gun" and not board.allied(u.owner, state.power)
    ]
    if not guns or not planes:
        return [], []
    gun = min(guns, key=lambda g: (not query.has(state, g.owner, "radar"), g.id))
    hit_on = 2 if query.has(state, gun.owner, "radar") else 1
    down = []
    rolls = []
    for p in sorted(planes, key=lambda x: x.id):
        face = dice.roll(t("aa50.roll.aa", unit=t(f"aa50.unit.{p.type}").model_dump()))
        rolls.append(face)
        if face <= hit_on:
            down.append(p.id)
    chronicle.aa_volley(state, rolls, hit_on, len(down))
    return down, [ev("aa50.aa_fire", where=where, rolls=rolls, down=down)]


def bombing_damage(state: Aa50State, dice: Dice, where: str, bombers: list[Unit]) -> list[Event]:
    """5.5.1: each surviving bomber rolls 1d6 (2d6 Heavy Bombers); damage markers go on the
    factory, at most twice the territory's IPC value."""
    factory = query.factory_at(state, where)
    if factory is None or not bombers:
        return []
    rolls = []
    for b in sorted(bombers, key=lambda x: x.id):
        for _ in range(2 if query.has(state, b.owner, "heavy_bombers") else 1):
            rolls.append(dice.roll(t("aa50.roll.bombing")))
    total = sum(rolls)
    cap = 2 * board.territory(where).ipc
    before = factory.hits
    factory.hits = min(cap, factory.hits + total)
    chronicle.bombing(state, rolls, factory.hits - before)
    return [ev("aa50.bombed", where=where, damage=total, markers=factory.hits - before)]
