"""The GJ74 map drawn from each audience's view (rendering/gj74): face-down enemy counters are
the same pixels whatever ship is beneath (the ruleset's swap_hidden trades two faces), own
counters show their values, the air range of an operation under way is tinted, the picture
is a pure function of the view, and its words name nothing the audience may not know."""

from __future__ import annotations

import json
import random

from bot.autoplay import random_action
from bot.referee.fairdice import FairDice
from bot.rules.core import RuleViolation
from bot.rules.core.registry import get
from bot.rules.gj74.state import GJ74State
from rendering import registry
from rendering.counters import render_counter
from rendering.gj74 import caption, draw, geometry, render
from rendering.gj74.units import face_of
from tests.gj74.test_random_play import aimed

RULESET = get("gj74")


def midgame(sid: str, orders: int, seed: int = 0) -> GJ74State:
    """A game played at random for ``orders`` orders (set-up ended by its default)."""
    rng = random.Random(f"render-{sid}-{seed}")
    dice = FairDice(b"gj74-render-test-seed-0000000001", f"{sid}-{seed}", 0)
    state = RULESET.setup(sid, RULESET.parse_options({}), dice).state
    for _ in range(orders):
        prompts = RULESET.prompts(state)
        if not prompts:
            break
        p = rng.choice(prompts)
        out = None
        if state.phase != "deploy":
            for n in range(4):
                raw = aimed(state, rng) if n % 2 == 0 else None
                forms = [f for f in p.forms if not f.type.endswith("_done")]
                if raw is None and forms:
                    raw = random_action(p.model_copy(update={"forms": (rng.choice(forms),)}), rng)
                if raw is None:
                    break
                try:
                    out = RULESET.apply(state, p.seat, RULESET.parse_action(raw), dice, prompts)
                    break
                except RuleViolation:
                    continue
        if out is None:
            assert p.default is not None
            out = RULESET.apply(state, p.seat, RULESET.parse_action(p.default), dice, prompts)
        state = out.state
    return state


def test_face_down_counters_are_the_same_pixels_whatever_ship_is_beneath() -> None:
    state = midgame("19.2", 20)
    swapped = 0
    for audience in ("blue", "red", None):
        picture = render(RULESET.view(state, audience))
        for a, b in RULESET.lookalikes(state, audience)[:6]:
            twin = RULESET.swap_hidden(state, a, b)
            owner = next(u.side for u in twin.units.values() if f"{u.cls}#{u.serial}" == a)
            # the swap changed the game (the owner sees it) but not this audience's picture
            assert RULESET.view(twin, owner) != RULESET.view(state, owner)
            assert render(RULESET.view(twin, audience)) == picture
            swapped += 1
    assert swapped > 0
    # and counter by counter: two hidden enemy ships of different classes, one image
    view = RULESET.view(state, "blue")
    hidden = [u for u in view.units if u.side == "red" and u.face is None and not u.sub]
    classes = {state.units[u.id].cls for u in hidden}
    assert len(classes) > 1
    images = {render_counter(face_of(view, u), 32).tobytes() for u in hidden}
    assert len(images) == 1


def test_own_counters_show_their_values_and_the_enemy_sees_a_back() -> None:
    state = midgame("19.2", 20)
    blue, red = RULESET.view(state, "blue"), RULESET.view(state, "red")
    mine = next(u for u in blue.units if u.side == "blue" and not u.face_up and u.status == "map")
    theirs = next(u for u in red.units if u.id == mine.id)
    assert face_of(blue, mine).name and not face_of(blue, mine).face_down
    assert face_of(red, theirs).face_down and face_of(red, theirs).name == ""
    assert render(blue) != render(red) != render(RULESET.view(state, None))


def test_the_air_range_under_way_is_tinted_and_the_picture_is_the_views_alone() -> None:
    state = midgame("19.2", 4)
    view = RULESET.view(state, "blue")
    flying = view.model_copy(update={"air_range": 3, "active": "blue", "air_actions": 2})
    x, y = (round(c) for c in geometry.centre("1406"))  # a Japanese air base (data/gj74)
    bar = 44
    assert draw(view).getpixel((x + 8, y + bar + 12)) != draw(flying).getpixel(
        (x + 8, y + bar + 12)
    )
    assert render(view) == render(view) == registry.render_view(view.model_dump(mode="json"))


def test_the_words_name_no_secret() -> None:
    state = midgame("19.3", 30)
    for audience in ("blue", "red", None):
        words = caption(RULESET.view(state, audience))
        for secret in RULESET.secrets(state, audience):
            assert secret not in words
        assert json.dumps(words)  # plain text
