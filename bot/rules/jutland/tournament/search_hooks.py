"""Where the Basic and Advanced modules call the Tournament's search modules (Jutland 21):
one place, each call a no-op when no search module is chosen."""

from __future__ import annotations

from bot.rules.core import Action, Dice, Event, OrderForm, Prompt, RuleViolation, t
from bot.rules.jutland import board
from bot.rules.jutland.actions import Announce
from bot.rules.jutland.state import JutlandState, Phase, Side
from bot.rules.jutland.tournament import (
    extra_forces,
    fast_search,
    redeploy,
    submarine,
    uboats,
    zeppelins,
)
from bot.rules.jutland.tournament import search_actions as T
from bot.rules.jutland.tournament.search_events import (
    SideDeployed,
    SubAction,
    TFind,
    WolfpackDisclosed,
)
from bot.rules.jutland.tournament.search_state import Find, TSearchState
from bot.rules.jutland.tournament.search_state import SubAction as Action_

MODULES = ("fast_search", "sweep", "extra_forces", "redeployment", "uboats", "zeppelins")


def setup(state: JutlandState, flags: dict[str, object], campaign: bool = True) -> None:
    """The modules chosen (each needs the Advanced Game; 21.4 item 2: the redeployment
    needs the extra forces). Ruling: a mini-scenario (23.1) brings the extra forces in its
    own order of battle, and its start is its own: of the search modules only those of the
    hourly search (fast ships, U-boats, airships) apply, and only where it has a search."""
    chosen = {m: bool(flags.get(m)) for m in MODULES}
    if state.phase != "initial":
        # Ruling: a game whose set-up already sailed the fleets (solitaire's hidden German
        # plan met at its contact, 23.2) keeps only the modules that need no start of their
        # own (the extra forces in their bases, the fast ships' search).
        chosen = {m: v and m in ("fast_search", "extra_forces") for m, v in chosen.items()}
    if not campaign:
        searching = state.phase in ("initial", "plot")
        chosen = {m: v and searching and m in ("fast_search", "uboats", "zeppelins")
                  for m, v in chosen.items()}  # fmt: skip
    if not any(chosen.values()):
        return
    first = next(m for m in MODULES if chosen[m])
    if state.advanced is None:
        raise RuleViolation("jut.options.tournament", f"Jutland 21.{MODULES.index(first) + 1}")
    if chosen["redeployment"] and not chosen["extra_forces"]:
        raise RuleViolation("jut.options.redeploy_extra", "Jutland 21.4")
    ts = TSearchState(**chosen)
    state.tsearch = ts
    if ts.extra_forces:
        extra_forces.add(state)  # Jutland 21.3
    if ts.redeployment:
        redeploy.begin(state, ts)
    if ts.zeppelins:
        zeppelins.begin(ts)
    if ts.redeployment or ts.uboats or ts.zeppelins:
        ts.resume, state.phase = state.phase, "deploy"


def names() -> dict[str, str]:
    from bot.rules.jutland.tournament.search_components import tdata

    return {k: v.name for k, v in (tdata().uboats | tdata().airships).items()}


def resume(state: JutlandState) -> Phase:
    """The phase after the set-up orders: the initial movement, or a mini-scenario's own."""
    return "plot" if state.tsearch is not None and state.tsearch.resume == "plot" else "initial"


# --- the set-up orders (21.4, 21.5 item 3, 21.6 item 2) ----------------------------------
def _owes_deploy(ts: TSearchState, side: Side) -> bool:
    if side in ts.deployed:
        return False
    return ts.redeployment if side == "british" else (ts.uboats or ts.zeppelins)


def deploy_prompts(state: JutlandState) -> list[Prompt]:
    ts = state.tsearch
    if ts is None:
        return []
    out = []
    for side in ("german", "british"):
        if not _owes_deploy(ts, side):
            continue
        forms: tuple[OrderForm, ...] = ()
        if side == "british":
            f = redeploy.prompt_form(state)
            forms += (f,) if f else ()
        else:
            for f2 in (uboats.place_form(ts) if ts.uboats else None,
                       zeppelins.base_form(ts) if ts.zeppelins else None):  # fmt: skip
                forms += (f2,) if f2 else ()
        forms += (OrderForm(type="deployed", label=t("jut.form.deployed")),)
        out.append(
            Prompt(
                id=f"deploy.{side}.{ts.orders.get(side, 0)}",
                seat=side,
                kind="jut.deploy",
                title=t(f"jut.prompt.deploy.{side}"),
                section="Jutland 21.4" if side == "british" else "Jutland 21.5",
                forms=forms,
                sealed=True,
                default={"type": "deployed"},
            )
        )
    return out


