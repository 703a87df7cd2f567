"""GJ74 hidden information (2.11(2)): each audience's view carries the faces it may read and
no other; secrets shrink when counters turn face up and grow back when the rules hide them
again (4.4); the rule index has a module and a case for every section the engine cites."""

from __future__ import annotations

from bot.referee.fairdice import FairDice
from bot.ruleindex import gaps, index
from bot.rules.core import ScriptedDice
from bot.rules.core.registry import get
from bot.rules.gj74.state import GJ74State
from bot.rules.gj74.turn import end_of_day

RULESET = get("gj74")


def _start(scenario: str = "19.1") -> GJ74State:
    state = RULESET.setup(scenario, RULESET.parse_options({}), FairDice(b"v" * 32, "v", 0)).state
    assert isinstance(state, GJ74State)
    return state


def test_a_face_down_enemy_is_a_counter_and_nothing_more() -> None:
    state = _start()
    blue, red, public = (RULESET.view(state, a) for a in ("blue", "red", None))
    for view in (blue, red, public):
        assert len(view.units) == len(state.units)  # every counter is on the table
    assert all(u.face is not None for u in blue.units if u.side == "blue")
    assert all(u.face is None for u in blue.units if u.side == "red")
    assert all(u.face is None for u in public.units)
    names = {u.name for u in state.units.values() if u.side == "red" and u.name}
    assert names and names <= RULESET.secrets(state, "blue")
    assert not names & RULESET.secrets(state, "red")
    text = blue.model_dump_json()
    assert not any(name in text for name in names)
    assert not any(u.cls in text for u in state.units.values() if u.side == "red")


def test_swapping_two_face_down_counters_changes_nothing_the_other_side_reads() -> None:
    state = _start()
    pairs = RULESET.lookalikes(state, "blue")
    by_face = {f"{u.cls}#{u.serial}": u for u in state.units.values()}
    assert pairs and all(by_face[k].side == "red" for pair in pairs for k in pair)
    a, b = next((a, b) for a, b in pairs if by_face[a].cls != by_face[b].cls)
    twin = RULESET.swap_hidden(state, a, b)
    assert twin.units[by_face[a].id].cls == by_face[b].cls  # the faces traded tokens
    assert RULESET.view(twin, "blue") == RULESET.view(state, "blue")
    assert RULESET.view(twin, None) == RULESET.view(state, None)
    assert RULESET.view(twin, "red") != RULESET.view(state, "red")  # the owner reads faces


def test_secrets_shrink_when_found_and_grow_back_in_port() -> None:
    state = _start()
    r13 = next(u for u in state.units.values() if u.name == "独岛")
    assert "独岛" in RULESET.secrets(state, "blue")
    r13.face_up = r13.known = True
    assert "独岛" not in RULESET.secrets(state, "blue")
    view = RULESET.view(state, "blue")
    assert next(u for u in view.units if u.id == r13.id).face is not None
    end_of_day(state)  # 4.4(1): in its own port (Busan) it turns face down again
    assert not r13.face_up and r13.status == "map"
    assert "独岛" in RULESET.secrets(state, "blue")


def test_the_chit_draw_is_public_and_its_dice_scripted() -> None:
    dice = ScriptedDice([1] * 44 + [6])
    state = RULESET.setup("19.1", RULESET.parse_options({}), dice).state
    for seat in ("blue", "red"):
        state = RULESET.apply(
            state, seat, RULESET.parse_action({"type": "deploy_done"}), dice
        ).state
    assert (state.phase, state.active) == ("surface", "red")  # the sixth chit: red TF
    assert [(c.side, c.kind) for c in RULESET.view(state, None).drawn] == [("red", "TF")]


def test_every_section_the_engine_cites_has_a_case() -> None:
    entries = index("gj74")
    assert gaps(entries) == []
    assert len(entries) > 40
