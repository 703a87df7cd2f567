"""War at Sea map renderer.

`render(view)` draws a War at Sea View (as JSON: ``view.model_dump(mode="json")``) to PNG bytes
and is registered for the ruleset "war-at-sea"; `caption(view)` is a one-line text to post with
it and the start of its alt text. Only the view is read, never the state.
"""

from __future__ import annotations

from rendering.registry import register, register_description
from rendering.war_at_sea.render import draw, render
from rendering.war_at_sea.report import caption

__all__ = ["caption", "draw", "render"]

register("war-at-sea", render)
register_description("war-at-sea", caption)
