"""German air reconnaissance (Jutland 21.6): nine airships (item 1) from CC-14, CC-16 and
Z-19, at least one at each (item 2), flying two hexes an hour and at sea twenty hours at
most: one not back at an airship base within twenty hours of leaving is out of the game
(item 3); by day only she may search (item 4), after a roll on the Airship Search
Visibility Table (item 5: both hexes she passed, one of them, or none); the British says
only that he has forces there (item 6).

Rulings: an airship flies over sea and land alike (she is no ship); every airship that
flew by day this hour rolls (the German then chooses whether to announce); her hour of
leaving is her first at sea, so after her twentieth hour she must be in a base."""

from __future__ import annotations

from functools import lru_cache

from bot.rules.core import Choice, Dice, Event, Option, OrderForm, Prompt, RuleViolation, When, t
from bot.rules.jutland import board
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import JutlandState
from bot.rules.jutland.tournament import fast_search
from bot.rules.jutland.tournament.search_components import tdata
from bot.rules.jutland.tournament.search_events import (
    AirshipBased,
    AirshipFlew,
    AirshipLost,
    AirshipRoll,
    TFind,
)
from bot.rules.jutland.tournament.search_state import Airship, Find, TSearchState

STAY = "stay"


def bases() -> list[str]:
    return [z.hex for z in comps().zeppelin_bases]


