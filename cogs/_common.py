"""What every cog shares: the interaction context, the error guard, finding the game an
interaction is about, command strings from the catalog, and notices of undelivered DMs."""

from __future__ import annotations

import contextlib
import inspect
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot import present
from bot.i18n import render, tr
from bot.interactions import Refusal, acknowledge, answer_error, lang_of, send
from bot.present import ruleset_title
from bot.referee import LIVE, Seated
from bot.rules.core import GameState, OrderForm, Prompt, RuleViolation, View
from bot.store import GameRecord
from cogs._orders import describe as describe_order
from cogs._views import picture
from cogs._was_input import Choices

if TYPE_CHECKING:
    from bot.client import RefereeBot

log = logging.getLogger(__name__)


# --- command strings: English base from the catalog, Chinese from the translator ----------------
def text(key: str) -> app_commands.locale_str:
    full = f"discord.{key}"
    return app_commands.locale_str(tr(full, "en"), key=full)


def describe(*names: str) -> Any:
    """@app_commands.describe for these parameters, from ``discord.param.<name>``."""
    return app_commands.describe(**{n: text(f"param.{n}") for n in names})


def choice(param: str, value: str) -> app_commands.Choice[str]:
    return app_commands.Choice(name=text(f"choice.{param}.{value}"), value=value)


# --- the context of one interaction -------------------------------------------------------------
@dataclass
class Ctx:
    interaction: discord.Interaction
    bot: RefereeBot
    lang: str

    @property
    def user_id(self) -> str:
        return str(self.interaction.user.id)

    @property
    def guild_id(self) -> str | None:
        gid = self.interaction.guild_id
        return str(gid) if gid is not None else None

    @property
    def guild_lang(self) -> str:
        """Public messages (the lobby, the thread) are in the server's language."""
        return self.bot.guild_lang(self.guild_id) if self.guild_id else self.lang

    def t(self, key: str, **params: Any) -> str:
        return tr(key, self.lang, **params)

    async def send(self, content: str, **kwargs: Any) -> None:
        await send(self.interaction, content, **kwargs)

    def is_manager(self) -> bool:
        """Manage Server, or the configured manager role."""
        perms = self.interaction.permissions
        if perms.manage_guild or perms.administrator:
            return True
        roles = getattr(self.interaction.user, "roles", [])
        return any(r.name == self.bot.settings.manager_role for r in roles)

    def require_manager(self) -> None:
        if not self.is_manager():
            raise Refusal("discord.error.manager_only", role=self.bot.settings.manager_role)

    async def game(self, game_id: str | None = None) -> GameRecord:
        """The game named, isolated per server (another server's id is "not found"); without
        an id, the game whose thread this is, else the user's only live game here."""
        return (await self.seated(game_id)).record if game_id else await self._game_here()

    async def seated(self, game_id: str | None = None) -> Seated:
        """``game`` with its seats and the open prompts of its cached state, from the referee
        in one store trip (issue 9: one trip resolves game, seat and prompt)."""
        referee = self.bot.referee
        if not game_id:
            record = await self._game_here()
            game_id = record.id
        seated = await referee.seated(game_id.strip().lower(), self.user_id, self.guild_id)
        if self.guild_id is None and not seated.held:
            # In DMs a user reaches only the games they play.
            raise RuleViolation("core.game.not_found", "Referee", game=seated.record.id)
        return seated

    async def _game_here(self) -> GameRecord:
        channel = self.interaction.channel_id
        record = await self.bot.referee.game_here(
            self.guild_id, str(channel) if channel is not None else None, self.user_id
        )
        if record is None:
            raise Refusal("discord.error.which_game")
        return record

    async def game_and_state(self, game_id: str | None) -> tuple[GameRecord, GameState | None]:
        """``game`` and its state (None in the lobby), from the referee's cache."""
        seated, state = await self.seated_and_state(game_id)
        return seated.record, state

    async def seated_and_state(self, game_id: str | None) -> tuple[Seated, GameState | None]:
        """``seated`` (the game, its seats and deadlines in one store trip) and its state, None
        in the lobby; a finished game's is its final state (from the referee's cache)."""
        seated = await self.seated(game_id)
        record = seated.record
        if record.status == "lobby":
            return seated, None
        if seated.state is not None:
            return seated, seated.state
        try:
            return seated, (await self.bot.referee.state(record.id, record))[1]
        except RuleViolation as exc:
            if exc.code != "core.game.not_started":  # abandoned in its lobby
                raise
            return seated, None

    async def seats_of_user(self, game_id: str) -> list[str]:
        return (await self.bot.referee.seated(game_id, self.user_id)).held


