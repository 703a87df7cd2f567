"""Maps drawn off the event loop, several at once.

Drawing a War at Sea map is ~30 ms of Pillow work, two thirds of it PNG encoding (issue 9). In
threads, the drawing holds the GIL except while Pillow and zlib work; in processes, other
cores draw and the event loop keeps its own. ``python -m bot bench delivery`` measures both on
the machine at hand; the setting ``REFEREE_MAP_POOL`` picks one (processes by default).

The pool leaves a core to the event loop: by default it has one worker fewer than the cores
this process may use (at least one, at most four). With as many workers as cores, the first
reply to a command waited behind the map workers (issue 9: p99 5-8x the instant bot on 2 cores).

A view is drawn at most once in this process: the pictures are cached by the view's own bytes
(rendering/cache.py), and a lane whose new view is one already drawn learns whether its map
changed without drawing it.

Delivery's views are built here too (``scene``, bot/scenes.py): the workers get the state's
JSON and build each audience's view and prompts beside its picture, so the event loop's process
only formats and sends. The workers run at a lower priority (``nice``, the setting
``REFEREE_MAP_NICE``, 5 by default): an interaction's reply gets a core first and the workers
use what is left. Linux weighs nice within an autogroup (a session, a service), so the workers
give way to the bot's own event loop, not to every other program on the machine.
"""

from __future__ import annotations

import asyncio
import concurrent.futures as cf
import contextlib
import multiprocessing
import os
import threading
from collections.abc import Mapping
from typing import Any, Literal

from bot.rules.core.registry import builtin
from bot.scenes import Scene, SceneJob, build
from rendering.cache import PICTURES, digest, view_json
from rendering.registry import importable, render_json, renders

__all__ = ["MapPool", "PoolKind", "default_workers", "digest"]

PoolKind = Literal["process", "thread"]


def default_workers() -> int:
    """The cores this process may run on, less one for the event loop (1 to 4)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, min(4, cores - 1))


def _lower_priority(nice: int) -> None:
    """Runs in each worker: a process lowers itself; a thread lowers its own task (Linux)."""
    if nice > 0:
        with contextlib.suppress(OSError, AttributeError):
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), nice)


def _warm(nice: int) -> None:
    """Load fonts, board data and the game once per worker (the first map otherwise pays)."""
    _lower_priority(nice)
    import bot.rules.war_at_sea  # noqa: F401
    import rendering.war_at_sea  # noqa: F401  (registers the renderer)


class MapPool:
    def __init__(
        self, kind: PoolKind = "process", workers: int | None = None, nice: int = 5
    ) -> None:
        self.kind = kind
        self.nice = nice
        self.workers = workers or default_workers()
        self._pool: cf.Executor | None = None
        self.drawn = 0
        """Pictures actually drawn (the rest came from the cache)."""
        self.cached = True
        """False: draw every map asked for (the bench's stand-in of the old loop)."""

    def _executor(self) -> cf.Executor:
        if self._pool is None:
            if self.kind == "process":
                # spawn, not fork: the bot's threads (SQLite, discord.py) must not be forked.
                context = multiprocessing.get_context("spawn")
                self._pool = cf.ProcessPoolExecutor(
                    self.workers, mp_context=context, initializer=_warm, initargs=(self.nice,)
                )
            else:
                self._pool = cf.ThreadPoolExecutor(
                    self.workers,
                    thread_name_prefix="maps",
                    initializer=_lower_priority,
                    initargs=(self.nice,),
                )
        return self._pool

    async def draw(self, view: Mapping[str, Any] | None) -> bytes | None:
        """PNG bytes of this view's map, or None (no view, or a game without a map)."""
        png, _ = await self.picture(view)
        return png

    async def picture(
        self, view: Mapping[str, Any] | None, unless: str = ""
    ) -> tuple[bytes | None, str]:
        """The map of this view and its digest ("" when there is none). When its digest is
        `unless` (the lane was last shown this very picture) no bytes are returned, and a view
        drawn before is not drawn again to find that out."""
        ruleset = str((view or {}).get("ruleset", ""))
        if not view or not renders(ruleset):
            return None, ""
        data = view_json(view)
        key = PICTURES.key(data)
        mark = PICTURES.digest_of(key) if self.cached else None
        if mark and mark == unless:
            return None, mark
        png = PICTURES.get(key) if self.cached else None
        if png is None:
            png = await self._draw(ruleset, data)
            if png is None:
                return None, ""
            self.drawn += 1
            mark = PICTURES.put(key, png)
        else:
            mark = digest(png)
        return (None if mark == unless else png), mark

    async def scene(self, job: SceneJob) -> Scene:
        """The view, prompts and picture of one audience at one version (bot/scenes.py)."""
        ruleset = job.source.ruleset
        if self.kind == "process" and not (
            builtin(ruleset) and (importable(ruleset) or not renders(ruleset))
        ):
            # Registered at run time in this process (a plug-in, a test): its workers lack it.
            scene = await asyncio.to_thread(build, job)
        else:
            loop = asyncio.get_running_loop()
            try:
                scene = await loop.run_in_executor(self._executor(), build, job)
            except cf.BrokenExecutor:
                self._pool = None  # a worker died: start a fresh pool, try once more
                scene = await loop.run_in_executor(self._executor(), build, job)
        self.drawn += scene.drawn
        return scene

    async def _draw(self, ruleset: str, data: str) -> bytes | None:
        if self.kind == "process" and not importable(ruleset):
            # Registered at run time in this process (a plug-in, a test): its workers lack it.
            return await asyncio.to_thread(render_json, data)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._executor(), render_json, data)
        except cf.BrokenExecutor:
            # A worker died (killed, out of memory): start a fresh pool, draw once more.
            self._pool = None
            return await loop.run_in_executor(self._executor(), render_json, data)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
