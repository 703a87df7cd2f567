"""What happened, and who may know it."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

PUBLIC = "public"
"""The audience of everything on the table: every seat and every spectator."""


class Event(BaseModel):
    """One thing that happened. ``kind`` is a catalog key suffix (``event.<kind>``).

    ``audience`` is PUBLIC or one seat id. ``reveals`` marks that hidden information became
    known (a face-down counter turned up), which ends the right to undo earlier orders.
    ``except_for`` marks a public, anonymous copy of a seat's own event: that seat reads the
    named original and not the copy too.
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    audience: str = PUBLIC
    params: dict[str, Any] = Field(default_factory=dict)
    reveals: bool = False
    except_for: tuple[str, ...] = ()

    def visible_to(self, audience: str | None) -> bool:
        """Public events reach everyone (but the seats that read their named original); a
        seat's events reach that seat only."""
        if self.audience == PUBLIC:
            return audience is None or audience not in self.except_for
        return audience is not None and self.audience == audience
