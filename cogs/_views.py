"""Messages shown in answer to an interaction, built from a view, the events an audience may
see and the store's seats: the lobby, a game's status, one seat's private view."""

from __future__ import annotations

import asyncio
import contextlib
import io
from collections import OrderedDict
from typing import TYPE_CHECKING

import discord

from bot import present
from bot.i18n import event_text, render, tr
from bot.referee import Seated
from bot.rules.core import GameState, View
from bot.rules.core.registry import get as get_ruleset
from bot.store import GameRecord
from rendering.registry import render_view, renders

if TYPE_CHECKING:
    from bot.client import RefereeBot

RECENT = 12


_DRAWN: OrderedDict[int, tuple[View, bytes | None]] = OrderedDict()
"""Pictures of the views the referee keeps (one per version and audience, bot/referee), by the
view object itself (held here, so its id is not reused): `/game status` asked again at the
same version neither dumps nor hashes the view again (issue 9)."""
DRAWN_KEPT = 32


async def picture(view: View, filename: str) -> discord.File | None:
    if not renders(view.ruleset):
        return None
    kept = _DRAWN.get(id(view))
    if kept is not None and kept[0] is view:
        _DRAWN.move_to_end(id(view))
        png = kept[1]
    else:
        png = await asyncio.to_thread(render_view, view.model_dump(mode="json"))
        _DRAWN[id(view)] = (view, png)
        while len(_DRAWN) > DRAWN_KEPT:
            _DRAWN.popitem(last=False)
    return discord.File(io.BytesIO(png), filename) if png else None


def options_line(record: GameRecord, lang: str) -> str:
    if not record.options:
        return ""
    shown = ", ".join(f"{k}={v}" for k, v in sorted(record.options.items()))
    return tr("discord.lobby.options", lang, options=shown)


def scenario_title(record: GameRecord, lang: str) -> str:
    try:
        scenarios = {s.id: s.title for s in get_ruleset(record.ruleset).scenarios()}
    except Exception:
        return record.scenario
    title = scenarios.get(record.scenario)
    return render(title, lang) if title is not None else record.scenario


def seat_lines(record: GameRecord, holders: dict[str, str], lang: str) -> list[str]:
    out = []
    ruleset = get_ruleset(record.ruleset)
    pilots = record.settings.get("autopilot", {})
    solo = record.status == "lobby" and ruleset.solo_policy(ruleset.parse_options(record.options))
    for seat in ruleset.seats:
        user = holders.get(seat)
        if user:
            who = present.mention(user)
        elif seat in pilots:  # the referee holds it (a game against the bot)
            who = tr("discord.lobby.bot", lang, policy=pilots[seat])
        else:
            who = tr("discord.lobby.bot_free" if solo else "discord.lobby.free", lang)
        out.append(
            tr(
                "discord.waiting.seat",
                lang,
                seat=present.seat_name(record.ruleset, seat, lang),
                user=who,
            )
        )
    return out


async def lobby(
    bot: RefereeBot, record: GameRecord, lang: str
) -> tuple[str, discord.ui.View | None]:
    """The lobby message (public, in the server's language) and its buttons while open."""
    lines = [
        present.header(record.id, record.ruleset, lang),
        tr("discord.lobby.scenario", lang, scenario=scenario_title(record, lang)),
        options_line(record, lang),
        *[f"• {line}" for line in seat_lines(record, await bot.referee.seats(record.id), lang)],
        tr("discord.lobby.howto", lang)
        if record.status == "lobby"
        else tr(f"discord.status.{record.status}", lang),
    ]
    if record.status != "lobby":
        return present.clip(present.join(*lines)), None
    view = discord.ui.View(timeout=None)
    for seat in get_ruleset(record.ruleset).seats:
        label = tr("discord.lobby.take", lang, seat=present.seat_name(record.ruleset, seat, lang))
        view.add_item(
            discord.ui.Button(
                label=label[:80], custom_id=bot.custom_id("lobby", record.id, "seat", seat)
            )
        )
    view.add_item(
        discord.ui.Button(
            label=tr("discord.lobby.start", lang)[:80],
            style=discord.ButtonStyle.success,
            custom_id=bot.custom_id("lobby", record.id, "start"),
        )
    )
    view.add_item(
        discord.ui.Button(
            label=tr("discord.lobby.leave", lang)[:80],
            style=discord.ButtonStyle.secondary,
            custom_id=bot.custom_id("lobby", record.id, "leave"),
        )
    )
    view.stop()  # stateless: clicks are routed by custom_id, the state comes from the store
    return present.clip(present.join(*lines)), view


