"""From the typed view to what the picture draws (`look`), and the picture in words (`caption`,
the alt text): both read the view only, so both show exactly what this audience may know."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.rules.pocket_battles.view import PocketBattlesView as View
from bot.rules.pocket_battles.view import StackView
from rendering.pocket_battles import labels, picture
from rendering.pocket_battles.fight import headline, hits_words, loss_words, roll_words
from rendering.pocket_battles.look import (
    BoardLook,
    FightLook,
    LossLook,
    RollLook,
    SideLook,
    TroopLook,
    UnitLook,
)


def typed(view: View | Mapping[str, Any]) -> View:
    """The view, validated at the renderer's door (views reach it as JSON from the outbox)."""
    return view if isinstance(view, View) else View.model_validate(view)


def _unit(stack: StackView, fighting: set[str], hits: dict[str, int]) -> UnitLook:
    return UnitLook(
        id=stack.id,
        side=stack.side,
        zone=stack.zone,
        troops=tuple(TroopLook(t.tile, t.damage) for t in stack.troops),
        concealed=stack.concealed,
        orders=stack.orders,
        redeployed=stack.redeployed,
        fighting=stack.id in fighting,
        hits=hits.get(stack.id, 0),
    )


def _fight(view: View) -> FightLook | None:
    f = view.fight
    if f is None:
        return None
    return FightLook(
        kind=f.kind,
        unit=f.unit,
        target=f.target,
        reaction=f.reaction,
        reactor=f.reactor,
        strikes=tuple(
            RollLook(r.kind, r.striker, r.target, r.dice, r.scored, r.hits) for r in f.strikes
        ),
        losses=tuple(
            LossLook(x.unit, (x.name, x.name_zh or x.name) if x.name else None, x.lost)
            for x in f.losses
        ),
    )


def look(view: View) -> BoardLook:
    points = {s.side: s.army_points for s in view.sides}
    sides = []
    for s in view.sides:
        enemy = next((o for o in view.sides if o.side != s.side), None)
        enemy_points = points.get(enemy.side) if enemy is not None else None
        sides.append(
            SideLook(
                side=s.side,
                role=s.role,
                tokens=s.tokens,
                unused=s.unused,
                wounds=s.wounds,
                destroyed=s.points_destroyed,
                to_win=-(-enemy_points // 2) if enemy_points else 0,
                unplaced=s.to_place or 0 if s.side != view.audience else 0,
                built=s.built,
            )
        )
    combat = view.combat
    fighting = {x for x in (combat.unit, combat.target) if x} if combat is not None else set()
    hits: dict[str, int] = {}
    for h in combat.hits if combat is not None else ():
        hits[h.unit] = hits.get(h.unit, 0) + h.count
    return BoardLook(
        audience=view.audience,
        phase=view.phase,
        round=view.round,
        turn=view.turn,
        active=view.active,
        waiting=view.waiting,
        winner=view.result.winner if view.result is not None else None,
        size=view.size,
        sides=tuple(sides),
        units=tuple(_unit(st, fighting, hits) for st in view.stacks if not st.destroyed),
        engaged=view.engaged_zones,
        fight=_fight(view),
    )


def unit_label(unit: UnitLook) -> str:
    return labels.unit_mark(unit.id)


def short_id(unit_id: str) -> str:
    """The unit as orders name it ("unit 3 部队3")."""
    return labels.unit(unit_id)


def _stack_words(stack: StackView) -> str:
    names = " + ".join(f"{t.name} {t.name_zh}" for t in stack.troops)
    if stack.concealed:
        return f"{short_id(stack.id)}: {names} on top, rest hidden 其余隐藏"
    wounds = f", {stack.wounds} wounds 伤害" if stack.wounds else ""
    orders = f", {stack.orders} orders 命令" if stack.orders else ""
    return f"{short_id(stack.id)}: {names}{wounds}{orders}"


def caption(raw: View | Mapping[str, Any]) -> str:
    """The picture in words: the title, who must decide, each side's tokens and points, and
    every unit this audience may see, zone by zone."""
    view = typed(raw)
    lk = look(view)
    parts = [picture.title(lk), picture.status(lk)]
    for s in lk.sides:
        name = labels.both(labels.army(s.side))
        parts.append(
            f"{name}: tokens 命令点数 {s.unused}/{s.tokens}, wounds 伤害 {s.wounds}, "
            f"destroyed 消灭 {s.destroyed}/{s.to_win or '?'}"
        )
    zones = {z.id: z for z in view.zones}
    by_zone: dict[str, list[str]] = {}
    for stack in view.stacks:
        if stack.destroyed:
            continue
        key = stack.zone or ""
        by_zone.setdefault(key, []).append(_stack_words(stack))
    for zone_id, words in by_zone.items():
        zone = zones.get(zone_id)
        if zone is None:
            where = "Not placed 未布阵"
        else:
            who = labels.army(zone.owner) if zone.owner else ("", "")
            row = labels.ROW[zone.row]
            where = f"{who[0]} {row[0]}, sector {zone.column} {who[1]}{row[1]}，第{zone.column}战线"
        parts.append(f"{where}: " + "; ".join(words))
    if lk.fight is not None:
        parts.append(fight_words(lk.fight))
    return " · ".join(p for p in parts if p)


def fight_words(fight: FightLook) -> str:
    """The last fight in words: the order, each strike's dice and hits, the losses."""
    words = [headline(fight)]
    for roll in fight.strikes:
        dice = " ".join(str(d) for d in roll.dice)
        words.append(f"{roll_words(roll)}: {dice} {hits_words(roll.hits)}")
    words += [loss_words(loss) for loss in fight.losses]
    return "; ".join(words)
