"""The one exception a rules engine raises for an illegal order."""

from __future__ import annotations

from typing import Any

from bot.rules.core.bounds import clip

QUOTE_LIMIT = 120
"""Characters of one refusal parameter: a quoted id, a place, a short detail."""


class RuleViolation(Exception):
    """An order the rules forbid.

    `code` is stable (an i18n key suffix, e.g. ``was.move.enemy_port``), `section` cites the
    rulebook (``War at Sea 6.4``) and `params` fill the localised message. Engines raise it
    before changing anything, so the caller's state is untouched.
    """

    def __init__(self, code: str, section: str, **params: Any) -> None:
        # Params often quote what a user typed: only an excerpt of it, whatever the caller
        # passed (bot.rules.core.bounds), so a refusal stays short in every language.
        params = {k: clip(v, QUOTE_LIMIT) for k, v in params.items()}
        super().__init__(f"{code} ({section}) {params}" if params else f"{code} ({section})")
        self.code = code
        self.section = section
        self.params = params
        self.ruleset: str | None = None
        """The game that refused (set on the way out of Ruleset.apply), so the message can
        name its ships and places instead of their ids."""

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "section": self.section, "params": self.params}
