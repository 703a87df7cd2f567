"""The "hold" policy (issue 18): how the referee plays a power whose player is gone, so the
game never stalls. It only holds the line: no research (5.2), as many infantry as the IPCs buy
(5.3), no attack (5.4 ends at once), casualties by the power's standing order (5.5.3.2, the
prompt's default), no noncombat move (5.6), the infantry placed at the capital's factory or,
failing that, wherever they may go (5.7). Every order is one the prompt offers, so the engine
judges it like a player's."""

from __future__ import annotations

from typing import Any

from bot.rules.aa50 import board
from bot.rules.aa50 import purchase as buying
from bot.rules.aa50.state import Aa50State
from bot.rules.core import Prompt


def order(state: Aa50State, prompt: Prompt) -> dict[str, Any] | None:
    """The hold policy's order for ``prompt`` (None: the prompt's default)."""
    kind = prompt.kind.removeprefix("aa50.")
    if kind == "research":
        return {"type": "research", "tokens": 0}
    if kind == "purchase":
        return _buy(state, prompt)
    if kind == "combat_move":
        return {"type": "combat_move_done"}
    if kind == "noncombat_move":
        return {"type": "noncombat_move_done"}
    if kind == "mobilize":
        return _place(state, prompt)
    if kind == "press":
        return _retreat(prompt)
    return None  # casualties, submerging, charts, battles, rockets: the default


def _buy(state: Aa50State, prompt: Prompt) -> dict[str, Any]:
    power = state.power
    price = buying.price(state, power, "infantry")
    count = state.ipcs.get(power, 0) // price
    buy = prompt.form("buy")
    if count > 0 and buy is not None:
        limit = next((c.max for c in buy.inputs if c.name == "count"), count)
        return {"type": "buy", "unit": "infantry", "count": min(count, limit)}
    return {"type": "purchase_done"}


def _place(state: Aa50State, prompt: Prompt) -> dict[str, Any]:
    """Infantry first, at the capital while its factory has room, then where most room is
    (5.7.1: no factory places more than its territory's IPC value)."""
    from bot.rules.aa50 import mobilize

    form = prompt.form("place")
    if form is None:
        return {"type": "mobilize_done"}
    offered = next(c for c in form.inputs if c.name == "unit").values()
    unit = "infantry" if "infantry" in offered else offered[0]
    spots = mobilize.spots(state, unit)
    if not spots:
        return {"type": "mobilize_done"}

    def room(where: str) -> int:
        factory = spots[where]
        return mobilize.capacity(state, factory) if factory is not None else 1

    capital = board.capitals().get(state.power)
    spot = capital if capital in spots else max(sorted(spots), key=room)
    waiting = state.pending.get(state.power, {}).get(unit, 0)
    return {"type": "place", "unit": unit, "count": max(1, min(waiting, room(spot))), "where": spot}


def _retreat(prompt: Prompt) -> dict[str, Any] | None:
    """An attack it did not choose (none, by this policy): it keeps the units, retreating
    where it may (5.5.3.5)."""
    form = prompt.form("retreat")
    if form is None:
        return None
    return {"type": "retreat", "to": form.inputs[0].values()[0]}
