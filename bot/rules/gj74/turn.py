"""The sequence of play (GJ74 4) as a table: set-up placement (3.2(3)), then each turn the six
operation chits go into the cup and are drawn one by one (4.1); each activates its side's
operation (4.2): base air (5), submarines (6), surface ships (7). After the last chit the
turn ends (4.1(4)), with the end of the day after every sixth turn (4.4), and the game at
the scenario's last turn (4.5)."""

from __future__ import annotations

from bot.rules.core import Dice, Event, t
from bot.rules.core.sequence import Step, Table
from bot.rules.gj74 import air, board, optional, prompts, prompts_air, subs, surface, victory
from bot.rules.gj74.state import SIDES, AirOp, Chit, GJ74State, Phase, other
from bot.rules.gj74.units import hide

OPERATION: dict[str, Phase] = {"AF": "air", "SS": "submarine", "TF": "surface"}


def _put(state: GJ74State, phase: Phase) -> None:
    state.phase = phase
    state.steps = 0


def _deploy_done(state: GJ74State, seat: str) -> list[Event]:
    """3.2(3), 19.x: the side that sets up first, then the other."""
    first = board.scenario(state.scenario).first
    events = [Event(kind="gj74.deployed", params={"side": state.deploying})]
    if state.deploying == first:
        state.deploying = other(first)
        state.steps = 0
    else:
        TABLE.goto(state, "draw")
    return events


def _draw(state: GJ74State, dice: Dice) -> list[Event]:
    """4.1(2)-(3): a chit drawn at random from those left in the cup (public)."""
    if not state.cup:
        TABLE.goto(state, "end_turn")
        return []
    n = dice.roll(t("gj74.die.chit"), sides=len(state.cup)) if len(state.cup) > 1 else 1
    chit = state.cup.pop(n - 1)
    state.drawn.append(chit)
    state.active = chit.side
    if chit.kind == "AF":
        state.air = AirOp()
    TABLE.goto(state, OPERATION[chit.kind])
    return [
        Event(
            kind="gj74.chit",
            params={"side": chit.side, "op": t(f"gj74.op.{chit.kind}").model_dump()},
        )
    ]


def _end_op(state: GJ74State, seat: str) -> list[Event]:
    phase = state.phase
    events = {"air": air.end, "submarine": subs.end, "surface": surface.end}[phase](state)
    state.active = None
    state.surface_air = None
    TABLE.goto(state, "draw")
    return events


def _nothing_left(state: GJ74State, dice: Dice) -> list[Event]:
    """6(6), 7.2(7): an operation with nothing left to do ends by itself."""
    return _end_op(state, state.active or "")


def _end_turn(state: GJ74State, dice: Dice) -> list[Event]:
    """4.1(4), 4.4, 4.5."""
    events: list[Event] = []
    if state.turn >= state.last_turn:
        state.result = victory.result(state)
        TABLE.goto(state, "over")
        return [Event(kind="gj74.game_over", params={})]
    if state.turn % 6 == 0 and board.scenario(state.scenario).end_of_day:
        events += end_of_day(state)
    state.turn += 1
    s = board.scenario(state.scenario)
    state.cup = [
        Chit(side=side, kind=k)
        for side in SIDES
        for k in ("AF", "SS", "TF")
        if not (k == "AF" and s.no_air_chits)
    ]
    state.drawn = []
    events += optional.cyber_war(state, dice)  # 22.4: each turn
    TABLE.goto(state, "draw")
    return [*events, Event(kind="gj74.turn", params={"turn": state.turn})]


def end_of_day(state: GJ74State) -> list[Event]:
    """4.4: face-up surface ships in their own ports turn face down (Ruling: the enemy loses
    track of which is which, as the owner may shuffle them there); a supply ship does the
    same for the face-up ships with it (18.3); every other face-up surface ship goes home."""
    events = [Event(kind="gj74.end_of_day", params={})]
    s = board.scenario(state.scenario)
    aoe = {
        u.hex for u in state.units.values() if u.status == "map" and board.ship(u.cls).type == "AOE"
    }
    for u in sorted(state.units.values(), key=lambda x: x.id):
        if u.status != "map" or u.sub or not u.face_up or u.hex is None:
            continue
        if board.is_port(u.hex, s.nations(u.side)) or (
            u.hex in aoe and board.ship(u.cls).type != "AOE"
        ):
            events.append(hide(u))
            u.known = False
        else:
            u.status = "returned"
            u.hex = None
            events.append(Event(kind="gj74.went_home", params={"unit": u.id}))
    return events


TABLE: Table[Phase, GJ74State] = Table(
    Phase,
    [
        Step(
            "deploy",
            "GJ74 3.2",
            owes=SIDES,
            prompts=prompts.deploy,
            next=("draw",),
            end="deploy_done",
            on_end=_deploy_done,
        ),
        Step("draw", "GJ74 4.1", run=_draw, next=("air", "submarine", "surface", "end_turn")),
        Step(
            "air",
            "GJ74 5",
            owes=SIDES,
            prompts=prompts_air.air_op,
            run=_nothing_left,
            next=("draw",),
            end="air_ops_done",
            on_end=_end_op,
        ),
        Step(
            "submarine",
            "GJ74 6",
            owes=SIDES,
            prompts=prompts.sub_op,
            run=_nothing_left,
            next=("draw",),
            end="sub_ops_done",
            on_end=_end_op,
        ),
        Step(
            "surface",
            "GJ74 7",
            owes=SIDES,
            prompts=prompts.surface_op,
            run=_nothing_left,
            next=("draw",),
            end="surface_ops_done",
            on_end=_end_op,
        ),
        Step("end_turn", "GJ74 4.4", run=_end_turn, next=("draw", "over")),
        Step("over", "GJ74 4.5"),
    ],
    get=lambda s: s.phase,
    put=_put,
)


def advance(state: GJ74State, dice: Dice) -> list[Event]:
    """Run the automatic steps until somebody owes a decision or the game is over; 19.4(5)5
    ends the game the moment いずも reaches 2513."""
    events: list[Event] = []
    while state.result is None:
        if victory.goal_reached(state):
            state.result = victory.result(state)
            _put(state, "over")
            return [*events, Event(kind="gj74.game_over", params={})]
        if TABLE.prompts(state):
            return events
        events += TABLE.run(state, dice)
    return events
