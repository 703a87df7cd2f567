"""War at Sea 11: escape. After each round both sides declare, sealed (11.8); the escaping
side forms groups with a fixed escape speed (11.3); the other side may pursue each group with
ships at least as fast (11.4); each pursuit is fought apart; pursuers may break off after a
round and must when too slow (11.5); the escape succeeds when no pursuer is left (11.6)."""

from __future__ import annotations

from bot.rules.core import Choice, Event, Option, OrderForm, Prompt, RuleViolation, t
from bot.rules.war_at_sea.actions import BreakOff, DeclareEscape, EscapeGroup, Pursue
from bot.rules.war_at_sea.board import other
from bot.rules.war_at_sea.combat.fire import participants
from bot.rules.war_at_sea.combat.flow import goto
from bot.rules.war_at_sea.forms import In, forms, only_with, plain, ship_options
from bot.rules.war_at_sea.state import Battle, Side, UnitState, WarAtSeaState
from bot.rules.war_at_sea.state import EscapeGroup as Group
from bot.rules.war_at_sea.units import eff_speed, ev, loc_text, names_of


def _pid(state: WarAtSeaState, battle: Battle, what: str) -> str:
    return f"t{state.turn}.b{state.combat.count}.r{battle.round}.{what}"


def declare_prompt(state: WarAtSeaState, battle: Battle, side: Side) -> Prompt:
    """War at Sea 11.8: after a round each side declares, sealed, whether it escapes."""
    return Prompt(
        id=_pid(state, battle, f"escape.{side}"),
        seat=side,
        kind="was.escape",
        title=t("was.prompt.escape", where=loc_text(battle.where), round=battle.round),
        section="War at Sea 11.8",
        forms=(flag_form(),),
        sealed=True,
        default={"type": "declare_escape", "escape": False},
    )


def groups_prompt(state: WarAtSeaState, battle: Battle, side: Side) -> Prompt:
    """War at Sea 11.3: the escaping side forms its groups, each with an escape speed."""
    return Prompt(
        id=_pid(state, battle, f"groups.{len(battle.groups)}"),
        seat=side,
        kind="was.escape_groups",
        title=t("was.prompt.escape_groups", where=loc_text(battle.where)),
        section="War at Sea 11.3",
        forms=(
            *forms(
                "escape_group",
                t("was.form.escape_group"),
                [
                    In(
                        "ships",
                        t("was.input.ships"),
                        ship_options(ungrouped(state, battle)),
                        kind="many",
                    )
                ],
            ),
            plain("groups_done", "was.form.groups_done"),
        ),
        default={"type": "groups_done"},
    )


def pursuit_prompt(state: WarAtSeaState, battle: Battle, side: Side) -> Prompt:
    """War at Sea 11.4: the other side may pursue each group with ships as fast as it."""
    free = free_pursuers(state, battle)
    # 11.4: a group is offered only when every ship chosen is at least as fast as it.
    group_opts = [
        only_with(
            Option(value=str(i), label=t("was.group", n=i + 1, speed=g.speed, ships=len(g.ships))),
            "ships",
            [u.id for u in free if eff_speed(u) >= g.speed],
            [u.id for u in free],
        )
        for i, g in enumerate(battle.groups)
    ]
    pursue = forms(
        "pursue",
        t("was.form.pursue"),
        [
            In("ships", t("was.input.ships"), ship_options(free), kind="many"),
            In("group", t("was.input.group"), group_opts),
        ],
    )
    return Prompt(
        id=_pid(state, battle, f"pursuit.{sum(len(g.pursuers) for g in battle.groups)}"),
        seat=side,
        kind="was.pursuit",
        title=t("was.prompt.pursuit", where=loc_text(battle.where)),
        section="War at Sea 11.4",
        forms=(*pursue, plain("pursuers_done", "was.form.pursuit_done")),
        default={"type": "pursuers_done"},
    )


def break_off_prompt(state: WarAtSeaState, battle: Battle, side: Side) -> Prompt:
    """War at Sea 11.5: after each round of a pursuit, pursuers may break off."""
    group = battle.groups[battle.group or 0]
    still = [state.units[p] for p in group.pursuers if p not in group.broken_off]
    still = [u for u in still if u.status == "active" and not u.disabled]
    return Prompt(
        id=_pid(state, battle, f"break.{battle.group}.{len(group.broken_off)}"),
        seat=side,
        kind="was.break_off",
        title=t("was.prompt.break_off", where=loc_text(battle.where), n=(battle.group or 0) + 1),
        section="War at Sea 11.5",
        forms=(
            *forms(
                "break_off",
                t("was.form.break_off"),
                [In("ships", t("was.input.ships"), ship_options(still), kind="many")],
            ),
            plain("keep_pursuing", "was.form.continue_pursuit"),
        ),
        default={"type": "keep_pursuing"},
    )


