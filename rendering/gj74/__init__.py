"""GJ74 map renderer.

`render(view)` draws a GJ74 view (as JSON or the model) to PNG bytes and is registered for the
ruleset "gj74"; `caption(view)` says what it shows, in words (the alt text). Only the view is
read, never the state: a face-down enemy counter reaches the drawing as a plain back.
"""

from __future__ import annotations

from rendering.gj74.caption import caption
from rendering.gj74.render import draw, render
from rendering.registry import register, register_description

__all__ = ["caption", "draw", "render"]

register("gj74", render)
register_description("gj74", caption)
