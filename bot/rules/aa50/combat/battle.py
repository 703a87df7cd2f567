"""AA50 5.5: the battles of a turn, in order (5.5.1 strategic bombing, 5.5.2 amphibious
assaults, 5.5.3 general combat), each battle a table of steps (``STEPS``); the battle board
(2.9) is the state's ``Battle``: the two sides, the casualty zone (``doomed``), the round."""

from __future__ import annotations

from bot.rules.aa50 import board, capture, chronicle, query
from bot.rules.aa50.board import SEATS
from bot.rules.aa50.combat import casualties, fire, order, orphans
from bot.rules.aa50.state import Aa50State, Battle, BattleStep, Unit
from bot.rules.aa50.words import ev
from bot.rules.core import Dice, Event, RuleViolation
from bot.rules.core.sequence import Step, Table


def _get(state: Aa50State) -> BattleStep:
    return state.battle.step if state.battle is not None else "choose"


def _put(state: Aa50State, step: BattleStep) -> None:
    if state.battle is not None:
        state.battle.step = step


def start(state: Aa50State, where: str) -> list[Event]:
    if where in state.assaults and where not in state.bombing:
        state.assault_now = where  # 5.5.2: this assault is resolved whole, sea combat first
        where = order.assault_next(state, where)[0]
    if where == state.assault_now:
        state.assault_now = None  # its land combat: the assault's last battle
    state.battles.remove(where)
    kind = "bombing" if where in state.bombing else "sea" if board.is_sea(where) else "land"
    if where in state.bombing:
        state.bombing.remove(where)
    state.battle = Battle(where=where, attacker=state.power, kind=kind)
    if kind == "sea" and where not in state.sea_battles:
        state.sea_battles.append(where)
    chronicle.begin_battle(state, where, kind)
    return [ev("aa50.battle", where=where, kind=kind)]


def _battle(state: Aa50State) -> Battle:
    assert state.battle is not None
    return state.battle


def _drain(state: Aa50State) -> list[Event]:
    """Take every batch of hits whose owner has no real choice."""
    b = _battle(state)
    events: list[Event] = []
    while b.pending and not casualties.choice_open(state, b, b.pending[0]):
        hits = b.pending.pop(0)
        events += casualties.take(state, b, hits, casualties.default(state, b, hits))
    return events


def _choose(state: Aa50State, dice: Dice) -> list[Event]:
    """Note 36: first the whole order of the battles (``order``), then each in turn."""
    from bot.rules.aa50 import turn

    if not state.planned:
        order.settle(state)
        return []
    left = order.next_battle(state)
    if not left:
        # 7.2.1: defending fighters whose carrier sank land once the attacker's battles are
        # all over, before its noncombat move (so none defends a later battle next door).
        events = orphans.settle(state)
        if orphans.waiting(state):
            return events  # their owners choose where they land (combat/prompts.py)
        return events + turn.go(state, "noncombat_move")
    events = start(state, left[0])
    return events  # step is "open" now


def _open(state: Aa50State, dice: Dice) -> list[Event]:
    b = _battle(state)
    events = _drain(state)
    if b.pending:
        return events
    if b.kind == "bombing":
        bombers = [u for u in query.at(state, b.where) if u.owner == b.attacker and u.bombed]
        down, shots = fire.aa_fire(state, dice, b.where, bombers)
        events += shots + (casualties.destroy(state, down) if down else [])
        bombers = [u for u in bombers if u.id not in down]
        events += fire.bombing_damage(state, dice, b.where, bombers)
        STEPS.goto(state, "conclude")
        return events
    if b.kind == "land":
        events += _land_assault(state, b, dice)
        planes = [
            u for u in query.combatants(state, b.where, b.attacker) if u.type in board.AIR_UNITS
        ]
        down, shots = fire.aa_fire(state, dice, b.where, planes)
        events += shots + (casualties.destroy(state, down) if down else [])
    STEPS.goto(state, _end_or(state, b, "surprise"))
    return events + _drain(state)


