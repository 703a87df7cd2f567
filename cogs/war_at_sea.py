"""/was: War at Sea orders as text commands, for players who would rather type than click.

Thin: each command finds the user's open decision that takes the order, builds the engine's
action from the answers (names or ids, as the prompt's own options spell them) and hands it
to the referee, which judges it. The lists autocomplete offers are the open prompt's order
forms' options, never worked out here. Also: ``/was map`` (my side's map, else the public
one), ``/was variants`` (War at Sea 18 before the start), side names, and the score lines
the end-of-game notice carries (see bot.present.register_summary).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot import present
from bot.client import RefereeBot
from bot.i18n import tr
from bot.interactions import lang_of
from bot.rules.core import OrderForm, Prompt, View
from bot.rules.war_at_sea.view import WarAtSeaView
from bot.store import GameRecord
from cogs import _admin as admin
from cogs._common import Ctx, GameCog, GameCommands, guard
from cogs._views import picture, refresh_lobby
from cogs._was_input import (
    Choices,
    asked,
    focused,
    merged,
    options,
    pick_many,
    pick_one,
    resolve,
    split,
    with_ships,
)
from rendering.war_at_sea.report import caption

RULESET = "war-at-sea"
VARIANTS = tuple(f"variant_18_{n}" for n in range(1, 7))


GAME = GameCommands(RULESET, "was", "discord.was.not_war_at_sea")
text, params = GAME.text, GAME.params


class WarAtSeaCog(GameCog):
    game = GAME
    was = app_commands.Group(name="was", description=text("cmd"))

    def score(self, view: View, lang: str) -> str:
        """The thread's situation line carries the score (War at Sea 17.2: the Axis minus the
        Allies, so positive favours the Axis)."""
        assert isinstance(view, WarAtSeaView)  # present validates it with the game's view model
        return tr("discord.was.score", lang, score=f"{view.score:+d}")

    def summary(self, view: View, lang: str) -> list[str]:
        """War at Sea's end-of-game lines: the score after each turn (War at Sea 17.2)."""
        assert isinstance(view, WarAtSeaView)
        scores = ", ".join(f"{n}: {s:+d}" for n, s in enumerate(view.history, 1))
        return [tr("discord.was.over.scores", lang, scores=scores or "—")]

    # --- finding the decision an order answers (cogs/_common.py) -------------------------
    async def _forms(self, interaction: discord.Interaction, *types: str) -> list[OrderForm]:
        return await GAME.forms(interaction, types)

    async def _give(
        self, ctx: Ctx, record: GameRecord, prompt: Prompt, form: OrderForm, answers: dict[str, Any]
    ) -> None:
        await ctx.send(await GAME.give(ctx, record, prompt, form, answers))

    # --- orders -----------------------------------------------------------------------------
    @was.command(name="move", description=text("cmd.move"))
    @params(ships="ships", to="to", fallback="fallback", game="game")
    async def move(
        self,
        interaction: discord.Interaction,
        ships: str,
        to: str,
        fallback: str | None = None,
        game: str | None = None,
    ) -> None:
        async with guard(interaction) as ctx:
            record, prompt, forms = await GAME.open(ctx, game, ("move",))
            ids = [resolve(options(forms, "ships"), s, ctx.lang) for s in split(ships)]
            fits = with_ships(forms, ids)
            answers: dict[str, Any] = {"ships": ids}
            answers["to"] = resolve(options(fits, "to", answers), to, ctx.lang)
            if asked(fits, "fallback", answers):  # 6.2: only for a two-area move
                offered = options(fits, "fallback", answers)
                answers["fallback"] = resolve(offered, fallback or "origin", ctx.lang)
            await self._give(ctx, record, prompt, merged(forms, ids), answers)

    @was.command(name="target", description=text("cmd.target"))
    @params(target="target", ships="shooters", game="game")
    async def target(
        self,
        interaction: discord.Interaction,
        target: str,
        ships: str | None = None,
        game: str | None = None,
    ) -> None:
        async with guard(interaction) as ctx:
            record, prompt, forms = await GAME.open(ctx, game, ("assign_targets", "air_targets"))
            if forms[0].type == "air_targets":
                picked = [resolve(options(forms, "targets"), s, ctx.lang) for s in split(target)]
                answers: dict[str, Any] = {"targets": picked}
                form = merged(forms, [])
            else:
                shooters = options(forms, "ships")
                named = [resolve(shooters, s, ctx.lang) for s in split(ships)]
                ids = named or [o.value for o in shooters]
                fits = with_ships(forms, ids)
                answers = {
                    "ships": ids,
                    "target": resolve(options(fits, "target"), target, ctx.lang),
                }
                form = merged(forms, ids)
            await self._give(ctx, record, prompt, form, answers)

    @was.command(name="escape", description=text("cmd.escape"))
    @params(escape="escape", game="game")
    async def escape(
        self, interaction: discord.Interaction, escape: bool, game: str | None = None
    ) -> None:
        async with guard(interaction) as ctx:
            record, prompt, forms = await GAME.open(ctx, game, ("declare_escape",))
            await self._give(ctx, record, prompt, forms[0], {"escape": escape})

    @was.command(name="convoy", description=text("cmd.convoy"))
    @params(convoy="convoy", choice="choice", game="game")
    async def convoy(
        self, interaction: discord.Interaction, convoy: str, choice: str, game: str | None = None
    ) -> None:
        async with guard(interaction) as ctx:
            record, prompt, forms = await GAME.open(ctx, game, ("convoy_choice",))
            answers = {
                "convoy": resolve(options(forms, "convoy"), convoy, ctx.lang),
                "choice": resolve(options(forms, "choice"), choice, ctx.lang),
            }
            await self._give(ctx, record, prompt, merged(forms, []), answers)

    @was.command(name="refuel", description=text("cmd.refuel"))
    @params(ship="ship", game="game")
    async def refuel(
        self, interaction: discord.Interaction, ship: str, game: str | None = None
    ) -> None:
        async with guard(interaction) as ctx:
            record, prompt, forms = await GAME.open(ctx, game, ("refuel",))
            answers = {"ship": resolve(options(forms, "ship"), ship, ctx.lang)}
            await self._give(ctx, record, prompt, merged(forms, []), answers)

    @was.command(name="return", description=text("cmd.return"))
    @params(ships="ships", to="port", game="game")
    async def return_(
        self, interaction: discord.Interaction, ships: str, to: str, game: str | None = None
    ) -> None:
        async with guard(interaction) as ctx:
            record, prompt, forms = await GAME.open(ctx, game, ("return_ships",))
            ids = [resolve(options(forms, "ships"), s, ctx.lang) for s in split(ships)]
            port = resolve(options(with_ships(forms, ids), "to"), to, ctx.lang)
            await self._give(ctx, record, prompt, merged(forms, ids), {"ships": ids, "to": port})

    # --- reading ----------------------------------------------------------------------------
    @was.command(name="map", description=text("cmd.map"))
    @params(game="game")
    async def map_(self, interaction: discord.Interaction, game: str | None = None) -> None:
        async with guard(interaction) as ctx:
            record, views = await GAME.views(ctx, game)
            for seat, view in views:
                assert isinstance(view, WarAtSeaView)
                who = present.seat_name(RULESET, seat, ctx.lang) if seat else ""
                line = ctx.t(
                    "discord.was.map.private" if seat else "discord.was.map.public", seat=who
                )
                content = present.join(
                    present.header(record.id, RULESET, ctx.lang), line, caption(view)
                )
                await ctx.send(
                    present.clip(content),
                    file=await picture(view, "map.png", ctx.bot.delivery.maps, ctx.lang),
                )

    @was.command(name="variants", description=text("cmd.variants"))
    # The options model's own names, as /game new options:... and --option spell them.
    @params(game="game", **{name: name for name in VARIANTS})
    async def variants(
        self,
        interaction: discord.Interaction,
        game: str | None = None,
        variant_18_1: bool | None = None,
        variant_18_2: bool | None = None,
        variant_18_3: bool | None = None,
        variant_18_4: bool | None = None,
        variant_18_5: bool | None = None,
        variant_18_6: bool | None = None,
    ) -> None:
        async with guard(interaction) as ctx:
            record = await GAME.record(ctx, game)
            given = (
                variant_18_1,
                variant_18_2,
                variant_18_3,
                variant_18_4,
                variant_18_5,
                variant_18_6,
            )
            changes = {n: v for n, v in zip(VARIANTS, given, strict=True) if v is not None}
            if changes:
                await admin.require_creator_or_manager(ctx, record)
                await self.bot.referee.update_options(record.id, changes)
                await refresh_lobby(self.bot, record)
                record = await self.bot.referee.game(record.id)
            lines = [ctx.t("discord.was.variants.head", game=record.id)]
            for name in VARIANTS:
                mark = "✅" if record.options.get(name) else "▫️"
                lines.append(f"{mark} {ctx.t(f'discord.was.variant.{name}')}")
            if record.status == "lobby":
                lines.append(ctx.t("discord.was.variants.howto"))
            await ctx.send(present.join(*lines))

    # --- autocomplete -----------------------------------------------------------------------
    @move.autocomplete("ships")
    @return_.autocomplete("ships")
    async def _ships(self, interaction: discord.Interaction, current: str) -> Choices:
        forms = await self._forms(interaction, "move", "return_ships")
        return pick_many(options(forms, "ships"), current, lang_of(interaction))

    @target.autocomplete("ships")
    async def _shooters(self, interaction: discord.Interaction, current: str) -> Choices:
        forms = await self._forms(interaction, "assign_targets")
        return pick_many(options(forms, "ships"), current, lang_of(interaction))

    @move.autocomplete("to")
    @move.autocomplete("fallback")
    @return_.autocomplete("to")
    async def _destinations(self, interaction: discord.Interaction, current: str) -> Choices:
        forms, lang = await self._forms(interaction, "move", "return_ships"), lang_of(interaction)
        ships = [
            resolve(options(forms, "ships"), s, lang) for s in split(interaction.namespace.ships)
        ]
        fits = with_ships(forms, ships)
        # Only what is legal for what was typed before (dependent inputs): the destinations
        # of these ships; the fallback ports of that destination, none for a one-area move.
        answers: dict[str, Any] = {"ships": ships} if ships else {}
        name = "fallback" if focused(interaction) == "fallback" else "to"
        if name == "fallback":
            to = str(getattr(interaction.namespace, "to", "") or "")
            if to:
                answers["to"] = resolve(options(fits, "to", answers), to, lang)
            if not asked(fits, "fallback", answers):
                return []
        return pick_one(options(fits, name, answers), current, lang)

    @target.autocomplete("target")
    async def _targets(self, interaction: discord.Interaction, current: str) -> Choices:
        forms, lang = (
            await self._forms(interaction, "assign_targets", "air_targets"),
            lang_of(interaction),
        )
        if forms and forms[0].type == "air_targets":
            return pick_many(options(forms, "targets"), current, lang)
        return pick_one(options(forms, "target"), current, lang)

    @convoy.autocomplete("convoy")
    @convoy.autocomplete("choice")
    async def _convoy(self, interaction: discord.Interaction, current: str) -> Choices:
        forms = await self._forms(interaction, "convoy_choice")
        return pick_one(options(forms, focused(interaction)), current, lang_of(interaction))

    @refuel.autocomplete("ship")
    async def _refuel(self, interaction: discord.Interaction, current: str) -> Choices:
        forms = await self._forms(interaction, "refuel")
        return pick_one(options(forms, "ship"), current, lang_of(interaction))


# Every /was command's `game` option completes from this server's War at Sea games.
GAME.complete_games(WarAtSeaCog.was)


async def setup(bot: RefereeBot) -> None:
    await bot.add_cog(WarAtSeaCog(bot))
