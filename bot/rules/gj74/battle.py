"""An attack on surface ships, by ships (GJ74 15) or aircraft (16.2-16.3), as a procedure with
the decisions the rules give each player:

- 15.1(5): the defender may turn face-down ships of the target hex face up, to become targets;
- 15.1(2)-(4): if he does (or the attack order dealt nobody), the attacker deals his attackers
  over every face-up ship, all at once or attacker by attacker;
- 15.2(3): for each target, the defender draws wide-area anti-air from the track (15.2(1));
- 15.2(4): the attacker takes the anti-air hits off the attackers he chooses;
- 15.2(5)-(7): what is left fires; one hit damages, two sink. Targets go one at a time (15.2(8)).

A decision nobody has a choice in is not asked. Each has a default for a deadline."""

from __future__ import annotations

from bot.rules.core import Dice, Event, RuleViolation, t
from bot.rules.core.text import die
from bot.rules.gj74 import board, movement
from bot.rules.gj74.actions import AbsorbHits, AllocateTargets, DealOne, DrawAA, RevealTargets
from bot.rules.gj74.state import Battle, GJ74State, Gun, MoveAfter, Side, Unit, other
from bot.rules.gj74.units import at, face_up_enemies, hits_to, reveal, unit_tech

SECTION = "GJ74 15"


def open_battle(
    state: GJ74State,
    side: Side,
    hex_id: str,
    guns: list[Gun],
    targets: list[str],
    far: bool,
    section: str,
    dice: Dice,
    then: MoveAfter | None = None,
) -> list[Event]:
    """15.1: the attack declared with the attacker's deal (``targets``: see ``deal_ok``; none:
    the attacker deals once the defender has chosen which ships to turn up, 15.1(5))."""
    aim = expand(targets, len(guns))
    for x in aim:
        state.attacked_first[state.units[x].side] = True
    state.battle = Battle(
        side=side, hex=hex_id, section=section, far=far, guns=guns, aim=aim, then=then
    )
    _order_targets(state.battle)
    return run(state, dice)


def expand(targets: list[str], guns: int) -> list[str]:
    """The target of each attacker, in order. A deal shorter than the attackers (one each,
    ``need`` long) goes round again in the same order (15.1(3))."""
    if targets and len(targets) < guns:
        return [targets[k % len(targets)] for k in range(guns)]
    return list(targets[:guns])


def deal_ok(targets: list[str], guns: int, ships: set[str]) -> bool:
    """15.1(2)-(4): each attacker gets a target, one to each ship before any gets a second:
    at every point of the deal no ship has two more attackers than another, and as many
    ships are attacked as can be (all of them, or one per attacker)."""
    aim = expand(targets, guns)
    if len(aim) != guns or not set(aim) <= ships or len(set(aim)) != min(guns, len(ships)):
        return False
    if len(targets) not in (guns, min(guns, len(ships))):
        return False
    counts = dict.fromkeys(set(aim), 0)
    for x in aim:
        counts[x] += 1
        if max(counts.values()) - min(counts.values()) > 1:
            return False
    return True


def _order_targets(b: Battle) -> None:
    """15.2(2), (8): the targets are resolved in the order the deal first names them."""
    b.targets = list(dict.fromkeys(b.aim))


def hidden_here(state: GJ74State, b: Battle) -> list[Unit]:
    """15.1(5): the defender's face-down surface ships in the target hex."""
    return sorted(
        (u for u in at(state, b.hex, other(b.side), sub=False) if not u.face_up),
        key=lambda u: u.id,
    )


def need(state: GJ74State, b: Battle) -> int:
    """15.1(2)-(4): one attacker to each target before any gets a second."""
    return min(len(b.guns), len(face_up_enemies(state, b.side, b.hex, sub=False)))


def dealt(b: Battle, target: str) -> list[Gun]:
    """The attackers dealt to ``target`` (15.1(2)-(3))."""
    return [g for g, x in zip(b.guns, b.aim, strict=True) if x == target]


def current(state: GJ74State, b: Battle) -> Unit:
    return state.units[b.targets[b.current]]


def default_draw(state: GJ74State, b: Battle) -> int:
    """The draw a deadline takes. Ruling: a wide-area ship draws its own value, another ship
    up to 2 (the printed play keeps some of the track for the ships still to come)."""
    c = board.ship(current(state, b).cls)
    return min(c.anti_air if c.wide_area_aa else 2, b.track)


def eff_tech(b: Battle, g: Gun) -> int:
    """15.2(6): one less at two hexes or more, at least 1."""
    return max(1, g.tech - 1) if b.far else g.tech


def default_order(b: Battle, guns: list[Gun]) -> list[str]:
    """Ruling for a deadline: the AA hits come off the lowest tech attackers first (what
    23.0 example 4 battle 3 does)."""
    return [g.label for g in sorted(guns, key=lambda g: g.tech)]


