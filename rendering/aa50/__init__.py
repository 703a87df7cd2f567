"""AA50 pictures (issue 18): the world map and its theatres (``render``), the battle board
(``battle``), from the view and the board's geometry (``data/aa50/map/``). Registered for the
ruleset "aa50": every message of a game carries its picture (a battle board in combat).
The submodules keep their names here (``rendering.aa50.render`` is the module)."""

from __future__ import annotations

from rendering.aa50 import caption, render
from rendering.registry import register, register_description

register("aa50", render.render)
register_description("aa50", caption.caption)
