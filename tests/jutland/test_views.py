"""What each side reads: its own sheet whole, of the enemy only what the rules disclosed.
Every string an audience can read (its view, its prompts, the events it sees) is checked
against ``secrets()`` after every order of random games, battles included."""

from __future__ import annotations

import random
from typing import Any

from bot.autoplay import random_action
from bot.referee.fairdice import FairDice
from bot.rules.core import Event, RuleViolation
from bot.rules.core.registry import get

AUDIENCES = ("german", "british", None)


def strings(node: Any) -> set[str]:
    if isinstance(node, str):
        return {node}
    if isinstance(node, dict):
        return {s for k, v in node.items() for s in strings(k) | strings(v)}
    if isinstance(node, list | tuple):
        return {s for v in node for s in strings(v)}
    return set()


def readable(state: Any, events: list[Event], audience: str | None) -> set[str]:
    ruleset = get("jutland")
    out = strings(ruleset.view(state, audience).model_dump(mode="json"))
    for p in ruleset.prompts(state):
        if p.seat == audience:
            out |= strings(p.model_dump(mode="json"))
    for e in events:
        if e.visible_to(audience):
            out |= strings(e.model_dump(mode="json"))
    return out


def test_no_audience_reads_a_secret() -> None:
    ruleset = get("jutland")
    checked = 0
    for n, setup in enumerate([{}, {"de1": "P15", "gb3": "P17", "de2": "O16", "gb1": "P18"}]):
        rng = random.Random(n)
        dice = FairDice(b"jutland-view-check-seed-00000001", f"v{n}", 0)
        state: Any = ruleset.setup("basic", ruleset.parse_options({}), dice).state
        if setup:
            state.phase, state.hour = "plot", 8
            for tf, where in setup.items():
                state.task_forces[tf].hex, state.task_forces[tf].left_at = where, 0
        events: list[Event] = []
        for _ in range(250):
            if state.result is not None:
                break
            for audience in AUDIENCES:
                leaked = ruleset.secrets(state, audience) & readable(state, events, audience)
                assert not leaked, (audience, leaked, state.phase)
                checked += 1
            prompt = rng.choice(ruleset.prompts(state))
            for raw in (random_action(prompt, rng), prompt.default or {}):
                try:
                    outcome = ruleset.apply(state, prompt.seat, ruleset.parse_action(raw), dice)
                except RuleViolation:
                    continue
                state, events = outcome.state, outcome.events
                break
    assert checked > 500


def test_a_side_sees_its_own_forces_and_none_of_the_enemy() -> None:
    ruleset = get("jutland")
    state: Any = ruleset.setup(
        "basic", ruleset.parse_options({}), FairDice(b"x" * 32, "own", 0)
    ).state
    british = ruleset.view(state, "british")
    german = ruleset.view(state, "german")
    public = ruleset.view(state, None)
    assert {f.id for f in british.forces} == {"gb1", "gb2", "gb3"}  # type: ignore[attr-defined]
    assert {f.id for f in german.forces} == {"de1", "de2"}  # type: ignore[attr-defined]
    assert public.forces == ()  # type: ignore[attr-defined]
    state.task_forces["de1"].hex = "P15"  # at sea, unannounced, unsighted
    assert "P15" in ruleset.secrets(state, "british") and "P15" in ruleset.secrets(state, None)
    assert "P15" not in ruleset.secrets(state, "german")
    assert "P15" not in strings(ruleset.view(state, "british").model_dump(mode="json"))
    assert "P15" in strings(ruleset.view(state, "german").model_dump(mode="json"))


def test_a_german_track_through_a_shaded_hex_is_told_as_that_hex_only() -> None:
    """Jutland 3.1: a German force sailing through a coastal patrols' hex (D17 -> D16, shaded
    -> D17): the patrols report D16 and nothing more (no force, no ships, no type, no course);
    the British learn the rest only as the search tells it (3.3 item 2: hexes, present or
    not)."""
    ruleset = get("jutland")
    dice = FairDice(b"jutland-view-check-seed-00000001", "shaded", 0)
    state: Any = ruleset.setup("basic", ruleset.parse_options({}), dice).state
    state.phase, state.hour = "plot", 6
    state.task_forces["de1"].hex, state.task_forces["de1"].left_at = "D17", 0
    seen: list[Event] = []
    for to in ("D16", "D17"):  # two hours: the plots, then the searches by default
        hour = state.hour
        while state.hour == hour:
            prompt = ruleset.prompts(state)[0]
            mine = prompt.kind == "jut.plot" and prompt.forms[0].fixed.get("tf") == "de1"
            raw = {"type": "plot", "tf": "de1", "to": to} if mine else prompt.default
            outcome = ruleset.apply(state, prompt.seat, ruleset.parse_action(raw), dice)
            state = outcome.state
            seen += [e for e in outcome.events if e.visible_to("british")]
    spotted = [e for e in seen if e.kind == "jut.spotted"]
    assert [e.params for e in spotted] == [{"hex": "D16"}]
    view = ruleset.view(state, "british").model_dump(mode="json")
    assert view["spotted"] == [[6, "D16"]]
    told = strings(view) | {s for e in seen for s in strings(e.model_dump(mode="json"))}
    german = state.task_forces["de1"]
    assert german.hex == "D17" and german.track[-2:] == ["D16", "D17"]
    assert not set(german.ships) & told and "de1" not in told
