"""Hot-seat play in a terminal over the same referee and store as the Discord bot.

Every seat is played from one keyboard. Whenever the keyboard passes to another seat the
shared hand-over (bot/local/handover.py) clears the screen and its scrollback and gives the
incoming seat a recap from its own view. Maps are written only when asked for (``--out``);
a game in the database can be resumed, and every hint printed is a command that works as shown.
"""

from __future__ import annotations

import hashlib
import inspect
import json
import shlex
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from bot.i18n import cite, event_text, render, seat_name, tr, violation
from bot.local.handover import Screen, handover
from bot.local.menu import Cancelled, Draft, build_order
from bot.local.script import ScriptError, ScriptLine, check_seats, message, seat_for
from bot.referee import Referee
from bot.rules.core import Event, Prompt, RuleViolation
from bot.rules.core.registry import get as get_ruleset
from bot.store import Store

LOCAL_GUILD = "local"
Chooser = Callable[[Prompt, Screen, str], dict[str, Any] | Awaitable[dict[str, Any]]]
"""Picks the order for a prompt: the menus, or (tests) a program; it may be async."""


def local_user(seat: str) -> str:
    return f"local:{seat}"


class MenuChooser:
    """Interactive: the prompt's order forms as numbered menus. A refused order's choices are
    kept in the draft for the next menu of the same prompt."""

    def __init__(self) -> None:
        self.draft = Draft()

    def __call__(self, prompt: Prompt, screen: Screen, lang: str) -> dict[str, Any]:
        return build_order(prompt, screen.ask, screen.say, lang, self.draft)

    def accepted(self) -> None:
        self.draft = Draft()


