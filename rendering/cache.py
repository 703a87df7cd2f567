"""Pictures already drawn, shared by every game's renderer (issue 9).

Two caches, both safe across audiences because each is keyed by everything its picture is
drawn from and nothing else:

- `PictureCache`: PNG bytes by the view's own bytes. The key is a hash of the view's JSON,
  audience and all, so a picture comes back only for a view identical byte for byte to the
  one it was drawn from; identical views give identical bytes anyway (rendering/png.py), so
  the cache changes no output. It also remembers the digest of many more views than it keeps
  pictures of: delivery asks whether a lane's new view looks like the map it was last shown
  without drawing it again (bot/maps.py).
- `layer`: a static part of a picture (a board, a legend) drawn once per key and shared; the
  key must name every input of the drawing, and only public, static data may go in it.
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Mapping
from typing import Any

from PIL import Image


def view_key(view: Mapping[str, Any]) -> str:
    """The identity of a view: a hash of its JSON (keys in the view's own order, which the
    view's model fixes; the same content in another order only misses the cache)."""
    return PictureCache.key(view_json(view))


def view_json(view: Mapping[str, Any]) -> str:
    """A view as JSON (views are JSON by contract: a TypeError says one is not)."""
    return json.dumps(view, ensure_ascii=False, separators=(",", ":"))


def digest(png: bytes | None) -> str:
    """What a lane was last shown of a map: the same bytes mean the same picture."""
    return hashlib.sha256(png).hexdigest()[:32] if png else ""


class PictureCache:
    """PNG bytes by view key, least recently used first out, at most `max_bytes` of pictures;
    the digests of up to `max_digests` views are kept after their pictures are dropped."""

    def __init__(self, max_bytes: int = 24 << 20, max_digests: int = 8192) -> None:
        self.max_bytes = max_bytes
        self.max_digests = max_digests
        self._pictures: OrderedDict[str, bytes] = OrderedDict()
        self._digests: OrderedDict[str, str] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()  # render_view runs in threads too
        self.hits = 0
        self.misses = 0

    @staticmethod
    def key(data: str) -> str:
        """The key of a view given as its JSON (view_json)."""
        return hashlib.sha256(data.encode()).hexdigest()

    def get(self, key: str) -> bytes | None:
        with self._lock:
            png = self._pictures.get(key)
            if png is None:
                self.misses += 1
                return None
            self._pictures.move_to_end(key)
            self.hits += 1
            return png

    def digest_of(self, key: str) -> str | None:
        """The digest of the picture of this view, if it was drawn ("" for no picture)."""
        with self._lock:
            mark = self._digests.get(key)
            if mark is not None:
                self._digests.move_to_end(key)
            return mark

    def put(self, key: str, png: bytes | None) -> str:
        mark = digest(png)
        with self._lock:
            self._digests[key] = mark
            self._digests.move_to_end(key)
            while len(self._digests) > self.max_digests:
                self._digests.popitem(last=False)
            if png is not None and len(png) <= self.max_bytes and key not in self._pictures:
                self._pictures[key] = png
                self._size += len(png)
                while self._size > self.max_bytes:
                    _, old = self._pictures.popitem(last=False)
                    self._size -= len(old)
        return mark

    def clear(self) -> None:
        with self._lock:
            self._pictures.clear()
            self._digests.clear()
            self._size = 0


PICTURES = PictureCache()
"""The process's pictures (render_view and the map pool of bot/maps.py share it)."""

_LAYERS: OrderedDict[Hashable, Image.Image] = OrderedDict()
_LAYERS_LOCK = threading.Lock()
MAX_LAYERS = 32


def layer(key: Hashable, draw: Callable[[], Image.Image]) -> Image.Image:
    """The picture `draw()` makes, drawn once per `key` (the newest MAX_LAYERS are kept).
    It is shared: paste it, or draw on a `.copy()`, never on it."""
    with _LAYERS_LOCK:
        kept = _LAYERS.get(key)
        if kept is not None:
            _LAYERS.move_to_end(key)
            return kept
    image = draw()
    with _LAYERS_LOCK:
        _LAYERS[key] = image
        while len(_LAYERS) > MAX_LAYERS:
            _LAYERS.popitem(last=False)
    return image


def clear_layers() -> None:
    with _LAYERS_LOCK:
        _LAYERS.clear()
