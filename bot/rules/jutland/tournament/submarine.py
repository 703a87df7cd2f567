"""Submarine actions (Jutland 21.5 items 6-7 and the matrix's notes): where a U-boat search
finds British ships with a capital ship among them (item 6e), by day, the British tells his
ships there (item 6), both sides choose in secret (6a: A, B or C, C only with a DD counter
there; 6b: 1-4, 2 only against a DD counter, 3 and 4 naming the capital ships attacked),
the Submarine Action Matrix gives the result (6c). The bot holds both sealed choices:
neither side sees the other's until both chose; the British writes all his choices of the
hour before any is resolved (note 5: every action's prompts open at once).

Notes 1-4: hits may be allotted after the roll (Ruling: round the German's named targets in
his order), boats are lost after the capital-ship damage, "DD boxes" are the unmarked
gunnery boxes of the DD counters in the hex, the Torpedo Attack Table is one roll for all
the boats; British ships sunk leave the game at once; flotation hits count from the hour's
first battle turn (the hit record keeps them). Item 7: six attacks a boat. Ruling: a boat
with its six attacks made takes no part (it is not counted); options 2-4 are an attack of
each boat counted; option 1 is none."""

from __future__ import annotations

from bot.rules.core import Choice, Dice, Event, Option, OrderForm, Prompt, RuleViolation, t
from bot.rules.jutland.advanced.components import adv, is_light
from bot.rules.jutland.advanced.damage import _note_movement, record
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import JutlandState, Side
from bot.rules.jutland.tournament import uboats
from bot.rules.jutland.tournament.search_components import tdata
from bot.rules.jutland.tournament.search_events import SubChosen, SubResult
from bot.rules.jutland.tournament.search_state import SubAction, TSearchState

BRITISH = ("A", "B", "C")
GERMAN = ("1", "2", "3", "4")


def ships_in(state: JutlandState, hex_id: str) -> list[str]:
    return sorted(
        s for tf in state.task_forces.values() if tf.side == "british" and tf.hex == hex_id
        for s in tf.ships
    )  # fmt: skip


def _dds(ships: list[str]) -> list[str]:
    return [s for s in ships if is_light(s) and adv().light[s].kind == "DD"]


def _capitals(ships: list[str]) -> list[str]:
    return [s for s in ships if not is_light(s)]


def able(state: JutlandState, action: SubAction) -> list[str]:
    """The boats of the hex with attacks left (item 7)."""
    ts = state.tsearch
    assert ts is not None
    limit = tdata().rules.uboat_attacks
    return [b for b in action.boats if ts.attacks.get(b, 0) < limit]


def british_options(action: SubAction) -> tuple[str, ...]:
    return BRITISH if _dds(action.ships) else BRITISH[:2]


def prompts(state: JutlandState, side: Side) -> list[Prompt]:
    ts = state.tsearch
    if ts is None:
        return []
    out = []
    for a in ts.actions:
        if (a.british if side == "british" else a.german) is not None:
            continue
        out.append(_prompt(state, a, side))
    return out


def _prompt(state: JutlandState, a: SubAction, side: Side) -> Prompt:
    fixed = {"hex": a.hex}
    forms: tuple[OrderForm, ...]
    if side == "british":
        options = tuple(Option(value=c, label=t(f"jut.sub.british.{c}")) for c in
                        british_options(a))  # fmt: skip
        forms = (
            OrderForm(type="sub_choice", label=t("jut.form.sub_choice"), fixed=fixed,
                      inputs=(Choice(name="choice", label=t("jut.input.sub_choice"),
                                     options=options),)),
        )  # fmt: skip
        default = {"type": "sub_choice", "hex": a.hex, "choice": "C" if _dds(a.ships) else "B"}
    else:
        plain = ("1", "2") if _dds(a.ships) else ("1",)
        options = tuple(Option(value=c, label=t(f"jut.sub.german.{c}")) for c in plain)
        caps = tuple(Option(value=s, label=comps().ships[s].name) for s in _capitals(a.ships))
        forms = (
            OrderForm(type="sub_choice", label=t("jut.form.sub_choice"), fixed=fixed,
                      inputs=(Choice(name="choice", label=t("jut.input.sub_choice"),
                                     options=options),)),
            OrderForm(type="sub_choice", label=t("jut.sub.german.3"),
                      fixed={**fixed, "choice": "3"},
                      inputs=(Choice(name="targets", label=t("jut.input.targets"), kind="many",
                                     min=1, max=1, options=caps),)),
        )  # fmt: skip
        if len(caps) >= 2:
            forms += (
                OrderForm(type="sub_choice", label=t("jut.sub.german.4"),
                          fixed={**fixed, "choice": "4"},
                          inputs=(Choice(name="targets", label=t("jut.input.targets"),
                                         kind="many", min=2, max=len(caps), options=caps),)),
            )  # fmt: skip
        default = {"type": "sub_choice", "hex": a.hex, "choice": "1"}
    return Prompt(
        id=f"h{state.hour}.sub.{a.hex}.{side}",
        seat=side,
        kind="jut.sub_choice",
        title=t("jut.prompt.sub_choice", hex=a.hex),
        section="Jutland 21.5",
        forms=forms,
        sealed=True,
        default=default,
    )


