"""The fake Discord, exercised by a bare discord.py client (not the product bot)."""

from __future__ import annotations

import asyncio
import io
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field

import discord
import pytest
import pytest_asyncio
from discord import app_commands
from discord.http import Route

from tests.fakediscord import FakeDiscord, FakeTimeout, FakeWorld, NonLoopbackHostError

pytest_plugins = ("tests.fakediscord.fixtures",)

RULESETS = ["War at Sea", "Jutland", "Axis & Allies", "Pocket Battles", "GJ74"]
PNG = b"\x89PNG\r\n\x1a\nfake-map-bytes"


class Board(discord.ui.View):
    def __init__(self, bot: Bot) -> None:
        super().__init__(timeout=30)
        self.bot = bot

    @discord.ui.button(label="Roll", custom_id="board:roll")
    async def roll(
        self, interaction: discord.Interaction, button: discord.ui.Button[Board]
    ) -> None:
        self.bot.seen.append(f"click:{interaction.user.id}")
        await interaction.response.edit_message(content="rolled a 6", view=self)

    @discord.ui.select(
        custom_id="board:pick",
        placeholder="Pick a ship",
        options=[discord.SelectOption(label=n, value=n.lower()) for n in ("Hood", "Bismarck")],
    )
    async def pick(
        self, interaction: discord.Interaction, select: discord.ui.Select[Board]
    ) -> None:
        await interaction.response.send_message(f"picked {','.join(select.values)}", ephemeral=True)

    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="board:who")
    async def who(
        self, interaction: discord.Interaction, select: discord.ui.UserSelect[Board]
    ) -> None:
        await interaction.response.defer()  # type 6: update the board later
        names = ",".join(u.name for u in select.values)
        await interaction.edit_original_response(content=f"target {names}")


class Orders(discord.ui.Modal, title="Orders"):
    text: discord.ui.TextInput[Orders] = discord.ui.TextInput(
        label="Orders", custom_id="orders:text"
    )

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"orders: {self.text.value}")


