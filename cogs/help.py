"""/help (what the bot does and its commands), /rule (the project's own short summary of a
rulebook section, in the reader's language; refusals link here), and the onboarding message
posted when the bot joins a server."""

from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from bot import present
from bot.client import RefereeBot
from bot.i18n import tr
from bot.interactions import Refusal, lang_of
from bot.rules.core import RuleViolation
from bot.rules.core.registry import available
from bot.rules.core.summaries import RuleSummary, lookup, summaries
from cogs._common import Ctx, guard, text

log = logging.getLogger(__name__)
Choices = list[app_commands.Choice[str]]


def help_text(lang: str) -> str:
    return tr("discord.help.body", lang)


def rule_text(ruleset_id: str, summary: RuleSummary, lang: str) -> str:
    title = present.ruleset_title(ruleset_id, lang)
    return tr(
        "discord.rule.answer",
        lang,
        game=title,
        section=summary.id,
        title=summary.heading(lang),
        summary=summary.text(lang),
    )


def _with_summaries() -> list[str]:
    return [r for r in available() if summaries(r)]


class Help(commands.Cog):
    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    @app_commands.command(name="help", description=text("cmd.help"))
    async def help_command(self, interaction: discord.Interaction) -> None:
        async with guard(interaction) as ctx:
            await ctx.send(help_text(ctx.lang))

    @app_commands.command(name="rule", description=text("cmd.rule"))
    @app_commands.describe(section=text("param.section"), ruleset=text("param.rule_ruleset"))
    async def rule_command(
        self, interaction: discord.Interaction, section: str, ruleset: str | None = None
    ) -> None:
        async with guard(interaction) as ctx:
            ruleset_id = ruleset or await self._ruleset_here(ctx)
            found = lookup(ruleset_id, section)
            if found is None:
                raise Refusal(
                    "discord.rule.unknown",
                    section=section[:20],
                    game=present.ruleset_title(ruleset_id, ctx.lang),
                )
            await ctx.send(rule_text(ruleset_id, found, ctx.lang))

    async def _ruleset_here(self, ctx: Ctx) -> str:
        """The game of this thread, else the only game with summaries."""
        try:
            return (await ctx.game(None)).ruleset
        except (Refusal, RuleViolation):  # not in a game's thread
            rulesets = _with_summaries()
            if len(rulesets) == 1:
                return rulesets[0]
            raise Refusal("discord.rule.which_game") from None

    @rule_command.autocomplete("section")
    async def _sections(self, interaction: discord.Interaction, current: str) -> Choices:
        lang, needle = lang_of(interaction), current.strip().lower()
        ruleset = str(getattr(interaction.namespace, "ruleset", "") or "") or None
        rulesets = [ruleset] if ruleset else _with_summaries()
        out: Choices = []
        for ruleset_id in rulesets:
            for sid, summary in summaries(ruleset_id).items():
                name = f"{sid} {summary.heading(lang)}"
                if needle in name.lower():
                    out.append(app_commands.Choice(name=name[:100], value=sid))
        ranked = sorted(out, key=lambda c: not c.value.startswith(needle))
        return ranked[:25]

    @rule_command.autocomplete("ruleset")
    async def _rulesets(self, interaction: discord.Interaction, current: str) -> Choices:
        lang = lang_of(interaction)
        return [
            app_commands.Choice(name=f"{present.ruleset_title(r, lang)} ({r})"[:100], value=r)
            for r in _with_summaries()
            if current.strip().lower() in r
        ][:25]

    @commands.Cog.listener()
    async def on_guild_join(self, guild: discord.Guild) -> None:
        """Onboarding: say what the bot is and how to start, in the server's language, where
        the bot may post (the system channel, else the first text channel it can write in)."""
        lang = self.bot.guild_lang(guild.id)
        me = guild.me
        channels = [guild.system_channel, *guild.text_channels]
        for channel in channels:
            if channel is None or (
                me is not None and not channel.permissions_for(me).send_messages
            ):
                continue
            try:
                await channel.send(tr("discord.welcome", lang))
            except discord.HTTPException:
                continue
            return
        log.info("no channel to greet in", extra={"guild": guild.id})


async def setup(bot: RefereeBot) -> None:
    await bot.add_cog(Help(bot))
