"""Jutland's pictures: the search sheets and the battle surface (rendering/jutland/)."""

from __future__ import annotations

from rendering.jutland.render import describe, render
from rendering.registry import register, register_description

register("jutland", render)
register_description("jutland", describe)