@contextlib.asynccontextmanager
async def guard(interaction: discord.Interaction) -> AsyncIterator[Ctx]:
    """Run an interaction's work: errors become messages, and then any DM the user missed
    is announced (ephemerally) with a button to see it here."""
    ctx = Ctx(interaction, cast("RefereeBot", interaction.client), lang_of(interaction))
    try:
        yield ctx
    except Exception as exc:
        await answer_error(interaction, exc)
    try:
        await show_notices(ctx)
    except Exception:
        log.exception("could not show notices", extra={"user": ctx.user_id})


async def show_notices(ctx: Ctx) -> None:
    interaction = ctx.interaction
    if interaction.type is discord.InteractionType.autocomplete:
        return
    if interaction.response.type is discord.InteractionResponseType.modal:
        return  # a modal is open: tell them at their next interaction instead
    if not ctx.bot.may_have_notices(ctx.user_id):
        return
    notices = await ctx.bot.referee.take_notices(ctx.user_id)
    ctx.bot.notices_taken(ctx.user_id)
    per_game: dict[str, int] = {}
    for message in notices:
        per_game[message.game_id] = per_game.get(message.game_id, 0) + 1
    for game_id, count in per_game.items():
        view = discord.ui.View(timeout=None)
        view.add_item(
            discord.ui.Button(
                label=ctx.t("discord.notice.show_here")[:80],
                style=discord.ButtonStyle.primary,
                custom_id=ctx.bot.custom_id("show", game_id),
            )
        )
        view.stop()  # stateless: the click is routed by its custom_id (bot/client.py)
        await ctx.send(ctx.t("discord.notice.dm_closed", game=game_id, count=count), view=view)


async def undo_last(ctx: Ctx, record: GameRecord) -> None:
    """Take back the user's last order (the referee refuses it once dice were rolled, something
    hidden was revealed, or it closed a step the game keeps closed) and say so."""
    n = await ctx.bot.referee.undo(record.id, ctx.user_id)
    ctx.bot.delivery.wake()
    await ctx.send(ctx.t("discord.undo.done", game=record.id, n=n, order=n.order))


def frozen(view: discord.ui.View) -> discord.ui.View:
    """A view that discord.py will not keep: its clicks are routed by custom_id instead."""
    view.stop()
    return view


# --- autocomplete ---------------------------------------------------------------------------
async def game_choices(
    interaction: discord.Interaction, current: str, *, mine_only: bool = False
) -> list[app_commands.Choice[str]]:
    bot = cast("RefereeBot", interaction.client)
    lang = lang_of(interaction)
    guild = str(interaction.guild_id) if interaction.guild_id else None
    if mine_only or guild is None:
        mine = await bot.referee.games_of_user(str(interaction.user.id), guild)
        records = [record for record, _ in mine.values()]
    else:
        records = await bot.referee.games(guild, LIVE)
    out: dict[str, app_commands.Choice[str]] = {}
    needle = current.strip().lower()
    for g in reversed(records):  # newest first
        status = tr(f"discord.status.{g.status}", lang)
        name = f"{g.id} · {ruleset_title(g.ruleset, lang)} · {status}"
        if needle in name.lower() and g.id not in out:
            out[g.id] = app_commands.Choice(name=name[:100], value=g.id)
    return list(out.values())[:25]


