"""The Advanced Game's search (Jutland 16, with 12.1 and 15.2): only a task force of at least
three capital ships able to move announces its hex; light ships alone never do (12.1). The
German announces no other hex (16.4 item 2); the British may announce one hex next to a
searching task force for each light cruiser with it (16.5 item 2). Two forces meet only
where an announcement found them (16.5 item 3: as in the Basic Game)."""

from __future__ import annotations

from bot.rules.core import Choice, Event, Option, OrderForm, Prompt, RuleViolation, t
from bot.rules.jutland import board
from bot.rules.jutland.advanced.components import adv, is_light
from bot.rules.jutland.advanced.damage import movement
from bot.rules.jutland.advanced.events import Engaged
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import JutlandState, Side, TaskForce


def searches(state: JutlandState, tf: TaskForce) -> bool:
    """16.1, 15.2 item 2: a task force of three capital ships able to move."""
    able = [s for s in tf.ships if not is_light(s) and movement(state, s) >= 1]
    return not tf.dead and len(able) >= adv().rules.search_min_capital


def searching(state: JutlandState, side: Side) -> set[str]:
    """The hexes announced for a side (16.1)."""
    return {
        tf.hex
        for tf in state.task_forces.values()
        if tf.side == side and tf.hex is not None and searches(state, tf)
    }


def kind(state: JutlandState, tf: TaskForce) -> tuple[bool, bool]:
    """What the rules let the enemy tell of a hidden force by the announcements (16.1, 16.5:
    whether it searches, whether it is a light cruiser): forces alike in this are
    interchangeable to him (the non-interference guard's look-alikes)."""
    if state.advanced is None:
        return False, False
    cruiser = all(is_light(s) and adv().light[s].kind == "CL" for s in tf.ships)
    return searches(state, tf), cruiser


def cruisers(state: JutlandState, side: Side) -> dict[str, int]:
    """Searching hex -> the light cruisers there (16.5 item 2)."""
    hexes = searching(state, side)
    out: dict[str, int] = {}
    for tf in state.task_forces.values():
        if (
            tf.side == side
            and tf.hex in hexes
            and all(is_light(s) and adv().light[s].kind == "CL" for s in tf.ships)
        ):
            out[tf.hex] = out.get(tf.hex, 0) + len(tf.ships)
    return out


def light_adjacent(state: JutlandState, side: Side) -> list[str]:
    """The hexes a side may announce besides its own: none for the German (16.4 item 2);
    for the British those next to a searching force with light cruisers (16.5 item 2)."""
    if side == "german":
        return []
    near = {n for h in cruisers(state, side) for n in board.near(h)}
    return sorted(n for n in near if n not in searching(state, side))


def limit(state: JutlandState, side: Side) -> int:
    """16.5 item 2: one extra hex a light cruiser."""
    return 0 if side == "german" else sum(cruisers(state, side).values())


def check(state: JutlandState, side: Side, extra: list[str]) -> None:
    """Every extra hex is a light cruiser's, one each, next to its searching force."""
    if not extra:
        return
    if side == "german":
        raise RuleViolation("jut.search.german_adjacent", "Jutland 16.4")
    cruiser_hexes = cruisers(state, side)
    slots = [c for c in sorted(cruiser_hexes) for _ in range(cruiser_hexes[c])]
    held: dict[int, str] = {}  # slot -> the extra hex it announces (a bipartite matching)

    def place(h: str, seen: set[int]) -> bool:
        for k, c in enumerate(slots):
            if k in seen or h not in board.near(c):
                continue
            seen.add(k)
            if k not in held or place(held[k], seen):
                held[k] = h
                return True
        return False

    own = {tf.hex for tf in state.task_forces.values() if tf.side == side and tf.hex}
    for h in extra:
        if place(h, set()):
            continue
        if any(h in board.near(c) for c in cruiser_hexes):
            raise RuleViolation("jut.search.cruisers", "Jutland 16.5", hex=h)
        if any(h in board.near(o) for o in own):
            raise RuleViolation("jut.search.too_few", "Jutland 16.1", hex=h)
        raise RuleViolation("jut.search.not_adjacent", "Jutland 16.5", hex=h)


# Hooks of bot/rules/jutland/search.py and prompts.py (the Basic rules in a Basic game).
def announced(state: JutlandState, side: Side, basic: set[str]) -> set[str]:
    return searching(state, side) if state.advanced is not None else basic


def adjacent(state: JutlandState, side: Side, basic: list[str]) -> list[str]:
    return light_adjacent(state, side) if state.advanced is not None else basic


def extra_limit(state: JutlandState, side: Side, basic: int) -> int:
    return min(basic, limit(state, side)) if state.advanced is not None else basic


def check_extra(state: JutlandState, side: Side, extra: list[str]) -> None:
    if state.advanced is not None:
        check(state, side, extra)


