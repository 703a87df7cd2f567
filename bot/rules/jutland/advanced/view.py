"""What the views carry of the Advanced Game: each counter's hit record (Jutland 13.1). Every
hit was scored by a public fire, so both players and the public read it."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from bot.rules.jutland.advanced import damage, light
from bot.rules.jutland.advanced.components import adv, is_light
from bot.rules.jutland.components import comps
from bot.rules.jutland.state import JutlandState
from bot.rules.jutland.tournament import special_damage


class DamageView(BaseModel):
    model_config = ConfigDict(frozen=True)

    boxes: int
    """Hit boxes marked, left to right."""
    hit_boxes: int
    slashed: int
    """British boxes of this turn's German fire, not yet in effect (13.1 item 5)."""
    flotation: int
    protection: int
    bow: int
    broadside: int
    stern: int
    """The gunnery left in each arc (13.1)."""
    movement: int
    torpedo: int = 0
    """A destroyer flotilla's torpedo factors left (12.6)."""
    fore: int = 0
    aft: int = 0
    """Tournament 22.3 item 1: the boxes marked in each half (with special damage)."""
    effects: tuple[str, ...] = ()
    """Tournament 22.3: the Critical and Flotation Hit Table results on her ("kind" or
    "kind:turns left")."""


def record_of(state: JutlandState, ship: str) -> DamageView | None:
    if state.advanced is None:
        return None
    d = state.advanced.damage.get(ship)
    if is_light(ship):  # 12.7: no protection, gunnery whatever the facing
        u, fire = adv().light[ship], light.gunnery(state, ship)
        return DamageView(
            boxes=d.boxes if d else 0, hit_boxes=len(u.boxes), slashed=d.slashed if d else 0,
            flotation=0, protection=0, bow=fire, broadside=fire, stern=fire,
            movement=u.movement, torpedo=light.torpedoes(state, ship),
        )  # fmt: skip
    c = comps().ships[ship]
    half = state.advanced.special.get(ship)
    return DamageView(
        fore=half.fore if half else 0, aft=half.aft if half else 0,
        effects=special_damage.effects(state, ship),
        boxes=d.boxes if d else 0, hit_boxes=c.hit_boxes, slashed=d.slashed if d else 0,
        flotation=d.flotation if d else 0, protection=c.protection,
        bow=damage.gunnery(state, ship, "bow"), broadside=damage.gunnery(state, ship, "broadside"),
        stern=damage.gunnery(state, ship, "stern"), movement=damage.movement(state, ship),
    )  # fmt: skip
