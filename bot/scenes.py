"""What delivery shows one audience at one version, built in a map worker (issue 9).

Building a view (and the game's open prompts, which a view is made from) took a third of the
bot's CPU per delivered order, on the event loop. A map worker now does it beside the drawing:
given the state's ``Source`` (bot/referee/history.py), it rebuilds the state (kept for the
next audience of the same version), builds the audience's view, and returns the view's JSON,
the text alternative of its picture, the seat's prompts asked for, and the picture unless the
lane already shows it. Everything here is pure and runs in a worker process or a thread.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from bot.referee.history import Source, rebuild
from bot.rules.core import Prompt, Ruleset
from bot.rules.core.registry import get as get_ruleset
from rendering.cache import PICTURES, digest, view_json
from rendering.registry import describe, render_view, renders


@dataclass(frozen=True)
class SceneJob:
    source: Source
    audience: str | None
    prompt_ids: tuple[str, ...] = ()
    """The audience's open prompts to return (a DM offers them)."""
    unless: str = ""
    """The digest of the map the lane shows now: the same picture is not sent back."""
    cached: bool = True
    """False: draw the map even if it was drawn before (the bench's stand-in of the old loop)."""
    lang: str = "en"
    """The reader's language: the picture's words (its alt text) are in it alone."""


@dataclass
class Scene:
    view: str
    """The view's JSON."""
    describe: str
    """What its picture shows, in words (alt text); "" without a picture."""
    prompts: list[Prompt] = field(default_factory=list)
    png: bytes | None = None
    """None: no picture, or the very one the lane shows (``mark`` == ``unless``)."""
    mark: str = ""
    """The picture's digest ("" when the game draws none)."""
    drawn: bool = False


KEPT = 8
"""States kept per worker: a step's public and private views share one rebuild."""
_states: OrderedDict[Source, list[Any]] = OrderedDict()
"""Source -> [state, its open prompts or None until asked for]."""
_lock = threading.Lock()


def _state(source: Source) -> list[Any]:
    with _lock:
        found = _states.get(source)
        if found is not None:
            _states.move_to_end(source)
            return found
    found = [rebuild(source), None]
    with _lock:
        _states[source] = found
        while len(_states) > KEPT:
            _states.popitem(last=False)
    return found


def _open(job: SceneJob, kept: list[Any]) -> list[Prompt]:
    """The state's open prompts, computed once (its views and a DM's prompts share them)."""
    if kept[1] is None:
        kept[1] = get_ruleset(job.source.ruleset).prompts(kept[0])
    prompts: list[Prompt] = kept[1]
    return prompts


def _prompts(job: SceneJob, kept: list[Any]) -> list[Prompt]:
    """The audience's prompts the job asks for."""
    if not job.prompt_ids:
        return []
    wanted = set(job.prompt_ids)
    return [p for p in _open(job, kept) if p.seat == job.audience and p.id in wanted]


def build(job: SceneJob) -> Scene:
    """The scene of ``job`` (a map worker's task)."""
    kept = _state(job.source)
    ruleset = get_ruleset(job.source.ruleset)
    if type(ruleset).view_with is Ruleset.view_with:  # its view does not read the prompts
        view = ruleset.view(kept[0], job.audience)
    else:
        view = ruleset.view_with(kept[0], job.audience, _open(job, kept))
    raw = view.model_dump(mode="json")
    data = view_json(raw)
    scene = Scene(data, "", _prompts(job, kept))
    if not renders(job.source.ruleset):
        return scene
    key = PICTURES.key(data)
    mark = PICTURES.digest_of(key) if job.cached else None
    if mark and mark == job.unless:
        scene.mark, scene.describe = mark, describe(raw, job.lang)
        return scene
    png = PICTURES.get(key) if job.cached else None
    if png is None:
        png = render_view(raw, cache=False)
        scene.drawn = png is not None
        mark = PICTURES.put(key, png)
    else:
        mark = digest(png)
    if mark:
        scene.mark, scene.describe = mark, describe(raw, job.lang)
        scene.png = None if mark == job.unless else png
    return scene