def begin(ts: TSearchState) -> None:
    """The set-up's spread, three at each base (the German may change it, item 2)."""
    where = bases()
    for k, a in enumerate(tdata().airships):
        b = where[k * len(where) // len(tdata().airships)]
        ts.airships[a] = Airship(id=a, base=b, hex=b)


def rebase_choices(ts: TSearchState) -> dict[str, list[str]]:
    """Airship -> the other bases she may be moved to (never a base's last one)."""
    out: dict[str, list[str]] = {}
    for a in ts.airships.values():
        alone = sum(x.base == a.base for x in ts.airships.values()) == 1
        if not alone:
            out[a.id] = [b for b in bases() if b != a.base]
    return out


def rebase(state: JutlandState, airship: str, base: str) -> list[Event]:
    ts = state.tsearch
    assert ts is not None
    if base not in rebase_choices(ts).get(airship, []):
        raise RuleViolation("jut.airship.base", "Jutland 21.6", airship=airship, base=base)
    a = ts.airships[airship]
    a.base = a.hex = base
    return [AirshipBased(airship=name(airship), base=base).event("german")]


def name(airship: str) -> str:
    return tdata().airships[airship].name


def base_form(ts: TSearchState) -> OrderForm | None:
    moves = rebase_choices(ts)
    if not moves:
        return None
    ships = tuple(Option(value=a, label=name(a)) for a in moves)
    where = tuple(
        Option(value=b, label=b,
               when=(When(within={"airship": tuple(a for a, ok in moves.items() if b in ok)}),))
        for b in bases()
    )  # fmt: skip
    return OrderForm(
        type="base_airship",
        label=t("jut.form.base_airship"),
        inputs=(
            Choice(name="airship", label=t("jut.input.airship"), options=ships),
            Choice(name="base", label=t("jut.input.base"), options=where),
        ),
    )


@lru_cache(maxsize=1024)
def _near(hex_id: str) -> list[str]:
    return sorted(board.near(hex_id), key=lambda h: (comps().hexes[h].row, comps().hexes[h].col))


def plot(state: JutlandState, airship: str, via: str, to: str) -> list[Event]:
    ts = state.tsearch
    assert ts is not None
    if airship in ts.lost_airships:
        raise RuleViolation("jut.airship.lost", "Jutland 21.6", airship=name(airship))
    a = ts.airships.get(airship)
    if a is None or a.plotted is not None:
        raise RuleViolation("jut.airship.not_now", "Jutland 21.6", airship=airship)
    if via == STAY:
        a.plotted = []
        return []
    if via not in _near(a.hex) or not (to in (STAY, via) or to in _near(via)):
        raise RuleViolation("jut.airship.illegal", "Jutland 21.6", airship=name(airship),
                            via=via, to=to)  # fmt: skip
    a.plotted = [via] if to in (STAY, via) else [via, to]
    return []


def unplotted(state: JutlandState) -> list[Airship]:
    ts = state.tsearch
    if ts is None or not ts.zeppelins:
        return []
    return [a for a in ts.airships.values() if a.plotted is None]


def plot_prompt(state: JutlandState, a: Airship) -> Prompt:
    return _plot_prompt(state.hour, a.id, a.hex)


@lru_cache(maxsize=4096)
def _plot_prompt(hour: int, airship: str, hex_id: str) -> Prompt:
    """An airship's flight menu, from exactly what it depends on (cached: asked for after
    every order of the hour; a Prompt is frozen, so sharing it is safe)."""
    firsts = _near(hex_id)
    via = (
        Option(value=STAY, label=t("jut.move.stay")),
        *(Option(value=h, label=h) for h in firsts),
    )
    seconds: dict[str, list[str]] = {}
    for v in firsts:
        for h in [v, *_near(v)]:
            seconds.setdefault(h, []).append(v)
    to = tuple(
        Option(value=h, label=h, when=(When(within={"via": tuple(vs)}),))
        for h, vs in sorted(seconds.items(), key=lambda kv: _key(kv[0]))
    )
    return Prompt(
        id=f"h{hour}.airship.{airship}",
        seat="german",
        kind="jut.airship_plot",
        title=t("jut.prompt.airship_plot", airship=name(airship), hex=hex_id),
        section="Jutland 21.6",
        forms=(
            OrderForm(
                type="airship_plot",
                label=t("jut.form.airship_plot"),
                fixed={"airship": airship},
                inputs=(
                    Choice(name="via", label=t("jut.input.via"), options=via),
                    Choice(name="to", label=t("jut.input.to"), options=to,
                           when=(When(within={"via": tuple(firsts)}),)),
                ),
            ),
        ),
        sealed=True,
        default={"type": "airship_plot", "airship": airship, "via": STAY, "to": STAY},
    )  # fmt: skip


def _key(h: str) -> tuple[int, int]:
    return comps().hexes[h].row, comps().hexes[h].col


def at_sea_hours(state: JutlandState, a: Airship) -> int:
    return 0 if a.left_at is None else state.hour - a.left_at + 1


def move(state: JutlandState, dice: Dice) -> list[Event]:
    """The hour's flights, then 21.6 item 5's roll for each airship that flew by day, then
    item 3: an airship out her twenty hours and not in a base is gone."""
    ts = state.tsearch
    if ts is None or not ts.zeppelins:
        return []
    events: list[Event] = []
    day = not board.night(state.hour)
    for a in sorted(ts.airships.values(), key=lambda a: list(tdata().airships).index(a.id)):
        path, a.plotted, a.roll = a.plotted or [], None, None
        a.passed = list(path)
        if not path:
            continue
        if a.left_at is None:
            a.left_at = state.hour
        a.hex = path[-1]
        events.append(AirshipFlew(airship=name(a.id), via=path[0], to=path[-1]).event("german"))
        if a.hex in bases():
            a.left_at, a.base = None, a.hex
            continue
        if day:
            a.roll = dice.roll(t("jut.die.airship", airship=name(a.id)), 6, private_to="german")
            allowed = tdata().visibility[a.roll].hexes
            events.append(AirshipRoll(airship=name(a.id), die=a.roll,
                                      hexes=allowed).event("german"))  # fmt: skip
    for a in sorted(ts.airships.values(), key=lambda a: a.id):
        if a.left_at is not None and at_sea_hours(state, a) >= tdata().rules.airship_hours:
            del ts.airships[a.id]
            ts.lost_airships.append(a.id)
            events.append(AirshipLost(airship=name(a.id)).event(reveals=True))
    return events


def searches(state: JutlandState) -> dict[str, tuple[list[str], int]]:
    """Airship -> (the hexes she passed this hour, how many she may announce)."""
    ts = state.tsearch
    if ts is None or not ts.zeppelins or board.night(state.hour):
        return {}
    out = {}
    for a in ts.airships.values():
        if a.roll is not None and a.passed:
            n = tdata().visibility[a.roll].hexes
            hexes = [h for h in dict.fromkeys(a.passed) if h in comps().hexes]
            if n:
                out[a.id] = (hexes, min(n, len(hexes)))
    return out


def search_forms(state: JutlandState) -> tuple[OrderForm, ...]:
    """The German search's airship forms: each airship that may still announce this hour,
    her hexes and as many as her roll allows (21.6 item 5)."""
    out = []
    for a, (hexes, n) in searches(state).items():
        options = tuple(Option(value=h, label=h) for h in hexes)
        out.append(
            OrderForm(
                type="airship_search",
                label=t("jut.form.airship_search", airship=name(a)),
                fixed={"airship": a},
                inputs=(
                    Choice(
                        name="hexes",
                        label=t("jut.input.hexes"),
                        kind="many",
                        min=1,
                        max=n,
                        options=options,
                    ),
                ),
            )
        )
    return tuple(out)


def search(state: JutlandState, airship: str, hexes: list[str]) -> list[Event]:
    """21.6 items 4-6: her announcement, answered "forces there" or not, nothing more."""
    ts = state.tsearch
    if ts is None or not ts.zeppelins:
        raise RuleViolation("jut.airship.none", "Jutland 21.6")
    if airship in ts.lost_airships:
        raise RuleViolation("jut.airship.lost", "Jutland 21.6", airship=name(airship))
    if board.night(state.hour):
        raise RuleViolation("jut.airship.night", "Jutland 21.6")
    allowed = searches(state).get(airship)
    if allowed is None or not set(hexes) <= set(allowed[0]):
        raise RuleViolation("jut.airship.unseen", "Jutland 21.6", hex=hexes[0])
    if len(set(hexes)) != len(hexes) or len(hexes) > allowed[1]:
        raise RuleViolation("jut.airship.visibility", "Jutland 21.6", airship=name(airship),
                            n=allowed[1])  # fmt: skip
    ts.airships[airship].roll = None  # her search of the hour is made
    british = {tf.hex for tf in state.task_forces.values() if tf.side == "british" and tf.hex}
    british |= set(fast_search.passes(state, "british"))  # 21.1 item 3
    events = []
    for h in hexes:
        found = h in british
        ts.finds.append(Find(hour=state.hour, by="airship", hex=h, found=found))
        events.append(TFind(by=t("jut.by.airship"), hex=h, found=found).event(reveals=found))
    return events
