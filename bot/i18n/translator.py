"""Command descriptions, option names and descriptions and choices in English and Chinese.

Strings declared by the cogs carry their catalog key (``locale_str(english, key=...)``, see
``cogs/_common.py``); option names carry none, so their key is derived from the parameter:
``discord.param.<name>.name``. English is the base text Discord shows by default, so only the
Chinese locales are translated here.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from bot.i18n import catalogs

CHINESE = {discord.Locale.chinese, discord.Locale.taiwan_chinese}


def key_for(
    string: app_commands.locale_str, context: app_commands.TranslationContext[Any, Any]
) -> str | None:
    key = string.extras.get("key")
    if key:
        return str(key)
    if context.location is Where.parameter_name:
        return f"discord.param.{context.data.name}.name"
    return None


class RefereeTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContext[Any, Any],
    ) -> str | None:
        if locale not in CHINESE:
            return None
        key = key_for(string, context)
        return catalogs()["zh"].get(key) if key else None