def found(state: JutlandState, both: set[str]) -> set[str]:
    """16.5 item 3, 12.1: forces meet where this hour's announcements found them."""
    if state.advanced is None:
        return both
    now = [a for a in state.announcements if a.hour == state.hour]
    hit = both & {h for a in now for h, yes in a.answers.items() if yes}
    # 12.1: light ships alone on both sides do not fight; 16.3: nor where the side with
    # capital ships declined (or has not yet chosen) to fight light ships alone.
    out = set()
    for h in hit:
        chooser = _chooser(state, h)
        if chooser is None or (
            chooser != "none" and state.advanced.engaged.get(f"{state.hour}:{h}", False)
        ):
            out.add(h)
    return out


def _capitals(state: JutlandState, side: Side, hex_id: str) -> bool:
    return any(
        not is_light(s)
        for tf in state.task_forces.values()
        if tf.side == side and tf.hex == hex_id
        for s in tf.ships
    )


def _chooser(state: JutlandState, hex_id: str) -> str | None:
    """None: capital ships on both sides (they fight); "none": light ships alone on both;
    else the side with capital ships facing light ships alone (16.3)."""
    german, british = _capitals(state, "german", hex_id), _capitals(state, "british", hex_id)
    if german and british:
        return None
    if not german and not british:
        return "none"
    return "german" if german else "british"


def undecided(state: JutlandState) -> tuple[str, Side] | None:
    """The first hex found this hour (sheet order) where a side must choose (16.3)."""
    if state.advanced is None or state.phase != "contact":
        return None
    met = {tf.hex for tf in state.task_forces.values() if tf.side == "german" and tf.hex}
    met &= {tf.hex for tf in state.task_forces.values() if tf.side == "british" and tf.hex}
    now = [a for a in state.announcements if a.hour == state.hour]
    hit = met & {h for a in now for h, yes in a.answers.items() if yes}
    for h in sorted(hit, key=lambda h: (comps().hexes[h].row, comps().hexes[h].col)):
        chooser = _chooser(state, h)
        if chooser in ("german", "british") and f"{state.hour}:{h}" not in state.advanced.engaged:
            return h, "german" if chooser == "german" else "british"
    return None


def engage_prompts(state: JutlandState) -> list[Prompt]:
    """16.3: the choice to fight light ships found alone (default: not to)."""
    choice = undecided(state)
    if choice is None:
        return []
    hex_id, side = choice
    options = tuple(Option(value=v, label=t(f"jut.engage.{v}")) for v in ("false", "true"))
    return [
        Prompt(
            id=f"h{state.hour}.engage.{hex_id}",
            seat=side,
            kind="jut.engage",
            title=t("jut.prompt.engage", hex=hex_id),
            section="Jutland 16.3",
            forms=(
                OrderForm(
                    type="engage",
                    label=t("jut.form.engage"),
                    fixed={"hex": hex_id},
                    inputs=(Choice(name="fight", label=t("jut.input.fight"), options=options),),
                ),
            ),
            default={"type": "engage", "hex": hex_id, "fight": False},
        )
    ]


def engage(state: JutlandState, side: Side, hex_id: str, fight: bool) -> list[Event]:
    choice = undecided(state)
    if choice is None or choice != (hex_id, side):
        raise RuleViolation("jut.engage.not_now", "Jutland 16.3", hex=hex_id)
    assert state.advanced is not None
    state.advanced.engaged[f"{state.hour}:{hex_id}"] = fight
    return [Engaged(hex=hex_id, side=side, fight=fight).event()]


def check_withhold(state: JutlandState, side: Side, withhold: list[str]) -> None:
    """16.2: in the Advanced Game a player need not announce his forces' hexes (any or
    all); in the Basic Game every one is announced (3.3 item 2)."""
    if not withhold:
        return
    if state.advanced is None:
        raise RuleViolation("jut.search.must_announce", "Jutland 3.3")
    if len(set(withhold)) != len(withhold) or not set(withhold) <= searching(state, side):
        raise RuleViolation("jut.search.withhold", "Jutland 16.2")


def withhold_choices(state: JutlandState, side: Side) -> list[str]:
    """The hexes a side may keep silent this hour (the menu of 16.2)."""
    return sorted(searching(state, side)) if state.advanced is not None else []


def kinds_found(state: JutlandState, other: Side, found: list[str]) -> dict[str, str]:
    """16.6: where enemy ships are found, only their general type is disclosed: "capital"
    if any capital ship is there, else "light" (none in the Basic Game)."""
    if state.advanced is None:
        return {}
    out = {}
    for h in found:
        here = [s for tf in state.task_forces.values() if tf.side == other and tf.hex == h
                for s in tf.ships]  # fmt: skip
        out[h] = "light" if all(is_light(s) for s in here) else "capital"
    return out
