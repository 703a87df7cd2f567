"""Choosing targets, ship by ship (8.4, 10.2, 10.6, 10.7): one target each, several may
fire at one; the referee assigns what a seat leaves open (the prompt's default)."""

from __future__ import annotations

from bot.rules.core import Event, Option, OrderForm, Prompt, RuleViolation, t
from bot.rules.war_at_sea.actions import AssignTargets
from bot.rules.war_at_sea.board import other
from bot.rules.war_at_sea.combat.fire import participants, shooters
from bot.rules.war_at_sea.forms import In, forms, plain, ship_options
from bot.rules.war_at_sea.state import Battle, Side, UnitState, WarAtSeaState
from bot.rules.war_at_sea.units import eff_gunnery, ev, is_carrier, is_convoy, is_warship, loc_text

NONE = "none"


def carriers_may_fire(state: WarAtSeaState, battle: Battle) -> bool:
    """War at Sea 10.6: an Axis carrier here could fire (gunnery above 0), so the Allies
    have something to ask."""
    return any(is_carrier(u) for u in shooters(state, battle, "axis"))


def committed_carriers(state: WarAtSeaState, battle: Battle, side: Side) -> list[str]:
    """War at Sea 10.6: Axis carriers declared to fire must fire this round."""
    if side != "axis" or not battle.carriers_fire:
        return []
    return [u.id for u in shooters(state, battle, side) if is_carrier(u)]


def why_not(
    state: WarAtSeaState, battle: Battle, side: Side, target: UnitState
) -> RuleViolation | None:
    enemies = participants(state, battle, other(side))
    if target not in enemies:
        return RuleViolation("was.target.not_here", "War at Sea 10.2", target=target.id)
    if battle.kind != "surface":
        return None
    if is_carrier(target):
        # 10.6: only when every other enemy warship is already a target, or the carrier
        # fires (the Axis sees the Allied fire; the Allies must ask first).
        fires = (side == "axis" and target.id in battle.fired) or (
            side == "allies" and bool(battle.carriers_fire) and eff_gunnery(target) > 0
        )
        others = [e for e in enemies if is_warship(e) and not is_carrier(e)]
        covered = set(battle.assigned.values())
        if not fires and any(e.id not in covered for e in others):
            return RuleViolation("was.target.carrier", "War at Sea 10.6", target=target.id)
        # 10.6: the Allies ask before firing at a carrier at all, even one they may target
        # anyway; the answer binds the Axis carriers (open_shooters, committed_carriers).
        if side == "allies" and battle.carriers_fire is None and carriers_may_fire(state, battle):
            return RuleViolation("was.target.carrier_ask", "War at Sea 10.6", target=target.id)
    if is_convoy(target) and side != "axis":
        return RuleViolation("was.target.convoy", "War at Sea 10.7", target=target.id)
    return None


def convoys_open(state: WarAtSeaState, battle: Battle) -> bool:
    """War at Sea 10.7: convoys can be hit once every Allied warship here is damaged."""
    for u in participants(state, battle, "allies"):
        res = battle.pending.get(u.id)
        if is_warship(u) and u.damage == 0 and not (res and (res.hits or res.disabled)):
            return False
    return True


def open_shooters(state: WarAtSeaState, battle: Battle, side: Side) -> list[UnitState]:
    """Ships still to be given a target. Axis carriers declared not to fire stay silent
    this round (10.6: the answer binds both ways). Ruling: one answer covers every Axis
    carrier in the fight; 10.6 asks about "the carrier" and the Axis has one (Graf Zeppelin;
    no Italian ship is a carrier), so this is the rule as written."""
    silent = side == "axis" and battle.carriers_fire is False
    return [
        u
        for u in shooters(state, battle, side)
        if u.id not in battle.assigned and not (silent and is_carrier(u))
    ]


def legal_targets(state: WarAtSeaState, battle: Battle, side: Side) -> list[UnitState]:
    return [
        e
        for e in participants(state, battle, other(side))
        if why_not(state, battle, side, e) is None
    ]


def target_forms(state: WarAtSeaState, battle: Battle, side: Side) -> list[OrderForm]:
    opts = [
        Option(value=NONE, label=t("was.option.hold")),
        *ship_options(legal_targets(state, battle, side)),
    ]
    return forms(
        "assign_targets",
        t("was.form.assign_targets"),
        [
            In(
                "ships",
                t("was.input.firing"),
                ship_options(open_shooters(state, battle, side)),
                kind="many",
            ),
            In("target", t("was.input.target"), opts),
        ],
    )


def target_prompt(
    state: WarAtSeaState,
    battle: Battle,
    side: Side,
    section: str,
    extra: tuple[OrderForm, ...] = (),
) -> Prompt:
    return Prompt(
        id=f"t{state.turn}.b{state.combat.count}.r{battle.round}.{battle.step}.{len(battle.assigned)}",
        seat=side,
        kind="was.targets",
        title=t("was.prompt.targets", where=loc_text(battle.where), round=battle.round),
        section=section,
        forms=(
            *target_forms(state, battle, side),
            plain("open_fire", "was.form.open_fire"),
            plain("hold_fire", "was.form.hold_fire"),
            *extra,
        ),
        default={"type": "open_fire"},
    )


def assign(
    state: WarAtSeaState, battle: Battle, side: Side, action: AssignTargets, section: str
) -> list[Event]:
    if not action.ships:
        raise RuleViolation("was.order.no_ships", section)
    mine = {u.id for u in open_shooters(state, battle, side)}
    for ship in action.ships:
        if ship not in mine:
            raise RuleViolation("was.target.not_firing", section, ship=ship)
    if action.target == NONE:
        if set(action.ships) & set(committed_carriers(state, battle, side)):
            raise RuleViolation("was.fire.carriers_committed", "War at Sea 10.6")
    else:
        target = state.units.get(action.target)
        if target is None:
            raise RuleViolation("was.target.not_here", section, target=action.target)
        why = why_not(state, battle, side, target)
        if why is not None:
            raise why
    for ship in action.ships:
        battle.assigned[ship] = action.target
    return [ev("was.targets_set", audience=side, ships=action.ships, target=action.target)]


def auto_assign(state: WarAtSeaState, battle: Battle, side: Side) -> None:
    """The default: spread fire over the enemy, warships first, then carriers, then convoys."""
    for shooter in open_shooters(state, battle, side):
        legal = legal_targets(state, battle, side)
        if not legal:
            battle.assigned[shooter.id] = NONE
            continue
        count = {e.id: 0 for e in legal}
        for target in battle.assigned.values():
            if target in count:
                count[target] += 1
        ranked = [
            (
                int(is_convoy(e) and not convoys_open(state, battle)),
                count[e.id],
                2 if is_convoy(e) else 1 if is_carrier(e) else 0,
                i,
                e.id,
            )
            for i, e in enumerate(legal)
        ]
        battle.assigned[shooter.id] = min(ranked)[-1]
