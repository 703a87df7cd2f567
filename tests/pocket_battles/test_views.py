"""What each audience reads of a Pocket Battles game (bot/rules/pocket_battles/view.py): the
own army whole, the other army sealed while built, then top tiles only until revealed."""

from __future__ import annotations

import json

import pytest
from pydantic import TypeAdapter, ValidationError

from bot.rules.core import ScriptedDice
from bot.rules.pocket_battles import actions as A
from bot.rules.pocket_battles import building, deployment
from bot.rules.pocket_battles.hiding import cover_names, secret_tiles, seen_names
from bot.rules.pocket_battles.options import PocketBattlesOptions
from bot.rules.pocket_battles.state import PocketBattlesState, Side, SideState, Troop, Unit
from bot.rules.pocket_battles.view import PocketBattlesView, build_view


def _built(**options: object) -> PocketBattlesState:
    state = building.new_state("pocket-battles", "battle", PocketBattlesOptions(**options))  # type: ignore[arg-type]
    for side in ("celts", "romans"):
        building.use_ready_made(state, side, A.ReadyMade(army="standard"))
    return state


def _view(state: PocketBattlesState, audience: Side | None) -> PocketBattlesView:
    view = build_view(state, audience, [])
    # Views travel as JSON: the model reads its own dump back unchanged.
    assert PocketBattlesView.model_validate_json(view.model_dump_json()) == view
    return view


def _place_all(state: PocketBattlesState) -> None:
    deployment.roll_for_roles(state, ScriptedDice([2, 5]))
    assert state.active == "romans"
    while state.active is not None:
        side = state.active
        unit = deployment.unplaced(state, side)[0]
        zone = f"{side}_front_{1 + len(state.units) % 3}"
        deployment.place(state, side, A.Place(unit=unit.id, zone=zone))


def test_an_army_being_built_is_sealed_from_the_other_seat_and_the_public() -> None:
    state = _built(size=80)
    own = _view(state, "celts")
    celts = [s for s in own.stacks if s.side == "celts"]
    assert celts and all(s.zone is None and not s.concealed for s in celts)
    assert sum(len(s.troops) for s in celts) == sum(
        len(u.troops) for u in state.units.values() if u.side == "celts"
    )
    mine = next(s for s in own.sides if s.side == "celts")
    assert mine.army_points == building.points(state, "celts") and mine.units == len(celts)
    for audience in ("romans", None):
        view = _view(state, audience)
        assert not [s for s in view.stacks if s.side == "celts"]
        other = next(s for s in view.sides if s.side == "celts")
        assert other.army_points is None and other.units is None
        text = view.model_dump_json()
        secrets = secret_tiles(state, audience)
        assert {
            tr.tile for u in state.units.values() if u.side == "celts" for tr in u.troops
        } <= secrets
        assert [s for s in secrets if s in text] == []


def test_a_placed_stack_shows_its_top_tile_only_until_revealed() -> None:
    state = _built(size=100, reveal="first_fight")
    _place_all(state)
    tall = next(u for u in state.units.values() if u.side == "celts" and len(u.troops) > 1)
    seen = next(s for s in _view(state, "romans").stacks if s.id == tall.id)
    assert seen.concealed and [t.tile for t in seen.troops] == [tall.troops[0].tile]
    own = next(s for s in _view(state, "celts").stacks if s.id == tall.id)
    assert not own.concealed and [t.tile for t in own.troops] == [tr.tile for tr in tall.troops]
    hidden = tall.troops[1].tile
    for audience in ("romans", None):
        assert hidden in secret_tiles(state, audience)
        assert hidden not in _view(state, audience).model_dump_json()
    assert hidden not in secret_tiles(state, "celts")
    # Revealing it (4.4) shows every tile and the secret is gone.
    tall.revealed = True
    assert [
        t.tile for t in next(s for s in _view(state, "romans").stacks if s.id == tall.id).troops
    ] == [tr.tile for tr in tall.troops]
    assert hidden not in secret_tiles(state, "romans")


def test_deployment_end_reveals_every_stack_by_default() -> None:
    state = _built(size=60)
    _place_all(state)
    events = deployment.finish(state)
    assert events[0].kind == "pb.revealed_all" and events[0].reveals
    for audience in ("celts", "romans", None):
        view = _view(state, audience)
        assert all(not s.concealed for s in view.stacks)
        assert secret_tiles(state, audience) == set()
    sides = {s.side: s for s in _view(state, None).sides}
    # 3.1: 60 points give 6 tokens; 9.4: the ready-made Roman army at 60 holds the Imperator.
    assert "romans_10_imperator" in json.dumps(state.model_dump())
    assert sides["celts"].tokens == 6 and sides["romans"].tokens == 7
    assert sides["romans"].role == "attacker" and sides["celts"].role == "defender"