def owes(state: GJ74State) -> tuple[Side, str] | None:
    """Who owes which decision of the battle now (None: it runs by itself)."""
    b = state.battle
    if b is None:
        return None
    if b.stage == "reveal" and hidden_here(state, b):
        return other(b.side), "reveal"
    if b.stage == "allocate":
        return b.side, "allocate"
    if b.stage == "aa":
        return other(b.side), "aa"
    if b.stage == "absorb":
        return b.side, "absorb"
    return None


def run(state: GJ74State, dice: Dice) -> list[Event]:
    """Resolve what needs no decision, up to the next one or the end of the battle."""
    events: list[Event] = []
    while (b := state.battle) is not None:
        if b.stage == "reveal":
            if hidden_here(state, b):
                return events
            b.stage = "deal" if b.aim else "allocate"
        elif b.stage == "deal":
            # 15.2(1): the wide-area anti-air of the ships attacked goes on the track.
            b.track = sum(
                board.ship(state.units[x].cls).anti_air
                for x in b.targets
                if board.ship(state.units[x].cls).wide_area_aa
            )
            events.append(Event(kind="gj74.aa_track", params={"n": b.track}))
            b.current = 0
            b.stage = "aa"
            if not _skip_done(state, b):
                events += _finish(state, dice)
        elif b.stage == "aa":
            if b.track > 0:
                return events
            b.draw = 0
            b.stage = "aa_fire"
        elif b.stage == "aa_fire":
            events += _aa_fire(state, b, dice)
        elif b.stage == "absorb":
            guns = dealt(b, b.targets[b.current])
            if b.aa_hits > 0 and len({eff_tech(b, g) for g in guns}) > 1:
                return events
            b.order = default_order(b, guns)
            b.stage = "fire"
        elif b.stage == "fire":
            events += _fire(state, b, dice)
            b.current += 1
            b.stage = "aa"
            if not _skip_done(state, b):
                events += _finish(state, dice)
        else:  # allocate: a decision, asked by owes()
            return events
    return events


def _skip_done(state: GJ74State, b: Battle) -> bool:
    """Move ``current`` past targets with nobody dealt or already gone; False at the end."""
    while b.current < len(b.targets):
        u = current(state, b)
        if dealt(b, u.id) and u.status == "map":
            return True
        b.current += 1
    return False


def _aa_fire(state: GJ74State, b: Battle, dice: Dice) -> list[Event]:
    """15.2(3): the target's anti-air (its interception air too, 2.11(4)2) and what it drew;
    a wide-area ship fires only what it drew from the track (15.2(3)2)."""
    u = current(state, b)
    c = board.ship(u.cls)
    b.track -= b.draw
    aa = (b.draw if c.wide_area_aa else c.anti_air + b.draw) + c.air_intercept
    b.aa_hits, shown = _roll(dice, aa, unit_tech(state, u), "gj74.die.aa")
    b.stage = "absorb"
    return [Event(kind="gj74.aa_fire", params={"unit": u.id, "dice": shown, "hits": b.aa_hits})]


def _fire(state: GJ74State, b: Battle, dice: Dice) -> list[Event]:
    """15.2(4)-(7)."""
    u = current(state, b)
    guns = {g.label: g for g in dealt(b, u.id)}
    left = b.aa_hits
    power: dict[str, int] = {}
    for label in b.order:
        cut = min(guns[label].anti_ship, left)
        left -= cut
        power[label] = guns[label].anti_ship - cut
    events: list[Event] = []
    total = 0
    for label in b.order:
        hits, shown = _roll(dice, power[label], eff_tech(b, guns[label]), "gj74.die.anti_ship")
        if shown:
            events.append(
                Event(kind="gj74.anti_ship", params={"unit": u.id, "dice": shown, "hits": hits})
            )
        total += hits
    return events + hits_to(state, u, total)


def _finish(state: GJ74State, dice: Dice) -> list[Event]:
    b = state.battle
    assert b is not None
    state.battle = None
    if b.then is None:
        return []
    alive = [state.units[x] for x in b.then.units if state.units[x].status == "map"]
    if not alive:
        return []
    return movement.move(
        state, b.side, alive, b.then.to, b.then.via or None, b.then.steps, "GJ74 7.2", dice
    )


def _roll(dice: Dice, n: int, tech: int, label: str) -> tuple[int, list[dict[str, object]]]:
    faces = [dice.roll(t(label)) for _ in range(n)]
    shown = [die(f, outcome="gj74.hit" if f <= tech else "gj74.miss") for f in faces]
    return sum(1 for f in faces if f <= tech), shown


# --- the answers ---------------------------------------------------------------------------