async def refresh_lobby(bot: RefereeBot, record: GameRecord) -> None:
    """Edit the lobby message after a change made elsewhere (a command, not its buttons).
    The game's thread was opened from the lobby message, so they share an id."""
    record = await bot.referee.game(record.id)
    if not record.thread_id or not record.channel_id:
        return
    content, view = await lobby(bot, record, bot.guild_lang(record.guild_id))
    channel = bot.get_partial_messageable(int(record.channel_id), guild_id=int(record.guild_id))
    # The lobby message may have been deleted: the thread still works without it.
    with contextlib.suppress(discord.HTTPException):
        await channel.get_partial_message(int(record.thread_id)).edit(content=content, view=view)


async def status(
    bot: RefereeBot, seated: Seated, state: GameState | None, lang: str
) -> tuple[str, discord.File | None]:
    """A game's public status: anyone may read it (spectators too). ``seated`` brought the
    seats and deadlines in the trip that found the game; the view is the referee's, kept per
    version, and so is its picture (issue 9)."""
    record, holders, deadlines = seated.record, seated.seats, seated.deadlines
    lines = [
        present.header(record.id, record.ruleset, lang),
        tr(
            "discord.status.line",
            lang,
            status=tr(f"discord.status.{record.status}", lang),
            scenario=scenario_title(record, lang),
        ),
        *[f"• {line}" for line in seat_lines(record, holders, lang)],
    ]
    file = None
    if state is not None:
        view = bot.referee.view_of(record, state, None)
        lines.append(present.view_status(view, lang))
        result = view.result.model_dump(mode="json") if view.result else None
        lines.append(present.result_line(result, record.ruleset, lang))
        for d in deadlines:
            if not d.fired:
                lines.append(
                    tr(
                        "discord.status.due",
                        lang,
                        seat=present.seat_name(record.ruleset, d.seat, lang),
                        user=present.mention(holders.get(d.seat)),
                        due=present.when(d.due_at),
                    )
                )
        file = await picture(view, "map.png")
    lines.append(tr("discord.status.commitment", lang, commitment=record.commitment))
    return present.clip(present.join(*lines)), file


async def recent_events(
    bot: RefereeBot, record: GameRecord, audience: str | None, lang: str, count: int = RECENT
) -> list[str]:
    """The last events this audience may see (from its own export of the log)."""
    export = await bot.referee.export(record.id, audience)
    events = [e for entry in export["log"] if not entry["undone"] for e in entry["events"]]
    return [f"• {event_text(e, lang, record.ruleset)}" for e in events[-count:]]


async def private_view_message(
    bot: RefereeBot, seated: Seated, seat: str, lang: str
) -> tuple[str, discord.File | None]:
    """What one seat may know: its view's status, its recent events, its open decisions."""
    record = seated.record
    if seated.state is not None:
        view = bot.referee.view_of(record, seated.state, seat)
    else:  # a finished game: its final state
        view = await bot.referee.view(record.id, seat, record)
    prompts = [p for p in seated.open if p.seat == seat]
    content = present.join(
        tr(
            "discord.dm.header",
            lang,
            header=present.header(record.id, record.ruleset, lang),
            seat=present.seat_name(record.ruleset, seat, lang),
        ),
        *await recent_events(bot, record, seat, lang),
        present.view_status(view, lang),
        *[present.prompt_line(p, lang, seated.due(p)) for p in prompts],
    )
    return present.clip(content), await picture(view, "view.png")
