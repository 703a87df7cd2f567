"""/game: create a game (with its thread and a lobby message whose buttons take a side), join,
leave, start, status, list, and the management commands (bodies in cogs/_admin.py)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import present
from bot.client import RefereeBot
from bot.i18n import render, tr
from bot.interactions import Refusal, acknowledge, lang_of
from bot.rules.core import RuleViolation
from bot.rules.core.registry import available
from bot.rules.core.registry import get as get_ruleset
from bot.store import GameRecord
from cogs import _admin as admin
from cogs._common import LIVE, Ctx, choice, describe, game_choices, guard, text
from cogs._views import lobby, refresh_lobby, status

Choices = list[app_commands.Choice[str]]


class Lobby(commands.Cog):
    game = app_commands.Group(name="game", description=text("cmd.game"), guild_only=True)

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.register_component("lobby", self.on_lobby_button)
        self.bot.delivery.status_changed = self._status_changed

    async def cog_unload(self) -> None:
        self.bot.components.pop("lobby", None)
        self.bot.delivery.status_changed = None

    async def _status_changed(self, record: GameRecord) -> None:
        await refresh_lobby(self.bot, record)

    # --- creating and filling a game ------------------------------------------------------------
    @game.command(name="new", description=text("cmd.game.new"))
    @describe("ruleset", "scenario", "options", "solo")
    async def new(
        self,
        interaction: discord.Interaction,
        ruleset: str,
        scenario: str | None = None,
        options: str | None = None,
        solo: bool = False,
    ) -> None:
        async with guard(interaction) as ctx:
            record = await self.bot.referee.create(
                ruleset,
                guild_id=str(ctx.guild_id),
                created_by=ctx.user_id,
                scenario=scenario or None,
                options=admin.solo_options(ruleset, admin.parse_options(options), solo),
                settings=self.bot.settings.game_defaults(),
                channel_id=str(interaction.channel_id),
            )
            content, view = await lobby(self.bot, record, ctx.guild_lang)
            assert view is not None  # a new game is in the lobby, which has buttons
            sent = await interaction.response.send_message(content, view=view)
            message = sent.resource
            if not isinstance(message, discord.InteractionMessage):
                message = await interaction.original_response()
            # The game's thread opens on the lobby message: it shares the message's id. It is
            # recorded before the thread exists, so a command typed in the thread the moment
            # it appears finds its game (the thread was a moment without one).
            name = f"{present.ruleset_title(record.ruleset, ctx.guild_lang)} · {record.id}"
            await self.bot.store.update_game(record.id, thread_id=str(message.id))
            try:
                thread = await message.create_thread(name=name[:100], auto_archive_duration=10080)
            except discord.HTTPException:
                # no thread here (already in one?): the game posts in the channel
                await self.bot.store.update_game(record.id, thread_id=None)
                return
            if thread.id != message.id:
                await self.bot.store.update_game(record.id, thread_id=str(thread.id))
            await thread.send(tr("discord.thread.welcome", ctx.guild_lang, game=record.id))

    @new.autocomplete("ruleset")
    async def _rulesets(self, interaction: discord.Interaction, current: str) -> Choices:
        lang, needle = lang_of(interaction), current.strip().lower()
        out = []
        for ruleset_id in available():
            name = f"{present.ruleset_title(ruleset_id, lang)} ({ruleset_id})"
            if needle in name.lower():
                out.append(app_commands.Choice(name=name[:100], value=ruleset_id))
        return out[:25]

    @new.autocomplete("scenario")
    async def _scenarios(self, interaction: discord.Interaction, current: str) -> Choices:
        lang, needle = lang_of(interaction), current.strip().lower()
        try:
            scenarios = get_ruleset(str(interaction.namespace.ruleset or "")).scenarios()
        except RuleViolation:
            return []
        names = [(render(s.title, lang), s.id) for s in scenarios]
        hits = [(n, v) for n, v in names if needle in n.lower() or needle in v]
        return [app_commands.Choice(name=n[:100], value=v) for n, v in hits[:25]]

    @new.autocomplete("options")
    async def _options(self, interaction: discord.Interaction, current: str) -> Choices:
        """The ruleset's variants with their defaults, to copy and edit."""
        try:
            model = get_ruleset(str(interaction.namespace.ruleset or "")).options_model
        except RuleViolation:
            return []
        out = [] if not current else [app_commands.Choice(name=current[:100], value=current[:100])]
        for name, field in model.model_fields.items():
            pair = f"{name}={field.default}"
            label = f"{pair} — {field.description}" if field.description else pair
            out.append(app_commands.Choice(name=label[:100], value=pair))
        return out[:25]

    @game.command(name="join", description=text("cmd.game.join"))
    @describe("game", "seat")
    async def join(
        self, interaction: discord.Interaction, game: str | None = None, seat: str | None = None
    ) -> None:
        async with guard(interaction) as ctx:
            record = await ctx.game(game)
            taken = await self.bot.referee.join(record.id, ctx.user_id, seat or None)
            await refresh_lobby(self.bot, record)
            await ctx.send(
                ctx.t(
                    "discord.lobby.joined",
                    game=record.id,
                    seat=present.seat_name(record.ruleset, taken, ctx.lang),
                )
            )

    @join.autocomplete("seat")
    async def _free_seats(self, interaction: discord.Interaction, current: str) -> Choices:
        return await self._seat_choices(interaction, current, free_only=True)

    @game.command(name="leave", description=text("cmd.game.leave"))
    @describe("game")
    async def leave(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with guard(interaction) as ctx:
            record = await ctx.game(game)
            await self.bot.referee.leave(record.id, ctx.user_id)
            await refresh_lobby(self.bot, record)
            await ctx.send(ctx.t("discord.lobby.left", game=record.id))

    @game.command(name="start", description=text("cmd.game.start"))
    @describe("game")
    async def start(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with guard(interaction) as ctx:
            record = await ctx.game(game)
            await self._start(ctx, record.id)
            await refresh_lobby(self.bot, record)
            await ctx.send(ctx.t("discord.lobby.started", game=record.id))

    async def _start(self, ctx: Ctx, game_id: str) -> None:
        seated = await self.bot.referee.seated(game_id, ctx.user_id, ctx.guild_id)
        record = seated.record
        if not (seated.held or record.created_by == ctx.user_id or ctx.is_manager()):
            raise Refusal("discord.error.not_in_game", game=game_id)
        await self.bot.referee.start(game_id, ctx.user_id)
        self.bot.delivery.wake()

    async def on_lobby_button(self, interaction: discord.Interaction, args: list[str]) -> None:
        async with guard(interaction) as ctx:
            game_id, op, *rest = args
            record = await self.bot.referee.game(game_id, ctx.guild_id)
            if op == "seat":
                taken = await self.bot.referee.join(record.id, ctx.user_id, rest[0])
                note = ctx.t(
                    "discord.lobby.joined",
                    game=record.id,
                    seat=present.seat_name(record.ruleset, taken, ctx.lang),
                )
            elif op == "leave":
                await self.bot.referee.leave(record.id, ctx.user_id)
                note = ctx.t("discord.lobby.left", game=record.id)
            else:
                await self._start(ctx, record.id)
                note = ctx.t("discord.lobby.started", game=record.id)
            record = await self.bot.referee.game(record.id)
            content, view = await lobby(self.bot, record, ctx.guild_lang)
            await interaction.response.edit_message(content=content, view=view)
            await ctx.send(note)

    # --- reading ------------------------------------------------------------------------------
    @game.command(name="status", description=text("cmd.game.status"))
    @describe("game")
    async def status_(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with guard(interaction) as ctx:
            await acknowledge(interaction)  # answered before any lookup (and the drawing)
            seated, state = await ctx.seated_and_state(game)
            content, file = await status(self.bot, seated, state, ctx.lang)
            await ctx.send(content, file=file)

    @game.command(name="list", description=text("cmd.game.list"))
    @describe("everything")
    async def list_(self, interaction: discord.Interaction, everything: bool = False) -> None:
        async with guard(interaction) as ctx:
            referee = self.bot.referee
            # The newest 20 only, from the index (a server may keep thousands of old games).
            shown = await referee.games(ctx.guild_id, None if everything else LIVE, newest=20)
            all_seats = await referee.seats_of([r.id for r in shown])
            lines = []
            for record in shown:
                seats = all_seats[record.id]
                who = ", ".join(present.mention(u) for u in seats.values()) or "—"
                lines.append(
                    ctx.t(
                        "discord.list.line",
                        game=record.id,
                        title=present.ruleset_title(record.ruleset, ctx.lang),
                        status=ctx.t(f"discord.status.{record.status}"),
                        players=who,
                    )
                )
            await ctx.send(
                present.clip(present.join(*lines)) if lines else ctx.t("discord.list.none")
            )

    @game.command(name="log", description=text("cmd.game.log"))
    @describe("game")
    async def log(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with guard(interaction) as ctx:
            await admin.show_log(ctx, await ctx.game(game))

    @game.command(name="export", description=text("cmd.game.export"))
    @describe("game", "full")
    async def export(
        self, interaction: discord.Interaction, game: str | None = None, full: bool = False
    ) -> None:
        async with guard(interaction) as ctx:
            await admin.export(ctx, await ctx.game(game), full)

    # --- managing -----------------------------------------------------------------------------
    @game.command(name="settings", description=text("cmd.game.settings"))
    @describe("game", "deadline_hours", "remind_before_hours", "on_expiry", "options")
    @app_commands.choices(
        on_expiry=[choice("on_expiry", v) for v in ("default", "pause", "notify")]
    )
    async def settings(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        deadline_hours: app_commands.Range[float, 0, 1440] | None = None,
        remind_before_hours: app_commands.Range[float, 0, 720] | None = None,
        on_expiry: app_commands.Choice[str] | None = None,
        options: str | None = None,
    ) -> None:
        async with guard(interaction) as ctx:
            changes: dict[str, Any] = {
                k: v
                for k, v in (
                    ("deadline_hours", deadline_hours),
                    ("remind_before_hours", remind_before_hours),
                    ("on_expiry", on_expiry.value if on_expiry else None),
                )
                if v is not None
            }
            await admin.settings(ctx, await ctx.game(game), changes, options)

    @game.command(name="sub", description=text("cmd.game.sub"))
    @describe("seat", "user", "game")
    async def sub(
        self,
        interaction: discord.Interaction,
        seat: str,
        user: discord.User,
        game: str | None = None,
    ) -> None:
        async with guard(interaction) as ctx:
            await admin.substitute(ctx, await ctx.game(game), seat, user)

    @sub.autocomplete("seat")
    async def _any_seat(self, interaction: discord.Interaction, current: str) -> Choices:
        return await self._seat_choices(interaction, current, free_only=False)

    @game.command(name="autopilot", description=text("cmd.game.autopilot"))
    @describe("seat", "policy", "game")
    async def autopilot(
        self,
        interaction: discord.Interaction,
        seat: str,
        policy: str,
        game: str | None = None,
    ) -> None:
        """A manager hands a side whose player is gone to the referee (or back)."""
        async with guard(interaction) as ctx:
            await admin.hand_over(ctx, await ctx.game(game), seat, policy)

    @autopilot.autocomplete("seat")
    async def _pilot_seat(self, interaction: discord.Interaction, current: str) -> Choices:
        return await self._seat_choices(interaction, current, free_only=False)

    @autopilot.autocomplete("policy")
    async def _policies(self, interaction: discord.Interaction, current: str) -> Choices:
        ctx = Ctx(interaction, self.bot, lang_of(interaction))
        try:
            record = await ctx.game(str(interaction.namespace.game or "") or None)
        except (Refusal, RuleViolation):
            return []
        out = []
        for policy in (*get_ruleset(record.ruleset).autopilots, admin.OFF):
            name = admin.policy_name(record.ruleset, policy, ctx.lang)
            if current.lower() in f"{policy} {name}".lower():
                out.append(app_commands.Choice(name=name[:100], value=policy))
        return out[:25]

    @game.command(name="pause", description=text("cmd.game.pause"))
    @describe("game")
    async def pause(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with guard(interaction) as ctx:
            await admin.set_status(ctx, await ctx.game(game), "paused")

    @game.command(name="resume", description=text("cmd.game.resume"))
    @describe("game")
    async def resume(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with guard(interaction) as ctx:
            await admin.set_status(ctx, await ctx.game(game), "active")

    @game.command(name="abandon", description=text("cmd.game.abandon"))
    @describe("game")
    async def abandon(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with guard(interaction) as ctx:
            await admin.set_status(ctx, await ctx.game(game), "abandoned")

    # --- autocomplete shared by the commands above ---------------------------------------------
    async def _seat_choices(
        self, interaction: discord.Interaction, current: str, *, free_only: bool
    ) -> Choices:
        ctx = Ctx(interaction, self.bot, lang_of(interaction))
        try:
            record = await ctx.game(str(interaction.namespace.game or "") or None)
        except (Refusal, RuleViolation):
            return []
        holders = await self.bot.referee.seats(record.id)
        out = []
        for seat in get_ruleset(record.ruleset).seats:
            if free_only and seat in holders:
                continue
            name = present.seat_name(record.ruleset, seat, ctx.lang)
            if current.lower() in name.lower() or current.lower() in seat:
                out.append(app_commands.Choice(name=name[:100], value=seat))
        return out[:25]


async def _game_ids(interaction: discord.Interaction, current: str) -> Choices:
    return await game_choices(interaction, current)


# Every /game command with a `game` option completes it from this server's live games.
for _command in Lobby.game.commands:
    if isinstance(_command, app_commands.Command) and any(
        p.name == "game" for p in _command.parameters
    ):
        _command.autocomplete("game")(_game_ids)


async def setup(bot: RefereeBot) -> None:
    await bot.add_cog(Lobby(bot))