# --- a game's text commands (/was, /pb, …): the plumbing every game's cog shares -------------
@dataclass(frozen=True)
class GameCommands:
    """One game's text commands: its ruleset, its catalog prefix (``discord.<prefix>.…``) and
    the refusal for another game's id. Finds the decision an order answers, gives the order,
    completes ``game`` from this server's games of the ruleset."""

    ruleset: str
    prefix: str
    wrong_game: str  # refusal key, with {game}

    def text(self, key: str) -> app_commands.locale_str:
        return text(f"{self.prefix}.{key}")

    def params(self, **names: str) -> Any:
        """@app_commands.describe: parameter -> key under ``discord.<prefix>.param`` (the key
        ``game`` is the shared ``discord.param.game``)."""
        return app_commands.describe(
            **{
                n: text("param.game") if key == "game" else self.text(f"param.{key}")
                for n, key in names.items()
            }
        )

    async def record(self, ctx: Ctx, game: str | None) -> GameRecord:
        record = await ctx.game(game)
        if record.ruleset != self.ruleset:
            raise Refusal(self.wrong_game, game=record.id)
        return record

    async def open(
        self, ctx: Ctx, game: str | None, types: Sequence[str]
    ) -> tuple[GameRecord, Prompt, list[OrderForm]]:
        """The user's open prompt with forms of the first of these order types it takes; a
        command is answered before any lookup (issue 9: first reply)."""
        await acknowledge(ctx.interaction)
        record = await self.record(ctx, game)
        prompts = await ctx.bot.referee.prompts(record.id, ctx.user_id)
        for type_ in types:
            for prompt in prompts:
                forms = [f for f in prompt.forms if f.type == type_]
                if forms:
                    return record, prompt, forms
        if not prompts:
            raise Refusal(f"discord.{self.prefix}.nothing_open", game=record.id)
        waiting = ", ".join(render(p.title, ctx.lang) for p in prompts)
        raise Refusal(f"discord.{self.prefix}.no_such_order", game=record.id, waiting=waiting)

    async def forms(
        self, interaction: discord.Interaction, types: Sequence[str]
    ) -> list[OrderForm]:
        """For autocomplete: the forms of the open decision, or none."""
        ctx = Ctx(interaction, cast("RefereeBot", interaction.client), lang_of(interaction))
        game = str(getattr(interaction.namespace, "game", "") or "") or None
        try:
            return (await self.open(ctx, game, types))[2]
        except (Refusal, RuleViolation):
            return []

    async def give(
        self, ctx: Ctx, record: GameRecord, prompt: Prompt, form: OrderForm, answers: dict[str, Any]
    ) -> str:
        """Hand the order to the referee (which judges it); the line confirming it."""
        action = form.build(answers)
        await ctx.bot.referee.submit(
            record.id, ctx.user_id, action, f"discord:{ctx.interaction.id}", seat=prompt.seat
        )
        ctx.bot.delivery.wake()
        order = describe_order(form, answers, ctx.lang)
        return ctx.t("discord.order.given", order=order, game=record.id)

    async def views(
        self, ctx: Ctx, game: str | None
    ) -> tuple[GameRecord, list[tuple[str | None, View]]]:
        """A started game's view for each seat the user holds (only they see the reply), or
        the public view for a spectator; the command is answered first (drawing follows)."""
        record = await self.record(ctx, game)
        if record.status == "lobby":
            raise RuleViolation("core.game.not_started", "Referee", game=record.id)
        seats = await ctx.seats_of_user(record.id)
        await ctx.interaction.response.defer(ephemeral=True, thinking=True)
        _, state = await ctx.bot.referee.state(record.id, record)
        audiences: list[str | None] = [*seats] or [None]
        return record, [(seat, ctx.bot.referee.view_of(record, state, seat)) for seat in audiences]

    async def send_maps(
        self,
        ctx: Ctx,
        game: str | None,
        filename: str,
        caption: Callable[[View], str] | None = None,
    ) -> None:
        """The map of each seat the user holds (only they see it), or the public one for a
        spectator: the game's header, the view's caption if any, the picture."""
        record, views = await self.views(ctx, game)
        for _seat, view in views:
            header = present.header(record.id, self.ruleset, ctx.lang)
            content = present.join(header, caption(view)) if caption else header
            file = await picture(view, filename, ctx.bot.delivery.maps, ctx.lang)
            await ctx.send(present.clip(content), file=file)

    async def game_ids(self, interaction: discord.Interaction, current: str) -> Choices:
        """This server's live games of the ruleset (in DMs, the user's own)."""
        bot = cast("RefereeBot", interaction.client)
        lang, guild = lang_of(interaction), interaction.guild_id
        if guild is not None:
            records = await bot.store.games(str(guild), LIVE)
        else:
            records = [g for g, _ in await bot.store.games_of_user(str(interaction.user.id))]
        out: dict[str, app_commands.Choice[str]] = {}
        for g in reversed(records):
            if g.ruleset == self.ruleset and g.status in LIVE and current.strip().lower() in g.id:
                status = tr(f"discord.status.{g.status}", lang)
                out.setdefault(g.id, app_commands.Choice(name=f"{g.id} · {status}", value=g.id))
        return list(out.values())[:25]

    def complete_games(self, group: app_commands.Group) -> None:
        """Every command of the group with a ``game`` option completes it from ``game_ids``."""
        for command in group.commands:
            if isinstance(command, app_commands.Command) and any(
                p.name == "game" for p in command.parameters
            ):
                command.autocomplete("game")(self.game_ids)


