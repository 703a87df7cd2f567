"""Write sample maps: `python -m rendering.war_at_sea.sample OUTDIR [ACTIONS] [SEED]`.

Plays a seeded random game with variant 18.2 (face-down Allied counters) to mid-game and writes
`public.png` (what the Axis and the public see) and `allies.png` (the Allied player's private
map). For looking at after changing the renderer, and for the pictures in docs/.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

SEED = b"war-at-sea-sample-map-seed-00001"
ACTIONS = 40  # with SAMPLE_GAME: turn 5, an air strike in the South Atlantic, face-down stacks
SAMPLE_GAME = 1


def mid_game_views(actions: int = ACTIONS, seed: int = SAMPLE_GAME) -> dict[str, dict[str, Any]]:
    """The public and Allied views (as JSON) of a random game after `actions` orders."""
    from bot.autoplay import play
    from bot.referee.fairdice import FairDice
    from bot.rules.war_at_sea import RULESET

    dice = FairDice(SEED, f"sample-{seed}", 0)
    options = RULESET.parse_options({"variant_18_2": True})
    state = RULESET.setup("standard", options, dice).state
    state = play(RULESET, state, dice, random.Random(seed), max_actions=actions).state
    return {
        "public": RULESET.view(state, None).model_dump(mode="json"),
        "allies": RULESET.view(state, "allies").model_dump(mode="json"),
    }


def write(outdir: Path, actions: int = ACTIONS, seed: int = SAMPLE_GAME) -> list[tuple[Path, int]]:
    from rendering.war_at_sea import render

    outdir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, view in mid_game_views(actions, seed).items():
        data = render(view)
        path = outdir / f"{name}.png"
        path.write_bytes(data)
        written.append((path, len(data)))
    return written


def main(argv: list[str]) -> int:
    if not 1 <= len(argv) <= 3:
        print(
            "usage: python -m rendering.war_at_sea.sample OUTDIR [ACTIONS] [SEED]", file=sys.stderr
        )
        return 2
    actions = int(argv[1]) if len(argv) > 1 else ACTIONS
    seed = int(argv[2]) if len(argv) > 2 else SAMPLE_GAME
    for path, size in write(Path(argv[0]), actions, seed):
        print(f"{path}: {size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
