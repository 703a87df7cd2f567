"""Views and hidden information (War at Sea 18.2): the Axis and the public never read the
identity of a face-down Allied counter, in a view, an event, a prompt or a die label."""

from __future__ import annotations

import json
import random

from bot.autoplay import play
from bot.referee.fairdice import FairDice
from bot.rules.core import Event, GameState
from bot.rules.war_at_sea import RULESET
from bot.rules.war_at_sea.state import WarAtSeaState
from tests.war_at_sea.helpers import check_invariants, new_game


def _leaks(text: str, secrets: set[str]) -> list[str]:
    return sorted(s for s in secrets if s in text)


def _outputs(state: WarAtSeaState, events: list[Event], audience: str | None) -> str:
    parts = [RULESET.view(state, audience).model_dump_json()]
    parts += [e.model_dump_json() for e in events if e.visible_to(audience)]
    parts += [p.model_dump_json() for p in RULESET.prompts(state) if p.seat == audience]
    return "\n".join(parts)


def _play_checked(n: int) -> None:
    dice = FairDice(b"war-at-sea-hidden-allies-seed-01", f"hidden-{n}", 0)
    state = new_game(dice, variant_18_2=True)
    seen = {"rolls": 0, "checked": 0, "hidden_max": 0}

    def check(s: GameState, events: list[Event]) -> None:
        assert isinstance(s, WarAtSeaState)
        check_invariants(s, events)
        for audience in ("axis", None):
            secrets = RULESET.secrets(s, audience)
            seen["hidden_max"] = max(seen["hidden_max"], len(secrets))
            leaks = _leaks(_outputs(s, events, audience), secrets)
            assert not leaks, f"{audience} can read {leaks}"
            for roll in dice.rolls[seen["rolls"] :]:
                if roll.private_to is None:
                    assert not _leaks(roll.label.model_dump_json(), secrets), roll
        assert not RULESET.secrets(s, "allies")
        seen["rolls"] = len(dice.rolls)
        seen["checked"] += 1

    report = play(RULESET, state, dice, random.Random(n), invariant=check)
    assert report.state.result is not None
    assert seen["checked"] == report.actions
    assert seen["hidden_max"] > 20  # the British fleet at least was face down


def test_hidden_allies_never_leak_in_random_games() -> None:
    for n in range(8):
        _play_checked(n)


def test_allied_view_shows_what_the_axis_view_counts() -> None:
    dice = FairDice(b"war-at-sea-hidden-allies-seed-01", "view", 0)
    state = new_game(dice, variant_18_2=True)
    allied = RULESET.view(state, "allies")
    axis = RULESET.view(state, "axis")
    public = RULESET.view(state, None)
    british = {u.id for u in allied.units if u.side == "allies"}
    assert {"hood", "nelson", "ark_royal"} <= british
    assert not [u for u in axis.units if u.side == "allies"]
    assert sum(h.count for h in axis.hidden) == len(british)
    assert axis.hidden == public.hidden
    assert {h.location for h in axis.hidden} == {"england"}
    secrets = RULESET.secrets(state, "axis")
    assert {"hood", "Hood"} <= secrets
    assert not _leaks(axis.model_dump_json(), secrets)
    assert "Hood" in allied.model_dump_json()


def test_without_the_variant_everything_is_public() -> None:
    dice = FairDice(b"war-at-sea-hidden-allies-seed-01", "open", 0)
    state = new_game(dice)
    view = RULESET.view(state, None)
    assert any(u.id == "hood" for u in view.units)
    assert not view.hidden
    assert RULESET.secrets(state, None) == set()
    assert view.turn == 0 and view.phase == "setup" and view.waiting == ["allies"]
    germany = next(p for p in view.ports if p.id == "germany")
    assert germany.repair == 8 and germany.side == "axis"
    json.loads(view.model_dump_json())