def _land_assault(state: Aa50State, b: Battle, dice: Dice) -> list[Event]:
    """5.5.2.3: cargo lands from its transports; 5.5.2.2: battleships and cruisers in a zone
    where no sea battle was fought bombard, no more of them than units landed.

    5.5.2.3: when nothing is left to land (the cargo sank with its transports in the sea
    battle, or sailed off with a fleet that retreated from it), the units that came overland
    and the aircraft sent to the land combat still 「必须先按常规作战方式执行 1 轮陆战，然后才能
    选择是否要撤退」: the land battle stays on the list and is fought as general combat, the
    retreat offered only at the end of a round (``retreats``, the press step), so at the end
    of the first at the soonest. Ruling: 「如果进攻方没有任何陆军部队留下……如果进攻方的海军部队全部
    被击沉，两栖登陆战也宣告结束」 ends the landing (nothing lands, nobody bombards), not that land
    battle, which the sentences before it require to be fought."""
    landed = []
    zones: set[str] = set()
    for u in list(state.units.values()):
        if u.assault != b.where or u.owner != b.attacker or u.carried_by is None:
            continue
        zones.add(u.at)
        u.came_from, u.at, u.carried_by, u.assault, u.amphibious = u.at, b.where, None, None, True
        landed.append(u)
    if not landed:
        return []
    ships = [
        u
        for z in sorted(zones - set(state.sea_battles))
        for u in query.at(state, z)
        if u.owner == b.attacker and u.type in ("battleship", "cruiser") and not u.bombarded
    ][: len(landed)]
    events = [ev("aa50.landed", where=b.where, units=[u.id for u in landed])]
    if ships:
        for s in ships:
            s.bombarded = True
        hits, shots = fire.volley(state, dice, ships, "attacker", True, True, final=False)
        for h in hits:
            h.kind = "land"  # 7.3.1, 7.3.3: bombardment fires at the enemy land units only
        b.pending += hits
        events += shots
    return events


def strikes(state: Aa50State, b: Battle) -> bool:
    """7.3.5: whether this round opens with the submarines' surprise strike: at sea, in the
    first round (「这个特殊攻击在 1 场战斗中只发生 1 次」, once a battle), or in every round with
    the ``surprise_every_round`` option (TripleA's reading, options.py). In the later rounds
    submarines fire with their side instead (5.5.3.2-3)."""
    return b.kind == "sea" and (b.round == 1 or state.options.surprise_every_round)


def _surprise(state: Aa50State, dice: Dice) -> list[Event]:
    """7.3.5: submarines strike first unless the other side has a destroyer; their hits are
    removed before they can fire back. The strike opens the first round only (``strikes``);
    the submarines' choice to submerge comes at the start of every round."""
    b = _battle(state)
    events: list[Event] = []
    if b.kind == "sea" and may_submerge(state) is not None:
        return events  # a side chooses first whether its submarines submerge
    if _over(state, b):  # everything left submerged
        STEPS.goto(state, "conclude")
        return events
    att = query.combatants(state, b.where, b.attacker)
    dfn = query.defenders(state, b.where, b.attacker)
    if strikes(state, b):
        att_dd = any(u.type == "destroyer" for u in att)
        dfn_dd = any(u.type == "destroyer" for u in dfn)
        subs_a = [u for u in att if u.type == "submarine"] if not dfn_dd else []
        subs_d = [u for u in dfn if u.type == "submarine"] if not att_dd else []
        for subs, side in ((subs_a, "attacker"), (subs_d, "defender")):
            if subs:
                hits, shots = fire.volley(state, dice, subs, side, side == "attacker", False, True)
                b.pending += hits
                events += shots
    STEPS.goto(state, "attacker_fire")
    return events + _drain(state)


def may_submerge(state: Aa50State) -> str | None:
    """7.3.5 Submersible: at the start of each round, the side whose submarines face no enemy
    destroyer may submerge them (they leave the battle). Returns the side to ask next."""
    b = _battle(state)
    for side in ("attacker", "defender"):
        if side in b.asked:
            continue
        other = "defender" if side == "attacker" else "attacker"
        mine = casualties.side_units(state, b, side)
        if any(u.type == "submarine" for u in mine) and not any(
            u.type == "destroyer" for u in casualties.side_units(state, b, other)
        ):
            return side
    return None


def submerge(state: Aa50State, ids: list[str]) -> list[Event]:
    b = _battle(state)
    side = may_submerge(state)
    assert side is not None
    subs = {u.id for u in casualties.side_units(state, b, side) if u.type == "submarine"}
    if not set(ids) <= subs:
        raise RuleViolation("aa50.combat.not_a_sub", "AA50 7.3.5")
    for uid in ids:
        state.units[uid].submerged = True
    b.asked.append(side)
    return [ev("aa50.submerged", where=b.where, units=ids)] if ids else []


def _surprised(state: Aa50State, b: Battle, side: str) -> set[str]:
    """Submarines of ``side`` that fired in this round's surprise strike."""
    if not strikes(state, b):
        return set()
    other = "defender" if side == "attacker" else "attacker"
    if any(u.type == "destroyer" for u in casualties.side_units(state, b, other)):
        return set()
    return {u.id for u in casualties.side_units(state, b, side) if u.type == "submarine"}