def test_the_picture_has_its_fields() -> None:
    state = _built(size=70)
    _place_all(state)
    deployment.finish(state)
    view = _view(state, "celts")
    assert len(view.zones) == 15 and {z.row for z in view.zones} == {"rear", "front", "engagement"}
    stack = next(s for s in view.stacks if s.side == "romans")
    troop = stack.troops[0]
    assert troop.points > 0 and troop.formation > 0 and troop.wounds > 0
    assert troop.engagement or troop.shooting or troop.traits
    assert view.size == 70 and view.engaged_zones == ()
    assert {s.side: s.unused for s in view.sides} == {s.side: s.tokens for s in view.sides}


def test_every_order_parses_into_its_model_and_a_unit_lists_an_army_at_most() -> None:
    """A unit's tile list is bounded by a whole army; the formation limit (3.3) is the rule's
    to judge (tests/cases/pocket_battles/03_3_five_tiles.toml)."""
    adapter: TypeAdapter[A.PocketBattlesAction] = TypeAdapter(A.PocketBattlesAction)
    charge = adapter.validate_python({"type": "charge", "unit": "celts_1", "target": "romans_2"})
    assert isinstance(charge, A.Charge) and charge.excite == []
    five = adapter.validate_python({"type": "add_unit", "tiles": ["a", "b", "c", "d", "e"]})
    assert isinstance(five, A.AddUnit) and len(five.tiles) == 5
    with pytest.raises(ValidationError):
        adapter.validate_python({"type": "add_unit", "tiles": [f"t{n}" for n in range(31)]})
    with pytest.raises(ValidationError):
        adapter.validate_python({"type": "pass", "unit": "celts_1"})


def test_a_state_copy_is_deep_and_equal() -> None:
    """PocketBattlesState copies itself by hand (Ruleset.apply copies before every order):
    the copy equals the original and changing it leaves the original as it was."""
    import copy

    state = _built(size=60)
    _place_all(state)
    deployment.finish(state)
    twin = copy.deepcopy(state)
    assert twin == state and twin.model_dump() == state.model_dump()
    unit = next(iter(twin.units.values()))
    unit.troops[0].damage += 1
    unit.zone = "engagement_2"
    twin.sides["celts"].lost.append("x")
    assert state.model_dump() != twin.model_dump()
    assert next(iter(state.units.values())).troops[0].damage == 0
    assert state.sides["celts"].lost == []


def _placed(units: list[Unit]) -> PocketBattlesState:
    """Deployment under way with these units placed (none revealed yet)."""
    return PocketBattlesState(
        ruleset="pocket-battles",
        scenario="battle",
        seats=("celts", "romans"),
        phase="deploy",
        sides={s: SideState(side=s, built=True) for s in ("celts", "romans")},
        units={u.id: u for u in units},
        active="romans",
    )


def _stack(uid: str, side: Side, zone: str, tiles: list[str]) -> Unit:
    return Unit(id=uid, side=side, zone=zone, troops=[Troop(tile=t) for t in tiles])


def test_secret_names_are_exact_and_per_audience() -> None:
    """A Roman Cavalry under a Cataphract top is hidden from the Celts and the public. Its
    name is secret to both, whole: the Celts' own "Noble Cavalry" (a tile of their box, not
    even placed) holds "Cavalry" but does not unmask it; the leak check blanks such a
    covering name first (cover_names). The Romans read their own tiles' names, and a hidden
    Warband's name is no secret where another Warband shows (its id still is)."""
    state = _placed(
        [
            _stack(
                "romans_1",
                "romans",
                "romans_front_1",
                ["romans_25_cataphracts", "romans_28_cavalry"],
            ),
            _stack("celts_1", "celts", "celts_front_2", ["celts_25_warband", "celts_26_warband"]),
            _stack("celts_2", "celts", "celts_front_3", ["celts_12_horsemen", "celts_27_warband"]),
        ]
    )
    for audience in ("celts", None):
        secrets = secret_tiles(state, audience)
        assert {"romans_28_cavalry", "Cavalry", "骑兵"} <= secrets, audience
        assert "Cataphracts" not in secrets and "romans_25_cataphracts" not in secrets
    assert "Noble Cavalry" in seen_names(state, "celts")  # its own box, placed or not
    assert "Noble Cavalry" not in seen_names(state, None)
    assert {"Noble Cavalry", "贵族骑兵", "具装骑兵"} <= cover_names(state, "celts")
    assert cover_names(state, None) == {"具装骑兵"}  # the Cataphracts' Chinese name, seen
    romans = secret_tiles(state, "romans")
    assert {"celts_26_warband", "celts_27_warband"} <= romans
    assert "Warband" not in romans and "战团" not in romans  # a Warband shows on top
    assert "Cavalry" not in romans and "Noble Cavalry" not in romans  # in no Celtic stack
    assert secret_tiles(state, "romans") & seen_names(state, "romans") == set()
