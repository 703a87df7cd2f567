"""/aa: AA50 orders as commands (issue 18), on the engine's own prompts.

Thin: each order command names the action types it gives and its inputs; the user's open
decision that takes it is found, each typed name is looked up among the options the prompt
offers (units by where they stand, destinations those units can reach), and the order goes to
the referee, which judges it; a refusal names the rule and leaves the game as it was. The
shared /orders answers every prompt with menus (casualty menus come pre-selected by the
standing order). /aa adds: ``done`` (what ending the phase commits, then a button to commit
it), ``undo`` (the shared undo: within a phase, until dice), ``odds`` (exact battle odds from
the position, before committing the combat move) and ``map``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any, cast

import discord
from discord import app_commands

from bot import present
from bot.client import RefereeBot
from bot.i18n import render, tr
from bot.interactions import Refusal, acknowledge, lang_of
from bot.rules.aa50 import board
from bot.rules.aa50.state import Aa50State
from bot.rules.aa50.view import Aa50View
from bot.rules.core import Event, Option, OrderForm, Prompt, RuleViolation, View, t
from bot.rules.core.registry import get as get_ruleset
from cogs import _aa50_words as words
from cogs._common import (
    Ctx,
    GameCog,
    GameCommands,
    OrderCommand,
    add_order_commands,
    frozen,
    guard,
    undo_last,
)
from cogs._orders import prompt_hash
from cogs._was_input import (
    Choices,
    fitting,
    focused,
    options,
    pick_many,
    pick_one,
    resolve,
    split,
    typed_answers,
    typed_before,
)

RULESET = "aa50"
GAME = GameCommands(RULESET, "aa", "discord.aa.not_aa50")

# The order commands: name, the action types it may give, its inputs (AA50 5.2-5.7).
ORDERS = (
    OrderCommand("research", ("research",), ("tokens",)),  # 5.2
    OrderCommand("chart", ("choose_chart",), ("chart",)),  # 5.2.3
    OrderCommand("buy", ("buy",), ("unit", "count")),  # 5.3
    OrderCommand("repair", ("repair",), ("where", "count")),  # 5.3.2
    OrderCommand("move", ("move",), ("units", "to"), ("via", "bomb")),  # 5.4, 5.6
    OrderCommand("land", ("move",), ("units", "to")),  # 5.6.1.2: aircraft land
    OrderCommand("load", ("load",), ("transport", "units")),  # 7.3.6
    OrderCommand("unload", ("unload",), ("transport", "to")),  # 7.3.6, 5.4.3
    OrderCommand("paradrop", ("paradrop",), ("bomber", "to", "infantry")),  # 5.2.3
    OrderCommand("pickup", ("pickup",), ("carrier", "zone")),  # 7.2
    OrderCommand("rocket", ("rocket",), ("target", "gun")),  # 5.2.3
    OrderCommand("battle", ("choose_battle",), (), ("where",)),  # 5.5.3
    OrderCommand("casualties", ("casualties",), (), ("units",)),  # 5.5.3.2-3
    OrderCommand("submerge", ("submerge",), (), ("units",)),  # 7.3.5
    OrderCommand("press", ("press",)),  # 5.5.3.5
    OrderCommand("retreat", ("retreat",), ("to",)),  # 5.5.3.5
    OrderCommand("place", ("place",), ("unit", "count", "where")),  # 5.7
    OrderCommand(
        "standing",
        ("casualty_order",),
        ("power",),
        ("ranks", "battleship_hits_first", "keep_land", "auto"),
    ),  # 5.5.3.2, standing casualty order
)
BY_NAME = {c.name: c for c in ORDERS}
ENDS = ("purchase_done", "combat_move_done", "noncombat_move_done", "mobilize_done", "rockets_done")
"""The orders that end a phase (or the rockets, 5.2.3): ``/aa done`` gives the open one."""
STANDING_DEFAULTS = {"ranks": [], "battleship_hits_first": True, "keep_land": False, "auto": True}
text = GAME.text


def space_options() -> list[Option]:
    return [Option(value=tid, label=t(f"aa50.loc.{tid}")) for tid in board.territory_ids()]


def reach(forms: list[OrderForm], units: list[str]) -> set[str] | None:
    """The destinations every unit named can reach (the move form's ``when`` on each unit,
    bot/rules/aa50/forms.move_forms); None when no unit is named."""
    out: set[str] | None = None
    for form in forms:
        for choice in form.inputs:
            if choice.name != "units":
                continue
            for o in choice.options:
                if o.value in units:
                    dests = {d for w in o.when for d in w.within.get("to", ())}
                    out = dests if out is None else out & dests
    return out


def odds_lines(state: Aa50State, spots: Sequence[str], lang: str) -> list[str]:
    """One line of exact odds per battle the combat move starts (5.5; a bombing raid has
    none), worked out from the position (the game hides nothing, view.py)."""
    from bot.rules.aa50.odds import odds as exact
    from bot.rules.aa50.odds.position import spec_for

    out = []
    for spot in spots:
        try:
            result = exact(spec_for(state, spot))
        except ValueError:
            continue
        out.append(
            tr(
                "discord.aa.done.odds",
                lang,
                where=words.place(spot, lang),
                win=f"{result.attacker_wins:.1%}",
                lose=f"{result.defender_wins:.1%}",
                draw=f"{result.draw + result.retreat:.1%}",
            )
        )
    return out


class Aa50Cog(GameCog):
    game = GAME
    aa = app_commands.Group(name="aa", description=text("cmd"))

    async def cog_load(self) -> None:
        await super().cog_load()
        present.register_step_lines(RULESET, self.step_lines)

    def score(self, view: View, lang: str) -> str:
        assert isinstance(view, Aa50View)
        return words.score(view, lang)

    def summary(self, view: View, lang: str) -> list[str]:
        assert isinstance(view, Aa50View)
        return [words.score(view, lang), *words.turn_lines(view, lang)]

    def step_lines(self, view: View, events: Sequence[Event], lang: str) -> list[str]:
        assert isinstance(view, Aa50View)
        return words.step_lines(view, list(events), lang)

    # --- orders -------------------------------------------------------------------------------
    async def _order(
        self,
        interaction: discord.Interaction,
        command: OrderCommand,
        game: str | None,
        raw: dict[str, Any],
    ) -> None:
        async with guard(interaction) as ctx:
            record, prompt, forms = await GAME.open(ctx, game, command.types)
            answers = typed_answers(forms, raw, ctx.lang)
            answers = self._fill(command, prompt, forms, answers, raw, ctx.lang)
            if command.name == "land":
                await self._only_aircraft(ctx, record.id, prompt.seat, answers.get("units", []))
            form = fitting(forms, answers)
            reply = await GAME.give(ctx, record, prompt, form, answers)
            if command.name in ("buy", "repair", "research"):
                view = await ctx.bot.referee.view(record.id, prompt.seat)
                assert isinstance(view, Aa50View)
                reply = present.join(reply, words.score(view, ctx.lang))
            await ctx.send(present.clip(reply))

    @staticmethod
    def _fill(
        command: OrderCommand,
        prompt: Prompt,
        forms: list[OrderForm],
        answers: dict[str, Any],
        raw: dict[str, Any],
        lang: str,
    ) -> dict[str, Any]:
        """Inputs left out: the prompt's default (the next battle, the standing order's
        casualties, no submarine submerging), the standing order's usual rules; ``via``
        names resolved to spaces (the engine checks the path, 5.4)."""
        default = prompt.default or {}
        if command.name in ("battle", "casualties", "submerge"):
            for choice in forms[0].inputs:
                if choice.name not in answers and default.get("type") == forms[0].type:
                    answers[choice.name] = default.get(choice.name)
        if command.name == "standing":
            for name, value in STANDING_DEFAULTS.items():
                answers.setdefault(name, value)
        if raw.get("via"):
            answers["via"] = [resolve(space_options(), part, lang) for part in split(raw["via"])]
        return answers

    async def _only_aircraft(self, ctx: Ctx, game_id: str, seat: str, units: list[str]) -> None:
        view = await ctx.bot.referee.view(game_id, seat)
        assert isinstance(view, Aa50View)
        kinds = {u.id: u.type for u in view.units}
        if any(kinds.get(u) not in board.AIR_UNITS for u in units):
            raise Refusal("discord.aa.land_aircraft_only")

    # --- done, undo, odds, map ----------------------------------------------------------------
    @aa.command(name="done", description=text("cmd.done"))
    @GAME.params(game="game")
    async def done(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """What ending the open phase commits, with a button that commits it (5.1)."""
        async with guard(interaction) as ctx:
            record, prompt, forms = await GAME.open(ctx, game, ENDS)
            view = await ctx.bot.referee.view(record.id, prompt.seat)
            assert isinstance(view, Aa50View)
            end = forms[0].type
            index = next(i for i, f in enumerate(prompt.forms) if f.type == end)
            button: discord.ui.Button[Any] = discord.ui.Button(
                label=render(prompt.forms[index].label, ctx.lang)[:80],
                style=discord.ButtonStyle.danger,
                custom_id=ctx.bot.custom_id(
                    "ob", record.id, prompt.seat, prompt_hash(prompt), index
                ),
            )
            buttons = discord.ui.View(timeout=None)
            buttons.add_item(button)
            lines = words.done_summary(view, end, ctx.lang)
            if end == "combat_move_done":  # the odds of each battle it starts, before it does
                await acknowledge(interaction)
                _, state = await ctx.bot.referee.state(record.id, record)
                assert isinstance(state, Aa50State)
                spots = words.contested(view)
                lines[-1:-1] = await asyncio.to_thread(odds_lines, state, spots, ctx.lang)
            await ctx.send(present.clip(present.join(*lines)), view=frozen(buttons))

    @aa.command(name="undo", description=text("cmd.undo"))
    @GAME.params(game="game")
    async def undo(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """The shared undo: the last order, within its phase, while no die was rolled."""
        async with guard(interaction) as ctx:
            await acknowledge(interaction)
            await undo_last(ctx, await GAME.record(ctx, game))

    @aa.command(name="odds", description=text("cmd.odds"))
    @GAME.params(where="where", game="game")
    async def odds(
        self, interaction: discord.Interaction, where: str, game: str | None = None
    ) -> None:
        """Exact odds of the battle at ``where`` as the position stands (AA50 5.5): before
        committing the combat move, or a battle still to fight. Ruling: the game has no
        hidden information (view.py), so the odds are worked out from the position itself."""
        from bot.rules.aa50.odds import odds as exact
        from bot.rules.aa50.odds.command import report
        from bot.rules.aa50.odds.position import spec_for

        async with guard(interaction) as ctx:
            await acknowledge(interaction)
            record = await GAME.record(ctx, game)
            _, state = await ctx.bot.referee.state(record.id, record)
            view = get_ruleset(RULESET).view(state, None)
            assert isinstance(view, Aa50View)
            spot = resolve(space_options(), where, ctx.lang)
            if spot not in words.contested(view):
                shown = words.place(spot, ctx.lang) if spot in board.territory_ids() else where
                raise Refusal("discord.aa.odds_no_battle", where=shown)
            try:
                assert isinstance(state, Aa50State)
                spec = spec_for(state, spot)
            except ValueError:
                raise Refusal(
                    "discord.aa.odds_unavailable", where=words.place(spot, ctx.lang)
                ) from None
            result = await asyncio.to_thread(exact, spec)
            head = tr("discord.aa.odds_head", ctx.lang, where=words.place(spot, ctx.lang))
            await ctx.send(
                present.clip(present.join(head, f"```\n{report(spec, result, ctx.lang)}\n```"))
            )

    @aa.command(name="map", description=text("cmd.map"))
    @GAME.params(game="game")
    async def map_(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """The picture of the game now (only you see it): the battle board in combat, else
        the theatre around the action."""
        async with guard(interaction) as ctx:
            await GAME.send_maps(ctx, game, "aa50.png")

    # --- autocomplete -------------------------------------------------------------------------
    async def _complete(self, interaction: discord.Interaction, current: str) -> Choices:
        """Options of the focused input in the user's open decision, narrowed by what was
        typed in the others: units where they stand (all of them, or those reaching the
        destination typed), destinations every unit typed can reach (never worked out
        here: the engine's prompt offers them)."""
        name_of = interaction.command.name if interaction.command else ""
        command = BY_NAME.get(name_of)
        lang = lang_of(interaction)
        name = focused(interaction)
        if name_of == "odds" or (command is not None and name == "via"):
            return (
                pick_many(space_options(), current, lang)
                if name == "via"
                else await self._battles(interaction, current)
            )
        if command is None:
            return []
        forms = await GAME.forms(interaction, command.types)
        if not forms:
            return []
        typed = {
            n: getattr(interaction.namespace, n, None) for n in (*command.inputs, *command.optional)
        }
        if command.types == ("move",) and name == "to":
            named = typed_answers(forms, {"units": typed.get("units")}, lang).get("units", [])
            dests = reach(forms, named) if named else None
            offered = options(forms, "to")
            return pick_one(
                [o for o in offered if dests is None or o.value in dests], current, lang
            )
        before, many = typed_before(forms, name, lambda n: typed.get(n) if n != name else None)
        offered = options(forms, name, typed_answers(forms, before, lang))
        if command.name == "land" and name == "units":
            offered = await self._aircraft(interaction, offered)
        return pick_many(offered, current, lang) if many else pick_one(offered, current, lang)

    async def _aircraft(
        self, interaction: discord.Interaction, offered: list[Option]
    ) -> list[Option]:
        """Only the aircraft among the units offered (5.6: aircraft land)."""
        ctx = Ctx(interaction, cast(RefereeBot, interaction.client), lang_of(interaction))
        game = str(getattr(interaction.namespace, "game", "") or "") or None
        try:
            record = await GAME.record(ctx, game)
            view = await ctx.bot.referee.view(record.id, None)
        except (Refusal, RuleViolation):
            return []
        assert isinstance(view, Aa50View)
        air = {u.id for u in view.units if u.type in board.AIR_UNITS}
        return [o for o in offered if o.value in air]

    async def _battles(self, interaction: discord.Interaction, current: str) -> Choices:
        ctx = Ctx(interaction, cast(RefereeBot, interaction.client), lang_of(interaction))
        game = str(getattr(interaction.namespace, "game", "") or "") or None
        try:
            record = await GAME.record(ctx, game)
            view = await ctx.bot.referee.view(record.id, None)
        except (Refusal, RuleViolation):
            return []
        assert isinstance(view, Aa50View)
        spots = [Option(value=w, label=t(f"aa50.loc.{w}")) for w in words.contested(view)]
        return pick_one(spots, current, ctx.lang)


add_order_commands(Aa50Cog.aa, GAME, Aa50Cog, ORDERS, Aa50Cog._order, Aa50Cog._complete)
for _command in Aa50Cog.aa.commands:
    if isinstance(_command, app_commands.Command) and _command.name == "odds":
        _command.autocomplete("where")(Aa50Cog._complete)


async def setup(bot: RefereeBot) -> None:
    await bot.add_cog(Aa50Cog(bot))