def flag_form() -> OrderForm:
    return OrderForm(
        type="declare_escape",
        label=t("was.form.declare_escape"),
        inputs=(Choice(name="escape", label=t("was.input.escape"), kind="flag"),),
    )


def declare(state: WarAtSeaState, battle: Battle, side: Side, action: DeclareEscape) -> list[Event]:
    """Sealed: only the declaring seat learns its answer until both have answered."""
    battle.escape[side] = action.escape
    events = [ev("was.escape_declared", audience=side, escape=action.escape)]
    if len(battle.escape) < 2:
        return [*events, ev("was.escape_sealed", side=side)]
    allies, axis = battle.escape["allies"], battle.escape["axis"]
    events.append(ev("was.escape_revealed", allies=allies, axis=axis, where=battle.where))
    if allies and axis:
        # 11.8: both escape, both succeed, and neither side controls the area.
        for side_ in ("allies", "axis"):
            for u in participants(state, battle, side_):
                u.escaped = True
        goto(state, "over")
        return events
    if not allies and not axis:
        goto(state, "next_round")
        return events
    battle.escaping = "allies" if allies else "axis"
    battle.groups = []
    goto(state, "groups")
    alone = ungrouped(state, battle)
    if len(alone) == 1:  # a single ship is its own group: nothing to decide
        events.append(_group(battle, alone))
        events += _to_pursuit(state, battle)
    return events


def ungrouped(state: WarAtSeaState, battle: Battle) -> list[UnitState]:
    grouped = {s for g in battle.groups for s in g.ships}
    return [
        u for u in participants(state, battle, battle.escaping or "allies") if u.id not in grouped
    ]


def _group(battle: Battle, ships: list[UnitState]) -> Event:
    speed = min(eff_speed(u) for u in ships)  # 11.3: the slowest ship's speed, fixed
    battle.groups.append(Group(ships=[u.id for u in ships], speed=speed))
    return ev(
        "was.escape_group",
        n=len(battle.groups),
        speed=speed,
        ships=[u.id for u in ships],
        names=names_of(ships),
    )


def form_group(state: WarAtSeaState, battle: Battle, action: EscapeGroup) -> list[Event]:
    free = {u.id: u for u in ungrouped(state, battle)}
    if not action.ships or len(set(action.ships)) != len(action.ships):
        raise RuleViolation("was.order.no_ships", "War at Sea 11.3")
    for ship in action.ships:
        if ship not in free:
            raise RuleViolation("was.escape.not_free", "War at Sea 11.3", ship=ship)
    events = [_group(battle, [free[s] for s in action.ships])]
    if not ungrouped(state, battle):
        events += _to_pursuit(state, battle)
    return events


def groups_done(state: WarAtSeaState, battle: Battle) -> list[Event]:
    rest = ungrouped(state, battle)
    events = [_group(battle, rest)] if rest else []
    return events + _to_pursuit(state, battle)


def free_pursuers(state: WarAtSeaState, battle: Battle) -> list[UnitState]:
    taken = {p for g in battle.groups for p in g.pursuers}
    slowest = min(g.speed for g in battle.groups)
    return [
        u
        for u in participants(state, battle, other(battle.escaping or "allies"))
        if u.id not in taken and eff_speed(u) >= slowest
    ]


def _to_pursuit(state: WarAtSeaState, battle: Battle) -> list[Event]:
    goto(state, "pursuit" if free_pursuers(state, battle) else "pursuit_done")
    return []


def pursue(state: WarAtSeaState, battle: Battle, action: Pursue) -> list[Event]:
    if not 0 <= action.group < len(battle.groups):
        raise RuleViolation("was.escape.no_group", "War at Sea 11.4", group=action.group)
    group = battle.groups[action.group]
    taken = {p for g in battle.groups for p in g.pursuers}
    free = {
        u.id: u
        for u in participants(state, battle, other(battle.escaping or "allies"))
        if u.id not in taken
    }
    if not action.ships or len(set(action.ships)) != len(action.ships):
        raise RuleViolation("was.order.no_ships", "War at Sea 11.4")
    for ship in action.ships:
        if ship not in free:
            raise RuleViolation("was.escape.not_free", "War at Sea 11.4", ship=ship)
        if eff_speed(free[ship]) < group.speed:
            raise RuleViolation(
                "was.escape.too_slow", "War at Sea 11.4", ship=ship, speed=group.speed
            )
    group.pursuers += action.ships
    chasers = [free[s] for s in action.ships]
    events = [ev("was.pursuit", n=action.group + 1, ships=action.ships, names=names_of(chasers))]
    if not free_pursuers(state, battle):
        goto(state, "pursuit_done")
    return events


