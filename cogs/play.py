"""Playing: /orders shows my open decisions as components, /order answers one by name (long
lists), /undo takes back my last order; and the components those messages carry (also in
DMs, where the delivery puts them), routed here by custom_id."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import present
from bot.client import RefereeBot
from bot.i18n import render, tr
from bot.interactions import Refusal, acknowledge, lang_of, payload
from bot.rules.core import OrderForm, Prompt, RuleViolation
from bot.store import GameRecord
from cogs import _orders as orders
from cogs import _steps as steps
from cogs._common import Ctx, describe, game_choices, guard, text, undo_last
from cogs._views import private_view_message


class Play(commands.Cog):
    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        for kind, handler in (
            ("ob", self.on_button),
            ("os", self.on_select),
            ("om", self.on_modal),
            ("oa", self.on_step),
            ("show", self.on_show),
        ):
            self.bot.register_component(kind, handler)
        self.bot.delivery.prompt_views = self.dm_view

    async def cog_unload(self) -> None:
        for kind in ("ob", "os", "om", "oa", "show"):
            self.bot.components.pop(kind, None)
        self.bot.delivery.prompt_views = None

    def dm_view(
        self, game_id: str, prompts: list[Prompt], lang: str
    ) -> tuple[discord.ui.View | None, str]:
        view, overflow = orders.prompts_view(self.bot, game_id, prompts, lang)
        return view, tr("discord.order.overflow", lang) if overflow else ""

    # --- commands -----------------------------------------------------------------------------
    @app_commands.command(name="orders", description=text("cmd.orders"))
    @describe("game")
    async def orders_command(
        self, interaction: discord.Interaction, game: str | None = None
    ) -> None:
        async with guard(interaction) as ctx:
            await acknowledge(interaction)  # answered before any lookup; the decisions follow
            referee = self.bot.referee
            games = (
                [await ctx.seated(game)] if game else await referee.owed(ctx.user_id, ctx.guild_id)
            )
            owing = [g for g in games if g.prompts]
            for seated in owing:
                for prompt in seated.prompts:
                    await self._show_prompt(ctx, seated.record, prompt, seated.due(prompt))
            if not owing:
                await ctx.send(ctx.t("discord.orders.none"))

    @orders_command.autocomplete("game")
    async def _orders_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await game_choices(interaction, current, mine_only=True)

    @app_commands.command(name="order", description=text("cmd.order"))
    @describe("order", "value")
    async def order_command(
        self, interaction: discord.Interaction, order: str, value: str | None = None
    ) -> None:
        async with guard(interaction) as ctx:
            await acknowledge(interaction)  # answered before any lookup
            game_id, seat, ph, index = _split_order(order)
            record, prompt = await self._open(ctx, game_id, seat, ph)
            form = _form(prompt, index)
            if len(form.inputs) > 1:
                raise Refusal("discord.order.use_buttons")
            answers: dict[str, Any] = {}
            if form.inputs:
                if value is None:
                    raise Refusal(
                        "discord.order.value_needed", name=render(form.inputs[0].label, ctx.lang)
                    )
                answers = {form.inputs[0].name: orders.parse(form.inputs[0], value)}
            await self._submit(ctx, record, prompt, form, answers)

    @order_command.autocomplete("order")
    async def _order_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        ctx = Ctx(interaction, self.bot, lang_of(interaction))
        out: list[app_commands.Choice[str]] = []
        for seated in await self.bot.referee.owed(ctx.user_id, ctx.guild_id):
            record = seated.record
            for prompt in seated.prompts:
                for index, form in enumerate(prompt.forms):
                    title = render(prompt.title, ctx.lang)
                    name = f"{render(form.label, ctx.lang)} — {title} ({record.id})"
                    if current.lower() in name.lower():
                        value = ":".join(
                            (record.id, prompt.seat, orders.prompt_hash(prompt), str(index))
                        )
                        out.append(app_commands.Choice(name=name[:100], value=value))
        return out[:25]

    @order_command.autocomplete("value")
    async def _order_values(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        ctx = Ctx(interaction, self.bot, lang_of(interaction))
        try:
            game_id, seat, ph, index = _split_order(str(interaction.namespace.order or ""))
            _, prompt = await self._open(ctx, game_id, seat, ph)
            form = _form(prompt, index)
        except (Refusal, RuleViolation):
            return []
        if len(form.inputs) != 1:
            return []
        choice, needle = form.inputs[0], current.strip().lower()
        if choice.kind == "flag":
            pairs = [(ctx.t("core.yes"), "1"), (ctx.t("core.no"), "0")]
        else:
            pairs = [(render(o.label, ctx.lang), o.value) for o in choice.options]
        hits = [(n, v) for n, v in pairs if needle in n.lower() or needle in v.lower()]
        return [app_commands.Choice(name=n[:100], value=v[:100]) for n, v in hits[:25]]

    @app_commands.command(name="undo", description=text("cmd.undo"))
    @describe("game")
    async def undo_command(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with guard(interaction) as ctx:
            await undo_last(ctx, await ctx.game(game))

    @undo_command.autocomplete("game")
    async def _undo_game(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await game_choices(interaction, current, mine_only=True)

    # --- components ---------------------------------------------------------------------------
    async def on_button(self, interaction: discord.Interaction, args: list[str]) -> None:
        async with guard(interaction) as ctx:
            game_id, seat, ph, index, *flag = args
            if not self._shows_first(game_id, seat, ph, index, flag):
                await acknowledge(interaction)  # an order: answered before any lookup
            record, prompt = await self._open(ctx, game_id, seat, ph)
            form = _form(prompt, index)
            kind = orders.layout(form)
            if kind == "steps":
                if flag == ["go"]:  # give the order the steps' menus hold
                    held = steps.read(form, interaction.message)
                    missing = form.first_refused(held)
                    if missing is not None:
                        label = next(c.label for c in form.inputs if c.name == missing)
                        raise Refusal(
                            "discord.order.step_incomplete", input=render(label, ctx.lang)
                        )
                    await self._submit(ctx, record, prompt, form, held)
                    return
                content, view = steps.step_message(
                    self.bot, record.id, prompt, int(index), ph, {}, ctx.lang
                )
                await ctx.send(content, view=view)
                return
            if kind == "modal":
                if interaction.response.is_done():  # the cache was a step behind: rare
                    raise Refusal("discord.order.closed", game=record.id)
                await interaction.response.send_modal(
                    orders.order_modal(self.bot, record.id, prompt, int(index), ctx.lang)
                )
                return
            answers: dict[str, Any] = {}
            if kind == "flag" and flag:
                answers = {form.inputs[0].name: flag[0] == "1"}
            elif form.inputs:
                raise Refusal("discord.order.use_command")
            await self._submit(ctx, record, prompt, form, answers)

    async def on_select(self, interaction: discord.Interaction, args: list[str]) -> None:
        async with guard(interaction) as ctx:
            await acknowledge(interaction)  # answered before any lookup
            game_id, seat, ph, index = args
            record, prompt = await self._open(ctx, game_id, seat, ph)
            form = _form(prompt, index)
            values = [str(v) for v in payload(interaction).get("values", [])]
            answers = orders.answers_for(form, {form.inputs[0].name: values})
            await self._submit(ctx, record, prompt, form, answers)

    async def on_step(self, interaction: discord.Interaction, args: list[str]) -> None:
        """A pick in an order's steps: the message shows the inputs that follow it."""
        async with guard(interaction) as ctx:
            game_id, seat, ph, index, name, page = args
            record, prompt = await self._open(ctx, game_id, seat, ph)
            form = _form(prompt, index)
            values = [str(v) for v in payload(interaction).get("values", [])]
            answers = steps.answer(form, interaction.message, name, int(page), values)
            content, view = steps.step_message(
                self.bot, record.id, prompt, int(index), ph, answers, ctx.lang
            )
            await interaction.response.edit_message(content=content, view=view)

    async def on_modal(self, interaction: discord.Interaction, args: list[str]) -> None:
        async with guard(interaction) as ctx:
            await acknowledge(interaction)  # answered before any lookup
            game_id, seat, ph, index = args
            record, prompt = await self._open(ctx, game_id, seat, ph)
            form = _form(prompt, index)
            raw = orders.modal_values(list(payload(interaction).get("components", [])))
            await self._submit(ctx, record, prompt, form, orders.answers_for(form, raw))

    async def on_show(self, interaction: discord.Interaction, args: list[str]) -> None:
        """The private view, here and only to this user (after a DM could not be sent)."""
        async with guard(interaction) as ctx:
            seated = await self.bot.referee.seated(args[0], ctx.user_id)
            record = seated.record
            if not seated.held:
                raise RuleViolation("core.seat.not_holder", "Referee", game=record.id)
            for seat in seated.held:
                content, file = await private_view_message(self.bot, seated, seat, ctx.lang)
                prompts = [p for p in seated.prompts if p.seat == seat]
                view, _ = orders.prompts_view(self.bot, record.id, prompts, ctx.lang)
                await ctx.send(content, view=view, file=file)

    # --- helpers ------------------------------------------------------------------------------
    def _shows_first(self, game_id: str, seat: str, ph: str, index: str, flag: list[str]) -> bool:
        """Whether this button's first reply is what it shows (a modal, or the first step of
        an order given in steps) rather than an order to acknowledge, judged from the cached
        prompts without a store trip; if the game is not cached, assume it is."""
        prompts = self.bot.referee.cached_prompts(game_id)
        if prompts is None:
            return True
        for prompt in prompts:
            if prompt.seat == seat and orders.prompt_hash(prompt) == ph:
                try:
                    kind = orders.layout(_form(prompt, index))
                except Refusal:
                    return False
                return kind == "modal" or (kind == "steps" and flag != ["go"])
        return False  # closed: the refusal follows the acknowledgement

    async def _open(self, ctx: Ctx, game_id: str, seat: str, ph: str) -> tuple[GameRecord, Prompt]:
        """The still-open prompt a component was made for; only the seat's holder may answer.
        One store trip (the game and its seats); the prompts are the cached state's."""
        seated = await self.bot.referee.seated(game_id, ctx.user_id, ctx.guild_id)
        if seated.seats.get(seat) != ctx.user_id:
            raise RuleViolation("core.seat.not_holder", "Referee", game=seated.record.id)
        for prompt in seated.prompts:
            if prompt.seat == seat and orders.prompt_hash(prompt) == ph:
                return seated.record, prompt
        raise Refusal("discord.order.closed", game=seated.record.id)

    async def _show_prompt(
        self, ctx: Ctx, record: GameRecord, prompt: Prompt, due: float | None
    ) -> None:
        view, overflow = orders.prompts_view(self.bot, record.id, [prompt], ctx.lang)
        content = present.join(
            present.header(record.id, record.ruleset, ctx.lang),
            present.prompt_line(prompt, ctx.lang, due),
            ctx.t("discord.order.overflow") if overflow else "",
        )
        await ctx.send(content, view=view)

    async def _submit(
        self, ctx: Ctx, record: GameRecord, prompt: Prompt, form: OrderForm, answers: dict[str, Any]
    ) -> None:
        interaction = ctx.interaction
        action = form.build(answers)
        message = interaction.message
        retire = message is not None and _only_for(message, record.id, prompt)
        await acknowledge(interaction)  # the order is checked and applied after the first reply
        # The interaction id is the idempotency key: a retried interaction is applied once.
        await self.bot.referee.submit(
            record.id, ctx.user_id, action, f"discord:{interaction.id}", seat=prompt.seat
        )
        self.bot.delivery.wake()
        done = ctx.t(
            "discord.order.given", order=orders.describe(form, answers, ctx.lang), game=record.id
        )
        if message is not None and retire and interaction.type is not _COMMAND:
            # The message's controls answered this decision: retire them, keep its text.
            content = present.clip(present.join(message.content, done))
            await interaction.edit_original_response(content=content, view=None)
        else:
            await ctx.send(done)


_COMMAND = discord.InteractionType.application_command


def _split_order(value: str) -> tuple[str, str, str, str]:
    parts = value.split(":")
    if len(parts) != 4:
        raise Refusal("discord.order.pick_from_list")
    return parts[0], parts[1], parts[2], parts[3]


def _form(prompt: Prompt, index: str) -> OrderForm:
    try:
        return prompt.forms[int(index)]
    except (ValueError, IndexError):
        raise Refusal("discord.order.pick_from_list") from None


def _only_for(message: discord.Message, game_id: str, prompt: Prompt) -> bool:
    """Whether every order control on the message belongs to this one decision."""
    wanted = (game_id, prompt.seat, orders.prompt_hash(prompt))
    ids = [
        str(getattr(child, "custom_id", "") or "")
        for row in message.components
        for child in getattr(row, "children", [])
    ]
    keys = {tuple(i.split(":")[2:5]) for i in ids if i.startswith(("ref:ob:", "ref:os:"))}
    return keys == {wanted}


async def setup(bot: RefereeBot) -> None:
    await bot.add_cog(Play(bot))
