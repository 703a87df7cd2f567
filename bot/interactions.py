"""Answering an interaction: the user's language, a reply that works whether or not the
interaction was answered already, and errors turned into messages.

A RuleViolation becomes an ephemeral refusal in the user's language naming the rule section;
a Refusal (the Discord layer's own "no": not a manager, which game?) an ephemeral message;
anything else is logged with its traceback and an incident id the user can quote.
"""

from __future__ import annotations

import logging
import secrets
from typing import Any

import discord

from bot.i18n import lang_for, tr, violation
from bot.rules.core import RuleViolation
from bot.rules.core.summaries import lookup

log = logging.getLogger(__name__)


class Refusal(Exception):
    """A refusal of the Discord layer itself, with a catalog key and its parameters."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def payload(interaction: discord.Interaction) -> dict[str, Any]:
    """The interaction's raw data as a plain dict: discord.py types it as a union of
    TypedDicts, each with only some of the keys (custom_id, values, options, components)."""
    return dict(interaction.data or {})


def lang_of(interaction: discord.Interaction) -> str:
    """The user's Discord language, falling back to the guild's."""
    guild_locale = interaction.guild_locale
    return lang_for(str(interaction.locale), str(guild_locale) if guild_locale else None)


async def send(
    interaction: discord.Interaction,
    content: str,
    *,
    ephemeral: bool = True,
    view: discord.ui.View | None = None,
    file: discord.File | None = None,
) -> None:
    """Reply, or follow up when the interaction was answered (or deferred) already."""
    kwargs: dict[str, Any] = {"ephemeral": ephemeral}
    if view is not None:
        kwargs["view"] = view
    if file is not None:
        kwargs["file"] = file
    if not interaction.response.is_done():
        await interaction.response.send_message(content, **kwargs)
    else:
        await interaction.followup.send(content, **kwargs)


async def acknowledge(interaction: discord.Interaction) -> None:
    """Answer Discord at once before work that may be long (an order's submit): a click or a
    modal gets a deferred update (its message is edited afterwards), a command an ephemeral
    "thinking" that the first follow-up fills. The first reply then costs what Discord's own
    round trip costs, whatever the work behind it (issue 9: first reply)."""
    if interaction.response.is_done() or interaction.type is discord.InteractionType.autocomplete:
        return
    if interaction.type is discord.InteractionType.application_command:
        await interaction.response.defer(ephemeral=True, thinking=True)
    else:
        await interaction.response.defer()


def error_text(interaction: discord.Interaction, error: BaseException) -> str:
    lang = lang_of(interaction)
    if isinstance(error, RuleViolation):
        link = rule_link(error, lang)
        return violation(error, lang) + (f"\n{link}" if link else "")
    if isinstance(error, Refusal):
        return tr(error.key, lang, **error.params)
    incident = secrets.token_hex(4)
    log.error(
        "interaction failed",
        exc_info=(type(error), error, error.__traceback__),
        extra={
            "incident": incident,
            "user": interaction.user.id,
            "guild": interaction.guild_id,
            "custom_id": payload(interaction).get("custom_id"),
            "command": interaction.command.qualified_name if interaction.command else None,
        },
    )
    return tr("discord.error.internal", lang, incident=incident)


def rule_command(ruleset_id: str, section_id: str) -> str:
    """The command that shows the project's summary of a section (cogs/help.py)."""
    return f"/rule section:{section_id} ruleset:{ruleset_id}"


def rule_link(error: RuleViolation, lang: str) -> str | None:
    """How to read the rule a refusal cites: its summary's title and the /rule command; None
    for the referee's own checks and sections without a summary."""
    if error.ruleset is None:
        return None
    found = lookup(error.ruleset, error.section)
    if found is None:
        return None
    return tr(
        "discord.rule.link",
        lang,
        section=found.id,
        title=found.heading(lang),
        command=rule_command(error.ruleset, found.id),
    )


async def answer_error(interaction: discord.Interaction, error: BaseException) -> None:
    text = error_text(interaction, error)
    if interaction.type is discord.InteractionType.autocomplete:
        return
    try:
        await send(interaction, text, ephemeral=True)
    except discord.HTTPException:
        log.exception("could not tell the user about an error")
