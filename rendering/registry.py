"""Which renderer draws which game's views. Games register; callers pass a view as JSON.

The Discord layer asks for a PNG of any view (public or one seat's) and attaches it when
there is one. Pictures are cached by the view's own bytes (rendering/cache.py), for every game:
a view drawn once in this process is not drawn again.
"""

from __future__ import annotations

import inspect
import json
import logging
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any, cast

from rendering.cache import PICTURES, view_key

Renderer = Callable[[Mapping[str, Any]], bytes | None]
Describer = Callable[[Mapping[str, Any], str], str]
"""(view, the reader's language) -> what the picture shows, in that language only."""

_RENDERERS: dict[str, Renderer] = {}
_DESCRIBERS: dict[str, Describer] = {}
_BUILTIN = {
    "war-at-sea": "rendering.war_at_sea",
    "pocket-battles": "rendering.pocket_battles",
    "gj74": "rendering.gj74",
    "jutland": "rendering.jutland",
    "aa50": "rendering.aa50",
}
log = logging.getLogger(__name__)


def register(ruleset_id: str, renderer: Renderer) -> Renderer:
    if _RENDERERS.get(ruleset_id) not in (None, renderer):
        PICTURES.clear()  # pictures of the renderer replaced
    _RENDERERS[ruleset_id] = renderer
    return renderer


def unregister(ruleset_id: str) -> None:
    if ruleset_id in _RENDERERS:
        PICTURES.clear()
    _RENDERERS.pop(ruleset_id, None)
    _DESCRIBERS.pop(ruleset_id, None)


def register_description(
    ruleset_id: str, describer: Describer | Callable[[Mapping[str, Any]], str]
) -> Describer | Callable[[Mapping[str, Any]], str]:
    """What a game's map shows, in words, from the same view (the map's alt text). A describer
    that takes the reader's language (a second parameter) answers in it alone; one that takes
    the view only says the same words to every reader (both languages at once)."""
    if _takes_lang(describer):
        _DESCRIBERS[ruleset_id] = cast(Describer, describer)
    else:
        _DESCRIBERS[ruleset_id] = _any_language(cast(Callable[[Mapping[str, Any]], str], describer))
    return describer


def _takes_lang(describer: Callable[..., str]) -> bool:
    try:
        return len(inspect.signature(describer).parameters) >= 2
    except (TypeError, ValueError):
        return False


def _any_language(describer: Callable[[Mapping[str, Any]], str]) -> Describer:
    def described(view: Mapping[str, Any], lang: str) -> str:
        return describer(view)

    return described


def describe(view: Mapping[str, Any], lang: str = "en") -> str:
    """A text alternative for this view's map in the reader's language ``lang`` ("" when the
    game has none)."""
    ruleset = str(view.get("ruleset", ""))
    if ruleset not in _DESCRIBERS and ruleset in _BUILTIN:
        try:
            import_module(_BUILTIN[ruleset])
        except ModuleNotFoundError:
            return ""
    describer = _DESCRIBERS.get(ruleset)
    return describer(view, lang) if describer is not None else ""


def importable(ruleset_id: str) -> bool:
    """Whether a fresh process finds this game's renderer by itself (a built-in one): only those
    may be drawn in a pool of worker processes; one registered at run time is drawn here."""
    return ruleset_id in _BUILTIN


def renders(ruleset_id: str) -> bool:
    """Whether this game may have a picture (cheap: lets callers skip a thread hop)."""
    return ruleset_id in _RENDERERS or ruleset_id in _BUILTIN


def render_view(view: Mapping[str, Any], *, cache: bool = True) -> bytes | None:
    """PNG bytes of this view's map, or None when the game has no map renderer. A renderer
    that fails is logged: a message without its picture beats no message. With `cache`, a view
    identical byte for byte to one drawn before gets that picture's bytes."""
    if not cache:
        return _draw(view)
    key = view_key(view)
    png = PICTURES.get(key)
    if png is None:
        png = _draw(view)
        if png is not None:
            PICTURES.put(key, png)
    return png


def render_json(data: str) -> bytes | None:
    """render_view of a view sent as its JSON (what a map worker process is given: a string
    crosses the process boundary faster than the nested dicts), uncached: the sender caches."""
    return _draw(json.loads(data))


def _draw(view: Mapping[str, Any]) -> bytes | None:
    ruleset = str(view.get("ruleset", ""))
    if ruleset not in _RENDERERS and ruleset in _BUILTIN:
        try:
            import_module(_BUILTIN[ruleset])
        except ModuleNotFoundError:
            return None  # the game's renderer is not written yet: messages go without a map
    renderer = _RENDERERS.get(ruleset)
    if renderer is None:
        return None
    try:
        return renderer(view)
    except Exception:
        log.exception("renderer failed", extra={"ruleset": ruleset})
        return None