class LocalSession:
    def __init__(
        self,
        referee: Referee,
        game_id: str,
        ruleset_id: str,
        out: Path | None,
        lang: str,
        screen: Screen,
        where: str = "",
    ) -> None:
        self.referee, self.game_id, self.out, self.lang = referee, game_id, out, lang
        self.screen, self.say = screen, screen.say
        self.ruleset_id = ruleset_id
        self.where = where  # the command-line options that find this game (--db ...)
        self.steps = 0

    @classmethod
    async def open(
        cls,
        store: Store,
        ruleset_id: str | None,
        *,
        scenario: str | None,
        options: dict[str, Any],
        seed: int | None,
        resume: str | None,
        out: Path | None,
        lang: str,
        screen: Screen,
        where: str = "",
        script: list[ScriptLine] | None = None,
    ) -> LocalSession:
        """Resume a stored game or create one; a script's seats are checked first, so a bad
        script leaves no game behind."""
        referee = Referee(store)
        say = screen.say
        if resume:
            record = await referee.game(resume, LOCAL_GUILD)
            check_seats(script or [], get_ruleset(record.ruleset).seats)
            say(tr("local.resumed", lang, game=record.id, ruleset=record.ruleset))
            session = cls(referee, record.id, record.ruleset, out, lang, screen, where)
            session._maps_note()
            return session
        if ruleset_id is None:
            raise RuleViolation("local.no_game", "Referee")
        ruleset = get_ruleset(ruleset_id)
        check_seats(script or [], ruleset.seats)
        fixed = hashlib.sha256(f"local-play:{seed}".encode()).digest() if seed is not None else None
        # Every die is keyed by seed and game id, so a reproducible game needs both fixed.
        game_id = f"seed{seed}" if seed is not None else None
        if game_id is not None and await store.game(game_id) is not None:
            raise RuleViolation("local.seed.used", "Referee", game=game_id)
        record = await referee.create(
            ruleset_id,
            game_id=game_id,
            guild_id=LOCAL_GUILD,
            created_by="local",
            scenario=scenario,
            options=options,
            settings={"deadline_hours": 0},
            seed=fixed,
        )
        for seat in ruleset.seats:
            await referee.join(record.id, local_user(seat), seat)
        say(tr("local.created", lang, game=record.id, commitment=record.commitment))
        started = await referee.start(record.id, "local")
        session = cls(referee, record.id, record.ruleset, out, lang, screen, where)
        session._maps_note()
        session._show_events(started.events, None)
        await session.write_maps()
        return session

    # --- the loop ---------------------------------------------------------------------------
    async def play(
        self,
        *,
        script: list[ScriptLine] | None = None,
        defaults: bool = False,
        choose: Chooser | None = None,
    ) -> int:
        """Play until the game ends, the script runs out, or the players stop (Ctrl-C or
        Ctrl-D: the game stays stored, and the command to resume it is printed). With
        ``defaults`` every decision after the script is the due seat's default order."""
        try:
            return await self._loop(script, defaults, choose or MenuChooser())
        except ScriptError as exc:
            self.say(message(exc, self.lang))
            self.say(self.resume_hint())
            return 1
        except (KeyboardInterrupt, EOFError) as stop:
            self.say("")
            self.say(self.resume_hint())
            return 130 if isinstance(stop, KeyboardInterrupt) else 0

    async def _loop(self, script: list[ScriptLine] | None, defaults: bool, choose: Chooser) -> int:
        last_seat: str | None = None
        steps = iter(script) if script is not None else None
        while True:
            record, state = await self.referee.state(self.game_id)
            if state.result is not None:
                result = render(state.result.summary, self.lang)
                self.say(tr("local.over", self.lang, result=result))
                self.say(tr("local.seed", self.lang, seed=record.seed.hex(), game=record.id))
                self.say(tr("local.export_hint", self.lang, command=self._export_command()))
                return 0
            ruleset = get_ruleset(record.ruleset)
            prompts = ruleset.prompts(state)
            if steps is not None:
                line = next(steps, None)
                if line is not None:
                    if not await self._scripted(line, prompts):
                        self.say(self.resume_hint())
                        return 1
                    continue
                if not defaults:
                    return 0
                steps = None
            if defaults:
                if not await self._scripted(ScriptLine(0, None, "default"), prompts):
                    return 1
                continue
            prompt = prompts[0]
            if prompt.seat != last_seat and len(ruleset.seats) > 1:
                since = await self._since_last_turn(prompt.seat)
                handover(self.screen, ruleset, state, prompt.seat, since, self.lang)
            last_seat = prompt.seat
            seat = seat_name(record.ruleset, prompt.seat, self.lang)
            section = cite(prompt.section, self.lang)
            self.say(f"[{record.id}] {seat}: {render(prompt.title, self.lang)} ({section})")
            try:
                chosen = choose(prompt, self.screen, self.lang)
                action = await chosen if inspect.isawaitable(chosen) else chosen
            except Cancelled as cancel:
                if str(cancel) == "q":
                    self.say(self.resume_hint())
                    return 0
                await self._undo(prompt.seat)
                continue
            if await self._submit(prompt.seat, action) and isinstance(choose, MenuChooser):
                choose.accepted()

    async def _scripted(self, line: ScriptLine, prompts: list[Prompt]) -> bool:
        seat = seat_for(line, prompts)
        if line.kind == "undo":
            return await self._undo(seat)
        if line.kind == "default":
            prompt = next((p for p in prompts if p.seat == seat), None)
            if prompt is None or prompt.default is None:
                raise ScriptError(
                    line.number,
                    "local.no_prompt",
                    seat=seat_name(self.ruleset_id, seat, self.lang),
                )
            action = prompt.default
        else:
            assert line.action is not None
            action = line.action
        return await self._submit(seat, action)

    # --- orders -----------------------------------------------------------------------------
    async def _submit(self, seat: str, action: dict[str, Any]) -> bool:
        self.steps += 1
        key = f"local:{self.game_id}:{self.steps}:{json.dumps(action, sort_keys=True)}"
        record = await self.referee.game(self.game_id)
        try:
            done = await self.referee.submit(
                self.game_id, local_user(seat), action, f"{key}:{record.version}", seat=seat
            )
        except RuleViolation as exc:
            self.say(violation(exc, self.lang))
            return False
        self._show_events(done.events, seat)
        await self.write_maps()
        return True

    async def _undo(self, seat: str) -> bool:
        try:
            n = await self.referee.undo(self.game_id, local_user(seat))
        except RuleViolation as exc:
            self.say(violation(exc, self.lang))
            return False
        self.say(tr("local.undone", self.lang, n=n, order=n.order))
        await self.write_maps()
        return True

    async def _since_last_turn(self, seat: str) -> list[Event]:
        """What this seat may see that happened after its own last order that stands, read
        from the seat's own export of the log (so nothing of another seat's can be in it)."""
        log = (await self.referee.export(self.game_id, seat))["log"]
        standing = [e for e in log if not e["undone"]]
        mine = [i for i, e in enumerate(standing) if e["seat"] == seat]
        since = standing[mine[-1] + 1 :] if mine else standing
        return [Event.load(e) for entry in since for e in entry["events"]]

    # --- text -------------------------------------------------------------------------------
    def _show_events(self, events: list[Event], seat: str | None) -> None:
        for event in events:
            if event.visible_to(seat):
                text = event_text(event, self.lang, self.ruleset_id)
                self.say("  • " + text)

    def _export_command(self) -> str:
        return f"python -m bot export {self.game_id}{self.where} --audience full -o game.json"

    def resume_hint(self) -> str:
        command = f"python -m bot play {self.ruleset_id} --resume {self.game_id}{self.where}"
        return tr("local.stopped", self.lang, game=self.game_id, command=command)

    def _maps_note(self) -> None:
        if self.out is not None:
            self.say(tr("local.maps", self.lang, folder=str(self.out)))

    async def write_maps(self) -> list[Path]:
        """The public map and each seat's map after this step, if the game has a renderer."""
        if self.out is None:
            return []
        from rendering.registry import render_view  # lazy: Pillow loads only when maps are wanted

        record, state = await self.referee.state(self.game_id)
        ruleset = get_ruleset(record.ruleset)
        self.out.mkdir(parents=True, exist_ok=True)
        written = []
        for audience in (None, *ruleset.seats):
            view = ruleset.view(state, audience).model_dump(mode="json")
            png = render_view(view)
            if png is None:
                continue
            path = self.out / f"{record.id}-{record.version:04d}-{audience or 'public'}.png"
            path.write_bytes(png)
            written.append(path)
        return written


def where_args(db: str | Path, loads: list[str] | None = None) -> str:
    """The options a printed command needs to find the same game: its database (and, for
    tests, the modules that register extra games)."""
    extra = "".join(f" --load {shlex.quote(m)}" for m in loads or [])
    return f" --db {shlex.quote(str(db))}{extra}"
