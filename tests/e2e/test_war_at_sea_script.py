"""The campaign script (tests/e2e/data/was_campaign.jsonl) still plays the game the end-to-end
test relies on: replayed in the pure engine with its seed and game id, every order answers
an open decision of the kind it names, the game ends after turn 8, and the events the test
needs happen. If the engine changes, regenerate it: ``python -m tests.e2e.was_director``."""

from __future__ import annotations

from collections import Counter

from bot.rules.war_at_sea import RULESET
from tests.e2e import was_director as director


def test_the_script_replays_to_a_result_with_every_required_event() -> None:
    head, lines = director.read()
    assert head["options"] == {"variant_18_2": True}
    game = director.Game(bytes.fromhex(head["seed"]), head["game"], head["options"])
    turns = Counter[int]()
    for n, line in enumerate(lines):
        assert game.state.result is None, f"the game ended before order {n}"
        open_ = [p for p in RULESET.prompts(game.state) if p.seat == line["seat"]]
        assert [p.kind for p in open_ if p.form(line["action"]["type"])] == [line["kind"]], n
        turns[game.state.turn] += 1
        game.apply(line["seat"], line["action"])
    assert game.state.result is not None and game.state.turn == 8
    assert sorted(turns) == list(range(9)), "orders at set-up and in every turn"
    assert director.missing(game.events) == []
    asked = {line["kind"] for line in lines}
    assert asked == set(director.KINDS), "the campaign asks every kind of decision"


def test_the_director_finds_the_same_game() -> None:
    """The script is what the director plays with the recorded seed (nothing hand-edited)."""
    head, lines = director.read()
    game, played = director.direct(bytes.fromhex(head["seed"]))
    assert played == lines
    assert game.state.result is not None