def _attacker_fire(state: Aa50State, dice: Dice) -> list[Event]:
    b = _battle(state)
    if b.pending:
        return _drain(state)
    units = [
        u
        for u in query.combatants(state, b.where, b.attacker)
        if u.id not in _surprised(state, b, "attacker")
    ]
    dd = any(u.type == "destroyer" for u in query.combatants(state, b.where, b.attacker))
    hits, events = fire.volley(state, dice, units, "attacker", True, dd, final=False)
    b.pending += hits
    STEPS.goto(state, "defender_fire")
    return events + _drain(state)


def _defender_fire(state: Aa50State, dice: Dice) -> list[Event]:
    b = _battle(state)
    if b.pending:
        return _drain(state)
    dfn = query.defenders(state, b.where, b.attacker)
    units = [u for u in dfn if u.id not in _surprised(state, b, "defender")]
    dd = any(u.type == "destroyer" for u in dfn)
    hits, events = fire.volley(state, dice, units, "defender", False, dd, final=True)
    b.pending += hits
    STEPS.goto(state, "casualties")
    return events + _drain(state)


def _casualties(state: Aa50State, dice: Dice) -> list[Event]:
    """5.5.3.4: the defender's casualties leave the board."""
    b = _battle(state)
    if b.pending:
        return _drain(state)
    events = casualties.destroy(state, b.doomed) if b.doomed else []
    b.doomed = []
    STEPS.goto(state, _end_or(state, b, "press"))
    return events


def _over(state: Aa50State, b: Battle) -> bool:
    """5.5.3.5 condition A: one side has no units left, or neither side can hit the other
    (submarines never hit aircraft, aircraft hit no submarine without a destroyer, 7.3.4-5);
    defending transports left alone are destroyed (5.5.3.2)."""
    att = query.combatants(state, b.where, b.attacker)
    dfn = query.defenders(state, b.where, b.attacker)
    if not att or not dfn:
        return True
    if all(d.type == "transport" for d in dfn) and any(_value(u, True) for u in att):
        b.sunk += [d.id for d in dfn]
        return True
    return not _can_hit(att, dfn, True) and not _can_hit(dfn, att, False)


def _end_or(state: Aa50State, b: Battle, step: BattleStep) -> BattleStep:
    """The step after a round's end: ``step`` while the battle goes on; at its end the press
    step when both sides are down to transports and the attacker's may still retreat (5.5.3.5
    condition A: they stay or retreat, condition B), the conclusion otherwise."""
    if not _over(state, b):
        return step
    return "press" if _stand_off(state, b) and retreats(state) else "conclude"


def _stand_off(state: Aa50State, b: Battle) -> bool:
    """5.5.3.5 condition A: a sea battle where both sides have only transports left."""
    att = query.combatants(state, b.where, b.attacker)
    dfn = query.defenders(state, b.where, b.attacker)
    return (
        b.kind == "sea"
        and bool(att)
        and bool(dfn)
        and all(u.type == "transport" for u in att + dfn)
    )


def _value(u: Unit, attacking: bool) -> int:
    kind = board.unit_type(u.type)
    return kind.attack if attacking else kind.defense


def _can_hit(shooters: list[Unit], targets: list[Unit], attacking: bool) -> bool:
    destroyer = any(u.type == "destroyer" for u in shooters)
    for u in shooters:
        if _value(u, attacking) <= 0:
            continue
        for d in targets:
            if u.type == "submarine" and d.type not in board.SEA_UNITS:
                continue
            if u.type in board.AIR_UNITS and d.type == "submarine" and not destroyer:
                continue
            return True
    return False


def retreats(state: Aa50State) -> list[str]:
    """5.5.3.5: an adjacent friendly space that at least one attacking unit came from (a sea
    zone friendly since the turn began); aircraft alone withdraw where they are and land in
    the noncombat move. 5.5.2.3: units landed from the sea may not retreat; the units that
    came overland and the aircraft may, together, and the landed units fight on alone."""
    b = _battle(state)
    att = query.combatants(state, b.where, b.attacker)
    free = [u for u in att if not u.amphibious]
    if not free:
        return []
    ground = [u for u in free if u.type not in board.AIR_UNITS]
    if not ground:
        return [b.where]
    out = set()
    for u in ground:
        src = u.came_from
        if src is None or src == b.where or src not in board.adjacent(b.where):
            continue
        if board.is_sea(src):
            # A zone friendly since the turn began (hostile_seas), and friendly still.
            if src not in state.hostile_seas and not query.hostile_sea(state, src, b.attacker):
                out.add(src)
        elif query.friendly_land(state, src, b.attacker):
            out.add(src)
    return sorted(out)


