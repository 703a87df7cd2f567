"""Torpedo attacks (Jutland 12.6): only destroyer flotillas fire torpedoes, by day, within
6,000 yards, one target a flotilla a turn, the factors fired expended for good. An attack is
declared at the end of a turn (Ruling: in its side's fire phase, as the flotilla's one shot
of the turn, 14.3 item 1; the declarations are public either way) and resolved after the
next turn's maneuver: a target that kept within 90 degrees of her heading takes it on the
Torpedo Attack Table; one that turned 90 degrees away from the flotilla avoids it, and fires
neither guns nor torpedoes that turn. Launched within 3,000 yards the hits are doubled (a
ship turning away still takes them undoubled); on a ship dead in the water they are doubled
again (15.4 item 3). A flotilla sunk before the end of its turn launches nothing."""

from __future__ import annotations

from bot.rules.core import Choice, Dice, Event, Option, OrderForm, Prompt, RuleViolation, When, t
from bot.rules.jutland.advanced import damage, light
from bot.rules.jutland.advanced.actions import Torpedo
from bot.rules.jutland.advanced.components import adv, is_light, name
from bot.rules.jutland.advanced.events import HoldTorpedoes, TorpedoDeclared, TorpedoHit
from bot.rules.jutland.advanced.state import TorpedoAttack
from bot.rules.jutland.battle import fire as basic
from bot.rules.jutland.battle.geometry import bearing, dist
from bot.rules.jutland.state import Battle, JutlandState, Side
from bot.rules.jutland.tournament import battle_damage

SECTION = "Jutland 12.6"


def _off(a: float, b: float) -> float:
    d = abs(a - b) % 360
    return min(d, 360 - d)


def attacks(state: JutlandState, battle: Battle, side: Side) -> dict[str, dict[str, int]]:
    """Flotilla -> {target: the most factors it may fire at her}: every legal attack now."""
    if state.advanced is None or battle.night or side in state.advanced.torpedoes_done:
        return {}
    reach = adv().rules.torpedo_range
    segs = basic.counters(battle)
    out: dict[str, dict[str, int]] = {}
    for dd in basic.afloat(battle):
        if dd.side != side or light.kind(dd.id) != "dd" or dd.hit or dd.id in battle.fired:
            continue
        if dd.id in state.advanced.tows:  # 15.4 item 2d: towing, it fires nothing
            continue
        left = min(light.torpedoes(state, dd.id), len(adv().torpedo[1].hits))
        if left <= 0:
            continue
        for target in basic.afloat(battle):
            if target.side == side or target.hit:
                continue
            near = dist((dd.x, dd.y), (target.x, target.y)) <= reach
            if near and basic.clear(battle, dd, target, segs):
                out.setdefault(dd.id, {})[target.id] = left
    return out


def prompts(state: JutlandState, battle: Battle, side: Side) -> list[Prompt]:
    legal = attacks(state, battle, side)
    if not legal:
        return []
    assert state.advanced is not None
    targets = sorted({x for v in legal.values() for x in v})
    most = max(n for v in legal.values() for n in v.values())
    declared = sum(battle.ships[a.flotilla].side == side for a in state.advanced.torpedoes)
    return [
        Prompt(
            id=f"h{state.hour}.b{battle.turn}.torpedo.{side}.{declared}",
            seat=side,
            kind="jut.torpedo",
            title=t("jut.prompt.torpedo", turn=battle.turn),
            section=SECTION,
            forms=(
                OrderForm(
                    type="torpedo",
                    label=t("jut.form.torpedo"),
                    inputs=(
                        Choice(
                            name="flotilla",
                            label=t("jut.input.flotilla"),
                            options=tuple(Option(value=f, label=f) for f in sorted(legal)),
                        ),
                        Choice(
                            name="target",
                            label=t("jut.input.target"),
                            options=tuple(
                                Option(
                                    value=x,
                                    label=x,
                                    when=tuple(
                                        When(within={"flotilla": (f,)})
                                        for f in sorted(legal)
                                        if x in legal[f]
                                    ),
                                )
                                for x in targets
                            ),
                        ),
                        Choice(
                            name="factors",
                            label=t("jut.input.factors"),
                            options=tuple(
                                Option(
                                    value=str(n),
                                    label=str(n),
                                    when=tuple(
                                        When(within={"flotilla": (f,)})
                                        for f in sorted(legal)
                                        if max(legal[f].values()) >= n
                                    ),
                                )
                                for n in range(1, most + 1)
                            ),
                        ),
                    ),
                ),
                OrderForm(type="hold_torpedoes", label=t("jut.form.hold_torpedoes")),
            ),
            default={"type": "hold_torpedoes"},
        )
    ]


