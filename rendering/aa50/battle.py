"""The AA50 battle board (rulebook 5.5.3.1): each side's units in the column of the value
they hit on (attack for the attacker, defence for the defender), and the dice of the round's
volleys with their hits. A pure function of the view (the battle, its units, the advances)
and of the volleys' dice, which the events of the round give (``aa50.fire``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Literal

from PIL import Image, ImageDraw
from pydantic import BaseModel, ConfigDict

from bot.rules.aa50.chronicle import BattleLog
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


VOLLEY_NAMES = {
    "aa": ("AA gun fires", "防空炮射击"),
    "bombard": ("Bombardment", "舰炮轰击"),
    "surprise": ("Surprise strike", "潜艇偷袭"),
    "fire": ("fires", "开火"),
    "bombing": ("Bombing damage", "轰炸伤害"),
}
OUTCOMES = {
    "taken": ("Territory taken", "领土被攻占"),
    "held": ("The defence holds", "防守成功"),
    "cleared": ("Sea zone cleared", "海区已肃清"),
    "retreat": ("The attacker retreats", "进攻方撤退"),
    "bombed": ("Raid over", "轰炸结束"),
    "stalemate": ("Neither side can hit", "双方无法命中"),
}
HIT: tuple[int, int, int] = (214, 40, 40)
"""A die that hit: red, as on the table's battle strip."""
SIDE_NAMES = {"attacker": ("Attacker", "进攻方"), "defender": ("Defender", "防御方")}


def log_columns(
    counts: dict[str, int], attacking: bool, tech: Sequence[str]
) -> dict[int, dict[str, int]]:
    """``columns`` for units counted by type (the battle log's): the same values (7.1.2,
    5.2.3), the supported infantry counted apart."""
    from bot.rules.aa50 import board

    out: dict[int, dict[str, int]] = {}
    per = 2 if "advanced_artillery" in tech else 1
    support = per * counts.get("artillery", 0) if attacking else 0
    for kind in sorted(
        counts, key=lambda k: list(mapdraw.SHORT).index(k) if k in mapdraw.SHORT else 99
    ):
        n = counts[kind]
        unit = board.unit_type(kind)
        value = unit.attack if attacking else unit.defense
        if attacking and kind == "fighter" and "jet_fighters" in tech:
            value = 4
        if attacking and kind == "submarine" and "super_submarines" in tech:
            value = 3
        if attacking and kind == "infantry" and support > 0:
            helped = min(n, support)
            out.setdefault(2, {})["inf+"] = helped
            n -= helped
            if not n:
                continue
        name = mapdraw.SHORT.get(kind, kind)
        out.setdefault(value, {})[name] = out.setdefault(value, {}).get(name, 0) + n
    return out


def _power_name(power: str | None) -> str:
    from bot.i18n import tr

    if not power:
        return ""
    return f"{tr(f'aa50.power.{power}', 'en')} {tr(f'aa50.power.{power}', 'zh')}"


def order_line(v: Aa50View, log: BattleLog) -> str:
    """The audience's own standing casualty order for a power in this battle (5.5.3.2)."""
    for power in (log.attacker, log.defender):
        order = next((o for p, o in v.casualty_orders.items() if p == power), None)
        if order is None:
            continue
        ranks = " > ".join(mapdraw.SHORT.get(u, u) for u in order.ranks) or "cheapest 最便宜"
        flags = " · BB hit first 战列舰先受损" if order.battleship_hits_first else ""
        auto = " · auto 自动" if order.auto else ""
        return f"{_power_name(power)} standing order 常备伤亡顺序: {ranks}{flags}{auto}"
    return ""