def answer(
    state: GJ74State,
    side: Side,
    a: RevealTargets | AllocateTargets | DealOne | DrawAA | AbsorbHits,
    dice: Dice,
) -> list[Event]:
    b = state.battle
    asked = owes(state)
    if b is None or asked is None or asked[0] != side:
        raise RuleViolation("gj74.battle.nothing", SECTION)
    if isinstance(a, RevealTargets):
        events = _reveal(state, b, a)
    elif isinstance(a, AllocateTargets):
        events = _allocate(state, b, a)
    elif isinstance(a, DealOne):
        events = _deal_one(state, b, a)
    elif isinstance(a, DrawAA):
        if asked[1] != "aa":
            raise RuleViolation("gj74.battle.nothing", SECTION)
        if not 0 <= a.n <= b.track:
            raise RuleViolation("gj74.battle.track", "GJ74 15.2(3)", n=b.track)
        b.draw = a.n
        b.stage = "aa_fire"
        events = []
    else:
        if asked[1] != "absorb":
            raise RuleViolation("gj74.battle.nothing", SECTION)
        labels = [g.label for g in dealt(b, b.targets[b.current])]
        if sorted(a.units) != sorted(labels):
            raise RuleViolation("gj74.battle.absorb", "GJ74 15.2(4)")
        b.order = list(a.units)
        b.stage = "fire"
        events = []
    return events + run(state, dice)


def _reveal(state: GJ74State, b: Battle, a: RevealTargets) -> list[Event]:
    """15.1(5): face-down ships the owner turns up become targets; the others stay out."""
    if b.stage != "reveal":
        raise RuleViolation("gj74.battle.nothing", SECTION)
    hidden = {u.id: u for u in hidden_here(state, b)}
    if not set(a.units) <= set(hidden) or len(set(a.units)) != len(a.units):
        raise RuleViolation("gj74.battle.reveal", "GJ74 15.1(5)", hex=b.hex)
    events = reveal(state, [hidden[x] for x in a.units], "volunteered")
    # New targets (or none dealt yet): the attacker deals (again).
    b.stage = "allocate" if a.units or not b.aim else "deal"
    return events


def _allocate(state: GJ74State, b: Battle, a: AllocateTargets) -> list[Event]:
    """15.1(2)-(4): one attacker to each target before a second to any, in the order given."""
    if b.stage != "allocate":
        raise RuleViolation("gj74.battle.nothing", SECTION)
    ships = {u.id for u in face_up_enemies(state, b.side, b.hex, sub=False)}
    if not deal_ok(a.targets, len(b.guns), ships):
        raise RuleViolation("gj74.attack.targets", "GJ74 15.1", n=need(state, b))
    _dealt(state, b, expand(a.targets, len(b.guns)))
    return []


def _dealt(state: GJ74State, b: Battle, aim: list[str]) -> None:
    b.aim = aim
    b.dealing = []
    _order_targets(b)
    for x in b.targets:
        state.attacked_first[state.units[x].side] = True
    b.stage = "deal"


def deal_options(state: GJ74State, b: Battle) -> list[str]:
    """15.1(2)-(3): the ships the next attacker may be dealt to: those dealt the fewest so far
    (one to each before a second to any), in token order."""
    ships = sorted(u.id for u in face_up_enemies(state, b.side, b.hex, sub=False))
    if not ships:
        return []
    counts = {x: b.dealing.count(x) for x in ships}
    low = min(counts.values())
    return [x for x in ships if counts[x] == low]


def _deal_one(state: GJ74State, b: Battle, a: DealOne) -> list[Event]:
    """15.1(2)-(4) attacker by attacker: the next attacker goes to the ship named."""
    if b.stage != "allocate":
        raise RuleViolation("gj74.battle.nothing", SECTION)
    if a.target not in deal_options(state, b):
        raise RuleViolation("gj74.attack.deal_one", "GJ74 15.1(3)")
    b.dealing.append(a.target)
    if len(b.dealing) == len(b.guns):
        _dealt(state, b, list(b.dealing))
    return []


def default_targets(state: GJ74State, b: Battle) -> list[str]:
    """The deal a deadline takes: the first deal, then the ships turned up, in token order;
    after some attackers were dealt one by one, those, and the rest in the same order."""
    ships = [u.id for u in face_up_enemies(state, b.side, b.hex, sub=False)]
    extra = sorted(x for x in ships if x not in b.targets)
    order = [*dict.fromkeys(b.targets), *extra]
    if not b.dealing:
        return order[: need(state, b)]
    out = list(b.dealing)
    order = [*dict.fromkeys(out), *(x for x in order if x not in out)]  # round again in order
    while len(out) < len(b.guns):
        counts = {x: out.count(x) for x in order}
        low = min(counts.values())
        out.append(next(x for x in order if counts[x] == low))
    return out
