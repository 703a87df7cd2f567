"""The players' own decisions that were once rulings (issue 19): each is asked of the side the
rule names, offers exactly the legal options, keeps its id until answered, and has a default
a deadline may apply that the engine takes. Driven from the rule cases' positions
(tests/cases/gj74): 14(3) torpedoes, 8(1)-(2) the route, 17.1(6)2 the carriers' hex,
17.2(1) the split of losses, 15.1 the deal attacker by attacker."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from bot.cases import ScriptedDice, assign
from bot.rules.core import Prompt
from bot.rules.core.registry import get
from bot.rules.gj74.state import GJ74State

RULESET = get("gj74")
CASES = Path(__file__).resolve().parents[1] / "cases" / "gj74"


def position(name: str, own: list[int] | None = None) -> tuple[GJ74State, ScriptedDice]:
    """The case's position after set-up, with its dice (or the set-up's 44 and ``own``)."""
    case = tomllib.loads((CASES / name).read_text(encoding="utf-8"))
    script = ScriptedDice(case["dice"] if own is None else [*case["dice"][:44], *own])
    state = RULESET.setup(case["scenario"], RULESET.parse_options({}), script).state
    doc = state.model_dump(mode="json")
    for item in case["set"]:
        assign(doc, item["path"], item["value"])
    loaded = RULESET.load_state(doc)
    assert isinstance(loaded, GJ74State)
    return loaded, script


def give(state: GJ74State, seat: str, action: dict[str, Any], dice: ScriptedDice) -> GJ74State:
    out = RULESET.apply(state, seat, RULESET.parse_action(action), dice)
    assert isinstance(out.state, GJ74State)
    return out.state


def only(state: GJ74State) -> Prompt:
    prompts = RULESET.prompts(state)
    assert len(prompts) == 1, [p.kind for p in prompts]
    return prompts[0]


def test_torpedoes_are_dealt_by_their_owner_and_the_default_deals_evenly() -> None:
    state, dice = position("14_torpedoes_dealt_freely.toml")
    attack = {"type": "sub_action", "unit": "b01", "kind": "move_attack", "to": "1313",
              "target": "surface", "targets": ["r05", "r08"]}  # fmt: skip
    state = give(state, "blue", attack, dice)
    p = only(state)
    assert (p.seat, p.kind, p.section) == ("blue", "gj74.torpedo", "GJ74 14(3)")
    target, n = p.forms[0].inputs
    assert target.values() == ["r05", "r08"]  # the ships attacked, not r07 beside them
    assert (n.min, n.max) == (1, 4)
    assert p.default == {"type": "aim_torpedoes", "target": "r05", "n": 2}
    assert only(state).id == p.id  # unchanged decision, same id
    state = give(state, "blue", p.default, dice)
    second = only(state)
    assert second.id != p.id and second.default == {
        "type": "aim_torpedoes",
        "target": "r08",
        "n": 2,
    }
    assert state.torpedo is not None and state.torpedo.dealt == {"r05": 2}


def test_the_route_offers_the_hexes_passed_through_and_defaults_to_the_quiet_one() -> None:
    state, dice = position("08_route_asked.toml")
    move = {"type": "surface_action", "units": ["b03", "b04"], "kind": "move", "to": "0707"}
    state = give(state, "blue", move, dice)
    p = only(state)
    assert (p.seat, p.kind) == ("blue", "gj74.route")
    assert p.forms[0].inputs[0].values() == ["0806", "0807"]
    assert p.default == {"type": "choose_route", "via": "0807"}  # 0806 holds enemy ships
    assert state.units["b03"].hex == "0907"  # nothing moved while the choice is open
    state = give(state, "blue", p.default, dice)
    assert state.units["b03"].hex == "0707" and not state.units["b03"].face_up


def test_the_carriers_hex_is_asked_among_those_in_the_range_declared() -> None:
    case = tomllib.loads((CASES / "17_1_6_2_which_carriers.toml").read_text(encoding="utf-8"))
    state, dice = position("17_1_6_2_which_carriers.toml")
    state = give(state, "red", case["step"][0]["action"], dice)
    p = only(state)
    assert (p.seat, p.kind) == ("blue", "gj74.intercept")
    form = p.forms[0]
    assert [c.name for c in form.inputs] == ["distance", "carriers", "origin", "escorts_first"]
    asked = {c.name: c for c in form.asked({"distance": 1, "carriers": True})}
    assert asked["origin"].values() == ["2310", "2312"]
    assert "origin" not in {c.name for c in form.asked({"distance": 1, "carriers": False})}
    assert asked["origin"].accepts("2312") and not asked["origin"].accepts("2311")
    assert p.default == {"type": "no_intercept"}


def test_the_losses_are_split_by_the_player_the_rule_names() -> None:
    case = tomllib.loads((CASES / "17_2_1_attack_aircraft_first.toml").read_text(encoding="utf-8"))
    # going for the attack aircraft: the escort's 1 downs a fighter, the three left hit twice;
    # both at once: the escort's 6 misses, the four fighters hit twice (1 2 6 6)
    for first, chooser, default, own in (
        (True, "red", 2, [6, 1, 1, 2, 6, 1]),
        (False, "blue", 1, [6, 6, 1, 2, 6, 6, 6, 6, 1, 1, 1]),
    ):
        state, dice = position("17_2_1_attack_aircraft_first.toml", own)
        state = give(state, "blue", case["step"][0]["action"], dice)
        state = give(
            state, "red", {"type": "intercept", "distance": 2, "escorts_first": first}, dice
        )
        p = only(state)
        assert (p.seat, p.kind, p.section) == (chooser, "gj74.strike_losses", "GJ74 17.2(1)")
        (n,) = p.forms[0].inputs
        assert (n.min, n.max) == (1, 2)  # two lost, one of them at most an escort
        assert p.default == {"type": "strike_losses", "attack": default}
        state = give(state, chooser, p.default, dice)
        assert state.strike is None or state.strike.split_by is None


def test_the_deal_attacker_by_attacker_offers_the_ships_dealt_the_fewest() -> None:
    case = tomllib.loads((CASES / "15_1_deal_one_by_one.toml").read_text(encoding="utf-8"))
    state, dice = position("15_1_deal_one_by_one.toml")
    state = give(state, "blue", case["step"][0]["action"], dice)
    p = only(state)
    assert (p.seat, p.kind) == ("blue", "gj74.battle_allocate")
    one = p.form("deal_one")
    assert one is not None and one.inputs[0].values() == ["r06", "r08"]
    state = give(state, "blue", {"type": "deal_one", "target": "r08"}, dice)
    p2 = only(state)
    one = p2.form("deal_one")
    assert p2.id != p.id and one is not None and one.inputs[0].values() == ["r06"]
    # the deadline's deal keeps the attacker already dealt and completes it legally
    assert p2.default == {"type": "allocate_targets", "targets": ["r08", "r06", "r08"]}
    state = give(state, "blue", p2.default, dice)
    assert state.battle is not None and state.battle.aim == ["r08", "r06", "r08"]
