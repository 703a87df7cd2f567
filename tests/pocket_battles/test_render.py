"""The Pocket Battles battlefield picture: valid, deterministic PNGs for each audience, drawn from
the view only, where the opponent's concealed stacks show their top tile alone: the picture is
the same byte for byte whatever lies below (or whatever army the opponent is still building),
and the alt text names no hidden tile."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from bot.rules.pocket_battles.board import comps
from bot.rules.pocket_battles.hiding import secret_tiles
from bot.rules.pocket_battles.state import (
    Fight,
    Loss,
    PocketBattlesState,
    Rolled,
    SideState,
    Troop,
    Unit,
)
from bot.rules.pocket_battles.view import build_view
from rendering import registry
from rendering.pocket_battles import caption, render
from rendering.pocket_battles.tiles import tile_image

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _unit(uid: str, side: str, zone: str | None, tiles: list[str], **more: Any) -> Unit:
    return Unit(id=uid, side=side, zone=zone, troops=[Troop(tile=t) for t in tiles], **more)  # type: ignore[arg-type]


def _state(phase: str, units: list[Unit], **more: Any) -> PocketBattlesState:
    sides = {
        "celts": SideState(side="celts", role="defender", tokens=6, unused=4, built=True),
        "romans": SideState(side="romans", role="attacker", tokens=6, unused=5, built=True),
    }
    return PocketBattlesState(
        ruleset="pocket-battles",
        scenario="battle",
        seats=("celts", "romans"),
        phase=phase,  # type: ignore[arg-type]
        sides=sides,
        units={u.id: u for u in units},
        round=1 if phase not in ("build", "deploy") else 0,
        turn=2,
        active="romans",
        **more,
    )


def _deploying(celtic_stack: list[str]) -> PocketBattlesState:
    """Deployment under way: a Celtic stack placed (concealed from the Romans), a Celtic unit
    not placed yet, Roman units placed and one in reserve."""
    return _state(
        "deploy",
        [
            _unit("c1", "celts", "celts_front_2", celtic_stack),
            _unit("c2", "celts", None, ["celts_21_slingers"]),
            _unit(
                "r1", "romans", "romans_front_2", ["romans_15_legionaries", "romans_06_centurion"]
            ),
            _unit("r2", "romans", None, ["romans_03_onager"]),
        ],
    )


def _png(view: Any) -> bytes:
    return render(view.model_dump(mode="json"))


def test_every_audience_gets_a_valid_deterministic_png() -> None:
    state = _deploying(["celts_25_warband", "celts_26_warband", "celts_18_noblemen"])
    for audience in ("celts", "romans", None):
        view = build_view(state, audience, ["romans"])
        data = _png(view)
        assert data.startswith(PNG_MAGIC)
        assert _png(view) == data  # the same view, the same bytes
        with Image.open(io.BytesIO(data)) as img:
            assert img.width <= 1600 and img.height > 600
        assert registry.render_view(view.model_dump(mode="json")) == data
        assert registry.describe(view.model_dump(mode="json")) == caption(view)


def test_a_concealed_stack_is_the_same_picture_whatever_lies_below() -> None:
    """Pocket Battles 3.3: the opponent sees only the top tile. Swapping the tiles under it
    (other tiles, more, or none) changes no byte of the Romans' or the public picture, and
    does change the Celts' own."""
    stacks = [
        ["celts_25_warband", "celts_26_warband", "celts_18_noblemen"],
        ["celts_25_warband", "celts_05_gaesatae"],
        ["celts_25_warband", "celts_27_warband", "celts_28_warband", "celts_29_warband"],
        ["celts_25_warband"],
    ]
    states = [_deploying(s) for s in stacks]
    for audience in ("romans", None):
        pictures = {_png(build_view(s, audience, ["romans"])) for s in states}
        assert len(pictures) == 1, audience
    own = {_png(build_view(s, "celts", ["romans"])) for s in states}
    assert len(own) == len(stacks)


def test_the_top_tile_shows_and_the_picture_changes_with_it() -> None:
    """The top tile is public: a different top tile is a different picture."""
    a = _png(build_view(_deploying(["celts_25_warband", "celts_26_warband"]), "romans", []))
    b = _png(build_view(_deploying(["celts_12_horsemen", "celts_26_warband"]), "romans", []))
    assert a != b


def test_an_army_being_built_is_not_in_the_opponents_picture() -> None:
    """Pocket Battles 3.2: building is sealed. Whatever the Celts build, the Romans' and the
    public picture are the same bytes."""
    armies = [
        [_unit("c1", "celts", None, ["celts_02_warrior_queen"])],
        [
            _unit("c1", "celts", None, ["celts_25_warband", "celts_26_warband"]),
            _unit("c2", "celts", None, ["celts_01_druid"]),
        ],
    ]
    roman = [_unit("r1", "romans", None, ["romans_10_imperator"])]
    states = [_state("build", a + roman) for a in armies]
    for s in states:
        s.sides["celts"].built = False
    for audience in ("romans", None):
        assert len({_png(build_view(s, audience, ["celts"])) for s in states}) == 1
    assert len({_png(build_view(s, "celts", ["celts"])) for s in states}) == 2


