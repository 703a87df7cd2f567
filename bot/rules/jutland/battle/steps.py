"""Jutland 4.1: one maneuver-and-fire turn (maneuver, German fire, British fire), six to the
hour, until one side is sunk or the nearest ships are out of sight (4.4). ``STEPS`` is the
table (bot/rules/core/sequence.py); ``prompts`` builds the decisions from the same functions
that check the orders."""

from __future__ import annotations

from collections.abc import Callable

from bot.rules.core import Choice, Dice, Event, Option, OrderForm, Prompt, When, t
from bot.rules.core.sequence import Step, Table
from bot.rules.jutland.advanced import gunnery, hooks
from bot.rules.jutland.battle import end, fire, maneuver, reinforce
from bot.rules.jutland.state import Battle, BattleStep, Formation, JutlandState, Side
from bot.rules.jutland.tournament import battle_weather

BANDS = ("b0", "b1", "b2", "b3")


def battle_of(state: JutlandState) -> Battle:
    assert state.battle is not None
    return state.battle


def _put(state: JutlandState, step: BattleStep) -> None:
    b = battle_of(state)
    b.step = step
    if step == "maneuver":
        b.fired, b.lines = [], []


def _maneuver_prompts(state: JutlandState) -> list[Prompt]:
    b = battle_of(state)
    out = []
    for f in sorted(b.formations.values(), key=lambda f: f.tf):
        if f.plotted is not None or not maneuver.live(b, f) or not hooks.own_formation(f.tf):
            continue
        legal = maneuver.options(state, b, f)
        top = maneuver.top_speed(state, b, f)
        turns = tuple(Option(value=k, label=t(f"jut.turn.{k}")) for k in legal)
        angles = tuple(
            Option(
                value=str(a),
                label=str(a),
                when=tuple(When(within={"turn": (k,)}) for k in legal if a in legal[k]),
            )
            for a in sorted({a for v in legal.values() for a in v})
        )
        speeds = tuple(
            Option(
                value=str(v),
                label=str(v),
                when=tuple(
                    When(within={"turn": (k,), "angle": (str(a),)})
                    for k, angles_ in legal.items()
                    for a in angles_
                    if (0 if k == "turn_away" else maneuver.cost(a)) <= v
                ),
            )
            for v in range(top + 1)
        )
        thens = _thens(f, legal, top, maneuver.jammed(state, b, f))
        out.append(
            Prompt(
                id=f"h{state.hour}.{b.hex}.b{b.turn}.maneuver.{f.tf}",
                seat=f.side,
                kind="jut.maneuver",
                title=t("jut.prompt.maneuver", turn=b.turn),
                section="Jutland 4.2",
                sealed=True,
                forms=(
                    OrderForm(
                        type="maneuver",
                        label=t("jut.form.maneuver"),
                        fixed={"tf": f.tf},
                        inputs=(
                            Choice(name="turn", label=t("jut.input.turn"), options=turns),
                            Choice(name="angle", label=t("jut.input.angle"), options=angles),
                            Choice(name="speed", label=t("jut.input.speed"), options=speeds),
                            Choice(name="then", label=t("jut.input.then"), options=thens),
                            *hooks.detach_choice(state, b, f),
                        ),
                    ),
                ),
                default={
                    "type": "maneuver",
                    "tf": f.tf,
                    "turn": "succession" if "succession" in legal else "together",
                    "angle": 0,
                    "speed": top,
                    "then": 0,
                },
            )
        )
    return out + hooks.maneuver_prompts(state, b)


def _thens(
    f: Formation, legal: dict[str, list[int]], top: int, held: bool = False
) -> tuple[Option, ...]:
    """4.2 item 4: the second turn, offered for each first turn and speed that leave the
    factors it takes (the turn-away has none: 0)."""
    allowed: dict[int, list[When]] = {}
    for k, angles in legal.items():
        for a in angles:
            for then in maneuver.seconds(f, k, a, held):
                need = 0 if k == "turn_away" else maneuver.cost(a) + maneuver.cost(then)
                if need <= top:
                    speeds = tuple(str(v) for v in range(need, top + 1))
                    within = {"turn": (k,), "angle": (str(a),), "speed": speeds}
                    allowed.setdefault(then, []).append(When(within=within))
    return tuple(
        Option(value=str(a), label=str(a), when=tuple(allowed[a])) for a in sorted(allowed)
    )


