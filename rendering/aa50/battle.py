"""The AA50 battle board (rulebook 5.5.3.1): each side's units in the column of the value
they hit on (attack for the attacker, defence for the defender), and the dice of the round's
volleys with their hits. A pure function of the view (the battle, its units, the advances)
and of the volleys' dice, which the events of the round give (``aa50.fire``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from PIL import Image, ImageDraw
from pydantic import BaseModel, ConfigDict

from bot.rules.aa50.view import Aa50View, UnitView
from rendering import palette
from rendering.aa50 import board as mapdraw
from rendering.aa50.render import typed
from rendering.canvas import new_image
from rendering.png import encode_png
from rendering.text import draw_text, fit_font, font_for

WIDTH = 800


class Volley(BaseModel):
    """One side's dice in a round, as the ``aa50.fire`` event gives them."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    who: Literal["attacker", "defender"]
    rolls: tuple[int, ...]
    hits: int


def columns(
    units: Sequence[UnitView], attacking: bool, tech: Sequence[str]
) -> dict[int, dict[str, int]]:
    """Units by the value they fire at (``combat/fire.attack_values``): artillery supports
    one infantry each (two with Advanced Artillery, 7.1.2), Jet Fighters attack 4, Super
    Submarines 3 (5.2.3); a value of 0 (transports) is column 0."""
    from bot.rules.aa50 import board

    out: dict[int, dict[str, int]] = {}
    per = 2 if "advanced_artillery" in tech else 1
    support = per * sum(1 for u in units if u.type == "artillery") if attacking else 0
    for u in sorted(units, key=lambda x: x.id):
        kind = board.unit_type(u.type)
        value = kind.attack if attacking else kind.defense
        if attacking and u.type == "infantry" and support > 0:
            value, support = 2, support - 1
        if attacking and u.type == "fighter" and "jet_fighters" in tech:
            value = 4
        if attacking and u.type == "submarine" and "super_submarines" in tech:
            value = 3
        name = mapdraw.SHORT[u.type] + ("*" if u.type == "battleship" and u.hits else "")
        col = out.setdefault(value, {})
        col[name] = col.get(name, 0) + 1
    return out


def sides(v: Aa50View) -> tuple[list[UnitView], list[UnitView], bool]:
    """The attacker's units, the defenders' and whether an AA gun defends (7.1.4)."""
    from bot.rules.aa50 import board

    assert v.battle is not None
    b = v.battle
    here = [u for u in v.units if u.at == b.where]
    att = [
        u for u in here if u.owner == b.attacker and (u.carried_by is None or u.type == "fighter")
    ]
    enemy = [u for u in here if not board.allied(u.owner, b.attacker)]
    dfn = [
        u
        for u in enemy
        if u.type not in ("factory", "aa_gun") and (u.carried_by is None or u.type == "fighter")
    ]
    return att, dfn, any(u.type == "aa_gun" for u in enemy)


def _die(draw: ImageDraw.ImageDraw, x: float, y: float, face: int, hit: bool | None) -> None:
    size = 26
    fill = (255, 255, 255) if hit is None else (250, 222, 222) if hit else (235, 235, 235)
    draw.rounded_rectangle(
        (x, y, x + size, y + size), radius=4, fill=fill, outline=(40, 40, 40), width=2
    )
    draw_text(draw, (x + size / 2, y + size / 2), str(face), font_for(16, True), fill=(20, 20, 20))


def battle_image(view: Mapping[str, Any] | Aa50View, volleys: Sequence[Volley] = ()) -> Image.Image:
    from bot.i18n import tr
    from bot.rules.aa50 import board

    v = typed(view)
    if v.battle is None:
        raise ValueError("no battle is being fought in this view")
    b = v.battle
    att, dfn, aa = sides(v)
    owners = sorted({u.owner for u in dfn}) or [v.owners.get(b.where, "")]
    place = board.territory(b.where)
    title = (
        f"{place.name} {place.name_zh} · round {b.round} 第{b.round}轮 · "
        f"{tr(f'aa50.power.{b.attacker}', 'en')} {tr(f'aa50.power.{b.attacker}', 'zh')}"
        " attacks 进攻"
    )
    height = 96 + 5 * 34 + 12 + 80 * len(volleys)
    img = new_image(WIDTH, height, palette.BACKGROUND)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, WIDTH, 48), fill=(32, 36, 44))
    draw_text(
        draw,
        (10, 24),
        title,
        fit_font(title, WIDTH - 20, 22, 12, True),
        fill=(255, 255, 255),
        anchor="lm",
    )
    half = WIDTH // 2
    for i, (label, units, attacking, colour_of) in enumerate(
        (
            ("Attacker 进攻方", att, True, b.attacker),
            ("Defender 防御方" + (" · AA gun 防空炮" if aa else ""), dfn, False, owners[0]),
        )
    ):
        x0 = i * half + 8
        colour = mapdraw.power_colour(colour_of) if colour_of else (120, 120, 120)
        draw.rectangle((x0, 56, x0 + half - 16, 88), fill=colour)
        draw_text(
            draw, (x0 + 8, 72), label, font_for(17, True), fill=palette.text_on(colour), anchor="lm"
        )
        cols = columns(units, attacking, v.tech.get(colour_of, ()))
        for row, value in enumerate((1, 2, 3, 4, 0)):
            y = 96 + row * 34
            draw.rectangle((x0, y, x0 + 34, y + 30), fill=(70, 74, 84))
            draw_text(
                draw,
                (x0 + 17, y + 15),
                str(value) if value else "–",
                font_for(17, True),
                fill=(255, 255, 255),
            )
            text = "  ".join(f"{n} {name}" for name, n in sorted(cols.get(value, {}).items()))
            draw_text(
                draw,
                (x0 + 44, y + 15),
                text,
                fit_font(text or "-", half - 70, 17, 10, True),
                fill=palette.TEXT,
                anchor="lm",
            )
    y = 96 + 5 * 34 + 8
    for volley in volleys:
        who = (
            "Attacker rolled 进攻方掷骰"
            if volley.who == "attacker"
            else "Defender rolled 防御方掷骰"
        )
        draw_text(
            draw,
            (10, y + 10),
            f"{who}: {volley.hits} hit(s) 命中",
            font_for(16, True),
            fill=palette.TEXT,
            anchor="lm",
        )
        x = 10.0
        for face in volley.rolls[:26]:
            _die(draw, x, y + 26, face, None)
            x += 30
        if len(volley.rolls) > 26:
            draw_text(
                draw,
                (x + 4, y + 39),
                f"+{len(volley.rolls) - 26}",
                font_for(14, True),
                fill=palette.TEXT,
                anchor="lm",
            )
        y += 80
    return img


def render_battle(view: Mapping[str, Any] | Aa50View, volleys: Sequence[Volley] = ()) -> bytes:
    return encode_png(battle_image(view, volleys).convert("RGB"))
