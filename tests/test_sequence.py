"""The shared sequence table (bot/rules/core/sequence.py) and War at Sea's two tables."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

import pytest

from bot.rules.core import Event, NoDice, Prompt, RuleViolation, t
from bot.rules.core.sequence import Step, Table
from bot.rules.war_at_sea import RULESET
from bot.rules.war_at_sea.combat.steps import STEPS
from bot.rules.war_at_sea.state import Battle
from bot.rules.war_at_sea.turn import PHASES
from tests.e2e import was_director as director

Name = Literal["ask", "fight", "end"]


@dataclass
class Toy:
    at: Name = "ask"
    finished: bool = False


def _put(toy: Toy, name: Name) -> None:
    toy.at = name


def _ask(toy: Toy) -> list[Prompt]:
    if toy.finished:
        return []
    return [Prompt(id="ask", seat="a", kind="k", title=t("x"), section="S 1", forms=())]


def _fight(toy: Toy, dice: object) -> list[Event]:
    TOY.goto(toy, "end")
    return [Event(kind="fought")]


def _done(toy: Toy, seat: str) -> list[Event]:
    toy.finished = True
    TOY.goto(toy, "fight")
    return []


def _steps() -> list[Step[Name, Toy]]:
    return [
        Step("ask", "S 1", owes=("a",), prompts=_ask, next=("fight",), end="asked", on_end=_done),
        Step("fight", "S 2", run=_fight, next=("end",)),
        Step("end", "S 3"),
    ]


TOY: Table[Name, Toy] = Table(Name, _steps(), get=lambda toy: toy.at, put=_put)


def test_a_table_runs_its_steps_in_the_declared_order() -> None:
    toy = Toy()
    assert [p.id for p in TOY.prompts(toy)] == ["ask"]
    with pytest.raises(RuleViolation):
        TOY.end(toy, "a", "fought")  # not this step's end action
    TOY.end(toy, "a", "asked")
    assert toy.at == "fight" and TOY.prompts(toy) == []
    assert [e.kind for e in TOY.run(toy, NoDice())] == ["fought"]
    assert toy.at == "end"
    with pytest.raises(AssertionError, match="waits for a decision"):
        TOY.run(toy, NoDice())
    assert TOY.end_types() == {"asked"}


def test_goto_refuses_a_step_not_listed_as_next() -> None:
    toy = Toy()
    with pytest.raises(AssertionError, match="ask does not lead to end"):
        TOY.goto(toy, "end")
    assert toy.at == "ask"


def test_a_table_refuses_missing_reordered_or_dangling_entries() -> None:
    steps = _steps()
    with pytest.raises(ValueError, match="one step per name"):
        Table(Name, steps[:2], get=lambda toy: toy.at, put=_put)
    with pytest.raises(ValueError, match="one step per name"):
        Table(Name, [steps[1], steps[0], steps[2]], get=lambda toy: toy.at, put=_put)
    bad = Step[Name, Toy]("end", "S 3", next=("nowhere",))  # type: ignore[arg-type]  # on purpose
    with pytest.raises(ValueError, match="unknown steps"):
        Table(Name, [*steps[:2], bad], get=lambda toy: toy.at, put=_put)
    unowed = Step[Name, Toy]("end", "S 3", prompts=_ask)
    with pytest.raises(ValueError, match="nobody owes"):
        Table(Name, [*steps[:2], unowed], get=lambda toy: toy.at, put=_put)


def test_a_prompt_for_a_seat_the_step_does_not_owe_is_an_engine_bug() -> None:
    wrong = Step[Name, Toy]("ask", "S 1", owes=("b",), prompts=_ask, next=("fight",))
    table = Table(Name, [wrong, *_steps()[1:]], get=lambda toy: toy.at, put=_put)
    with pytest.raises(AssertionError, match="prompts a"):
        table.prompts(Toy())


def test_war_at_sea_tables_cover_every_phase_and_battle_step_once() -> None:
    assert [s.name for s in PHASES.steps] == list(PHASES.order)
    assert PHASES.order[0] == "setup" and PHASES.order[-1] == "over"
    assert [s.name for s in STEPS.steps] == list(STEPS.order)
    # Every phase but the last leads somewhere; every battle step ends at "over".
    assert all(s.next for s in PHASES.steps if s.name != "over")
    assert all(s.section.startswith("War at Sea ") for s in (*PHASES.steps, *STEPS.steps))
    assert PHASES.end_types() | STEPS.end_types() == RULESET.renamed["done"]


def test_a_stored_new_round_step_loads_as_next_round() -> None:
    battle = Battle.model_validate({"kind": "surface", "where": "north_sea", "step": "new_round"})
    assert battle.step == "next_round"


def test_the_campaign_with_the_old_done_replays_to_the_same_game() -> None:
    """Stored logs and rule cases say {"type": "done"} for every end of a step: it still
    applies, as the end action the seat's open prompt takes, and plays the same game."""
    head, lines = director.read()
    new = director.Game(bytes.fromhex(head["seed"]), head["game"], head["options"])
    old = director.Game(bytes.fromhex(head["seed"]), head["game"], head["options"])
    renamed = 0
    for line in lines:
        action = line["action"]
        legacy = {"type": "done"} if action["type"] in RULESET.renamed["done"] else action
        renamed += legacy is not action
        new.apply(line["seat"], action)
        old.apply(line["seat"], legacy)
        assert old.state == new.state
    assert renamed > 20
    assert old.state.result is not None
    assert json.dumps([e.model_dump(mode="json") for e in old.events]) == json.dumps(
        [e.model_dump(mode="json") for e in new.events]
    )
