"""Which renderer draws which game's views. Games register; callers pass a view as JSON."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

Renderer = Callable[[Mapping[str, Any]], bytes]

_RENDERERS: dict[str, Renderer] = {}
_BUILTIN = {"war-at-sea": "rendering.war_at_sea"}


def register(ruleset_id: str, renderer: Renderer) -> Renderer:
    _RENDERERS[ruleset_id] = renderer
    return renderer


def render_view(view: Mapping[str, Any]) -> bytes | None:
    """PNG bytes of this view's map, or None when the game has no map renderer."""
    ruleset = str(view.get("ruleset", ""))
    if ruleset not in _RENDERERS and ruleset in _BUILTIN:
        try:
            import_module(_BUILTIN[ruleset])
        except ModuleNotFoundError:
            return None  # the game's renderer is not written yet: messages go without a map
    renderer = _RENDERERS.get(ruleset)
    return renderer(view) if renderer else None
