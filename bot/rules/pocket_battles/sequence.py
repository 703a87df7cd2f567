"""The sequence of play as a table (bot/rules/core/sequence.py): one step per phase of
``state.Phase``, with the rule that governs it, who owes a decision in it, its prompts, its
automatic work and where it may lead (flow.NEXT)."""

from __future__ import annotations

from bot.rules.core import Dice, Event, Prompt
from bot.rules.core.sequence import Step, Table
from bot.rules.pocket_battles import building, deployment, flow, prompts, turn
from bot.rules.pocket_battles.state import SIDES, Phase, PocketBattlesState

BOTH = SIDES


def _build_prompts(state: PocketBattlesState) -> list[Prompt]:
    return [building.prompt(state, s) for s in SIDES if not state.sides[s].built]


def _build_run(state: PocketBattlesState, dice: Dice) -> list[Event]:
    """Pocket Battles 4.1: both armies built, the die decides who attacks."""
    flow.goto(state, "deploy")
    return deployment.roll_for_roles(state, dice)


def _deploy_prompts(state: PocketBattlesState) -> list[Prompt]:
    return [deployment.prompt(state, state.active)] if state.active else []


def _deploy_run(state: PocketBattlesState, dice: Dice) -> list[Event]:
    """Pocket Battles 4.4: everything placed; the first round begins (5)."""
    return deployment.finish(state) + turn.start_round(state)


def _redeploy(state: PocketBattlesState) -> list[Prompt]:
    return [prompts.redeploy(state, state.active)] if state.active else []


def _orders(state: PocketBattlesState) -> list[Prompt]:
    return [prompts.orders(state, state.active)] if state.active else []


def _reaction(state: PocketBattlesState) -> list[Prompt]:
    return [prompts.reaction(state)]


def _assign(state: PocketBattlesState) -> list[Prompt]:
    return [prompts.assign(state)]


def _overwhelm(state: PocketBattlesState) -> list[Prompt]:
    return [prompts.overwhelm(state)]


def _round_end(state: PocketBattlesState, dice: Dice) -> list[Event]:
    return turn.end_round(state, dice)


def _step(name: Phase, section: str, **kw: object) -> Step[Phase, PocketBattlesState]:
    # kw carries Step's own optional fields; typing them here would copy Step's signature.
    return Step(name=name, section=section, next=flow.NEXT[name], **kw)  # type: ignore[arg-type]


TABLE: Table[Phase, PocketBattlesState] = Table(
    Phase,
    [
        _step("build", "Pocket Battles 3.2", owes=BOTH, prompts=_build_prompts, run=_build_run),
        _step("deploy", "Pocket Battles 4.2", owes=BOTH, prompts=_deploy_prompts, run=_deploy_run),
        _step("redeploy", "Pocket Battles 5.1", owes=BOTH, prompts=_redeploy),
        _step("order", "Pocket Battles 5.2", owes=BOTH, prompts=_orders),
        _step("reaction", "Pocket Battles 5.4", owes=BOTH, prompts=_reaction),
        _step("assign", "Pocket Battles 5.4", owes=BOTH, prompts=_assign),
        _step("overwhelm", "Pocket Battles 9.8", owes=BOTH, prompts=_overwhelm),
        _step("extra_order", "Pocket Battles 9.3", owes=BOTH, prompts=_orders),
        _step("round_end", "Pocket Battles 7.1", run=_round_end),
        _step("over", "Pocket Battles 8.1"),
    ],
    get=lambda s: s.phase,
    put=lambda s, p: setattr(s, "phase", p),
)


def advance(state: PocketBattlesState, dice: Dice) -> list[Event]:
    """Run automatic steps until somebody owes a decision or the game is over; the state
    keeps the prompts found (the ruleset's ``prompts`` answers with them until it changes)."""
    events: list[Event] = []
    while state.result is None:
        found = TABLE.prompts(state)
        if found:
            state.keep_prompts(found)
            return events
        events += TABLE.run(state, dice)
    state.keep_prompts(TABLE.prompts(state))
    return events
