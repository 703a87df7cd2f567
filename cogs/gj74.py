"""/gj: GJ74 orders as text commands, for players who would rather type than click.

Thin: each command names the action types it gives and its inputs; the user's open decision
that takes it is found, each typed name is looked up among the options the prompt itself
offers, and the order goes to the referee, which judges it. Autocomplete offers those same
options, built by the engine from the seat's own knowledge: an enemy counter is offered by its
public token and hex only, never by a face its side has not seen (GJ74 2.11(2)). The shared
/orders answers every prompt with menus; /gj adds ``/gj map`` (your side's map, face-down enemy
counters as plain backs) and the short syntax.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot import present
from bot.client import RefereeBot
from bot.i18n import catalogs, tr
from bot.interactions import lang_of
from bot.rules.core import Option, OrderForm, View, t
from bot.rules.gj74.actions import SURFACE
from bot.rules.gj74.view import GJ74View
from cogs._common import GameCog, GameCommands, OrderCommand, add_order_commands, guard
from cogs._was_input import (
    Choices,
    fitting,
    focused,
    options,
    pick_many,
    pick_one,
    typed_answers,
    typed_before,
)
from rendering.gj74 import caption

RULESET = "gj74"
GAME = GameCommands(RULESET, "gj", "discord.gj.not_gj74")

# The order commands: name, the action types it may give, its inputs (GJ74 3-17).
ORDERS = (
    OrderCommand("place", ("place",), ("unit", "hex")),  # 3.2(3)
    OrderCommand("deploy-done", ("deploy_done",)),
    OrderCommand("sub", ("sub_action",), ("unit", "kind"), ("to", "target", "targets", "via")),  # 6
    OrderCommand("subs-done", ("sub_ops_done",)),
    OrderCommand(
        "ships",
        ("surface_action",),
        ("units", "kind"),
        ("to", "target", "target_hex", "targets", "via"),
    ),  # 7.2
    OrderCommand("carriers", ("carrier_range",), ("carriers", "distance")),  # 7.3
    OrderCommand("ships-done", ("surface_ops_done",)),
    OrderCommand("air-range", ("air_range",), ("distance",)),  # 5.1
    OrderCommand("search", ("air_search",), ("hex",), ("target", "actions", "origin")),  # 5.2
    OrderCommand(
        "strike", ("air_strike",), ("hex", "aircraft"), ("target", "escorts", "targets", "origin")
    ),  # 5.3
    OrderCommand("air-done", ("air_ops_done", "surface_ops_done")),
    OrderCommand(
        "intercept", ("intercept",), ("distance",), ("escorts_first", "carriers", "origin")
    ),  # 17
    OrderCommand("losses", ("strike_losses",), ("attack",)),  # 17.2(1)
    OrderCommand("let-through", ("no_intercept",)),
    OrderCommand("dongfeng", ("dongfeng",)),  # 22.2
    OrderCommand("dongfeng-fire", ("dongfeng_fire",), ("target",)),
    OrderCommand("reveal", ("reveal_targets",), (), ("units",)),  # 15.1(5)
    OrderCommand("deal", ("allocate_targets",), ("targets",)),  # 15.1
    OrderCommand("deal-one", ("deal_one",), ("target",)),  # 15.1(2)-(3)
    OrderCommand("draw-aa", ("draw_aa",), ("n",)),  # 15.2(3)
    OrderCommand("absorb", ("absorb_hits",), ("units",)),  # 15.2(4)
    OrderCommand("torpedoes", ("aim_torpedoes",), ("target", "n")),  # 14(3)
    OrderCommand("route", ("choose_route",), ("via",)),  # 8(1)
)
BY_NAME = {c.name: c for c in ORDERS}
text = GAME.text


def of_kind(forms: list[OrderForm], raw: dict[str, Any]) -> list[OrderForm]:
    """The forms whose fixed fields (the action's kind, a strike at ships) agree with what was
    typed: one form per kind of action (bot/rules/gj74/prompts.py). An unknown kind keeps
    every form, so the engine's refusal names the rule."""
    typed = {k: str(v).strip() for k, v in raw.items() if v}
    fit = [f for f in forms if all(_same(typed.get(k), v) for k, v in f.fixed.items())]
    if typed.get("target") == "surface":  # at ships: the form with the target fixed
        fit = [f for f in fit if f.fixed.get("target") == "surface" or _asks_surface(f)]
    return fit or forms


def _asks_surface(form: OrderForm) -> bool:
    return any(c.name == "target" and "surface" in c.values() for c in form.inputs)


def _same(typed: str | None, value: str) -> bool:
    """A fixed field matches what was typed: its value, or its form's name in a language."""
    if typed is None or typed.casefold() == value.casefold():
        return True
    names = {
        tr(key, lang).casefold()
        for key in (f"gj74.sub.{value}", f"gj74.surface.{value}")
        for lang in ("en", "zh")
        if key in catalogs()["en"]  # a surface kind has no submarine name, and the reverse
    }
    return typed.casefold() in names


def kinds(forms: list[OrderForm]) -> list[Option]:
    """The kinds of action open, for ``kind``: each form's fixed kind, named by the form."""
    out: dict[str, Option] = {}
    for f in forms:
        if "kind" in f.fixed:
            out.setdefault(f.fixed["kind"], Option(value=f.fixed["kind"], label=f.label))
    return list(out.values())


class GJ74Cog(GameCog):
    game = GAME
    gj = app_commands.Group(name="gj", description=text("cmd"))

    def score(self, view: View, lang: str) -> str:
        """The thread's situation line: the turn, the time of day and the VP (4.3, 21)."""
        assert isinstance(view, GJ74View)
        vp = ", ".join(
            f"{present.seat_name(RULESET, side, lang)} {view.vp.get(side, 0):g}"
            for side in ("blue", "red")
        )
        when = tr("discord.gj.night" if view.night else "discord.gj.day", lang)
        return tr("discord.gj.score", lang, turn=view.turn, turns=view.last_turn, when=when, vp=vp)

    async def _order(
        self,
        interaction: discord.Interaction,
        command: OrderCommand,
        game: str | None,
        raw: dict[str, Any],
    ) -> None:
        async with guard(interaction) as ctx:
            record, prompt, forms = await GAME.open(ctx, game, command.types)
            forms = of_kind(forms, raw)
            answers = typed_answers(forms, raw, ctx.lang)
            form = fitting(forms, answers)
            await ctx.send(present.clip(await GAME.give(ctx, record, prompt, form, answers)))

    @gj.command(name="map", description=text("cmd.map"))
    @GAME.params(game="game")
    async def map_(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """Your side's map (only you see it), or the public one for a spectator."""
        async with guard(interaction) as ctx:
            await GAME.send_maps(ctx, game, "gj74.png", caption=_caption)

    async def _complete(self, interaction: discord.Interaction, current: str) -> Choices:
        """Options of the focused input in the user's open decision, narrowed by the inputs
        typed before it (never worked out here)."""
        command = BY_NAME.get(interaction.command.name if interaction.command else "")
        if command is None:
            return []
        forms = await GAME.forms(interaction, command.types)
        if not forms:
            return []
        lang = lang_of(interaction)
        name = focused(interaction)
        if name == "kind":
            return pick_one(kinds(forms), current, lang)
        typed = {
            n: getattr(interaction.namespace, n, None)
            for n in (*command.inputs, *command.optional)
            if n != name
        }
        forms = of_kind(forms, typed)
        before, many = typed_before(forms, name, typed.get)
        offered = options(forms, name, typed_answers(forms, before, lang))
        if name == "target" and any(f.fixed.get("target") == SURFACE for f in forms):
            offered = [Option(value=SURFACE, label=t("gj74.option.surface")), *offered]
        if many:
            return pick_many(offered, current, lang)
        return pick_one(offered, current, lang)


def _caption(view: View) -> str:
    assert isinstance(view, GJ74View)
    return caption(view)


# Every /gj order input completes from the open decision; `game` from this server's games.
add_order_commands(GJ74Cog.gj, GAME, GJ74Cog, ORDERS, GJ74Cog._order, GJ74Cog._complete)


async def setup(bot: RefereeBot) -> None:
    await bot.add_cog(GJ74Cog(bot))
