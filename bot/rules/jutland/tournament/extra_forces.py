"""Extra British forces (Jutland 21.3): the Harwich Force, TF4, at CC-2 and the Dover Force,
TF5, at DD-1 (item 3). Their counters are not in the game (item 5): their values are data
(data/jutland/ships.toml and advanced/light_ships.toml, `rules` where the table prints
them). Ruling: the Harwich Force has no capital ship, so its three light counters are task
forces of their own (12.1) at CC-2; the Dover Force's capital ships are TF5, its flotilla
beside them. Item 4 ("used with smoke, U-boats and air reconnaissance") is advice: the
modules stay separate options."""

from __future__ import annotations

from bot.rules.jutland.advanced.components import adv
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import JutlandState, TaskForce


def add(state: JutlandState) -> None:
    bases = {b.start: b.hex for b in comps().bases.values() if b.side == "british"}
    dover = bases[5]
    capital = sorted(
        s.id for s in comps().ships.values() if s.task_force is None and s.side == "british"
    )  # (a German counter with no task force is a mini-scenario's: Blücher, 23.1)
    state.task_forces["gb5"] = TaskForce(
        id="gb5", side="british", ships=capital, hex=dover, track=[dover]
    )
    for u in adv().light.values():
        if u.extra:
            where = bases[u.task_force]
            state.task_forces[u.id] = TaskForce(
                id=u.id, side="british", ships=[u.id], hex=where, track=[where]
            )
