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
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    audience: str = PUBLIC
    params: dict[str, Any] = Field(default_factory=dict)
    reveals: bool = False

    def visible_to(self, audience: str | None) -> bool:
        """Public events reach everyone; a seat's events reach that seat only."""
        return self.audience == PUBLIC or (audience is not None and self.audience == audience)
