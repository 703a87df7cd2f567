"""Victory (Pocket Battles 8), checked at the end of each battle round (7.1).

8.1 A player wins who has destroyed at least half of the enemy army's deployment points, or
    whose opponent concedes.
8.2 If both have, the one who destroyed more points wins.
8.3 If that is tied too, the defender of the round wins.
Ruling: a concession ends the battle at once (waiting for the round's end changes nothing).
Ruling: a round in which neither side could give a single order (every token a wound) ends
the battle, decided by 8.2 and 8.3 on the points destroyed: no later round could differ.
"""

from __future__ import annotations

from bot.rules.core import Event, Result, t
from bot.rules.pocket_battles import board, flow
from bot.rules.pocket_battles import events as E
from bot.rules.pocket_battles.state import SIDES, PocketBattlesState, Side


def destroyed(state: PocketBattlesState, side: Side) -> int:
    """The enemy's deployment points ``side`` has destroyed."""
    return sum(board.tile(tid).points for tid in state.sides[board.enemy(side)].lost)


def reached_half(state: PocketBattlesState, side: Side) -> bool:
    """Pocket Battles 8.1: at least half of the enemy's deployment points."""
    return 2 * destroyed(state, side) >= state.sides[board.enemy(side)].points


def check(state: PocketBattlesState, *, stalled: bool = False) -> list[Event]:
    """Set the result when the round's end decides the battle (8.1-8.3)."""
    reached = [s for s in SIDES if reached_half(state, s)]
    if not reached and not stalled:
        return []
    contenders = reached or list(SIDES)
    best = max(destroyed(state, s) for s in contenders)
    leaders = [s for s in contenders if destroyed(state, s) == best]
    if len(leaders) == 1:
        winner = leaders[0]
        why = "half" if len(reached) == 1 else "more"
    else:
        winner = next(s for s in SIDES if state.sides[s].role == "defender")
        why = "defender"
    return finish(state, winner, why)


def concede(state: PocketBattlesState, side: Side) -> list[Event]:
    state.sides[side].conceded = True
    return finish(state, board.enemy(side), "concession")


def finish(state: PocketBattlesState, winner: Side, why: str) -> list[Event]:
    summary = t(
        f"pb.result.{why}",
        winner=t(f"pb.side.{winner}").model_dump(),
        celts=destroyed(state, "celts"),
        romans=destroyed(state, "romans"),
    )
    state.result = Result(winner=winner, summary=summary)
    flow.goto(state, "over")
    state.active = None
    state.combat = None
    return [E.Victory(winner=winner, why=why).event()]
