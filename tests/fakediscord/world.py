"""A ready-made world for tests: one guild, a #general channel, an English and a Chinese user."""

from __future__ import annotations

from dataclasses import dataclass

from .model import FakeChannel, FakeGuild, FakeUser
from .server import FakeDiscord


@dataclass
class FakeWorld:
    """One guild "Wargames" with #general, Alice (en-US, the owner) and Bob (zh-CN)."""

    fake: FakeDiscord
    guild: FakeGuild
    channel: FakeChannel
    alice: FakeUser
    bob: FakeUser


def make_world(fake: FakeDiscord) -> FakeWorld:
    alice = fake.add_user(name="alice", locale="en-US")
    bob = fake.add_user(name="bob", locale="zh-CN")
    guild = fake.add_guild(name="Wargames", owner=alice, members=[alice, bob])
    channel = fake.add_channel(guild, "general")
    return FakeWorld(fake, guild, channel, alice, bob)