class GameCog(commands.Cog):
    """A game's cog: its text commands (``game``) and the lines the thread's situation and the
    end-of-game notice carry for it (bot.present)."""

    game: ClassVar[GameCommands]

    def __init__(self, bot: RefereeBot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        # The end-of-game notice is delivered from the outbox like every message (once, with
        # retries); a game only adds its lines to it.
        present.register_score(self.game.ruleset, self.score)
        present.register_summary(self.game.ruleset, self.summary)

    def score(self, view: View, lang: str) -> str:
        raise NotImplementedError

    def summary(self, view: View, lang: str) -> list[str]:
        return [self.score(view, lang)]


@dataclass(frozen=True)
class OrderCommand:
    """A text command that gives an order: the action types it may give (the first the open
    decision takes is used) and its inputs, each typed by name and looked up among the open
    prompt's own options; ``optional`` ones may be left out."""

    name: str
    types: tuple[str, ...]
    inputs: tuple[str, ...] = ()
    optional: tuple[str, ...] = ()


OrderRun = Callable[
    [Any, discord.Interaction, OrderCommand, "str | None", dict[str, Any]], Awaitable[None]
]


def add_order_commands(
    group: app_commands.Group,
    game: GameCommands,
    owner: type,
    commands: Sequence[OrderCommand],
    run: OrderRun,
    complete: Callable[[Any, discord.Interaction, str], Coroutine[Any, Any, Choices]] | None = None,
) -> None:
    """Add one command per row to ``group`` (a class attribute of the cog ``owner``): its
    options are its inputs (text), then ``game``; invoking it calls ``run(cog, interaction,
    command, game, typed)``. One table instead of a method per order. Then every ``game``
    option of the group completes from this server's games and, with ``complete``, every
    other input of an order command from it (an input something else already completes, as
    /pb's ``trait``, is left alone)."""
    for spec in commands:
        group.add_command(
            app_commands.Command(
                name=spec.name,
                description=game.text(f"cmd.{spec.name}"),
                callback=_order_callback(spec, game, owner, run),
                parent=group,
            )
        )
    game.complete_games(group)
    if complete is None:
        return
    names = {spec.name for spec in commands}
    for command in group.commands:
        if isinstance(command, app_commands.Command) and command.name in names:
            for param in command.parameters:
                if param.name != "game" and not param.autocomplete:
                    command.autocomplete(param.name)(complete)


def _order_callback(spec: OrderCommand, game: GameCommands, owner: type, run: OrderRun) -> Any:
    async def callback(cog: Any, interaction: discord.Interaction, **typed: str | None) -> None:
        await run(cog, interaction, spec, typed.pop("game", None), typed)

    kw = inspect.Parameter.KEYWORD_ONLY
    params = [
        inspect.Parameter("cog", inspect.Parameter.POSITIONAL_OR_KEYWORD),
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction
        ),
        *(inspect.Parameter(n, kw, annotation=str) for n in spec.inputs),
        *(inspect.Parameter(n, kw, annotation=str | None, default=None) for n in spec.optional),
        inspect.Parameter("game", kw, annotation=str | None, default=None),
    ]
    # discord.py reads a command's options from its callback's signature, and passes the cog
    # first to a callback whose qualified name is a class's method: both set to match.
    callback.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    callback.__qualname__ = f"{owner.__qualname__}.{spec.name}"
    callback.__name__ = spec.name
    names = {n: n for n in (*spec.inputs, *spec.optional)}
    return game.params(**names, game="game")(callback)
