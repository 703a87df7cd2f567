"""Victory in the Advanced Game (Jutland 17): points for the damage done to the enemy; the
British win with at least twice the German points, or if any German capital ship is back in
her base within 26 hours of the Germans being first spotted; the Germans win with as many
points or more and no such return; otherwise a draw."""

from __future__ import annotations

from bot.rules.core import Event, Result, t
from bot.rules.jutland.advanced.components import adv, is_light
from bot.rules.jutland.advanced.damage import movement
from bot.rules.jutland.advanced.events import VictoryPoints
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import JutlandState, Side

WINDOW = 26
"""17: the hours after the first sighting within which no German capital ship may be home."""


def watch(state: JutlandState) -> None:
    """Each hour: note German task forces with capital ships coming home (17)."""
    a = state.advanced
    if a is None:
        return
    home = {b.hex for b in comps().bases.values() if b.side == "german"}
    out: list[str] = []
    back: list[str] = []
    for tf in state.task_forces.values():
        if tf.side != "german" or all(is_light(s) for s in tf.ships):
            continue
        (back if tf.hex in home else out).append(tf.id)
    if any(tf in a.at_sea for tf in back):
        a.returns.append(state.hour)
    a.at_sea = sorted(out)


def first_spotted(state: JutlandState) -> int | None:
    """The hour the Germans were first seen: by the coastal patrols (3.1) or found by a
    British announcement (3.3)."""
    found = [a.hour for a in state.announcements if a.side == "british" and any(a.answers.values())]
    hours = [h for h, _ in state.spotted] + found
    return min(hours) if hours else None


def early_return(state: JutlandState) -> bool:
    seen = first_spotted(state)
    a = state.advanced
    return bool(a and seen is not None and any(seen <= h <= seen + WINDOW for h in a.returns))


def _sunk_or_dead(state: JutlandState, ship: str) -> bool:
    """17 note: a capital ship dead in the water (flotation, special damage or fuel) counts
    as sunk; one moving, on her own or under tow, does not."""
    if any(ship in v for v in state.sunk.values()):
        return True
    tf = next((tf for tf in state.task_forces.values() if ship in tf.ships), None)
    return (tf is not None and tf.dead) or movement(state, ship) == 0


def points(state: JutlandState) -> dict[Side, int]:
    """17: each side's points for the enemy ships it sank and damaged."""
    table = adv().victory
    out: dict[Side, int] = {"german": 0, "british": 0}
    a = state.advanced
    ships = [s for tf in state.task_forces.values() for s in tf.ships]
    ships += [s for v in state.sunk.values() for s in v]
    for ship in ships:
        d = a.damage.get(ship) if a else None
        if is_light(ship):
            scorer: Side = "british" if adv().light[ship].side == "german" else "german"
            out[scorer] += table["light_box"].points * (d.boxes if d else 0)
            continue
        c = comps().ships[ship]
        scorer = "british" if c.side == "german" else "german"
        if d is not None:
            out[scorer] += table["capital_box"].points * d.boxes
            out[scorer] += table["flotation_hit"].points * d.flotation
        if _sunk_or_dead(state, ship):
            out[scorer] += table["sink_capital"].per_protection * c.protection
    ts = state.tsearch  # Tournament 21.5, 21.6 (17's table): boats sunk, airships lost
    if ts is not None:
        out["british"] += table["u_boat"].points * len(ts.sunk_boats)
        out["british"] += table["zeppelin"].points * len(ts.lost_airships)
    return out


def result(state: JutlandState) -> tuple[Result, list[Event]]:
    """17. Ruling: with no points on either side both conditions read true (0 is twice 0):
    neither side did anything, so a draw unless a German came home early."""
    p = points(state)
    early = early_return(state)
    british = early or (p["british"] >= 2 * p["german"] and p["british"] > 0)
    german = not early and p["german"] >= p["british"] and (p["german"] > 0 or p["british"] > 0)
    winner: Side | None = "british" if british else "german" if german else None
    summary = t("jut.result.points", german=p["german"], british=p["british"], early=early)
    return Result(winner=winner, summary=summary), [
        VictoryPoints(german=p["german"], british=p["british"], early=early).event()
    ]
