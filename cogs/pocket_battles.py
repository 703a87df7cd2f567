"""/pb: Pocket Battles orders as text commands, for players who would rather type than click.

Thin: every order command names its action type and its inputs; the user's open decision that
takes it is found, each typed name is looked up among the options the prompt itself offers
(dependent inputs: the zones of the unit named, the targets of the charger named) and the
engine's action goes to the referee, which judges it. Autocomplete offers those same options,
so it shows only what the seat's own decision holds. The shared /orders answers every prompt
with menus (the 30 tiles of an army over two pages); /pb adds the short syntax: ``/pb unit
tiles: Legionaries, Centurion`` with a preview of the unit's points and formation while typing
and of the army so far after each change, ready-made armies, ``/pb army`` (your sealed army),
``/pb map`` and ``/pb trait`` (what a trait does, public component data).
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot import present
from bot.client import RefereeBot
from bot.i18n import render, tr
from bot.interactions import Refusal, lang_of
from bot.rules.core import View
from bot.rules.core.registry import get as get_ruleset
from bot.rules.pocket_battles.board import comps
from bot.rules.pocket_battles.view import PocketBattlesView
from bot.store import GameRecord
from cogs._common import (
    GameCog,
    GameCommands,
    OrderCommand,
    add_order_commands,
    guard,
)
from cogs._views import picture
from cogs._was_input import (
    Choices,
    answers_for,
    fitting,
    focused,
    matching,
    options,
    pick_one,
    resolve,
    typed_before,
)
from rendering.pocket_battles.report import caption

RULESET = "pocket-battles"
GAME = GameCommands(RULESET, "pb", "discord.pb.not_pocket_battles")
TILES = "tiles"  # the input completed with a preview of the unit being formed
ORDER, UNIT_ZONE, AIMED = ("unit",), ("unit", "zone"), ("unit", "target")

# The order commands: name, the action types it may give, its inputs (Pocket Battles 3-9).
ORDERS = (
    OrderCommand("unit", ("add_unit",), (TILES,)),  # 3.3
    OrderCommand("remove", ("remove_unit",), ORDER),
    OrderCommand("ready", ("ready_made",), ("army",)),
    OrderCommand("army-done", ("army_done",)),  # 3.2
    OrderCommand("place", ("place",), UNIT_ZONE),  # 4.2
    OrderCommand("redeploy", ("redeploy",), UNIT_ZONE),  # 5.1
    OrderCommand("keep", ("keep_positions",)),
    OrderCommand("move", ("move",), UNIT_ZONE),  # 5.3
    OrderCommand("charge", ("charge",), AIMED, ("excite",)),  # 5.4
    OrderCommand("carry", ("carry_on",), AIMED, ("excite",)),  # 5.5
    OrderCommand("leave", ("leave",), ORDER),  # 5.6
    OrderCommand("shoot", ("shoot",), AIMED, ("excite",)),  # 5.7
    OrderCommand("heal", ("heal",), ("unit", "troop")),  # 9.1
    OrderCommand("double", ("double_order",), ORDER),  # 9.3
    OrderCommand("pass", ("pass",)),  # 6.1
    OrderCommand("orders-done", ("orders_done",)),
    OrderCommand("concede", ("concede",)),  # 8.1
    OrderCommand("intercept", ("intercept",), ORDER),  # 5.4 reactions
    OrderCommand("shoot-charger", ("shoot_charger",), ORDER),
    OrderCommand("hold", ("hold",)),
    OrderCommand("hit", ("assign_hit",), ("troop",)),
    OrderCommand("overwhelm", ("overwhelm",), ("target",)),  # 9.8
)
BY_NAME = {c.name: c for c in ORDERS}
text = GAME.text


class PocketBattlesCog(GameCog):
    game = GAME
    pb = app_commands.Group(name="pb", description=text("cmd"))

    def score(self, view: View, lang: str) -> str:
        """The thread's situation line: the round and the points each side destroyed (8.1)."""
        assert isinstance(view, PocketBattlesView)
        parts = [
            tr(
                "discord.pb.destroyed",
                lang,
                side=present.seat_name(RULESET, s.side, lang),
                points=s.points_destroyed,
            )
            for s in view.sides
        ]
        return tr("discord.pb.score", lang, round=view.round, destroyed=", ".join(parts))

    async def _order(
        self,
        interaction: discord.Interaction,
        command: OrderCommand,
        game: str | None,
        raw: dict[str, Any],
    ) -> None:
        """Give the order of ``command`` with the typed inputs, resolved against the open
        prompt's own options in the order the form asks them."""
        async with guard(interaction) as ctx:
            record, prompt, forms = await GAME.open(ctx, game, command.types)
            answers = answers_for(forms, raw, ctx.lang)
            form = fitting(forms, answers)
            lines = [await GAME.give(ctx, record, prompt, form, answers)]
            if form.type in ("add_unit", "remove_unit", "ready_made"):
                lines.append(army_lines(await self._own_view(record, prompt.seat), ctx.lang))
            await ctx.send(present.clip(present.join(*lines)))

    async def _own_view(self, record: GameRecord, seat: str) -> PocketBattlesView:
        _, state = await self.bot.referee.state(record.id, record)
        view = get_ruleset(RULESET).view(state, seat)
        assert isinstance(view, PocketBattlesView)
        return view

    @pb.command(name="army", description=text("cmd.army"))
    @GAME.params(game="game")
    async def army(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """Your own army (sealed from the opponent): only you see the reply."""
        async with guard(interaction) as ctx:
            record = await GAME.record(ctx, game)
            seats = await ctx.seats_of_user(record.id)
            if not seats:
                raise Refusal("discord.pb.no_seat", game=record.id)
            await interaction.response.defer(ephemeral=True, thinking=True)
            for seat in seats:
                view = await self._own_view(record, seat)
                await ctx.send(
                    present.clip(army_lines(view, ctx.lang)),
                    file=await picture(view, "army.png", ctx.bot.delivery.maps, ctx.lang),
                )

    # --- reading ----------------------------------------------------------------------------
    @pb.command(name="map", description=text("cmd.map"))
    @GAME.params(game="game")
    async def map_(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """Your side's battlefield (only you see it), or the public one."""
        async with guard(interaction) as ctx:
            record, views = await GAME.views(ctx, game)
            for _seat, view in views:
                assert isinstance(view, PocketBattlesView)
                content = present.join(present.header(record.id, RULESET, ctx.lang), caption(view))
                await ctx.send(
                    present.clip(content),
                    file=await picture(view, "battle.png", ctx.bot.delivery.maps, ctx.lang),
                )

    @pb.command(name="trait", description=text("cmd.trait"))
    @GAME.params(trait="trait")
    async def trait(self, interaction: discord.Interaction, trait: str) -> None:
        """What a trait does (public component data, data/pocket_battles/traits.toml)."""
        async with guard(interaction) as ctx:
            found = find_trait(trait)
            if found is None:
                raise Refusal("discord.pb.no_such_trait", trait=trait)
            zh = ctx.lang == "zh"
            name = found.name_zh if zh else found.name
            summary = found.summary_zh if zh else found.summary
            kind = ctx.t(f"discord.pb.trait.{found.kind}")
            await ctx.send(f"**{name}** ({kind})\n{summary}")

    # --- autocomplete -----------------------------------------------------------------------
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
        before, _ = typed_before(forms, name, lambda n: getattr(interaction.namespace, n, None))
        offered = options(forms, name, answers_for(forms, before, lang))
        if name == TILES:
            return pick_tiles(offered, current, lang)
        return pick_one(offered, current, lang)


def pick_tiles(offered: list[Any], current: str, lang: str) -> Choices:
    """Complete the last tile of a list and preview the unit: its points and formation limit
    (Pocket Battles 3.3: the lowest formation value among its tiles)."""
    *before, last = current.split(",") if current else [""]
    done = [resolve(offered, p, lang) for p in before if p.strip()]
    names = {o.value: render(o.label, lang) for o in offered}
    tiles = comps().tiles
    out: list[app_commands.Choice[str]] = []
    for option, _name in matching([o for o in offered if o.value not in done], last, lang):
        picked = [*done, option.value]
        known = [tiles[t] for t in picked if t in tiles]
        pts = sum(t.points for t in known)
        limit = min((t.formation for t in known), default=0)
        preview = tr("discord.pb.unit_preview", lang, points=pts, count=len(picked), limit=limit)
        label = ", ".join(names.get(v, v) for v in picked) + f" · {preview}"
        value = ",".join(picked)
        if len(value) <= 100:
            out.append(
                app_commands.Choice(
                    name=label if len(label) <= 100 else "…" + label[-99:], value=value
                )
            )
    return out[:25]


def army_lines(view: PocketBattlesView, lang: str) -> str:
    """A seat's army from its own view: each unit with its tiles and points, and the total
    against the battle size (Pocket Battles 3.1)."""
    own = [s for s in view.stacks if s.side == view.audience and not s.destroyed]
    total = sum(t.points for s in own for t in s.troops)
    lines = [tr("discord.pb.army.head", lang, points=total, size=view.size, units=len(own))]
    for stack in own:
        tiles = ", ".join(t.name_zh if lang == "zh" else t.name for t in stack.troops)
        pts = sum(t.points for t in stack.troops)
        lines.append(f"• `{stack.id}` {tiles} ({pts})")
    return "\n".join(lines)


def find_trait(raw: str) -> Any:
    needle = raw.strip().casefold()
    for trait in comps().traits.values():
        if needle in {trait.id, trait.name.casefold(), trait.name_zh.casefold()}:
            return trait
    return None


async def _traits(interaction: discord.Interaction, current: str) -> Choices:
    """Every trait of the box (public), by name in the user's language."""
    zh = lang_of(interaction) == "zh"
    needle = current.strip().casefold()
    out = []
    for trait in comps().traits.values():
        name = trait.name_zh if zh else trait.name
        if needle in name.casefold() or needle in trait.id:
            out.append(app_commands.Choice(name=name, value=trait.id))
    return out[:25]


# Every /pb order input completes from the open decision; `game` from this server's games.
for _command in PocketBattlesCog.pb.commands:
    if isinstance(_command, app_commands.Command) and "trait" in {
        p.name for p in _command.parameters
    }:
        _command.autocomplete("trait")(_traits)
add_order_commands(
    PocketBattlesCog.pb,
    GAME,
    PocketBattlesCog,
    ORDERS,
    PocketBattlesCog._order,
    PocketBattlesCog._complete,
)


async def setup(bot: RefereeBot) -> None:
    await bot.add_cog(PocketBattlesCog(bot))
