"""Random legal play: drive any ruleset to its end with a seeded RNG, for tests and benches.

Answers are picked at random from each prompt's legal options; an order the engine refuses
is retried a few times and then replaced by the prompt's default, which must always be legal.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bot.rules.core import (
    Action,
    Choice,
    Dice,
    Event,
    GameState,
    OrderForm,
    Prompt,
    Ruleset,
    RuleViolation,
)

Invariant = Callable[[GameState, list[Event]], None]


@dataclass
class PlayReport:
    state: GameState
    actions: int = 0
    refused: int = 0
    defaults: int = 0
    events: list[Event] = field(default_factory=list)
    codes: dict[str, int] = field(default_factory=dict)
    refusals: list[RuleViolation] = field(default_factory=list)
    """One refusal of each code, as raised (messages are checked against them)."""


def random_answer(form: OrderForm | Sequence[Choice], rng: random.Random) -> dict[str, Any]:
    """Answers input by input, each from the options offered for the answers before it (the
    form's dependent inputs), as a player at a menu would. A bare list of inputs is answered
    as a form holding them."""
    if not isinstance(form, OrderForm):
        form = OrderForm(type="answers", label="", inputs=tuple(form))
    answers: dict[str, Any] = {}
    while (choice := form.next(answers)) is not None:
        if choice.kind in ("one", "many") and not choice.options:
            break  # nothing legal after these answers: the engine will say why
        answers |= random_pick(choice, rng)
    return answers


def random_pick(choice: Choice, rng: random.Random) -> dict[str, Any]:
    values = choice.values()
    if choice.kind == "one":
        return {choice.name: rng.choice(values)}
    if choice.kind == "many":
        upper = min(choice.max, len(values))
        lower = min(max(choice.min, 0), upper)
        return {choice.name: rng.sample(values, rng.randint(lower, upper))}
    if choice.kind == "number":
        return {choice.name: rng.randint(choice.min, choice.max)}
    return {choice.name: rng.random() < 0.5}


def random_action(prompt: Prompt, rng: random.Random) -> dict[str, Any]:
    form = rng.choice(prompt.forms)
    return form.build(random_answer(form, rng))


def play(
    ruleset: Ruleset[Any],
    state: GameState,
    dice: Dice,
    rng: random.Random,
    *,
    max_actions: int = 5000,
    tries: int = 3,
    invariant: Invariant | None = None,
    prefer_default: float = 0.0,
) -> PlayReport:
    """Play until the game has a result (or ``max_actions``), checking ``invariant`` after
    every accepted action. Raises if a prompt's default is refused: that is an engine bug."""
    report = PlayReport(state=state)
    given: list[Prompt] | None = None
    while report.state.result is None and report.actions < max_actions:
        prompts = ruleset.prompts(report.state)
        if given is not None and given != prompts:
            # The referee commits an outcome's prompts as the new state's (Outcome.prompts).
            raise AssertionError("the prompts an outcome carried are not its state's")
        if not prompts:
            raise AssertionError("game not over but nobody has a decision to make")
        prompt = rng.choice(prompts)
        outcome = None
        for _ in range(tries if rng.random() >= prefer_default else 0):
            raw = random_action(prompt, rng)
            try:
                action = ruleset.parse_action(raw)
                outcome = ruleset.apply(report.state, prompt.seat, action, dice)
                break
            except RuleViolation as exc:
                report.refused += 1
                if exc.code not in report.codes:
                    report.refusals.append(exc)
                report.codes[exc.code] = report.codes.get(exc.code, 0) + 1
        if outcome is None:
            if prompt.default is None:
                raise AssertionError(f"prompt {prompt.id} has no default and no legal pick")
            action = ruleset.parse_action(prompt.default)
            outcome = ruleset.apply(report.state, prompt.seat, action, dice)
            report.defaults += 1
        _stored_form_replays(ruleset, action)
        report.state = outcome.state
        given = outcome.prompts
        report.actions += 1
        report.events.extend(outcome.events)
        if invariant is not None:
            invariant(outcome.state, outcome.events)
    return report


def _stored_form_replays(ruleset: Ruleset[Any], action: Action) -> None:
    """The referee stores an order as ``model_dump(mode="json")`` and replays it through
    ``parse_action``: a default its own fields refuse would make the stored game unloadable."""
    stored = action.model_dump(mode="json")
    if ruleset.parse_action(stored) != action:
        raise AssertionError(f"order {stored} does not replay to itself")
