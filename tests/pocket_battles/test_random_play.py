"""Random legal play of whole Pocket Battles battles, the invariants checked after every
order (tests/pocket_battles/invariants.py), at every battle size.

The default run plays a few dozen battles; ``PB_RANDOM_BATTLES=300`` (or more) plays the long
run the issue asks for: scripts/test.sh (what CI runs) runs it beside the serial suite, in a
second process (about 20 s of CPU, 50 battles at each of the six sizes).
"""

from __future__ import annotations

import os
import random
import time
from collections import Counter

from bot.autoplay import random_answer
from bot.referee.fairdice import FairDice
from bot.rules.core import RuleViolation
from bot.rules.core.registry import get
from bot.rules.pocket_battles.options import SIZES
from bot.rules.pocket_battles.ruleset import PocketBattles
from bot.rules.pocket_battles.state import PocketBattlesState
from tests.pocket_battles.invariants import check

BATTLES = int(os.environ.get("PB_RANDOM_BATTLES", "24"))
SEED = b"pocket-battles-random-play-seed!"


def battle(n: int, *, defaults_only: bool = False) -> tuple[PocketBattlesState, Counter[str]]:
    """One battle from set-up to victory. Answers are picked at random from each prompt's
    legal options (a concession rarely, or the battles would be short); a refused pick is
    retried, then the prompt's default, which must always be accepted."""
    ruleset = get("pocket-battles")
    assert isinstance(ruleset, PocketBattles)
    rng = random.Random(n)
    dice = FairDice(SEED, f"battle-{n}", 0)
    options = {"size": SIZES[n % len(SIZES)]}
    if n % 3 == 1:
        options |= {"reveal": "first_fight", "engagement_shot": "target_only"}
    if n % 4 == 2:
        options |= {"wound_token": "spent_first", "redeploy_across": False, "swap_roles": False}
    state = ruleset.setup("battle", ruleset.parse_options(options), dice).state
    seen: Counter[str] = Counter()
    for _ in range(20_000):
        if state.result is not None:
            return state, seen
        prompts = ruleset.prompts(state)
        assert prompts, "no result and nobody owes a decision"
        prompt = rng.choice(prompts)
        forms = [f for f in prompt.forms if f.type != "concede" or rng.random() < 0.002]
        outcome = None
        for _ in range(0 if defaults_only else 3):
            form = rng.choice(forms)
            try:
                action = ruleset.parse_action(form.build(random_answer(form, rng)))
                outcome = ruleset.apply(state, prompt.seat, action, dice, prompts)
                break
            except RuleViolation as exc:
                seen[f"refused {exc.code}"] += 1
        if outcome is None:
            assert prompt.default is not None
            outcome = ruleset.apply(state, prompt.seat, ruleset.parse_action(prompt.default), dice)
            seen["default"] += 1
        state = outcome.state
        seen.update(e.kind for e in outcome.events)
        check(state, outcome.events)
    raise AssertionError(f"battle {n} did not end")


def test_random_battles_keep_the_invariants_to_the_end() -> None:
    started = time.process_time()
    sizes: Counter[int] = Counter()
    seen: Counter[str] = Counter()
    for n in range(BATTLES):
        state, kinds = battle(n)
        assert state.result is not None and state.result.winner in ("celts", "romans")
        sizes[state.options.size] += 1
        seen.update(kinds)
    spent = time.process_time() - started
    print(
        f"\nPocket Battles random play: {BATTLES} battles, sizes {dict(sorted(sizes.items()))}, "
        f"{spent:.1f} s of CPU"
    )
    assert set(sizes) == set(SIZES) or len(SIZES) > BATTLES
    # The battles went through every procedure of the rules, not only passes.
    for kind in (
        "pb.charged",
        "pb.strike.charge",
        "pb.strike.counter",
        "pb.strike.shot",
        "pb.strike.carry",
        "pb.strike.free",
        "pb.intercepted",
        "pb.shot_at_charger",
        "pb.held",
        "pb.troop_lost",
        "pb.wounded",
        "pb.round",
        "pb.victory",
        "pb.double_order",
    ):
        assert seen[kind] > 0, kind


def test_defaults_alone_end_a_battle() -> None:
    """Every prompt's default is legal, and a battle of defaults only (a deadline each time)
    ends: passes end the rounds until the last (option max_rounds, 8.2)."""
    state, seen = battle(0, defaults_only=True)
    assert state.result is not None and seen["default"] > 0
    assert seen["pb.round"] == state.options.max_rounds
