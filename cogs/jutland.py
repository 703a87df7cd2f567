"""/jut: Jutland orders as text commands (Jutland 3.3, 4.2, 4.3), for players who would
rather type than click; the shared /orders answers every decision with menus.

Thin: each command names its action type and inputs; the user's open decision taking it is
found (for ``plot`` and ``maneuver``, the one of the task force named: each force has its own
sealed decision), typed names are looked up among that decision's own options, and the
referee judges the order. Autocomplete offers those same options, so it shows only what the
seat's own decisions hold. ``/jut map`` shows one's own search sheet or the battle surface.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot import present
from bot.i18n import render, tr
from bot.interactions import Refusal, lang_of
from bot.rules.core import OrderForm, Prompt, RuleViolation, Text, View
from bot.rules.jutland.search import label
from bot.rules.jutland.view import JutlandView
from bot.store import GameRecord
from cogs._common import Ctx, GameCog, GameCommands, OrderCommand, add_order_commands, guard
from cogs._was_input import (
    Choices,
    answers_for,
    fitting,
    focused,
    options,
    pick_one,
    typed_before,
)

if TYPE_CHECKING:
    from bot.client import RefereeBot

RULESET = "jutland"
GAME = GameCommands(RULESET, "jut", "discord.jut.not_jutland")
BY_FORCE = ("plot", "maneuver")
"""Orders given per task force: the force is named, and picks the decision."""

ORDERS = (
    OrderCommand("plot", ("plot",), ("tf", "to")),  # 3.3 item 1
    OrderCommand("announce", ("announce",), (), ("extra",)),  # 3.3 items 2-3
    # 4.2; 15.3: the damaged ships that fall out
    OrderCommand("maneuver", ("maneuver",), ("tf", "turn", "angle", "speed"), ("then", "detach")),
    OrderCommand("fire", ("fire",), ("target", "band", "ships")),  # 4.3
    OrderCommand("hold-fire", ("hold_fire",)),  # 4.3 item 11
)
BY_NAME = {c.name: c for c in ORDERS}
text = GAME.text


def _label(tf_id: str) -> Text | str:
    """A task force as readers name it ("German task force 2")."""
    name = label(tf_id)
    return Text.model_validate(name) if isinstance(name, dict) else str(name)


def _force_of(prompt: Prompt, type_: str) -> str | None:
    form = next((f for f in prompt.forms if f.type == type_), None)
    return None if form is None else str(form.fixed.get("tf", "")) or None


class JutlandCog(GameCog):
    game = GAME
    jut = app_commands.Group(name="jut", description=text("cmd"))

    def score(self, view: View, lang: str) -> str:
        """The thread's situation line: the hour and the ships each side sank (Jutland 2)."""
        assert isinstance(view, JutlandView)
        return tr(
            "discord.jut.score", lang, hour=view.hour,
            german=view.sunk.get("british", 0), british=view.sunk.get("german", 0),
        )  # fmt: skip

    async def _decision(
        self, ctx: Ctx, game: str | None, command: OrderCommand, tf: str | None
    ) -> tuple[GameRecord, Prompt, list[OrderForm]]:
        """The open decision the order answers; for a per-force order, that force's."""
        record, prompt, forms = await GAME.open(ctx, game, command.types)
        if command.name not in BY_FORCE:
            return record, prompt, forms
        type_ = command.types[0]
        mine = await ctx.bot.referee.prompts(record.id, ctx.user_id)
        wanted = (tf or "").strip().casefold()
        for p in mine:
            force = _force_of(p, type_)
            if force and wanted in {force, render(_label(force), ctx.lang).casefold()}:
                return record, p, [f for f in p.forms if f.type == type_]
        raise Refusal("discord.jut.no_such_force", game=record.id, tf=tf or "")

    async def _order(
        self,
        interaction: discord.Interaction,
        command: OrderCommand,
        game: str | None,
        raw: dict[str, Any],
    ) -> None:
        async with guard(interaction) as ctx:
            record, prompt, forms = await self._decision(ctx, game, command, raw.pop("tf", None))
            answers = answers_for(forms, raw, ctx.lang)
            form = fitting(forms, answers)
            await ctx.send(present.clip(await GAME.give(ctx, record, prompt, form, answers)))

    @jut.command(name="map", description=text("cmd.map"))
    @GAME.params(game="game")
    async def map_(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """Your side's sheet or the battle surface (only you see it), or the public sheet."""
        async with guard(interaction) as ctx:
            await GAME.send_maps(ctx, game, "jutland.png")

    async def _complete(self, interaction: discord.Interaction, current: str) -> Choices:
        """Options of the focused input in the user's open decisions (the task forces still
        owing a plot or a maneuver for ``tf``), narrowed by the inputs typed before it."""
        command = BY_NAME.get(interaction.command.name if interaction.command else "")
        if command is None:
            return []
        lang = lang_of(interaction)
        name = focused(interaction)
        if name == "tf":
            return await self._forces(interaction, command, current)
        forms = await self._forms(interaction, command)
        if not forms:
            return []
        before, _ = typed_before(forms, name, lambda n: getattr(interaction.namespace, n, None))
        return pick_one(options(forms, name, answers_for(forms, before, lang)), current, lang)

    async def _forms(
        self, interaction: discord.Interaction, command: OrderCommand
    ) -> list[OrderForm]:
        """The forms of the decision the command answers (the named force's), or none."""
        if command.name not in BY_FORCE:
            return await GAME.forms(interaction, command.types)
        ctx = Ctx(interaction, cast("RefereeBot", interaction.client), lang_of(interaction))
        game = str(getattr(interaction.namespace, "game", "") or "") or None
        tf = str(getattr(interaction.namespace, "tf", "") or "") or None
        try:
            return (await self._decision(ctx, game, command, tf))[2]
        except (Refusal, RuleViolation):
            return []

    async def _forces(
        self, interaction: discord.Interaction, command: OrderCommand, current: str
    ) -> Choices:
        game = str(getattr(interaction.namespace, "game", "") or "") or None
        lang = lang_of(interaction)
        ctx = Ctx(interaction, cast("RefereeBot", interaction.client), lang)
        try:
            record = await GAME.record(ctx, game)
            mine = await ctx.bot.referee.prompts(record.id, ctx.user_id)
        except (Refusal, RuleViolation):
            return []
        out = []
        for p in mine:
            force = _force_of(p, command.types[0])
            name = render(_label(force), lang) if force else ""
            if force and current.strip().casefold() in f"{force} {name}".casefold():
                out.append(app_commands.Choice(name=name[:100], value=force))
        return out[:25]


add_order_commands(
    JutlandCog.jut, GAME, JutlandCog, ORDERS, JutlandCog._order, JutlandCog._complete
)


async def setup(bot: Any) -> None:
    await bot.add_cog(JutlandCog(bot))