def test_revealed_stacks_show_every_tile_to_everyone() -> None:
    """Pocket Battles 4.4 (stand-in: revealed when deployment ends): then the tiles below
    count in everyone's picture."""
    pictures = set()
    for below in (["celts_26_warband"], ["celts_18_noblemen"]):
        state = _state(
            "order",
            [
                _unit("c1", "celts", "celts_front_2", ["celts_25_warband", *below], revealed=True),
                _unit("r1", "romans", "romans_front_2", ["romans_15_legionaries"], revealed=True),
            ],
        )
        pictures.add(_png(build_view(state, "romans", ["romans"])))
    assert len(pictures) == 2


def test_the_caption_names_no_hidden_tile_and_names_the_visible_ones() -> None:
    state = _deploying(["celts_25_warband", "celts_05_gaesatae", "celts_18_noblemen"])
    for audience in ("romans", None):
        words = caption(build_view(state, audience, ["romans"]))
        assert "Warband" in words and "Legionaries" in words
        for secret in secret_tiles(state, audience):
            assert secret not in words, (audience, secret)
    mine = caption(build_view(state, "celts", ["romans"]))
    assert "Gaesatae" in mine and "Slingers" in mine


def test_a_battle_in_progress_draws_tokens_wounds_and_engagement() -> None:
    """Order tokens on units, wound tokens on troops and an engaged zone all change the
    picture (each is drawn, not dropped)."""

    def battle(orders: int, damage: int, zone: str) -> bytes:
        c1 = _unit("c1", "celts", zone, ["celts_12_horsemen"], revealed=True)
        c1.troops[0].damage = damage
        r1 = _unit(
            "r1", "romans", "engagement_1", ["romans_28_cavalry"], revealed=True, orders=orders
        )
        return _png(build_view(_state("order", [c1, r1]), None, ["romans"]))

    base = battle(0, 0, "celts_front_1")
    assert battle(1, 0, "celts_front_1") != base
    assert battle(0, 1, "celts_front_1") != base
    assert battle(0, 0, "engagement_1") != base


@pytest.mark.parametrize("tile_id", sorted(comps().tiles))
def test_every_tile_draws(tile_id: str) -> None:
    img = tile_image(tile_id, 112)
    assert img.size == (112, 112)
    assert img.getbbox() is not None


def _fought(dice: tuple[int, ...], wounded: str, revealed: bool = True) -> PocketBattlesState:
    """A Celtic charge on a Roman stack: the charge's dice, the counterattack's, a troop of
    the Roman stack wounded and a Celtic troop lost."""
    c1 = _unit("c1", "celts", "engagement_1", ["celts_12_horsemen"], revealed=True)
    r1 = _unit(
        "r1", "romans", "engagement_1", ["romans_25_cataphracts", wounded], revealed=revealed
    )
    fight = Fight(
        kind="charge",
        side="celts",
        unit="c1",
        target="r1",
        reaction="hold",
        strikes=(
            Rolled(kind="charge", striker="c1", target="r1", dice=dice, scored=(0, 1), hits=1),
            Rolled(kind="counter", striker="r1", target="c1", dice=(5,), scored=(2,), hits=2),
        ),
        losses=(
            Loss(unit="r1", side="romans", tile=wounded, lost=False),
            Loss(unit="c1", side="celts", tile="celts_13_horsemen", lost=True),
        ),
    )
    state = _state("order", [c1, r1], fight=fight)
    state.sides["celts"].lost.append("celts_13_horsemen")
    return state


def test_the_last_fight_is_drawn_with_its_dice_and_losses() -> None:
    """The last charge's dice, hits and what they did are in the view and in the picture:
    other dice, another picture; no fight, no strip. The caption says it in words."""
    with_fight = _fought((2, 3), "romans_26_cataphracts")
    view = build_view(with_fight, None, ["romans"])
    assert view.fight is not None
    assert [s.dice for s in view.fight.strikes] == [(2, 3), (5,)]
    assert [(x.name, x.lost) for x in view.fight.losses] == [
        ("Cataphracts", False),
        ("Horsemen", True),
    ]
    words = caption(view)
    assert "Charge 冲击 #c1 → #r1 · held 等待" in words, words
    assert "#c1 charge 冲击 → #r1: 2 3 = 1 hit 命中" in words, words
    assert (
        "Horsemen 骑手 (#c1) lost 阵亡" in words and "Cataphracts 具装骑兵 (#r1) wounded" in words
    )
    base = _png(view)
    assert _png(build_view(_fought((2, 4), "romans_26_cataphracts"), None, [])) != base
    no_fight = with_fight.model_copy(update={"fight": None})
    assert _png(build_view(no_fight, None, ["romans"])) != base


def test_a_fight_names_no_troop_of_a_stack_the_audience_cannot_see_into() -> None:
    """A wound on a troop under the top of a stack the Celts cannot see into: the view keeps
    which troop it was from them, and their picture is the same whatever troop it was; the
    Romans, who own it, read its name."""
    pictures = set()
    for hidden in ("romans_26_cataphracts", "romans_15_legionaries"):
        state = _fought((2, 3), hidden, revealed=False)
        view = build_view(state, "celts", ["celts"])
        assert view.fight is not None and view.fight.losses[0].tile is None
        assert hidden not in view.model_dump_json()
        for secret in secret_tiles(state, "celts"):
            assert secret not in caption(view), secret
        pictures.add(_png(view))
        own = build_view(state, "romans", ["celts"])
        assert own.fight is not None and own.fight.losses[0].tile == hidden
    assert len(pictures) == 1
