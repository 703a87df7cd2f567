"""Hot-seat play in a terminal over the same referee and store as the Discord bot.

Every seat is played from one keyboard. Between seats that hold private information a
"pass the keyboard" screen hides the previous seat's view; the map of each view is written
to a folder after every step; a game in the database can be resumed.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bot.i18n import event_text, render, seat_name, tr, violation
from bot.local.menu import Cancelled, Draft, build_order
from bot.referee import Referee
from bot.rules.core import RuleViolation
from bot.rules.core.registry import get as get_ruleset
from bot.store import Store

LOCAL_GUILD = "local"
Say = Callable[[str], None]
Ask = Callable[[str], str]


def local_user(seat: str) -> str:
    return f"local:{seat}"


class LocalSession:
    def __init__(
        self, referee: Referee, game_id: str, ruleset_id: str, out: Path | None, lang: str, say: Say
    ) -> None:
        self.referee, self.game_id, self.out, self.lang, self.say = referee, game_id, out, lang, say
        self.ruleset_id = ruleset_id
        self.steps = 0

    @classmethod
    async def open(
        cls,
        store: Store,
        ruleset_id: str,
        *,
        scenario: str | None,
        options: dict[str, Any],
        seed: int | None,
        resume: str | None,
        out: Path | None,
        lang: str,
        say: Say,
    ) -> LocalSession:
        referee = Referee(store)
        if resume:
            record = await referee.game(resume, LOCAL_GUILD)
            say(tr("local.resumed", lang, game=record.id, ruleset=record.ruleset))
            return cls(referee, record.id, record.ruleset, out, lang, say)
        ruleset = get_ruleset(ruleset_id)
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
        session = cls(referee, record.id, record.ruleset, out, lang, say)
        session._show_events(started.events, None)
        await session.write_maps()
        return session

    async def play(self, ask: Ask, *, script: list[dict[str, Any]] | None = None) -> int:
        """Play until the game ends (interactive) or the script runs out. Returns an exit code."""
        last_seat: str | None = None
        draft = Draft()  # a refused order's choices, kept for the next menu
        steps = iter(script) if script is not None else None
        while True:
            record, state = await self.referee.state(self.game_id)
            if state.result is not None:
                self.say(
                    tr("local.over", self.lang, result=render(state.result.summary, self.lang))
                )
                self.say(tr("local.seed", self.lang, seed=record.seed.hex(), game=record.id))
                return 0
            ruleset = get_ruleset(record.ruleset)
            prompts = ruleset.prompts(state)
            if steps is not None:
                line = next(steps, None)
                if line is None:
                    return 0
                code = await self._scripted(line, prompts)
                if code:
                    return code
                continue
            prompt = prompts[0]
            if last_seat is not None and prompt.seat != last_seat:
                ask(tr("local.pass_keyboard", self.lang, seat=prompt.seat))
                self.say("\n" * 40)  # scrolls the previous seat's private view off the screen
            last_seat = prompt.seat
            view = ruleset.view(state, prompt.seat)
            seat = seat_name(record.ruleset, prompt.seat, self.lang)
            self.say(f"[{record.id}] {seat}: {render(view.status, self.lang)}")
            self.say(f"{render(prompt.title, self.lang)} ({prompt.section})")
            try:
                action = build_order(prompt, ask, self.say, self.lang, draft)
            except Cancelled as cancel:
                if str(cancel) == "q":
                    return 0
                await self._undo(prompt.seat)
                continue
            if await self._submit(prompt.seat, action):
                draft = Draft()

    async def _scripted(self, line: dict[str, Any], prompts: list[Any]) -> int:
        seat = line["seat"]
        if line.get("undo"):
            return 0 if await self._undo(seat) else 1
        if line.get("default"):
            prompt = next((p for p in prompts if p.seat == seat), None)
            if prompt is None or prompt.default is None:
                self.say(tr("local.no_prompt", self.lang, seat=seat))
                return 1
            action = prompt.default
        else:
            action = line["action"]
        return 0 if await self._submit(seat, action) else 1

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
        self.say(tr("local.undone", self.lang, n=n))
        await self.write_maps()
        return True

    def _show_events(self, events: list[Any], seat: str | None) -> None:
        for event in events:
            if event.visible_to(seat):
                text = event_text(event.model_dump(mode="json"), self.lang, self.ruleset_id)
                self.say("  • " + text)

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