def start_pursuits(state: WarAtSeaState, battle: Battle) -> list[Event]:
    """Unpursued groups are away at once (11.2); pursued groups are fought one by one."""
    events: list[Event] = []
    for i, group in enumerate(battle.groups):
        if not group.pursuers:
            events += _escaped(state, battle, i)
    return events + next_pursuit(state, battle, -1)


def next_pursuit(state: WarAtSeaState, battle: Battle, after: int) -> list[Event]:
    for i in range(after + 1, len(battle.groups)):
        if battle.groups[i].pursuers:
            battle.group = i
            goto(state, "next_round")
            group = battle.groups[i]
            return [
                ev(
                    "was.pursuit_fight",
                    n=i + 1,
                    where=battle.where,
                    names=names_of([state.units[s] for s in group.ships]),
                    pursuers=names_of([state.units[s] for s in group.pursuers]),
                )
            ]
    battle.group = None
    goto(state, "over")
    return []


def _escaped(state: WarAtSeaState, battle: Battle, i: int) -> list[Event]:
    ships = [state.units[s] for s in battle.groups[i].ships]
    away = [u for u in ships if u.status == "active" and not u.disabled]
    for u in away:
        u.escaped = True
    return [
        ev(
            "was.escaped",
            n=i + 1,
            ships=[u.id for u in away],
            names=names_of(away),
            where=battle.where,
        )
    ]


def end_pursuit_round(state: WarAtSeaState, battle: Battle) -> list[Event]:
    i = battle.group or 0
    group = battle.groups[i]
    fleeing = participants(state, battle, battle.escaping or "allies")
    chasing = participants(state, battle, other(battle.escaping or "allies"))
    # War at Sea 11.2 「追擊方若全滅，則雙方都沒有制海權」. Ruling: 追擊方 is the pursuing
    # *side*, as 11.4 and 11.5 use the word, not the ships of one pursuit; and an aborted ship
    # is not destroyed (7.3 sends it home). So losing one group's pursuers decides nothing
    # here: when the side still has a surface ship in action in the area (a pursuer of
    # another group, or a ship that did not pursue), 11.1 gives it control; when it has none,
    # 12.1 leaves the area to nobody, which is 11.2's "neither side". control.determine
    # applies both, so no marker is set here.
    if not fleeing:
        lost = names_of([state.units[s] for s in group.ships])
        return [ev("was.group_lost", n=i + 1, names=lost), *next_pursuit(state, battle, i)]
    if not chasing:
        return _escaped(state, battle, i) + next_pursuit(state, battle, i)
    if not battle.rolled:
        # Nobody fired in this pursuit round: the ruling of surface.end_round. The group is
        # away (11.6), as if the pursuers had broken off, which 11.5 lets them do anyway.
        return _escaped(state, battle, i) + next_pursuit(state, battle, i)
    events: list[Event] = []
    for u in chasing:
        if eff_speed(u) < group.speed:  # 11.5: too slow now, must break off
            group.broken_off.append(u.id)
            events.append(ev("was.broke_off", ship=u.id, name=u.name, forced=True))
    if not participants(state, battle, other(battle.escaping or "allies")):
        return events + _escaped(state, battle, i) + next_pursuit(state, battle, i)
    goto(state, "break_off")
    return events


def break_off(state: WarAtSeaState, battle: Battle, action: BreakOff) -> list[Event]:
    group = battle.groups[battle.group or 0]
    chasing = {u.id for u in participants(state, battle, other(battle.escaping or "allies"))}
    for ship in action.ships:
        if ship not in chasing:
            raise RuleViolation("was.escape.not_pursuing", "War at Sea 11.5", ship=ship)
    group.broken_off += action.ships
    events = [
        ev("was.broke_off", ship=s, name=state.units[s].name, forced=False) for s in action.ships
    ]
    if not participants(state, battle, other(battle.escaping or "allies")):
        i = battle.group or 0
        return events + _escaped(state, battle, i) + next_pursuit(state, battle, i)
    return events


def continue_pursuit(state: WarAtSeaState, battle: Battle) -> list[Event]:
    goto(state, "next_round")
    return []
