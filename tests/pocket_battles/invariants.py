"""What must hold after every order of a Pocket Battles game (random play, the guards)."""

from __future__ import annotations

from collections import Counter

from bot.rules.core import Event, GameState
from bot.rules.pocket_battles import board, tokens
from bot.rules.pocket_battles.state import SIDES, PocketBattlesState


def check(state: GameState, events: list[Event] | None = None) -> None:
    assert isinstance(state, PocketBattlesState)
    started = state.phase not in ("build", "deploy") or state.round > 0
    seen: Counter[str] = Counter()
    for side in SIDES:
        s = state.sides[side]
        units = [u for u in state.units.values() if u.side == side]
        living = [u for u in units if not u.destroyed]
        for u in units:
            assert all(board.tile(tr.tile).army == side for tr in u.troops), u.id
            seen.update(tr.tile for tr in u.troops)
            if u.destroyed:
                assert u.troops == [] and u.orders == 0, u.id
            else:
                # 3.3: never over the formation limit; one zone (or none before placement).
                assert u.troops and len(u.troops) <= board.formation_limit(
                    [tr.tile for tr in u.troops]
                ), u.id
                assert u.zone is None or u.zone in board.comps().zones, u.id
                assert all(0 <= tr.damage < board.tile(tr.tile).wounds for tr in u.troops)
        seen.update(s.lost)
        assert min(s.unused, s.set_aside, s.debt) >= 0 and all(u.orders >= 0 for u in units)
        if not started:
            continue
        # Tokens conserved: spent + unused + wounds = the total (5.2, 7.3, 7.4).
        spent = s.set_aside + sum(u.orders for u in living)
        wounds = sum(tr.damage for u in living for tr in u.troops)
        assert spent + s.unused + wounds == s.tokens, (side, spent, s.unused, wounds, s.tokens)
        # 3.1, 9.4: size/10 plus Leaders on the field, a dead Leader's token owed at most.
        expected = tokens.base_tokens(state.options.size) + tokens.leaders(state, side)
        assert s.tokens - s.debt == expected, (side, s.tokens, s.debt, expected)
        # Points destroyed consistent: what fell plus what stands is the army (8.1).
        standing = sum(board.unit_points(u) for u in living)
        lost = sum(board.tile(t).points for t in s.lost)
        assert standing + lost == s.points, (side, standing, lost, s.points)
    # No tile in two places (a unit in one zone, a troop in one unit).
    assert all(n == 1 for n in seen.values()), [t for t, n in seen.items() if n > 1]
    _fight_as_told(state, events or [])
    if state.combat is None:
        for z in board.zone_ids():
            if board.is_engagement(z):
                present = [side for side in SIDES if board.units_in(state, z, side)]
                assert len(present) != 1, (z, present)


OPENERS = ("pb.charged", "pb.carries_on", "pb.leaves", "pb.shoots")


def _fight_as_told(state: PocketBattlesState, events: list[Event]) -> None:
    """The last fight kept for the picture holds the dice and hits the events told."""
    opened = max((i for i, e in enumerate(events) if e.kind in OPENERS), default=-1)
    told = [
        ([d["params"]["face"] for d in e.params["dice"]], e.params["hits"])
        for e in events[opened + 1 :]
        if e.kind.startswith("pb.strike.")
    ]
    assert opened < 0 or state.fight is not None, "a fight began and is not kept"
    if not told:
        return
    assert state.fight is not None
    kept = [(list(r.dice), r.hits) for r in state.fight.strikes]
    assert (kept[: len(told)] if opened >= 0 else kept[-len(told) :]) == told, (kept, told)
