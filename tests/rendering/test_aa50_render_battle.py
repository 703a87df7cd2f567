"""The AA50 picture of a battle (issue 18): the engine keeps each round's dice in the view
(``battle_log``), the battle board draws every die from it (red when it hit), and in combat
the picture a message carries is that board above the map around the battle."""

from __future__ import annotations

import io
import re

from PIL import Image

from bot.referee.fairdice import FairDice
from bot.rules.aa50 import RULESET, board
from bot.rules.aa50.state import Aa50State, Unit
from bot.rules.aa50.view import Aa50View
from bot.rules.core import ScriptedDice
from rendering.aa50 import battle as boards
from rendering.aa50 import render
from rendering.registry import describe, render_view


def _png(data: bytes | None) -> Image.Image:
    assert data is not None and data[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(data)).convert("RGB")


def _view(state: Aa50State) -> Aa50View:
    view = RULESET.view(state, None)
    assert isinstance(view, Aa50View)
    return view


def _order(state: Aa50State, seat: str, raw: dict[str, object], dice: ScriptedDice) -> Aa50State:
    out = RULESET.apply(state, seat, RULESET.parse_action(raw), dice)
    assert isinstance(out.state, Aa50State)
    return out.state


def _attack_yunnan(faces: list[int]) -> tuple[Aa50State, ScriptedDice]:
    """Japan (1942, first turn) attacks Yunnan (two Chinese infantry and a fighter) from
    Burma with three infantry, an artillery and a tank, no research, no purchase."""
    state = RULESET.setup("1942", RULESET.parse_options({}), FairDice(b"r" * 32, "g", 0)).state
    assert isinstance(state, Aa50State) and state.power == "japanese"
    for i, kind in enumerate(("infantry", "infantry", "artillery", "armour")):
        state.units[f"t{i}"] = Unit(id=f"t{i}", type=kind, owner="japanese", at="burma")
    dice = ScriptedDice(faces)
    seat = board.seat_of("japanese")
    state = _order(state, seat, {"type": "research", "tokens": 0}, dice)
    state = _order(state, seat, {"type": "purchase_done"}, dice)
    movers = [u.id for u in state.units.values() if u.at == "burma" and u.owner == "japanese"]
    state = _order(state, seat, {"type": "move", "units": movers, "to": "yunnan"}, dice)
    state = _order(state, seat, {"type": "combat_move_done"}, dice)
    return state, dice


def test_the_rounds_dice_are_in_the_view_and_drawn_red_when_they_hit() -> None:
    # Attacker: 3 infantry (one supported: 2), artillery 2, tank 3; defender 2 inf, 1 fighter.
    attack = [1, 2, 6, 3, 1]
    defend = [2, 5, 4]
    state, _ = _attack_yunnan([*attack, *defend, *[6] * 40])
    view = RULESET.view(state, None)
    assert isinstance(view, Aa50View) and view.battle_log is not None
    log = view.battle_log
    assert log.where == "yunnan" and log.attacker == "japanese" and log.defender == "chinese"
    assert log.attackers == {"infantry": 3, "artillery": 1, "armour": 1}
    assert log.defenders == {"infantry": 2, "fighter": 1}
    fire = [v for v in log.volleys if v.what == "fire"]
    assert fire[0].who == "attacker" and fire[0].rolls == attack
    assert fire[0].hits == sum(f <= n for f, n in zip(fire[0].rolls, fire[0].needs, strict=True))
    assert sorted(fire[0].needs) == [1, 1, 2, 2, 3]  # 7.1.2: one infantry supported
    img = _png(render.render(view.model_dump(mode="json")))
    boxes = boards.dice_boxes(view)
    assert len(boxes) == sum(len(v.rolls) for v in log.volleys)
    for (x0, y0, x1, y1), hit in boxes:
        counts = img.crop((x0 + 4, y0 + 4, x1 - 4, y1 - 4)).getcolors(1 << 16) or []
        red = sum(n for n, c in counts if c == boards.HIT)
        assert (red > 200) == hit, ((x0, y0), hit, red)
    # The alt text says the same dice.
    assert "1 2 6 3 1" in describe(view.model_dump(mode="json"))
    # In the reader's language alone: the volleys, dice and the place (issue 18).
    zh = describe(view.model_dump(mode="json"), "zh")
    assert "进攻方开火：1 2 6 3 1" in zh and "云南" in zh, zh
    assert not re.findall(r"[A-Za-z]{2,}", zh), zh
    en = describe(view.model_dump(mode="json"), "en")
    assert "the attacker fires: 1 2 6 3 1" in en and not re.findall(r"[\u4e00-\u9fff]", en), en


def test_the_board_follows_the_battle_to_its_end() -> None:
    # Every attacking die hits, no defending die does: Yunnan falls in one round.
    state, dice = _attack_yunnan([1] * 5 + [6] * 3 + [6] * 40)
    while state.battle is not None or state.phase == "combat":
        prompts = RULESET.prompts(state)
        if not prompts or state.phase != "combat":
            break
        p = prompts[0]
        assert p.default is not None
        state = _order(state, p.seat, p.default, dice)
    view = RULESET.view(state, None)
    assert isinstance(view, Aa50View)
    assert state.owners["yunnan"] == "japanese"
    assert view.turn_log is not None
    [result] = view.turn_log.battles
    assert result.where == "yunnan" and result.outcome == "taken"
    assert result.defender_lost == {"infantry": 2, "fighter": 1}


def test_the_picture_in_combat_is_the_board_above_the_map() -> None:
    state, _ = _attack_yunnan([1, 2, 6, 3, 1, 2, 5, 4, *[6] * 40])
    view = _view(state)
    combat = _png(render_view(view.model_dump(mode="json")))  # through the registry
    board_only = boards.log_image(view)
    assert combat.width == render.THEATRE_WIDTH
    assert combat.height > board_only.height + 300
    assert (
        combat.crop((0, 0, 800, board_only.height)).tobytes() == board_only.convert("RGB").tobytes()
    )
    # The phase moved on: the board stays for the order that fought the battle...
    state.phase = "noncombat_move"
    assert render.shows_battle(_view(state))
    # ...and the next order's picture is the theatre map, no battle board.
    state.step_no += 1
    calm = _png(render.render(RULESET.view(state, None).model_dump(mode="json")))
    assert calm.size == render.theatre_image(_view(state)).size
    # Legible on a phone: the dice are at least 16 px wide at 400 px.
    assert boards.DIE * 400 / combat.width >= 16


def test_the_board_shows_a_players_own_standing_order_to_them_alone() -> None:
    """5.5.3.2: the defender's standing casualty order is its player's plan: the board drawn
    for that seat says it (from the view's ``casualty_orders``), the public board does not."""
    from bot.rules.aa50.state import CasualtyOrder

    state, _ = _attack_yunnan([1, 2, 6, 3, 1, 2, 5, 4, *[6] * 40])
    state.casualty_orders["chinese"] = CasualtyOrder(ranks=["infantry", "fighter"], auto=False)
    seat = board.seat_of("chinese")
    own = RULESET.view(state, seat)
    public = _view(state)
    assert isinstance(own, Aa50View) and "chinese" in own.casualty_orders
    assert public.casualty_orders == {}
    mine, theirs = boards.log_image(own), boards.log_image(public)
    assert mine.height > theirs.height  # the order's line
    assert "inf > ftr" in boards.order_line(own, own.battle_log)  # type: ignore[arg-type]
    assert boards.order_line(public, public.battle_log) == ""  # type: ignore[arg-type]