def deploy_order(state: JutlandState, side: Side, action: Action) -> list[Event]:
    ts = state.tsearch
    if ts is None or not _owes_deploy(ts, side):
        raise RuleViolation("jut.deploy.not_now", "Jutland 21.4")
    ts.orders[side] = ts.orders.get(side, 0) + 1
    if isinstance(action, T.Station) and side == "british":
        return redeploy.station(state, action.ship, action.base)
    if isinstance(action, T.PlaceUboats) and side == "german" and ts.uboats:
        return uboats.place(state, action.hex, list(action.boats))
    if isinstance(action, T.BaseAirship) and side == "german" and ts.zeppelins:
        return zeppelins.rebase(state, action.airship, action.base)
    if isinstance(action, T.Deployed):
        ts.deployed.append(side)
        events = [SideDeployed(side=side).event()]
        if side == "british":
            events += redeploy.finish(state)  # 21.4 item 4
        elif ts.uboats:
            ts.disclosed = uboats.disclose(ts)  # 21.5 item 3
            events += [WolfpackDisclosed(hex=h).event(reveals=True) for h in ts.disclosed]
        return events
    raise RuleViolation("jut.deploy.not_now", "Jutland 21.4")


# --- the hourly plots (21.1, 21.5 item 2, 21.6 item 3) -------------------------------------
def plot_prompts(state: JutlandState) -> list[Prompt]:
    out = [uboats.plot_prompt(state, g) for g in uboats.unplotted(state)]
    return out + [zeppelins.plot_prompt(state, a) for a in zeppelins.unplotted(state)]


def plot_order(state: JutlandState, side: Side, action: Action) -> list[Event]:
    if state.phase != "plot" or side != "german" or state.tsearch is None:
        raise RuleViolation("jut.plot.not_now", "Jutland 3.3")
    if isinstance(action, T.UboatPlot):
        return uboats.plot(state, action.group, action.to)
    if isinstance(action, T.AirshipPlot):
        return zeppelins.plot(state, action.airship, action.via, action.to)
    raise RuleViolation("jut.plot.not_now", "Jutland 3.3")


def moved(state: JutlandState, dice: Dice) -> list[Event]:
    """After the task forces' moves of the hour: the boats and the airships."""
    return uboats.move(state) + zeppelins.move(state, dice)


# --- the searches (21.1 item 3, 21.5 items 5-6, 21.6 items 4-6) ----------------------------
def present(state: JutlandState, side: Side) -> set[str]:
    """Where a side's forces are or passed this hour (21.1 item 3)."""
    here = {tf.hex for tf in state.task_forces.values() if tf.side == side and tf.hex}
    return here | set(fast_search.passes(state, side))


def searched(state: JutlandState, side: Side, action: Announce) -> list[Event]:
    """The U-boats' and airships' announcements of the German search."""
    boats = list(action.uboats)
    if side != "german" and boats:
        raise RuleViolation("jut.search.german_only", "Jutland 21.5")
    uboats.check(state, boats)
    ts = state.tsearch
    if ts is None:
        return []
    british = present(state, "british")
    events: list[Event] = []
    for h in boats:
        found = h in british
        ts.finds.append(Find(hour=state.hour, by="uboats", hex=h, found=found))
        events.append(TFind(by=t("jut.by.uboats"), hex=h, found=found).event(reveals=found))
        ships_here = submarine.ships_in(state, h)
        if found and submarine._capitals(ships_here):  # 21.5 item 6e
            ts.actions.append(Action_(hex=h, boats=uboats.boats_in(ts, h), ships=ships_here))
            names = [submarine._name(s) for s in ships_here]
            events.append(SubAction(hex=h, ships=names).event(reveals=True))
    return events


def airship_search(state: JutlandState, side: Side, action: T.AirshipSearch) -> list[Event]:
    if side != "german" or state.phase != "search_german":
        raise RuleViolation("jut.search.german_only", "Jutland 21.6")
    return zeppelins.search(state, action.airship, list(action.hexes))


def search_suffix(state: JutlandState) -> str:
    """The German search prompt changes with each airship's search made (prompt identity)."""
    ts = state.tsearch
    if ts is None or not ts.zeppelins:
        return ""
    return f".{sum(f.hour == state.hour and f.by == 'airship' for f in ts.finds)}"


def after_british_search(state: JutlandState) -> Phase:
    ts = state.tsearch
    return "submarine" if ts is not None and ts.actions else "contact"


def submarine_prompts(state: JutlandState) -> list[Prompt]:
    return submarine.prompts(state, "british") + submarine.prompts(state, "german")


def submarine_run(state: JutlandState, dice: Dice) -> list[Event]:
    return submarine.resolve(state, dice)


def swap(twin: JutlandState, a: str, b: str) -> None:
    """Two task forces traded (the non-interference guard): what the modules note of each
    force's doings goes with its appearance."""
    ts = twin.tsearch
    if ts is None:
        return
    for notes in (ts.via, ts.passed):
        va, vb = notes.pop(a, None), notes.pop(b, None)
        if va is not None:
            notes[b] = va
        if vb is not None:
            notes[a] = vb
    names = {a: b, b: a}
    ts.sweep_log = [m.model_copy(update={"tf": names.get(m.tf, m.tf)}) for m in ts.sweep_log]


def new_hour(state: JutlandState) -> None:
    fast_search.new_hour(state)


def night_or_day(state: JutlandState) -> bool:
    return board.night(state.hour)