def choose(
    state: JutlandState, side: Side, hex_id: str, choice: str, targets: list[str]
) -> list[Event]:
    ts = state.tsearch
    a = next((x for x in ts.actions if x.hex == hex_id), None) if ts else None
    if a is None or (a.british if side == "british" else a.german) is not None:
        raise RuleViolation("jut.sub.not_now", "Jutland 21.5", hex=hex_id)
    if side == "british":
        if choice not in british_options(a):
            code = "jut.sub.no_dd" if choice == "C" else "jut.sub.choice"
            raise RuleViolation(code, "Jutland 21.5", choice=choice)
        if targets:
            raise RuleViolation("jut.sub.targets", "Jutland 21.5")
        a.british = choice
    else:
        if choice not in GERMAN:
            raise RuleViolation("jut.sub.choice", "Jutland 21.5", choice=choice)
        if choice == "2" and not _dds(a.ships):
            raise RuleViolation("jut.sub.no_dd", "Jutland 21.5", choice=choice)
        caps = _capitals(a.ships)
        need = {"1": (0, 0), "2": (0, 0), "3": (1, 1), "4": (2, len(caps))}[choice]
        fine = set(targets) <= set(caps) and len(set(targets)) == len(targets)
        if not fine or not need[0] <= len(targets) <= need[1]:
            raise RuleViolation("jut.sub.targets", "Jutland 21.5")
        a.german, a.targets = choice, list(targets)
    return [SubChosen(side=side, hex=hex_id).event()]


def _unmarked_dd_boxes(state: JutlandState, ships: list[str]) -> int:
    a = state.advanced
    total = 0
    for s in _dds(ships):
        marked = a.damage[s].boxes if a is not None and s in a.damage else 0
        total += len(adv().light[s].boxes) - marked
    return total


def resolve(state: JutlandState, dice: Dice) -> list[Event]:
    """21.5 item 6c: every action of the hour, in the order of the hexes on the sheet."""
    ts = state.tsearch
    assert ts is not None and state.advanced is not None
    events: list[Event] = []
    for a in sorted(ts.actions, key=lambda a: uboats._order(a.hex)):
        events += _one(state, a, dice)
    ts.actions = []
    return events


def _one(state: JutlandState, a: SubAction, dice: Dice) -> list[Event]:
    ts = state.tsearch
    assert ts is not None and state.advanced is not None
    british, german = a.british or "B", a.german or "1"
    cell = tdata().matrix[british + german]
    boats = able(state, a)
    n = len(boats)
    hits = n // cell.hits if cell.hits else 0
    die = 0
    if cell.factor and n // cell.factor:
        factor = min(n // cell.factor, len(adv().torpedo[1].hits))
        die = dice.roll(t("jut.die.sub_torpedo", hex=a.hex), 6)
        while adv().torpedo[die].again:
            die = dice.roll(t("jut.die.sub_torpedo", hex=a.hex), 6)
        hits = adv().torpedo[die].hits[factor - 1] * (2 if cell.double else 1)
    dd_boxes = n // cell.dd_box if cell.dd_box else 0
    if german != "1":
        for b in boats:
            ts.attacks[b] = ts.attacks.get(b, 0) + 1
    sunk_ships: list[str] = []
    # Note 1: capital-ship damage first, then the boats lost.
    targets = [s for s in a.targets if s in ships_in(state, a.hex)]
    for k in range(hits if targets else 0):
        ship = targets[k % len(targets)]
        if ship in sunk_ships:
            continue
        d = record(state.advanced, ship)
        d.flotation += 1
        _note_movement(state, ship)
        if d.flotation >= comps().ships[ship].protection:
            sunk_ships.append(ship)
    boxes_left = _unmarked_dd_boxes(state, a.ships)
    for _ in range(dd_boxes):
        dds = [s for s in _dds(ships_in(state, a.hex)) if s not in sunk_ships]
        if not dds:
            break
        ship = max(dds, key=lambda s: (len(adv().light[s].boxes) - _marked(state, s), s))
        d = record(state.advanced, ship)
        d.boxes += 1
        if d.boxes >= len(adv().light[ship].boxes):
            sunk_ships.append(ship)
    lost = cell.sunk + (boxes_left // cell.dd_boxes if cell.dd_boxes else 0)
    if german == "1":
        lost = 0  # the boats broke off: nothing to hunt (the matrix's first column)
    lost = min(lost, n)
    for b in sorted(boats, key=lambda b: (-ts.attacks.get(b, 0), b))[:lost]:
        _sink_boat(ts, b)
    for ship in sunk_ships:
        remove(state, ship)
    return [
        SubResult(hex=a.hex, british=british, german=german, boats=n, hits=hits,
                  dd_boxes=dd_boxes, boats_sunk=lost,
                  ships_sunk=[_name(s) for s in sunk_ships], die=die).event(reveals=True)
    ]  # fmt: skip


def _name(ship: str) -> str:
    return adv().light[ship].name if is_light(ship) else comps().ships[ship].name


def _marked(state: JutlandState, ship: str) -> int:
    a = state.advanced
    return a.damage[ship].boxes if a is not None and ship in a.damage else 0


def _sink_boat(ts: TSearchState, boat: str) -> None:
    for gid, g in list(ts.groups.items()):
        if boat in g.boats:
            g.boats.remove(boat)
            if not g.boats:
                del ts.groups[gid]
    ts.sunk_boats.append(boat)


def remove(state: JutlandState, ship: str) -> None:
    """Note 4: a ship sunk in a submarine action leaves the game at once."""
    for tf_id, tf in list(state.task_forces.items()):
        if ship in tf.ships:
            tf.ships.remove(ship)
            state.sunk[tf.side].append(ship)
            if not tf.ships:
                del state.task_forces[tf_id]
