"""What every cog shares: the interaction context, the error guard, finding the game an
interaction is about, command strings from the catalog, and notices of undelivered DMs."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.i18n import tr
from bot.interactions import Refusal, answer_error, lang_of, send
from bot.present import ruleset_title
from bot.referee import LIVE, Seated
from bot.rules.core import GameState, RuleViolation
from bot.store import GameRecord

if TYPE_CHECKING:
    from bot.client import RefereeBot

log = logging.getLogger(__name__)


# --- command strings: English base from the catalog, Chinese from the translator ----------------
def text(key: str) -> app_commands.locale_str:
    full = f"discord.{key}"
    return app_commands.locale_str(tr(full, "en"), key=full)


def describe(*names: str) -> Any:
    """@app_commands.describe for these parameters, from ``discord.param.<name>``."""
    return app_commands.describe(**{n: text(f"param.{n}") for n in names})


def choice(param: str, value: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=text(f"choice.{param}.{value}"), value=value)


# --- the context of one interaction -------------------------------------------------------------
@dataclass
class Ctx:
    interaction: discord.Interaction
    bot: RefereeBot
    lang: str

    @property
    def user_id(self) -> str:
        return str(self.interaction.user.id)

    @property
    def guild_id(self) -> str | None:
        gid = self.interaction.guild_id
        return str(gid) if gid is not None else None

    @property
    def guild_lang(self) -> str:
        """Public messages (the lobby, the thread) are in the server's language."""
        return self.bot.guild_lang(self.guild_id) if self.guild_id else self.lang

    def t(self, key: str, **params: Any) -> str:
        return tr(key, self.lang, **params)

    async def send(self, content: str, **kwargs: Any) -> None:
        await send(self.interaction, content, **kwargs)

    def is_manager(self) -> bool:
        """Manage Server, or the configured manager role."""
        perms = self.interaction.permissions
        if perms.manage_guild or perms.administrator:
            return True
        roles = getattr(self.interaction.user, "roles", [])
        return any(r.name == self.bot.settings.manager_role for r in roles)

    def require_manager(self) -> None:
        if not self.is_manager():
            raise Refusal("discord.error.manager_only", role=self.bot.settings.manager_role)

    async def game(self, game_id: str | None = None) -> GameRecord:
        """The game named, isolated per server (another server's id is "not found"); without
        an id, the game whose thread this is, else the user's only live game here."""
        return (await self.seated(game_id)).record if game_id else await self._game_here()

    async def seated(self, game_id: str | None = None) -> Seated:
        """``game`` with its seats and the open prompts of its cached state, from the referee
        in one store trip (issue 9: one trip resolves game, seat and prompt)."""
        referee = self.bot.referee
        if not game_id:
            record = await self._game_here()
            game_id = record.id
        seated = await referee.seated(game_id.strip().lower(), self.user_id, self.guild_id)
        if self.guild_id is None and not seated.held:
            # In DMs a user reaches only the games they play.
            raise RuleViolation("core.game.not_found", "Referee", game=seated.record.id)
        return seated

    async def _game_here(self) -> GameRecord:
        channel = self.interaction.channel_id
        record = await self.bot.referee.game_here(
            self.guild_id, str(channel) if channel is not None else None, self.user_id
        )
        if record is None:
            raise Refusal("discord.error.which_game")
        return record

    async def game_and_state(self, game_id: str | None) -> tuple[GameRecord, GameState | None]:
        """``game`` and its state (None in the lobby), from the referee's cache."""
        record = await self.game(game_id)
        if record.status == "lobby":
            return record, None
        try:
            return await self.bot.referee.state(record.id, record)
        except RuleViolation as exc:
            if exc.code != "core.game.not_started":  # abandoned in its lobby
                raise
            return record, None

    async def seats_of_user(self, game_id: str) -> list[str]:
        return (await self.bot.referee.seated(game_id, self.user_id)).held


@contextlib.asynccontextmanager
async def guard(interaction: discord.Interaction) -> AsyncIterator[Ctx]:
    """Run an interaction's work: errors become messages, and then any DM the user missed
    is announced (ephemerally) with a button to see it here."""
    ctx = Ctx(interaction, cast("RefereeBot", interaction.client), lang_of(interaction))
    try:
        yield ctx
    except Exception as exc:
        await answer_error(interaction, exc)
    try:
        await show_notices(ctx)
    except Exception:
        log.exception("could not show notices", extra={"user": ctx.user_id})


async def show_notices(ctx: Ctx) -> None:
    interaction = ctx.interaction
    if interaction.type is discord.InteractionType.autocomplete:
        return
    if interaction.response.type is discord.InteractionResponseType.modal:
        return  # a modal is open: tell them at their next interaction instead
    if not ctx.bot.may_have_notices(ctx.user_id):
        return
    notices = await ctx.bot.referee.take_notices(ctx.user_id)
    ctx.bot.notices_taken(ctx.user_id)
    per_game: dict[str, int] = {}
    for message in notices:
        per_game[message.game_id] = per_game.get(message.game_id, 0) + 1
    for game_id, count in per_game.items():
        view = discord.ui.View(timeout=None)
        view.add_item(
            discord.ui.Button(
                label=ctx.t("discord.notice.show_here")[:80],
                style=discord.ButtonStyle.primary,
                custom_id=ctx.bot.custom_id("show", game_id),
            )
        )
        view.stop()  # stateless: the click is routed by its custom_id (bot/client.py)
        await ctx.send(ctx.t("discord.notice.dm_closed", game=game_id, count=count), view=view)


def frozen(view: discord.ui.View) -> discord.ui.View:
    """A view that discord.py will not keep: its clicks are routed by custom_id instead."""
    view.stop()
    return view


# --- autocomplete ---------------------------------------------------------------------------
async def game_choices(
    interaction: discord.Interaction, current: str, *, mine_only: bool = False
) -> list[app_commands.Choice[str]]:
    bot = cast("RefereeBot", interaction.client)
    lang = lang_of(interaction)
    guild = str(interaction.guild_id) if interaction.guild_id else None
    if mine_only or guild is None:
        mine = await bot.referee.games_of_user(str(interaction.user.id), guild)
        records = [record for record, _ in mine.values()]
    else:
        records = await bot.referee.games(guild, LIVE)
    out: dict[str, app_commands.Choice[str]] = {}
    needle = current.strip().lower()
    for g in reversed(records):  # newest first
        status = tr(f"discord.status.{g.status}", lang)
        name = f"{g.id} · {ruleset_title(g.ruleset, lang)} · {status}"
        if needle in name.lower() and g.id not in out:
            out[g.id] = app_commands.Choice(name=name[:100], value=g.id)
    return list(out.values())[:25]