def declare(state: JutlandState, battle: Battle, side: Side, action: Torpedo) -> list[Event]:
    """12.6 item 6b: the flotilla names its target and the factors fired, written off."""
    assert state.advanced is not None
    if not is_light(action.flotilla) or light.kind(action.flotilla) != "dd":
        raise RuleViolation("jut.torpedo.not_dd", SECTION, ship=action.flotilla)
    legal = attacks(state, battle, side)
    if action.flotilla not in legal or action.target not in legal[action.flotilla]:
        raise RuleViolation(
            "jut.torpedo.cannot", SECTION, ship=action.flotilla, target=action.target
        )
    if action.factors > legal[action.flotilla][action.target]:
        raise RuleViolation("jut.torpedo.factors", SECTION, ship=action.flotilla)
    dd, aim = battle.ships[action.flotilla], battle.ships[action.target]
    close = dist((dd.x, dd.y), (aim.x, aim.y)) <= adv().rules.torpedo_close
    helpless = light.kind(aim.id) == "capital" and (
        damage.movement(state, aim.id) == 0 or aim.id in state.advanced.tows.values()
    )
    state.advanced.torpedoes.append(
        TorpedoAttack(
            flotilla=dd.id, target=aim.id, factors=action.factors, close=close,
            helpless=helpless, heading=aim.heading, source=bearing((aim.x, aim.y), (dd.x, dd.y)),
        )
    )  # fmt: skip
    damage.record(state.advanced, dd.id).spent += action.factors
    battle.fired.append(dd.id)  # 14.3 item 1: its one shot of the turn
    battle.lines.append((dd.id, aim.id))
    return [TorpedoDeclared(flotilla=dd.id, target=aim.id, factors=action.factors).event()]


def hold(state: JutlandState, side: Side) -> list[Event]:
    assert state.advanced is not None
    state.advanced.torpedoes_done.append(side)
    return [HoldTorpedoes(side=side).event()]


def end_turn(state: JutlandState, battle: Battle) -> None:
    """A flotilla sunk in the turn's fire launches nothing; the next turn's declarations."""
    assert state.advanced is not None
    state.advanced.torpedoes = [
        a
        for a in state.advanced.torpedoes
        if a.flotilla not in battle.ships or not battle.ships[a.flotilla].sunk
    ]
    state.advanced.torpedoes_done = []


def _turned_away(battle: Battle, a: TorpedoAttack) -> float | None:
    """How squarely the target turned away (its new heading off the course straight away
    from the flotilla), or None if she kept within 90 degrees of her heading."""
    ship = battle.ships[a.target]
    if _off(ship.heading, a.heading) < adv().rules.turn_away:
        return None
    away = _off(ship.heading, (a.source + 180) % 360)
    return away if away < 90 else None


def resolve(state: JutlandState, battle: Battle, dice: Dice) -> list[Event]:
    """12.6 items 6c-7: after the maneuver, every attack of the last turn is resolved."""
    assert state.advanced is not None
    # Attacks of this battle (another battle of the hour keeps its own, 4.1).
    here = [a for a in state.advanced.torpedoes if a.target in battle.ships]
    state.advanced.torpedoes = [a for a in state.advanced.torpedoes if a.target not in battle.ships]
    pending = here
    # 12.6 note: she can turn away from one attack only. Ruling: the heaviest of those she
    # turned away from, then the one she turned from most squarely.
    best: dict[str, tuple[tuple[int, float], int]] = {}
    for k, a in enumerate(pending):
        away = _turned_away(battle, a)
        if away is not None and (a.target not in best or best[a.target][0] < (a.factors, -away)):
            best[a.target] = ((a.factors, -away), k)
    evaded = {target: k for target, (_, k) in best.items()}
    events: list[Event] = []
    for k, a in enumerate(pending):
        target = battle.ships[a.target]
        if target.sunk:
            continue
        dodged = evaded.get(a.target) == k
        if dodged and a.target not in battle.fired:
            battle.fired.append(a.target)  # she turned away: no fire this turn
        if dodged and not a.close:
            events.append(TorpedoHit(flotilla=a.flotilla, target=a.target, factors=a.factors,
                                     die=0, hits=0, evaded=True, sunk=False).event())  # fmt: skip
            continue
        face = dice.roll(t("jut.die.torpedo", target=name(a.target)), 6)
        six = battle_damage.flotation_on(state, a.target, face)  # Tournament 22.3 item 3
        while not six and adv().torpedo[face].again:
            face = dice.roll(t("jut.die.torpedo", target=name(a.target)), 6)
        table: list[Event] = []
        if six:
            hits, table = battle_damage.flotation(state, a.target, a.factors, dice)
        else:
            hits = adv().torpedo[face].hits[a.factors - 1]
        hits *= (2 if a.close and not dodged else 1) * (2 if a.helpless else 1)
        if light.kind(a.target) == "capital":
            sunk = damage.torpedo_capital(state, battle, a.target, hits)
        else:
            _, sunk = light.hit(state, battle, a.target, hits, None)
        done = {"flotilla": a.flotilla, "target": a.target, "factors": a.factors}
        events.append(TorpedoHit(**done, die=face, hits=hits, evaded=dodged, sunk=sunk).event())
        events += table
        if not sunk and light.kind(a.target) == "capital":
            events += damage.fall_out(state, battle, a.target)
    return events
