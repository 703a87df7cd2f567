"""The shared fuzzer (tests/guards/fuzz.py) over every registered ruleset, and proof that it
catches defects planted on purpose."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tests.e2e.muster  # registers the e2e test game
import tests.vaults  # noqa: F401  (registers the test-only game: it has hidden things)
from bot.rules.core import Outcome, Ruleset, RuleViolation, errors
from bot.rules.core.registry import available, get
from tests.guards.fuzz import Accepted, Seen, bad_answers, case_states, check_refused, explore
from tests.guards.tally import TALLY
from tests.vaults import Vaults, VaultsState

GAMES: dict[str, list[dict[str, Any]]] = {
    "war-at-sea": [{}, {f"variant_18_{i}": True for i in range(1, 7)}],
    "jutland": [{}, {"rules": "advanced"}],
}
"""Option sets to explore per game (each its own random game); others play their defaults."""


def explore_all(ruleset: Ruleset) -> Seen:  # type: ignore[type-arg]
    seen = Seen()
    for n, options in enumerate(GAMES.get(ruleset.id, [{}])):
        for game in range(3):
            explore(ruleset, options, f"fuzz-{ruleset.id}-{n}-{game}", seen=seen)
    return case_states(ruleset, seen)


def fuzz(
    ruleset: Ruleset,  # type: ignore[type-arg]
    seen: Seen | None = None,
) -> tuple[int, dict[str, int]]:
    seen = seen or explore_all(ruleset)
    rng = random.Random(ruleset.id)
    tried = 0
    codes: dict[str, int] = {}
    for states in seen.states.values():
        for state, prompt in states:
            prompts = ruleset.prompts(state)
            for raw in bad_answers(ruleset, prompt, seen, rng):
                code = check_refused(ruleset, state, prompt, raw, prompts)
                codes[code] = codes.get(code, 0) + 1
                tried += 1
    return tried, {kind: len(s) for kind, s in seen.states.items()}


@pytest.mark.parametrize("ruleset_id", available())
def test_every_prompt_kind_refuses_bad_answers_well(ruleset_id: str) -> None:
    tried, kinds = fuzz(get(ruleset_id))
    print(f"{ruleset_id}: {tried} bad answers over {len(kinds)} prompt kinds: {sorted(kinds)}")
    TALLY[f"fuzzer: {ruleset_id} prompt kinds"] += len(kinds)
    assert tried > 0 and kinds


# --- planted defects: each must make the fuzzer fail ------------------------------------------


def _planted(monkeypatch: pytest.MonkeyPatch, hide: Any) -> None:
    monkeypatch.setattr(Vaults, "_hide", hide)


def test_the_fuzzer_catches_an_accepted_bad_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    def sloppy(self: Vaults, state: Any, seat: str, action: Any) -> Any:
        state.hidden[seat] = action.vault  # no range check (Vaults 2)
        return Outcome(state=state, events=[])

    _planted(monkeypatch, sloppy)
    with pytest.raises(Accepted, match="accepted"):
        fuzz(get("vaults"))


def test_the_fuzzer_catches_a_refusal_that_changes_the_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def careless(self: Vaults, state: Any, seat: str, action: Any) -> Any:
        state.hidden[seat] = action.vault  # written before the check
        if action.vault not in range(1, 7):
            raise RuleViolation("vaults.hide.no_such_vault", "Vaults 2", vault=action.vault)
        return Outcome(state=state, events=[])

    seen = explore_all(get("vaults"))
    _planted(monkeypatch, careless)
    monkeypatch.setattr(VaultsState, "model_copy", lambda self, **kwargs: self)  # no copy
    with pytest.raises(Accepted, match="changed the state"):
        fuzz(get("vaults"), seen)


def test_the_fuzzer_catches_a_refusal_nobody_worded(monkeypatch: pytest.MonkeyPatch) -> None:
    def unworded(self: Vaults, state: Any, seat: str, action: Any) -> Any:
        raise RuleViolation("vaults.hide.unworded", "Vaults 2")

    _planted(monkeypatch, unworded)
    with pytest.raises(Accepted, match="no wording"):
        fuzz(get("vaults"))


def test_the_fuzzer_catches_a_refusal_that_quotes_everything(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    original = Vaults.parse_action

    def quoting(self: Vaults, raw: dict[str, Any]) -> Any:
        try:
            return original(self, raw)
        except RuleViolation:
            raise RuleViolation("core.action.malformed", "Referee", detail=repr(raw)) from None

    monkeypatch.setattr(Vaults, "parse_action", quoting)
    monkeypatch.setattr(errors, "QUOTE_LIMIT", 10**7)  # and nothing clips it
    with pytest.raises(Accepted, match=r"excerpt|characters"):
        fuzz(get("vaults"))
