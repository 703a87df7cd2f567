"""What every game's end-to-end director shares: a game in the pure engine with the referee's
dice numbering (one FairDice per order, continuing the roll count, so a Discord game with the
same seed and id plays the same), the loop that plays it to the end asking a game's director
for each decision (its prompt's default when the director has none or the engine refuses it),
and the script file: a ``#`` header line (seed, game id, options; ``python -m bot play
--script`` skips it), then one JSON order a line.

A game's own director (``was_director``, ``pb_director``) says only what its orders are.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.referee.fairdice import FairDice
from bot.rules.core import Event, GameState, Prompt, Ruleset, RuleViolation

Action = dict[str, Any]
Decide = Callable[[Any, Prompt], Action | None]
"""(state, prompt) -> the order to give, or None for the prompt's default."""


@dataclass
class Game:
    ruleset: Ruleset[Any]
    seed: bytes
    game_id: str
    options: dict[str, Any] = field(default_factory=dict)
    scenario: str | None = None
    state: GameState = field(init=False)
    events: list[Event] = field(default_factory=list)
    next_roll: int = 0

    def __post_init__(self) -> None:
        dice = FairDice(self.seed, self.game_id, 0)
        scenario = self.scenario or self.ruleset.scenarios()[0].id
        outcome = self.ruleset.setup(scenario, self.ruleset.parse_options(self.options), dice)
        self.state, self.next_roll = outcome.state, len(dice.rolls)
        self.events = list(outcome.events)

    def apply(self, seat: str, action: Action) -> list[Event]:
        dice = FairDice(self.seed, self.game_id, self.next_roll)
        parsed = self.ruleset.parse_action(action)
        outcome = self.ruleset.apply(self.state, seat, parsed, dice)
        self.state, self.next_roll = outcome.state, self.next_roll + len(dice.rolls)
        self.events += outcome.events
        return outcome.events


def direct(game: Game, decide: Decide, max_orders: int = 5000) -> list[dict[str, Any]]:
    """Play the game to its end: each open decision (the first prompt) gets the director's
    order, or its default when the director has none or the engine refuses it. The orders as
    script lines (seat, prompt kind, action)."""
    lines: list[dict[str, Any]] = []
    while game.state.result is None and len(lines) < max_orders:
        prompt = game.ruleset.prompts(game.state)[0]
        action = decide(game.state, prompt)
        try:
            if action is None:
                raise RuleViolation("director.default", "")
            game.apply(prompt.seat, action)
        except RuleViolation:
            assert prompt.default is not None, prompt.kind
            action = dict(prompt.default)
            game.apply(prompt.seat, action)
        lines.append({"seat": prompt.seat, "kind": prompt.kind, "action": action})
    return lines


def write(path: Path, head: dict[str, Any], lines: list[dict[str, Any]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    body = "".join(json.dumps(line, sort_keys=True) + "\n" for line in lines)
    path.write_text(f"# {json.dumps(head)}\n{body}", encoding="utf-8")


def read(path: Path) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The script's header (seed, game id, options) and its order lines."""
    text = path.read_text(encoding="utf-8").splitlines()
    head = json.loads(text[0].removeprefix("#").strip())
    return head, [json.loads(line) for line in text[1:] if line.strip()]


def replay(ruleset: Ruleset[Any], path: Path) -> Iterator[tuple[dict[str, Any], Game]]:
    """Each script line with the game just after it was applied (the same Game object)."""
    head, lines = read(path)
    game = Game(ruleset, bytes.fromhex(head["seed"]), head["game"], head["options"])
    for line in lines:
        game.apply(line["seat"], line["action"])
        yield line, game