class Bot(discord.Client):
    def __init__(self, world: FakeWorld) -> None:
        intents = discord.Intents.default()
        intents.members = True  # member cache + chunking (op 8) at startup
        super().__init__(
            intents=intents,
            connector=world.fake.connector(),
            guild_ready_timeout=0.05,
        )
        self.world = world
        self.tree = app_commands.CommandTree(self)
        self.seen: list[str] = []
        self._add_commands()

    async def on_message(self, message: discord.Message) -> None:
        self.seen.append(f"message:{message.author.id}:{message.content}")

    async def setup_hook(self) -> None:
        await self.tree.sync()
        await self.tree.sync(guild=discord.Object(self.world.guild.id))

    def _add_commands(self) -> None:
        tree = self.tree

        @tree.command(description="Check the bot answers")
        async def ping(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"pong {interaction.locale}", ephemeral=True)

        game = app_commands.Group(name="game", description="Games")
        admin = app_commands.Group(name="admin", description="Admin", parent=game)

        @game.command(name="new", description="Start a game")
        async def new(
            interaction: discord.Interaction, ruleset: str, players: int, opponent: discord.Member
        ) -> None:
            text = f"new {ruleset} for {players} vs {opponent.name}"
            await interaction.response.send_message(text, view=Board(self))

        @new.autocomplete("ruleset")
        async def ruleset_choices(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            prefix = "规则 " if interaction.locale is discord.Locale.chinese else ""
            return [
                app_commands.Choice(name=prefix + r, value=r)
                for r in RULESETS
                if current.lower() in r.lower()
            ]

        @admin.command(name="reset", description="Reset a game")
        async def reset(interaction: discord.Interaction, confirm: bool) -> None:
            await interaction.response.defer(ephemeral=True, thinking=True)
            await interaction.followup.send(f"reset {confirm}")
            await interaction.followup.send("second note")

        tree.add_command(game)

        @tree.command(description="Post the map privately")
        async def map(interaction: discord.Interaction) -> None:
            file = discord.File(io.BytesIO(PNG), "map.png")
            await interaction.response.send_message("your map", file=file, ephemeral=True)

        @tree.command(description="Inspect an upload")
        async def inspect(
            interaction: discord.Interaction,
            target: discord.TextChannel,
            upload: discord.Attachment,
        ) -> None:
            data = await upload.read()
            text = f"{target.name} {upload.filename} {len(data)} {data == PNG}"
            await interaction.response.send_message(text)

        @tree.command(description="Give orders", guild=discord.Object(self.world.guild.id))
        async def orders(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(Orders())


@dataclass
class Env:
    world: FakeWorld
    bot: Bot
    fake: FakeDiscord = field(init=False)

    def __post_init__(self) -> None:
        self.fake = self.world.fake


@pytest_asyncio.fixture
async def env(fake_world: FakeWorld) -> AsyncIterator[Env]:
    bot = Bot(fake_world)
    async with fake_world.fake.run(bot):
        yield Env(fake_world, bot)


async def test_login_ready_and_command_sync(env: Env) -> None:
    fake, bot, world = env.fake, env.bot, env.world
    assert fake.requests_to("GET", r"^/users/@me$")
    assert fake.requests_to("GET", r"^/oauth2/applications/@me$")
    assert fake.gateway.identifies == 1 and fake.gateway.heartbeats >= 1
    assert fake.gateway.query["encoding"] == "json"
    assert fake.gateway.query.get("compress") in ("zlib-stream", "zstd-stream")
    assert bot.user is not None and bot.user.id == fake.bot.id
    guild = bot.get_guild(world.guild.id)
    assert guild is not None and guild.get_channel(world.channel.id) is not None
    assert guild.get_member(world.bob.id) is not None
    synced = fake.synced_commands()
    assert {c["name"] for c in synced} == {"ping", "game", "map", "inspect"}
    assert all(c["id"] for c in synced)
    game = next(c for c in synced if c["name"] == "game")
    assert {o["name"] for o in game["options"]} == {"new", "admin"}
    assert [c["name"] for c in fake.synced_commands(world.guild)] == ["orders"]
    assert fake.unknown_requests == []


async def test_slash_ephemeral_response_with_locale(env: Env) -> None:
    world = env.world
    handle = await env.fake.slash(world.bob, world.channel, "ping")
    callback = await handle.response()
    assert callback.type == 4 and callback.ephemeral and callback.flags & 64
    assert callback.content == "pong zh-CN"
    assert handle.latency is not None and handle.latency < 2
    assert env.fake.ephemerals_for(world.bob)[0].content == "pong zh-CN"
    assert "pong" not in env.fake.all_text_for_audience(world.alice)
    assert env.fake.messages_in(world.channel) == []


async def test_subcommand_options_autocomplete_button_and_select(env: Env) -> None:
    fake, world = env.fake, env.world
    choices = await fake.autocomplete(world.alice, world.channel, "game new", "ruleset", "jut")
    assert choices == [{"name": "Jutland", "value": "Jutland"}]
    zh = await fake.autocomplete(
        world.bob, world.channel, "game new", "ruleset", "sea", locale="zh-CN"
    )
    assert zh == [{"name": "规则 War at Sea", "value": "War at Sea"}]

    handle = await fake.slash(
        world.alice,
        world.channel,
        "game new",
        {"ruleset": "Jutland", "players": 2, "opponent": world.bob},
    )
    callback = await handle.response()
    assert not callback.ephemeral and callback.content == "new Jutland for 2 vs bob"
    board = handle.original
    assert board is not None and board.custom_ids() == ["board:roll", "board:pick", "board:who"]
    assert fake.messages_in(world.channel) == [board]

    click = await fake.click(world.bob, board, "board:roll")
    assert (await click.response()).type == 7
    assert [s for s in env.bot.seen if s.startswith("click")] == [f"click:{world.bob.id}"]
    assert board.content == "rolled a 6" and len(board.edits) == 1

    pick = await fake.select(world.alice, board, "board:pick", ["hood"])
    reply = await pick.response()
    assert reply.content == "picked hood" and reply.ephemeral

    who = await fake.select(world.alice, board, "board:who", [world.bob])
    assert (await who.response()).type == 6
    await fake.wait_until(lambda: board.content == "target bob", what="the board edit")
    assert who.original is board


async def test_subcommand_group_defer_then_followups(env: Env) -> None:
    handle = await env.fake.slash(
        env.world.alice, env.world.channel, "game admin reset", {"confirm": True}
    )
    assert (await handle.response()).type == 5
    followups = await handle.wait_followups(2)
    original = await handle.wait_original()
    assert original.content == "reset True" and original.ephemeral  # first followup filled it
    assert followups[0] is original and followups[1].content == "second note"
    # later followups are independent of the defer: this one is public
    assert env.fake.messages_in(env.world.channel) == [followups[1]]


async def test_modal_submit_carries_values(env: Env) -> None:
    handle = await env.fake.slash(env.world.alice, env.world.channel, "orders")
    assert (await handle.response()).type == 9
    assert handle.modal is not None and handle.modal["title"] == "Orders"
    submitted = await handle.submit_modal({"orders:text": "Hood moves to B4"})
    assert (await submitted.response()).content == "orders: Hood moves to B4"
    with pytest.raises(ValueError, match="no inputs"):
        await handle.submit_modal({"bogus": "x"})


async def test_dms_open_and_closed(env: Env) -> None:
    fake, world = env.fake, env.world
    alice = await env.bot.fetch_user(world.alice.id)
    await alice.send("your fleet: Hood, Renown")
    assert [m.content for m in fake.dms_to(world.alice)] == ["your fleet: Hood, Renown"]
    assert "Hood" in fake.all_text_for_audience(world.alice)
    assert "Hood" not in fake.all_text_for_audience(world.bob)
    assert "Hood" not in fake.all_text_for_audience(None)

    fake.close_dms(world.bob)
    bob = await env.bot.fetch_user(world.bob.id)
    with pytest.raises(discord.Forbidden) as refused:
        await bob.send("secret")
    assert refused.value.code == 50007
    assert fake.dms_to(world.bob) == []
    assert [p["content"] for p in fake.dm_refusals(world.bob)] == ["secret"]


async def test_thread_with_file_and_rate_limit_retry(env: Env) -> None:
    fake, world = env.fake, env.world
    channel = env.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    thread = await channel.create_thread(name="Game 1", type=discord.ChannelType.public_thread)
    await thread.send("turn 1 map", file=discord.File(io.BytesIO(PNG), "map.png"))
    assert [t.name for t in fake.threads_in(world.channel)] == ["Game 1"]
    (msg,) = fake.messages_in(thread.id)
    assert msg.content == "turn 1 map" and msg.attachment("map.png").data == PNG

    starter = await channel.send("game starts")
    from_msg = await starter.create_thread(name="From message")
    assert from_msg.id == starter.id and fake.thread(from_msg.id).parent_id == world.channel.id

    rule = fake.fail_next(
        "POST", rf"^/channels/{world.channel.id}/messages$", 429, retry_after=0.05
    )
    await channel.send("after the rate limit")
    assert rule.remaining == 0 and len(rule.hits) == 1
    texts = [m.content for m in fake.messages_in(world.channel)]
    assert texts.count("after the rate limit") == 1
    posts = fake.requests_to("POST", rf"^/channels/{world.channel.id}/messages$")
    assert [(r.status, r.injected) for r in posts[-2:]] == [(429, True), (200, False)]


async def test_non_loopback_host_fails_fast(env: Env) -> None:
    saved = Route.BASE
    Route.BASE = "https://discord.com/api/v10"
    try:
        start = time.perf_counter()
        with pytest.raises(NonLoopbackHostError):
            await env.bot.fetch_user(env.world.alice.id)
        assert time.perf_counter() - start < 1.0
    finally:
        Route.BASE = saved


async def test_bounded_waits_and_echo(env: Env) -> None:
    fake = env.fake
    with pytest.raises(FakeTimeout):
        await fake.wait_for_message(env.world.channel, timeout=0.1)
    stats = await fake.echo_round_trip(samples=5)
    assert stats.samples == 5 and 0 < stats.min <= stats.median <= stats.p95
    await fake.drop_gateway()
    handle = await fake.slash(env.world.alice, env.world.channel, "ping")
    assert (await handle.response()).content == "pong en-US"
    await asyncio.sleep(0)


async def test_callback_with_file_and_attachment_option(env: Env) -> None:
    fake, world = env.fake, env.world
    handle = await fake.slash(world.alice, world.channel, "map")
    callback = await handle.response()
    assert callback.ephemeral and [a.filename for a in callback.attachments] == ["map.png"]
    assert handle.original is not None and handle.original.attachment("map.png").data == PNG

    options = {"target": world.channel, "upload": ("orders.png", PNG)}
    inspect = await fake.slash(world.bob, world.channel, "inspect", options)
    assert (await inspect.response()).content == f"general orders.png {len(PNG)} True"


async def test_server_error_is_retried(env: Env) -> None:
    fake, world = env.fake, env.world
    channel = env.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    fake.fail_next("POST", r"/messages$", 502)
    await channel.send("after a 502")  # discord.py waits 1 s before retrying a 502
    assert [m.content for m in fake.messages_in(world.channel)] == ["after a 502"]
    fake.fail_next("POST", r"/messages$", 403, code=50013, message="Missing Permissions")
    with pytest.raises(discord.Forbidden):
        await channel.send("refused")


async def test_private_thread_visibility(env: Env) -> None:
    fake, world = env.fake, env.world
    channel = env.bot.get_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel)
    thread = await channel.create_thread(name="Alice's fleet")  # private by default
    await thread.send("Hood at B4")
    assert "Hood" not in fake.all_text_for_audience(world.alice)
    assert "Hood" not in fake.all_text_for_audience(None)
    await thread.add_user(discord.Object(world.alice.id))
    assert "Hood at B4" in fake.all_text_for_audience(world.alice)
    assert "Hood" not in fake.all_text_for_audience(world.bob)


async def test_late_ack_and_unknown_routes_are_reported(env: Env) -> None:
    fake = env.fake
    fake.ack_deadline = 0.0
    handle = await fake.slash(env.world.alice, env.world.channel, "ping")
    refused = await fake.wait_until(lambda: handle.refused_callbacks, what="a refused callback")
    assert refused[0][0] == 404 and not handle.acknowledged
    with pytest.raises(discord.NotFound):
        await env.bot.http.request(Route("GET", "/voice/regions"))
    with pytest.raises(AssertionError, match="unimplemented route GET /voice/regions"):
        fake.check()
    fake.unknown_requests.clear()


async def test_fetches_edits_history_dm_slash_and_user_messages(env: Env) -> None:
    fake, world, bot = env.fake, env.world, env.bot
    channel = await bot.fetch_channel(world.channel.id)
    assert isinstance(channel, discord.TextChannel) and channel.name == "general"
    guild = bot.get_guild(world.guild.id)
    assert guild is not None and (await guild.fetch_member(world.bob.id)).name == "bob"

    sent = await channel.send("draft")
    await sent.edit(content="final")
    stored = fake.message(sent.id)
    assert stored.content == "final" and len(stored.edits) == 1
    assert [m.content async for m in channel.history(limit=5)] == ["final"]
    await sent.delete()
    assert stored.deleted and fake.messages_in(world.channel) == []

    dm = await fake.slash(world.alice, None, "ping")  # in the bot's DM
    assert (await dm.response()).content == "pong en-US"
    await fake.user_message(world.bob, world.channel, "hello referee")
    expected = f"message:{world.bob.id}:hello referee"
    await fake.wait_until(lambda: expected in bot.seen, what="on_message")
    assert f"message:{fake.bot.id}:draft" in bot.seen  # the bot sees its own messages too
