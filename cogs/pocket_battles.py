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

from typing import Any, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot import present
from bot.client import RefereeBot
from bot.i18n import render, tr
from bot.interactions import Refusal, acknowledge, lang_of
from bot.rules.core import OrderForm, Prompt, RuleViolation, View
from bot.rules.core.registry import get as get_ruleset
from bot.rules.pocket_battles.board import comps
from bot.rules.pocket_battles.view import PocketBattlesView
from bot.store import GameRecord
from cogs._common import LIVE, Ctx, guard
from cogs._orders import describe as describe_order
from cogs._views import picture
from cogs._was_input import Choices, focused, matching, options, pick_one, resolve, split
from rendering.pocket_battles.report import caption

RULESET = "pocket-battles"

# command name -> the action types it may give (the first the open decision takes is used)
ORDERS: dict[str, tuple[str, ...]] = {
    "unit": ("add_unit",),
    "remove": ("remove_unit",),
    "ready": ("ready_made",),
    "army-done": ("army_done",),
    "place": ("place",),
    "redeploy": ("redeploy",),
    "keep": ("keep_positions",),
    "move": ("move",),
    "charge": ("charge",),
    "carry": ("carry_on",),
    "leave": ("leave",),
    "shoot": ("shoot",),
    "heal": ("heal",),
    "double": ("double_order",),
    "pass": ("pass",),
    "orders-done": ("orders_done",),
    "intercept": ("intercept",),
    "shoot-charger": ("shoot_charger",),
    "hold": ("hold",),
    "hit": ("assign_hit",),
    "overwhelm": ("overwhelm",),
    "concede": ("concede",),
}
MANY = {"tiles"}  # inputs that take a comma-separated list


def text(key: str) -> app_commands.locale_str:
    full = f"discord.pb.{key}"
    return app_commands.locale_str(tr(full, "en"), key=full)


def params(*names: str) -> Any:
    """@app_commands.describe from ``discord.pb.param.<name>`` (``game`` is the shared one)."""
    return app_commands.describe(
        **{
            n: app_commands.locale_str(tr("discord.param.game", "en"), key="discord.param.game")
            if n == "game"
            else text(f"param.{n}")
            for n in names
        }
    )


