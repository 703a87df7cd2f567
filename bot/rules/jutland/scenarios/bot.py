"""The bot's side in solitaire (Jutland 23.2): "whenever there are several choices, write
them down and number them, in multiples of six where possible, and roll a die to decide".
Each open decision is answered by the choices numbered here and a die rolled by the
referee's dice (provable, recorded with the order); on the search sheet the bot closes on
the enemy as fast as it can ("the enemy task forces should close for battle as soon as
possible"). Pure: the order it returns is checked like any player's."""

from __future__ import annotations

from typing import Any

from bot.rules.core import Choice, Dice, OrderForm, Prompt, Text, t
from bot.rules.jutland import board
from bot.rules.jutland.battle.geometry import bearing, dist
from bot.rules.jutland.state import JutlandState


def choose(n: int, dice: Dice, label: Text, private_to: str | None) -> int:
    """One of ``n`` numbered choices by the die (0-based): with 1, 2, 3 or 6 choices each
    takes an equal run of faces (1-3 and 4-6 for two); otherwise the choices are numbered
    on as many dice as it takes (6, 36, ...) and a throw past the last is thrown again."""
    if n <= 1:
        return 0
    count, faces = 1, 6
    while faces < n:
        count, faces = count + 1, faces * 6
    run = faces // n
    while True:
        value = 0
        for _ in range(count):
            value = value * 6 + dice.roll(label, private_to=private_to) - 1
        if value < run * n:
            return value // run


def _legal(form: OrderForm, answers: dict[str, Any]) -> bool:
    return form.first_refused(answers) is None


def _options(form: OrderForm, name: str, answers: dict[str, Any]) -> list[str]:
    choice = next((c for c in form.asked(answers) if c.name == name), None)
    return [] if choice is None else choice.values()


def _pick(
    prompt: Prompt, candidates: list[dict[str, Any]], dice: Dice, state: JutlandState
) -> dict[str, Any] | None:
    label = t("jut.solo.pick_die", n=len(candidates))
    if not candidates:
        return prompt.default
    k = choose(len(candidates), dice, label, prompt.seat if prompt.sealed else None)
    return candidates[k]


def pick(state: JutlandState, prompt: Prompt, dice: Dice) -> dict[str, Any] | None:
    """The bot's order for ``prompt``."""
    if prompt.kind == "jut.plot":
        return _pick(prompt, _close(state, prompt), dice, state)
    if prompt.kind in ("jut.maneuver", "jut.light_move"):
        return _pick(prompt, _steer(state, prompt), dice, state)
    if prompt.kind == "jut.fire":
        return _pick(prompt, _fire(prompt), dice, state)
    if prompt.kind in ("jut.torpedo", "jut.engage"):
        return _pick(prompt, _every(prompt), dice, state)
    return prompt.default


def _enemy_hexes(state: JutlandState, side: str) -> list[str]:
    return sorted({tf.hex for tf in state.task_forces.values() if tf.side != side and tf.hex})


def _close(state: JutlandState, prompt: Prompt) -> list[dict[str, Any]]:
    """Every move that brings the force nearest an enemy force (ties: numbered, a die)."""
    form = prompt.forms[0]
    tf = state.task_forces.get(str(form.fixed.get("tf")))
    enemy = _enemy_hexes(state, prompt.seat)
    if tf is None or tf.hex is None or not enemy:
        return []
    options = [o for o in _options(form, "to", {}) if o != board.OFF]

    def gap(o: str) -> int:
        here = tf.hex if o == board.STAY else o
        return min(board.distance(here, e) for e in enemy) if here else 99

    best = min((gap(o) for o in options), default=99)
    return [form.build({"to": o}) for o in options if gap(o) == best]


def _toward(state: JutlandState, tf: str) -> int:
    """The turn, in 45-degree steps, toward the nearest enemy counter."""
    b = state.battle
    if b is None:
        return 0
    own = [s for s in b.ships.values() if s.tf == tf and not s.sunk]
    foes = [s for s in b.ships.values() if own and s.side != own[0].side and not s.sunk]
    if not own or not foes:
        return 0
    me = own[0]
    foe = min(foes, key=lambda s: dist((me.x, me.y), (s.x, s.y)))
    turn = (bearing((me.x, me.y), (foe.x, foe.y)) - me.heading + 180) % 360 - 180
    return int(round(turn / 45) * 45)


def _steer(state: JutlandState, prompt: Prompt) -> list[dict[str, Any]]:
    """Six numbered courses at full speed: straight on, 45 degrees to starboard or port, 90
    to starboard or port, and toward the nearest enemy; those the gauge allows."""
    form = prompt.forms[0]
    tf = str(form.fixed.get("tf"))
    out: list[dict[str, Any]] = []
    for angle in (0, 45, -45, 90, -90, _toward(state, tf)):
        answers = _course(form, angle)
        if answers is not None:
            out.append(form.build(answers))
    return out


def _course(form: OrderForm, angle: int) -> dict[str, Any] | None:
    if form.type == "light_move":
        speeds = _options(form, "speed", {"angle": str(angle)})
        answers = {"angle": str(angle), "speed": max(speeds, key=int, default="0")}
        return answers if _legal(form, answers) else None
    for turn in ("succession", "together"):
        base = {"turn": turn, "angle": str(angle)}
        speeds = _options(form, "speed", base)
        if not speeds:
            continue
        answers = {**base, "speed": max(speeds, key=int)}
        for then in ("0", *_options(form, "then", answers)):
            if _legal(form, {**answers, "then": then}):
                return {**answers, "then": then}
    return None


def _fire(prompt: Prompt) -> list[dict[str, Any]]:
    """The targets numbered; at the one the die picks, every ship that can fire in the
    range band most of them share (concentration within one band, 14.3)."""
    form = prompt.form("fire")
    if form is None:
        return []
    out = []
    for target in _options(form, "target", {}):
        best: tuple[int, str, list[str]] | None = None
        for band in _options(form, "band", {"target": target}):
            ships = _options(form, "ships", {"target": target, "band": band})
            if ships and (best is None or len(ships) > best[0]):
                best = (len(ships), band, ships)
        if best is not None:
            answers = {"target": target, "band": best[1], "ships": best[2]}
            if _legal(form, answers):
                out.append(form.build(answers))
    return out


def _every(prompt: Prompt) -> list[dict[str, Any]]:
    """Every order of the prompt numbered: a torpedo attack by each flotilla at each target
    it may reach (with all its factors), and holding; the fight with light ships, yes or no."""
    out: list[dict[str, Any]] = []
    for form in prompt.forms:
        for answers in _combinations(form, form.inputs, {}):
            if _legal(form, answers):
                out.append(form.build(answers))
    return out


def _combinations(
    form: OrderForm, inputs: tuple[Choice, ...], answers: dict[str, Any]
) -> list[dict[str, Any]]:
    if not inputs:
        return [answers]
    first, rest = inputs[0], inputs[1:]
    values = _options(form, first.name, answers)
    if first.name == "factors":
        values = [max(values, key=int)] if values else []
    out: list[dict[str, Any]] = []
    for v in values:
        out += _combinations(form, rest, {**answers, first.name: v})
    return out
