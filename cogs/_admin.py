"""The bodies of the /game commands that manage a game (settings, substitutes, pause and
resume, abandon, log, export); cogs/lobby.py declares the commands and calls these."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import discord

from bot import present
from bot.i18n import tr
from bot.interactions import Refusal
from bot.rules.core import RuleViolation
from bot.rules.core.registry import get as get_ruleset
from bot.store import GameRecord
from cogs._common import Ctx
from cogs._views import recent_events, refresh_lobby

_PAIR = re.compile(r"^\s*([A-Za-z_][\w.-]*)\s*=\s*(.*?)\s*$")


def parse_options(raw: str | None) -> dict[str, Any]:
    """``raids=3, fog=yes`` -> {"raids": 3, "fog": True}; the ruleset validates the result."""
    out: dict[str, Any] = {}
    for part in re.split(r"[,;\s]+(?=[A-Za-z_][\w.-]*\s*=)", (raw or "").strip()):
        if not part.strip():
            continue
        match = _PAIR.match(part)
        if match is None:
            raise Refusal("discord.error.options_syntax", text=part[:50])
        out[match.group(1)] = _value(match.group(2))
    return out


def solo_options(ruleset: str, options: dict[str, Any], solo: bool) -> dict[str, Any]:
    """/game new ``solo:true``: the ruleset's ``solo`` option on (the bot takes every side no
    player takes, Ruleset.solo_policy); refused for a game that offers no such play."""
    if not solo:
        return options
    try:
        fields = get_ruleset(ruleset).options_model.model_fields
    except RuleViolation:
        return options  # an unknown game: the referee refuses it by name
    if "solo" not in fields:
        raise Refusal("discord.error.no_solo", game=ruleset)
    return {**options, "solo": True}


def _value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


async def require_creator_or_manager(ctx: Ctx, record: GameRecord) -> None:
    if record.created_by != ctx.user_id and not ctx.is_manager():
        raise Refusal("discord.error.creator_or_manager", role=ctx.bot.settings.manager_role)


async def settings(
    ctx: Ctx, record: GameRecord, changes: dict[str, Any], options: str | None
) -> None:
    referee = ctx.bot.referee
    if changes or options:
        await require_creator_or_manager(ctx, record)
    current = record.settings
    if changes:
        current = (await referee.update_settings(record.id, changes)).model_dump(mode="json")
    if options:
        await referee.update_options(record.id, parse_options(options))
        await refresh_lobby(ctx.bot, record)
    record = await referee.game(record.id)
    shown = ", ".join(f"{k}={v}" for k, v in sorted(record.options.items())) or "—"
    await ctx.send(
        ctx.t(
            "discord.settings.show",
            game=record.id,
            deadline=current.get("deadline_hours"),
            remind=current.get("remind_before_hours"),
            expiry=ctx.t(f"discord.choice.on_expiry.{current.get('on_expiry', 'default')}"),
            options=shown,
        )
    )


async def substitute(ctx: Ctx, record: GameRecord, seat: str, user: discord.abc.User) -> None:
    await ctx.bot.referee.substitute(
        record.id, seat, str(user.id), by_user=ctx.user_id, manager=ctx.is_manager()
    )
    lang = ctx.guild_lang
    seat_name = present.seat_name(record.ruleset, seat, lang)
    note = tr(
        "discord.sub.public",
        lang,
        seat=seat_name,
        user=present.mention(str(user.id)),
        by=present.mention(ctx.user_id),
    )
    await post_in_thread(ctx, record, note)
    if record.status == "lobby":
        await refresh_lobby(ctx.bot, record)
    await ctx.send(
        ctx.t(
            "discord.sub.done",
            seat=present.seat_name(record.ruleset, seat, ctx.lang),
            user=present.mention(str(user.id)),
        )
    )


OFF = "off"
"""The policy that hands a side back to its holder."""


def policy_name(ruleset: str, policy: str, lang: str) -> str:
    """A policy by its name in the game's catalog (``<ruleset>.autopilot.<policy>``), else
    the shared one (``discord.autopilot.<policy>``), else its id."""
    for key in (f"{ruleset}.autopilot.{policy}", f"discord.autopilot.{policy}"):
        if present.has_key(key, lang):
            return tr(key, lang)
    return policy


async def hand_over(ctx: Ctx, record: GameRecord, seat: str, policy: str) -> None:
    """A side whose player is gone, played by the referee by ``policy`` (or, ``off``, by its
    holder again): managers only; the thread is told, naming the side and the policy."""
    ctx.require_manager()
    await ctx.bot.referee.hand_over(
        record.id, seat, None if policy == OFF else policy, manager=ctx.is_manager()
    )
    ctx.bot.delivery.wake()
    lang = ctx.guild_lang
    key = "discord.autopilot.back" if policy == OFF else "discord.autopilot.public"
    note = tr(
        key,
        lang,
        seat=present.seat_name(record.ruleset, seat, lang),
        policy=policy_name(record.ruleset, policy, lang),
        by=present.mention(ctx.user_id),
    )
    await post_in_thread(ctx, record, note)
    await ctx.send(note)


async def post_in_thread(ctx: Ctx, record: GameRecord, text: str) -> None:
    target = record.thread_id or record.channel_id
    if target:
        channel = ctx.bot.get_partial_messageable(int(target), guild_id=int(record.guild_id))
        await channel.send(
            text, allowed_mentions=discord.AllowedMentions(users=True, roles=False, everyone=False)
        )


async def set_status(ctx: Ctx, record: GameRecord, status: str) -> None:
    if status == "abandoned" and record.status == "lobby" and record.created_by == ctx.user_id:
        pass  # the creator may call off a game nobody started
    else:
        ctx.require_manager()
    await ctx.bot.referee.set_status(record.id, status, by_user=ctx.user_id)
    ctx.bot.delivery.wake()
    if record.status == "lobby":
        await refresh_lobby(ctx.bot, record)
    await ctx.send(ctx.t(f"discord.status.done.{status}", game=record.id))


async def show_log(ctx: Ctx, record: GameRecord) -> None:
    seats = await ctx.seats_of_user(record.id)
    audience = seats[0] if len(seats) == 1 else None
    if record.status == "lobby":
        await ctx.send(ctx.t("discord.log.empty", game=record.id))
        return
    lines = await recent_events(ctx.bot, record, audience, ctx.lang, count=20)
    await ctx.send(
        present.clip(present.join(present.header(record.id, record.ruleset, ctx.lang), *lines))
    )


async def export(ctx: Ctx, record: GameRecord, full: bool) -> None:
    """Public or one's own seat's export; the full log (with the seed) once the game is over."""
    await ctx.interaction.response.defer(ephemeral=True, thinking=True)
    seats = await ctx.seats_of_user(record.id)
    audience = None if full or len(seats) != 1 else seats[0]
    data = await ctx.bot.referee.export(record.id, audience, full=full)
    blob = json.dumps(data, ensure_ascii=False, indent=1).encode("utf-8")
    name = f"{record.id}-{data['audience']}.json"
    await ctx.send(
        ctx.t("discord.export.ready", game=record.id, audience=data["audience"]),
        file=discord.File(io.BytesIO(blob), name),
    )
