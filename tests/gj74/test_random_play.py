"""Random legal play of every GJ74 scenario to its end, with the invariants checked after
every order: faces consistent, no ship on land or off the sea lanes, stacking (8(5)), supply
only on transports, VP bookkeeping, and nothing an audience reads naming a face it has not
seen (2.11(2)), with two look-alike counters traded changing none of its view."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from bot.autoplay import random_action
from bot.referee.fairdice import FairDice
from bot.rules.core import Event, RuleViolation, narrow
from bot.rules.core.registry import get
from bot.rules.gj74 import battle, board, victory
from bot.rules.gj74.state import SIDES, GJ74State, other
from bot.rules.gj74.units import stacking_ok

RULESET = get("gj74")
GAMES = {"19.1": 4, "19.2": 4, "19.3": 3, "19.4": 4, "20.1": 1}
"""Games per scenario in the suite, every check after every order (about 30 s on a loaded
machine); the full count (100 of each of 19, 20 of 20.1) is test_random_play_full.py."""


SCORING = {
    "gj74.damaged",
    "gj74.sunk",
    "gj74.air_combat",
    "gj74.landed",
    "gj74.moved",
    "gj74.placed",
    "gj74.went_home",
}
"""The events that may move the VP (21.1, 19.2(5), 19.3(5)): losses, landings, a hex held."""


class Ledger:
    """The books kept from the events alone, against which the state is checked: every loss
    announced, aircraft and supply markers accounted for, VP moving only with a scoring event."""

    def __init__(self, state: GJ74State) -> None:
        self.planes = {s: state.aircraft[s] + state.aircraft_lost.get(s, 0) for s in SIDES}
        self.lost_planes = {s: state.aircraft_lost.get(s, 0) for s in SIDES}
        self.supply = {u.id: u.supply for u in state.units.values()}
        self.status: dict[str, str] = {}
        self.striker: str | None = None
        self.vp = victory.points(state)

    def book(self, state: GJ74State, events: list[Event]) -> None:
        for e in events:
            p = e.params
            if e.kind in ("gj74.damaged", "gj74.sunk"):
                self.status[p["unit"]] = e.kind.split(".")[1]
            elif e.kind == "gj74.strike":
                self.striker = p["side"]
            elif e.kind == "gj74.air_combat":
                assert self.striker is not None
                self.lost_planes[narrow(self.striker, SIDES)] += p["strike_lost"]
                self.lost_planes[other(narrow(self.striker, SIDES))] += p["lost"]
            elif e.kind == "gj74.supply_lost":
                self.supply[p["unit"]] -= p["n"]
            elif e.kind == "gj74.landed":
                self.supply[p["unit"]] -= 1
        for u in state.units.values():
            if u.status in ("damaged", "sunk"):
                assert self.status.get(u.id) == u.status, f"{u.id} {u.status} unannounced"
            else:
                assert u.id not in self.status, f"{u.id} announced lost, {u.status}"
                assert u.supply == self.supply[u.id], f"{u.id} supply {u.supply}"
        for side in SIDES:
            assert state.aircraft[side] + state.aircraft_lost.get(side, 0) == self.planes[side]
            assert state.aircraft_lost.get(side, 0) == self.lost_planes[side], side
        vp = victory.points(state)
        if vp != self.vp:
            assert {e.kind for e in events} & SCORING, f"VP {self.vp} -> {vp} with no cause"
        self.vp = vp


def check(state: GJ74State, events: list[Event], rng: random.Random, leaks: bool = True) -> None:
    """The invariants; with ``leaks``, also what each audience reads against its secrets and
    two look-alike counters traded (the costly part)."""
    sid = state.scenario
    for u in state.units.values():
        assert not u.face_up or u.known, f"{u.id} face up but not known"
        if u.status == "map":
            assert u.hex is not None and board.navigable(sid, u.hex), f"{u.id} on {u.hex}"
        else:
            assert u.hex is None, f"{u.id} {u.status} still on {u.hex}"
        if u.supply:
            assert board.ship(u.cls).type in ("LST", "LHD"), f"{u.id} carries supply"
    for side in SIDES:
        for h in {u.hex for u in state.units.values() if u.hex}:
            assert stacking_ok(state, side, h, 0, 0), f"{side} overstacked in {h}"
    vp = victory.points(state)
    assert all(v >= 0 for v in vp.values())
    if not leaks:
        return
    open_prompts = RULESET.prompts(state)
    for p in open_prompts:
        # a menu shows at most four inputs at once (cogs/_steps.py): a form asks no more
        assert all(len(f.inputs) <= 4 for f in p.forms), p.kind
    for audience in (None, *SIDES):
        secrets = RULESET.secrets(state, audience)
        view = json.dumps(RULESET.view(state, audience).model_dump(mode="json"), ensure_ascii=False)
        seen = json.dumps(
            [e.model_dump(mode="json") for e in events if e.visible_to(audience)],
            ensure_ascii=False,
        )
        prompts = json.dumps(
            [p.model_dump(mode="json") for p in open_prompts if p.seat == audience],
            ensure_ascii=False,
        )
        for secret in secrets:
            assert secret not in view, f"{audience} view names {secret}"
            assert secret not in seen, f"{audience} event names {secret}"
            assert secret not in prompts, f"{audience} prompt names {secret}"
        pairs = RULESET.lookalikes(state, audience)
        if pairs:
            a, b = rng.choice(pairs)
            twin = RULESET.swap_hidden(state, a, b)
            assert RULESET.view(twin, audience) == RULESET.view(state, audience)


def aimed(state: GJ74State, rng: random.Random) -> dict[str, Any] | None:
    """An order that goes for the enemy: attack what is face up in reach, search what is
    near, else close in. Random forms alone seldom find a battle."""
    side = state.active
    if side is None:
        return None
    if state.strike is not None and state.strike.split_by is None:
        # 17: the other side meets the strike from its bases at the range it needs, now and
        # then going for the attack aircraft, so the split of losses (17.2(1)) is played.
        reach = board.air_reach(state.scenario, other(state.strike.side)).get(state.strike.hex)
        if reach is not None and reach <= 8:
            return {"type": "intercept", "distance": reach, "escorts_first": rng.random() < 0.5}
    if state.battle is not None:
        # 15.1(5): turn every face-down ship up, so the re-deal (15.1(2)) is played too.
        hidden = [u.id for u in battle.hidden_here(state, state.battle)]
        return {"type": "reveal_targets", "units": hidden} if hidden else None
    enemy = [u for u in state.units.values() if u.side != side and u.status == "map"]
    if not enemy:
        return None
    if state.phase == "air":
        if state.air is None or state.air.distance is None:
            return {"type": "air_range", "distance": rng.randint(4, 10)}
        e = rng.choice(enemy)
        if e.face_up and state.aircraft[side] > state.air.aircraft_used:
            target = e.id if e.sub else "surface"
            ships = [u.id for u in enemy if u.hex == e.hex and u.face_up and not u.sub]
            n = 1 if e.sub else max(1, min(len(ships), state.air.actions))
            # now and then an escort too, so interception's air combat splits losses (17.2(1))
            escort = int(rng.random() < 0.5 and n + 1 <= state.air.actions)
            return {"type": "air_strike", "hex": e.hex, "target": target, "aircraft": n + escort,
                    "escorts": escort, "targets": [] if e.sub else ships[:n]}  # fmt: skip
        return {"type": "air_search", "hex": e.hex, "target": e.id if e.sub else "surface"}
    mine = [u for u in state.units.values() if u.side == side and not u.acted and u.status == "map"]
    sub = state.phase == "submarine"
    mine = [u for u in mine if u.sub == sub]
    if not mine:
        return None
    u = rng.choice(mine)
    assert u.hex is not None
    near = sorted(enemy, key=lambda e: board.distance(u.hex or "", e.hex or ""))
    e = near[0]
    d = board.distance(u.hex, e.hex or "")
    if sub:
        if u.face_up:
            return {"type": "sub_action", "unit": u.id, "kind": "dive"}
        if d == 0 and e.face_up:
            ships = [x.id for x in enemy if x.hex == u.hex and x.face_up and not x.sub]
            if e.sub:
                return {"type": "sub_action", "unit": u.id, "kind": "attack_attack", "target": e.id}
            return {"type": "sub_action", "unit": u.id, "kind": "attack_attack",
                    "target": "surface", "targets": ships}  # fmt: skip
        if d == 0:
            target = e.id if e.sub else "surface"
            return {"type": "sub_action", "unit": u.id, "kind": "search_search", "target": target}
        step = min(
            sorted(board.comps().neighbours[u.hex]), key=lambda h: board.distance(h, e.hex or "")
        )
        return {"type": "sub_action", "unit": u.id, "kind": "move", "to": step}
    group = [x.id for x in mine if x.hex == u.hex][:6]
    ships = [x.id for x in enemy if x.hex == e.hex and x.face_up and not x.sub]
    if d <= 2 and ships and not state.searched:
        return {"type": "surface_action", "units": group, "kind": "move_attack", "to": u.hex,
                "target": "surface", "target_hex": e.hex,
                "targets": ships[: min(len(group), len(ships))]}  # fmt: skip
    if d <= 1:
        return {"type": "surface_action", "units": group, "kind": "search_search",
                "target": e.id if e.sub else "surface",
                **({} if e.sub else {"target_hex": e.hex})}  # fmt: skip
    hexes = [h for h in board.within(u.hex, 2) if board.navigable(state.scenario, h)]
    to = min(hexes, key=lambda h: board.distance(h, e.hex or ""))
    return {"type": "surface_action", "units": group, "kind": "move", "to": to}


def play_one(
    sid: str, game: int, max_orders: int = 3000, leak_every: int = 1
) -> tuple[GJ74State, dict[str, int]]:
    """One game to its end; the invariants after every order, the leak checks after every
    ``leak_every``-th (and after the set-up)."""
    rng = random.Random(f"{sid}-{game}")
    dice = FairDice(b"gj74-random-play-seed-0000000001", f"{sid}-{game}", 0)
    out = RULESET.setup(sid, RULESET.parse_options({}), dice)
    state, counts = out.state, {"orders": 0, "refused": 0, "events": 0}
    check(state, out.events, rng)
    ledger = Ledger(state)
    while state.result is None and counts["orders"] < max_orders:
        open_prompts = RULESET.prompts(state)
        prompt = rng.choice(open_prompts)
        acting = [f for f in prompt.forms if not f.type.endswith("_done")]
        outcome = None
        # Mostly act (a random player that ends every operation at once sees no battle).
        for n in range(6 if acting and rng.random() < 0.85 else 0):
            form = rng.choice(acting)
            raw = aimed(state, rng) if n % 2 == 0 else None
            if raw is None:
                raw = random_action(prompt.model_copy(update={"forms": (form,)}), rng)
            try:
                action = RULESET.parse_action(raw)
                outcome = RULESET.apply(state, prompt.seat, action, dice, open_prompts)
                break
            except RuleViolation:
                counts["refused"] += 1
        asked = f"asked {prompt.kind}"  # which decisions random play answered
        counts[asked] = counts.get(asked, 0) + 1
        if outcome is None:
            assert prompt.default is not None
            action = RULESET.parse_action(prompt.default)
            outcome = RULESET.apply(state, prompt.seat, action, dice, open_prompts)
        state = outcome.state
        counts["orders"] += 1
        counts["events"] += len(outcome.events)
        assert RULESET.parse_action(action.model_dump()) == action  # stored orders replay
        check(state, outcome.events, rng, counts["orders"] % leak_every == 0)
        ledger.book(state, outcome.events)
    assert state.result is not None, f"{sid} game {game} did not end"
    return state, counts


@pytest.mark.parametrize("sid", sorted(GAMES))
def test_random_games_end_with_every_invariant_kept(sid: str) -> None:
    kinds: set[str] = set()
    fought = 0
    for game in range(GAMES[sid]):
        state, counts = play_one(sid, game)
        kinds |= {u.status for u in state.units.values()}
        fought += sum(1 for u in state.units.values() if u.status in ("damaged", "sunk"))
        print(sid, game, counts, state.result.summary.params if state.result else None)
    assert "map" in kinds
    print(sid, "ships damaged or sunk:", fought)
    assert fought > 0  # the invariants were checked through battles, not only manoeuvres
