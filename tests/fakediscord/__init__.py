"""A fake Discord (REST + gateway on 127.0.0.1) for end-to-end tests of a real discord.py bot.

See README.md in this folder for the API and how to point a bot at it.
"""

from __future__ import annotations

from .handle import InteractionHandle
from .model import FakeChannel, FakeGuild, FakeMember, FakeRole, FakeUser
from .net import LoopbackConnector, LoopbackResolver, NonLoopbackHostError, is_loopback_host
from .records import Attachment, Callback, FakeTimeout, RecordedRequest, SentMessage
from .server import EchoStats, FakeDiscord
from .world import FakeWorld, make_world

__all__ = [
    "Attachment",
    "Callback",
    "EchoStats",
    "FakeChannel",
    "FakeDiscord",
    "FakeGuild",
    "FakeMember",
    "FakeRole",
    "FakeTimeout",
    "FakeUser",
    "FakeWorld",
    "InteractionHandle",
    "LoopbackConnector",
    "LoopbackResolver",
    "NonLoopbackHostError",
    "RecordedRequest",
    "SentMessage",
    "is_loopback_host",
    "make_world",
]