def must_retreat(state: Aa50State) -> bool:
    """7.3.6: a sea battle where the attacker has a transport with land units that boarded in
    this combat move and land nowhere: it must retreat (at the end of the first round the
    retreat is open). Ruling: the attacking fleet retreats whole, as sea retreats are
    (5.5.3.5 condition B)."""
    b = _battle(state)
    return (
        b.kind == "sea"
        and bool(retreats(state))
        and any(
            c.loaded and c.combat and c.assault is None and c.owner == b.attacker
            for s in query.combatants(state, b.where, b.attacker)
            if s.type == "transport"
            for c in query.cargo(state, s)
        )
    )


def press(state: Aa50State) -> list[Event]:
    b = _battle(state)
    if must_retreat(state):
        raise RuleViolation("aa50.combat.must_retreat", "AA50 7.3.6", where=b.where)
    if _stand_off(state, b):
        STEPS.goto(state, "conclude")  # 5.5.3.5 A: the attacker's transports stay there
        return []
    b.round += 1
    b.asked = []
    chronicle.next_round(state, b.round)
    STEPS.goto(state, "surprise")
    return [ev("aa50.press", where=b.where, round=b.round)]


def retreat(state: Aa50State, to: str) -> list[Event]:
    b = _battle(state)
    att = query.combatants(state, b.where, b.attacker)
    stay = [u for u in att if u.amphibious]
    for u in att:
        if u.amphibious:
            continue
        if u.type in board.AIR_UNITS:
            u.withdrawn = True  # 5.5.3.5: aircraft retreat in the noncombat move
            continue
        for x in [u, *query.cargo(state, u)]:
            x.at = to
            x.assault = None  # 7.3.6: a retreating transport does not unload
        if u.type == "transport":
            u.unloaded = True  # 7.3.6: nor later in the turn it retreated
    events = [ev("aa50.retreat", where=b.where, to=to)]
    if stay:
        # 5.5.2.3: the units landed from the sea fight on; the battle goes to its next round.
        return events + press(state)
    STEPS.goto(state, "conclude")
    b.round = -1
    return events


def _conclude(state: Aa50State, dice: Dice) -> list[Event]:
    """5.5.3.6: the attacker takes a territory if it has a land unit left and the defence
    has none; battleships are repaired (7.3.1)."""
    b = _battle(state)
    events: list[Event] = casualties.destroy(state, b.sunk) if b.sunk else []
    b.sunk = []
    taken = False
    if b.kind == "land" and b.round >= 0:
        att = query.combatants(state, b.where, b.attacker)
        dfn = query.defenders(state, b.where, b.attacker)
        taken = not dfn and any(u.type in board.LAND_UNITS for u in att)
        if taken and query.enemy_land(state, b.where, b.attacker):
            events += capture.capture(state, b.where, b.attacker)
    chronicle.end_battle(state, taken)
    for u in query.at(state, b.where):
        u.submerged = u.withdrawn = False
        if u.type == "battleship":
            u.hits = 0
    events.append(ev("aa50.battle_over", where=b.where))
    state.battle = None
    return events


STEPS: Table[BattleStep, Aa50State] = Table(
    BattleStep,
    [
        Step("choose", "AA50 5.5", owes=SEATS, run=_choose, next=("open",)),
        Step("open", "AA50 5.5.2", owes=SEATS, run=_open, next=("surprise", "press", "conclude")),
        Step(
            "surprise", "AA50 7.3.5", owes=SEATS, run=_surprise, next=("attacker_fire", "conclude")
        ),
        Step(
            "attacker_fire", "AA50 5.5.3.2", owes=SEATS, run=_attacker_fire, next=("defender_fire",)
        ),
        Step("defender_fire", "AA50 5.5.3.3", owes=SEATS, run=_defender_fire, next=("casualties",)),
        Step("casualties", "AA50 5.5.3.4", owes=SEATS, run=_casualties, next=("press", "conclude")),
        Step("press", "AA50 5.5.3.5", owes=SEATS, next=("surprise", "conclude")),
        Step("conclude", "AA50 5.5.3.6", owes=SEATS, run=_conclude, next=("choose",)),
    ],
    get=_get,
    put=_put,
)