def _fire_prompts(side: Side) -> Callable[[JutlandState], list[Prompt]]:
    def both(state: JutlandState) -> list[Prompt]:
        return build(state) + hooks.fire_prompts(state, battle_of(state), side)

    def build(state: JutlandState) -> list[Prompt]:
        b = battle_of(state)
        legal = gunnery.shots(state, b, side)
        if side in b.done or not legal:
            return []
        targets = tuple(Option(value=s, label=s) for s in sorted(legal))
        reach = {b: tuple(x for x in legal if b in legal[x].values()) for b in BANDS}
        bands = tuple(
            Option(
                value=band,
                label=t(f"jut.band.{band}"),
                when=(When(within={"target": reach[band]}),),
            )
            for band in BANDS
            if any(band in v.values() for v in legal.values())
        )
        firers = sorted({f for v in legal.values() for f in v})
        ships = tuple(
            Option(
                value=f,
                label=f,
                when=tuple(
                    When(within={"target": (x,), "band": (legal[x][f],)})
                    for x in sorted(legal)
                    if f in legal[x]
                ),
            )
            for f in firers
        )
        return [
            Prompt(
                id=f"h{state.hour}.{b.hex}.b{b.turn}.fire.{len(b.fired)}",
                seat=side,
                kind="jut.fire",
                title=t("jut.prompt.fire", turn=b.turn),
                section="Jutland 4.3",
                forms=(
                    OrderForm(
                        type="fire",
                        label=t("jut.form.fire"),
                        inputs=(
                            Choice(name="target", label=t("jut.input.target"), options=targets),
                            Choice(name="band", label=t("jut.input.band"), options=bands),
                            Choice(
                                name="ships",
                                label=t("jut.input.ships"),
                                kind="many",
                                min=1,
                                max=len(firers),
                                options=ships,
                            ),
                        ),
                    ),
                    OrderForm(type="hold_fire", label=t("jut.form.hold_fire")),
                ),
                default={"type": "hold_fire"},
            )
        ]

    return both


def _maneuvered(state: JutlandState, dice: Dice) -> list[Event]:
    events = maneuver.move_all(battle_of(state))
    events += hooks.after_maneuver(state, battle_of(state), dice)
    events += reinforce.spread(state)
    STEPS.goto(state, "fire_german")
    return events


def _german_fired(state: JutlandState, dice: Dice) -> list[Event]:
    STEPS.goto(state, "fire_british")
    return []


def _british_fired(state: JutlandState, dice: Dice) -> list[Event]:
    b = battle_of(state)
    fire.remove_hits(b)
    hooks.end_of_turn(state, b)
    b.done = []
    STEPS.goto(state, "maneuver")
    events = end.after_turn(state)
    if state.battle is b:  # Tournament 22.1: the next turn's weather
        events += battle_weather.next_turn(state, b, dice)
    return events


STEPS: Table[BattleStep, JutlandState] = Table(
    BattleStep,
    [
        Step(
            "maneuver",
            "Jutland 4.2",
            owes=("german", "british"),
            prompts=_maneuver_prompts,
            run=_maneuvered,
            next=("fire_german",),
        ),
        Step(
            "fire_german",
            "Jutland 4.3",
            owes=("german",),
            prompts=_fire_prompts("german"),
            run=_german_fired,
            next=("fire_british",),
        ),
        Step(
            "fire_british",
            "Jutland 4.3",
            owes=("british",),
            prompts=_fire_prompts("british"),
            run=_british_fired,
            next=("maneuver",),
        ),
    ],
    get=lambda state: battle_of(state).step,
    put=_put,
)
