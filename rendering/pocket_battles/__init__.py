"""Pocket Battles battlefield renderer.

`render(view)` draws a Pocket Battles view (as JSON or the model) to PNG bytes and is
registered for the ruleset "pocket-battles"; `caption(view)` says what it shows, in words (the
alt text). Only the view is read, never the state: a stack the audience may not see into
reaches the drawing as its top tile alone.
"""

from __future__ import annotations

from rendering.pocket_battles.render import draw, render
from rendering.pocket_battles.report import caption
from rendering.registry import register, register_description

__all__ = ["caption", "draw", "render"]

register("pocket-battles", render)
register_description("pocket-battles", caption)