class PocketBattlesCog(commands.Cog):
    pb = app_commands.Group(name="pb", description=text("cmd"))

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        present.register_score(RULESET, _score)
        present.register_summary(RULESET, _summary)

    # --- finding the decision an order answers ----------------------------------------------
    async def _record(self, ctx: Ctx, game: str | None) -> GameRecord:
        record = await ctx.game(game)
        if record.ruleset != RULESET:
            raise Refusal("discord.pb.not_pocket_battles", game=record.id)
        return record

    async def _open(
        self, ctx: Ctx, game: str | None, types: tuple[str, ...]
    ) -> tuple[GameRecord, Prompt, list[OrderForm]]:
        record = await self._record(ctx, game)
        prompts = await self.bot.referee.prompts(record.id, ctx.user_id)
        for type_ in types:
            for prompt in prompts:
                forms = [f for f in prompt.forms if f.type == type_]
                if forms:
                    return record, prompt, forms
        if not prompts:
            raise Refusal("discord.pb.nothing_open", game=record.id)
        waiting = ", ".join(render(p.title, ctx.lang) for p in prompts)
        raise Refusal("discord.pb.no_such_order", game=record.id, waiting=waiting)

    async def _order(
        self, interaction: discord.Interaction, command: str, game: str | None, **raw: str | None
    ) -> None:
        """Give the order of ``command`` with the typed inputs, resolved against the open
        prompt's own options in the order the form asks them."""
        async with guard(interaction) as ctx:
            await acknowledge(ctx.interaction)  # an order: answered before any lookup
            record, prompt, forms = await self._open(ctx, game, ORDERS[command])
            answers = answers_for(forms, raw, ctx.lang)
            form = fitting(forms, answers)
            await self.bot.referee.submit(
                record.id,
                ctx.user_id,
                form.build(answers),
                f"discord:{ctx.interaction.id}",
                seat=prompt.seat,
            )
            self.bot.delivery.wake()
            lines = [
                ctx.t(
                    "discord.order.given",
                    order=describe_order(form, answers, ctx.lang),
                    game=record.id,
                )
            ]
            if form.type in ("add_unit", "remove_unit", "ready_made"):
                lines.append(await self._army_text(record, prompt.seat, ctx.lang))
            await ctx.send(present.clip(present.join(*lines)))

    async def _own_view(self, record: GameRecord, seat: str) -> PocketBattlesView:
        _, state = await self.bot.referee.state(record.id, record)
        view = get_ruleset(RULESET).view(state, seat)
        assert isinstance(view, PocketBattlesView)
        return view

    async def _army_text(self, record: GameRecord, seat: str, lang: str) -> str:
        """The preview of a seat's army from its own view: each unit and the points used."""
        return army_lines(await self._own_view(record, seat), lang)

    # --- army building (Pocket Battles 3) ---------------------------------------------------
    @pb.command(name="unit", description=text("cmd.unit"))
    @params("tiles", "game")
    async def unit(
        self, interaction: discord.Interaction, tiles: str, game: str | None = None
    ) -> None:
        await self._order(interaction, "unit", game, tiles=tiles)

    @pb.command(name="remove", description=text("cmd.remove"))
    @params("unit", "game")
    async def remove(
        self, interaction: discord.Interaction, unit: str, game: str | None = None
    ) -> None:
        await self._order(interaction, "remove", game, unit=unit)

    @pb.command(name="ready", description=text("cmd.ready"))
    @params("army", "game")
    async def ready(
        self, interaction: discord.Interaction, army: str, game: str | None = None
    ) -> None:
        await self._order(interaction, "ready", game, army=army)

    @pb.command(name="army-done", description=text("cmd.army-done"))
    @params("game")
    async def army_done(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self._order(interaction, "army-done", game)

    @pb.command(name="army", description=text("cmd.army"))
    @params("game")
    async def army(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """Your own army (sealed from the opponent): only you see the reply."""
        async with guard(interaction) as ctx:
            record = await self._record(ctx, game)
            seats = await ctx.seats_of_user(record.id)
            if not seats:
                raise Refusal("discord.pb.no_seat", game=record.id)
            await interaction.response.defer(ephemeral=True, thinking=True)
            for seat in seats:
                view = await self._own_view(record, seat)
                await ctx.send(
                    present.clip(army_lines(view, ctx.lang)), file=await picture(view, "army.png")
                )

    # --- deployment and a turn (Pocket Battles 4, 5) ----------------------------------------
    @pb.command(name="place", description=text("cmd.place"))
    @params("unit", "zone", "game")
    async def place(
        self, interaction: discord.Interaction, unit: str, zone: str, game: str | None = None
    ) -> None:
        await self._order(interaction, "place", game, unit=unit, zone=zone)

    @pb.command(name="redeploy", description=text("cmd.redeploy"))
    @params("unit", "zone", "game")
    async def redeploy(
        self, interaction: discord.Interaction, unit: str, zone: str, game: str | None = None
    ) -> None:
        await self._order(interaction, "redeploy", game, unit=unit, zone=zone)

    @pb.command(name="keep", description=text("cmd.keep"))
    @params("game")
    async def keep(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self._order(interaction, "keep", game)

    @pb.command(name="move", description=text("cmd.move"))
    @params("unit", "zone", "game")
    async def move(
        self, interaction: discord.Interaction, unit: str, zone: str, game: str | None = None
    ) -> None:
        await self._order(interaction, "move", game, unit=unit, zone=zone)

    @pb.command(name="charge", description=text("cmd.charge"))
    @params("unit", "target", "excite", "game")
    async def charge(
        self,
        interaction: discord.Interaction,
        unit: str,
        target: str,
        excite: str | None = None,
        game: str | None = None,
    ) -> None:
        await self._order(interaction, "charge", game, unit=unit, target=target, excite=excite)

    @pb.command(name="carry", description=text("cmd.carry"))
    @params("unit", "target", "excite", "game")
    async def carry(
        self,
        interaction: discord.Interaction,
        unit: str,
        target: str,
        excite: str | None = None,
        game: str | None = None,
    ) -> None:
        await self._order(interaction, "carry", game, unit=unit, target=target, excite=excite)

    @pb.command(name="leave", description=text("cmd.leave"))
    @params("unit", "game")
    async def leave(
        self, interaction: discord.Interaction, unit: str, game: str | None = None
    ) -> None:
        await self._order(interaction, "leave", game, unit=unit)

    @pb.command(name="shoot", description=text("cmd.shoot"))
    @params("unit", "target", "excite", "game")
    async def shoot(
        self,
        interaction: discord.Interaction,
        unit: str,
        target: str,
        excite: str | None = None,
        game: str | None = None,
    ) -> None:
        await self._order(interaction, "shoot", game, unit=unit, target=target, excite=excite)

    @pb.command(name="heal", description=text("cmd.heal"))
    @params("unit", "troop", "game")
    async def heal(
        self, interaction: discord.Interaction, unit: str, troop: str, game: str | None = None
    ) -> None:
        await self._order(interaction, "heal", game, unit=unit, troop=troop)

    @pb.command(name="double", description=text("cmd.double"))
    @params("unit", "game")
    async def double(
        self, interaction: discord.Interaction, unit: str, game: str | None = None
    ) -> None:
        await self._order(interaction, "double", game, unit=unit)

    @pb.command(name="pass", description=text("cmd.pass"))
    @params("game")
    async def pass_(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self._order(interaction, "pass", game)

    @pb.command(name="orders-done", description=text("cmd.orders-done"))
    @params("game")
    async def orders_done(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self._order(interaction, "orders-done", game)

    @pb.command(name="concede", description=text("cmd.concede"))
    @params("game")
    async def concede(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self._order(interaction, "concede", game)

    # --- the charged side's reaction, hits, follow-ons (Pocket Battles 5.4, 9.8) ------------
    @pb.command(name="intercept", description=text("cmd.intercept"))
    @params("unit", "game")
    async def intercept(
        self, interaction: discord.Interaction, unit: str, game: str | None = None
    ) -> None:
        await self._order(interaction, "intercept", game, unit=unit)

    @pb.command(name="shoot-charger", description=text("cmd.shoot-charger"))
    @params("unit", "game")
    async def shoot_charger(
        self, interaction: discord.Interaction, unit: str, game: str | None = None
    ) -> None:
        await self._order(interaction, "shoot-charger", game, unit=unit)

    @pb.command(name="hold", description=text("cmd.hold"))
    @params("game")
    async def hold(self, interaction: discord.Interaction, game: str | None = None) -> None:
        await self._order(interaction, "hold", game)

    @pb.command(name="hit", description=text("cmd.hit"))
    @params("troop", "game")
    async def hit(
        self, interaction: discord.Interaction, troop: str, game: str | None = None
    ) -> None:
        await self._order(interaction, "hit", game, troop=troop)

    @pb.command(name="overwhelm", description=text("cmd.overwhelm"))
    @params("target", "game")
    async def overwhelm(
        self, interaction: discord.Interaction, target: str, game: str | None = None
    ) -> None:
        await self._order(interaction, "overwhelm", game, target=target)

    # --- reading ----------------------------------------------------------------------------
    @pb.command(name="map", description=text("cmd.map"))
    @params("game")
    async def map_(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """Your side's battlefield (only you see it), or the public one."""
        async with guard(interaction) as ctx:
            record = await self._record(ctx, game)
            if record.status == "lobby":
                raise RuleViolation("core.game.not_started", "Referee", game=record.id)
            seats = await ctx.seats_of_user(record.id)
            await interaction.response.defer(ephemeral=True, thinking=True)
            _, state = await self.bot.referee.state(record.id, record)
            audiences: list[str | None] = [*seats] or [None]
            for seat in audiences:
                view = get_ruleset(RULESET).view(state, seat)
                assert isinstance(view, PocketBattlesView)
                content = present.join(present.header(record.id, RULESET, ctx.lang), caption(view))
                await ctx.send(present.clip(content), file=await picture(view, "battle.png"))

    @pb.command(name="trait", description=text("cmd.trait"))
    @params("trait")
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
        command = interaction.command.name if interaction.command is not None else ""
        if command not in ORDERS:
            return []
        lang = lang_of(interaction)
        ctx = Ctx(interaction, self.bot, lang)
        game = str(getattr(interaction.namespace, "game", "") or "") or None
        try:
            forms = (await self._open(ctx, game, ORDERS[command]))[2]
        except (Refusal, RuleViolation):
            return []
        name = focused(interaction)
        before: dict[str, str | None] = {}
        for choice in forms[0].inputs:
            if choice.name == name:
                break
            before[choice.name] = getattr(interaction.namespace, choice.name, None)
        answers = answers_for(forms, before, lang)
        offered = options(forms, name, answers)
        if name in MANY:
            return pick_tiles(offered, current, lang)
        return pick_one(offered, current, lang)


def answers_for(forms: list[OrderForm], raw: dict[str, str | None], lang: str) -> dict[str, Any]:
    """Typed text to answers, input by input in the form's order, each looked up among the
    options offered for the answers before it; text matching no option goes to the engine as
    typed, so its refusal names the rule."""
    answers: dict[str, Any] = {}
    names = [c.name for c in forms[0].inputs]
    for name in names:
        typed = raw.get(name)
        if typed is None or not str(typed).strip():
            continue
        offered = options(forms, name, answers)
        if name in MANY:
            answers[name] = [resolve(offered, part, lang) for part in split(typed)]
        else:
            answers[name] = resolve(offered, typed, lang)
    return answers


def fitting(forms: list[OrderForm], answers: dict[str, Any]) -> OrderForm:
    """The form that takes these answers (the first one when none does: the engine refuses)."""
    return next((f for f in forms if f.first_refused(answers) is None), forms[0])


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


def _score(view: View, lang: str) -> str:
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


def _summary(view: View, lang: str) -> list[str]:
    assert isinstance(view, PocketBattlesView)
    return [_score(view, lang)]


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


async def _game_ids(interaction: discord.Interaction, current: str) -> Choices:
    bot = cast("RefereeBot", interaction.client)
    lang, guild = lang_of(interaction), interaction.guild_id
    if guild is not None:
        records = await bot.store.games(str(guild), LIVE)
    else:
        records = [g for g, _ in await bot.store.games_of_user(str(interaction.user.id))]
    out: dict[str, app_commands.Choice[str]] = {}
    for g in reversed(records):
        if g.ruleset == RULESET and g.status in LIVE and current.strip().lower() in g.id:
            status = tr(f"discord.status.{g.status}", lang)
            out.setdefault(g.id, app_commands.Choice(name=f"{g.id} · {status}", value=g.id))
    return list(out.values())[:25]


# Every /pb order input completes from the open decision; `game` from this server's games.
for _command in PocketBattlesCog.pb.commands:
    if not isinstance(_command, app_commands.Command):
        continue
    for _param in _command.parameters:
        if _param.name == "game":
            _command.autocomplete("game")(_game_ids)
        elif _param.name == "trait":
            _command.autocomplete("trait")(_traits)
        elif _command.name in ORDERS:
            _command.autocomplete(_param.name)(PocketBattlesCog._complete)


async def setup(bot: RefereeBot) -> None:
    await bot.add_cog(PocketBattlesCog(bot))