def log_image(view: Mapping[str, Any] | Aa50View) -> Image.Image:
    """The battle board of the view's battle log (5.5.3): both sides' units by the value they
    hit on when the round began, every volley's dice (hits in red, each die against the value
    it needed), the units lost, and the outcome once the battle is over."""
    from bot.i18n import tr
    from bot.rules.aa50 import board

    v = typed(view)
    log = v.battle_log
    if log is None:
        raise ValueError("no battle was fought in this view")
    place = board.territory(log.where)
    kind = f"{tr(f'aa50.battle_kind.{log.kind}', 'en')} {tr(f'aa50.battle_kind.{log.kind}', 'zh')}"
    title = f"{place.name} {place.name_zh} · {kind} · round {log.round} 第{log.round}轮"
    rows = (1, 2, 3, 4, 0)
    row_h = 40
    dice_per_row = DICE_PER_ROW
    volley_h = [36 + 40 * max(1, -(-len(vl.rolls) // dice_per_row)) for vl in log.volleys]
    order = order_line(v, log)
    height = 60 + 44 + len(rows) * row_h + 12 + sum(volley_h) + 44 + (40 if log.outcome else 0)
    height += 36 if order else 0
    img = new_image(WIDTH, height, palette.BACKGROUND)
    draw = ImageDraw.Draw(img)
    draw.rectangle((0, 0, WIDTH, 56), fill=(32, 36, 44))
    draw_text(
        draw, (12, 28), title, fit_font(title, WIDTH - 24, 28, 14, True),
        fill=(255, 255, 255), anchor="lm",
    )  # fmt: skip
    half = WIDTH // 2
    y0 = 60
    for i, side in enumerate(("attacker", "defender")):
        power = log.attacker if side == "attacker" else log.defender
        counts = log.attackers if side == "attacker" else log.defenders
        x0 = i * half + 6
        colour = mapdraw.power_colour(power) if power else (120, 120, 120)
        draw.rectangle((x0, y0, x0 + half - 12, y0 + 38), fill=colour)
        en, zh = SIDE_NAMES[side]
        label = f"{en} {zh}: {_power_name(power)}"
        draw_text(
            draw, (x0 + 8, y0 + 19), label, fit_font(label, half - 30, 22, 12, True),
            fill=palette.text_on(colour), anchor="lm",
        )  # fmt: skip
        tech = v.tech.get(power, ()) if power else ()
        battle_counts = {k: n for k, n in counts.items() if k not in ("factory", "aa_gun")}
        cols = log_columns(battle_counts, side == "attacker", tech)
        for r, value in enumerate(rows):
            y = y0 + 44 + r * row_h
            draw.rectangle((x0, y, x0 + 38, y + row_h - 4), fill=(70, 74, 84))
            draw_text(
                draw, (x0 + 19, y + (row_h - 4) / 2), str(value) if value else "–",
                font_for(22, True), fill=(255, 255, 255),
            )  # fmt: skip
            text = "  ".join(f"{n} {name}" for name, n in cols.get(value, {}).items())
            draw_text(
                draw, (x0 + 48, y + (row_h - 4) / 2), text or "·",
                fit_font(text or "·", half - 70, 22, 12, True), fill=palette.TEXT, anchor="lm",
            )  # fmt: skip
    y = y0 + 44 + len(rows) * row_h + 8
    for vl, h in zip(log.volleys, volley_h, strict=True):
        en, zh = VOLLEY_NAMES[vl.what]
        side_en, side_zh = SIDE_NAMES[vl.who]
        if vl.what == "fire":
            en, zh = f"{side_en} {en}", f"{side_zh}{zh}"
        if vl.what == "bombing":
            label = f"{en} {zh}: {sum(vl.rolls)} → {log.damage} marker(s) 损伤标记"
        else:
            label = f"{en} {zh}: {vl.hits} hit(s) 命中"
        draw_text(draw, (10, y + 16), label, font_for(22, True), fill=palette.TEXT, anchor="lm")
        for k, face in enumerate(vl.rolls):
            need = vl.needs[k] if k < len(vl.needs) else 0
            dx, dy = die_at(k, y)
            _big_die(draw, dx, dy, face, need)
        y += h
    lost = []
    for side in ("attacker", "defender"):
        per = next((n for s, n in log.lost.items() if s == side), {})
        if per:
            en, zh = SIDE_NAMES[side]
            lost.append(
                f"{en} {zh} −" + " ".join(f"{n}{mapdraw.SHORT.get(k, k)}" for k, n in per.items())
            )
    text = "Lost 损失: " + ("; ".join(lost) if lost else "none 无")
    draw_text(
        draw,
        (10, y + 20),
        text,
        fit_font(text, WIDTH - 20, 22, 12, True),
        fill=palette.TEXT,
        anchor="lm",
    )
    y += 44
    if order:
        draw_text(
            draw,
            (10, y + 16),
            order,
            fit_font(order, WIDTH - 20, 20, 11),
            fill=palette.TEXT,
            anchor="lm",
        )
        y += 36
    if log.outcome:
        en, zh = OUTCOMES[log.outcome]
        banner = f"{en} {zh}"
        draw.rectangle((0, y, WIDTH, y + 40), fill=(32, 36, 44))
        draw_text(draw, (WIDTH / 2, y + 20), banner, font_for(24, True), fill=(255, 255, 255))
    return img


DIE = 36
DICE_PER_ROW = 18


def die_at(k: int, top: float) -> tuple[float, float]:
    """Where the ``k``-th die of a volley whose label is at ``top`` is drawn."""
    return 10 + (k % DICE_PER_ROW) * 43, top + 36 + (k // DICE_PER_ROW) * 40


def dice_boxes(view: Mapping[str, Any] | Aa50View) -> list[tuple[tuple[int, int, int, int], bool]]:
    """Every die of the view's battle log on its board: its box and whether it hit (the
    tests read the picture there)."""
    v = typed(view)
    assert v.battle_log is not None
    y = 60 + 44 + 5 * 40 + 8
    out = []
    for vl in v.battle_log.volleys:
        for k, face in enumerate(vl.rolls):
            x, top = die_at(k, y)
            need = vl.needs[k] if k < len(vl.needs) else 0
            out.append(
                (
                    (round(x), round(top), round(x) + DIE, round(top) + DIE),
                    need > 0 and face <= need,
                )
            )
        y += 36 + 40 * max(1, -(-len(vl.rolls) // DICE_PER_ROW))
    return out


def _big_die(draw: ImageDraw.ImageDraw, x: float, y: float, face: int, need: int) -> None:
    """One die: red when it hit (``face <= need``), with the value it needed in a corner."""
    size = DIE
    hit = need > 0 and face <= need
    fill = HIT if hit else (250, 250, 250)
    ink = (255, 255, 255) if hit else (20, 20, 20)
    draw.rounded_rectangle(
        (x, y, x + size, y + size), radius=5, fill=fill, outline=(40, 40, 40), width=2
    )
    draw_text(draw, (x + size / 2, y + size / 2), str(face), font_for(24, True), fill=ink)


def render_log(view: Mapping[str, Any] | Aa50View) -> bytes:
    return encode_png(log_image(view).convert("RGB"))


def render_battle(view: Mapping[str, Any] | Aa50View, volleys: Sequence[Volley] = ()) -> bytes:
    return encode_png(battle_image(view, volleys).convert("RGB"))
