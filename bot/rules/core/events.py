"""What happened, and who may know it; each kind of event with its parameters typed.

An event travels and is stored as JSON (``kind``, ``audience``, ``params`` as a dict), so a
stored game and an outbox row written by an older referee still load. Its parameters are typed
per kind: a game declares one :class:`EventParams` subclass per kind it emits (``event_kind``, a
class variable, registers it), and every :class:`Event` is checked against its kind's model

- when built (``Event(...)``, ``EventParams.event()``, ``Event.model_validate``): parameters
  that do not fit refuse to build, so a misspelt or missing parameter is an engine bug found
  at once;
- when loaded from storage (``Event.load``, or ``model_validate(..., context=STORED)`` of a
  payload holding events: the log, the outbox): an event that fits is typed; one written
  before its kind's model changed still loads, untyped (:attr:`Event.typed` is False), and is
  worded from its raw parameters as it always was.

Presenters read :attr:`Event.data`, the kind's model, by field. A kind with no model (a test
game, a game being written) stays a free dict: :class:`FreeParams`.
"""

from __future__ import annotations

from contextlib import suppress
from typing import Annotated, Any, ClassVar, Final, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    ValidationError,
    ValidationInfo,
    model_validator,
)

from bot.rules.core.text import Text

PUBLIC = "public"
"""The audience of everything on the table: every seat and every spectator."""


class _SeatMarker:
    def __repr__(self) -> str:
        return "SEAT"


SEAT: Final = _SeatMarker()
"""Marks a parameter that names a seat (``side: Annotated[Side, SEAT]``): presenters show it by
the game's name for the seat, not its id."""

SeatParam = Annotated[str, SEAT]
"""A parameter naming a seat, for games that keep seats as plain strings."""

_KINDS: dict[str, type[EventParams]] = {}


class EventParams(BaseModel):
    """The parameters of one kind of event. Subclass it once per kind, with ``event_kind`` set::

        class Sunk(EventParams):
            event_kind: ClassVar[str] = "was.sunk"
            ship: str
            side: Annotated[Side, SEAT]

    Defining the class registers the kind (a second model for the same kind is refused). Fields
    are what the kind's message template names (``event.<kind>`` in the catalogs). Stored events
    keep their parameters as written: add a field with a default, never rename or remove one
    (an old event that no longer fits still loads, untyped).
    """

    model_config = ConfigDict(frozen=True, extra="forbid")

    event_kind: ClassVar[str] = ""
    """The kind this model types (a class variable, so a parameter may be called ``kind``)."""

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        super().__pydantic_init_subclass__(**kwargs)
        kind = cls.__dict__.get("event_kind")
        if not kind:
            return  # an abstract base shared by several kinds
        known = _KINDS.get(kind)
        if known is not None and known.__qualname__ != cls.__qualname__:
            raise TypeError(f"event kind {kind} already has {known.__qualname__}")
        _KINDS[kind] = cls

    @classmethod
    def seat_fields(cls) -> tuple[str, ...]:
        """The parameters that name a seat (annotated with :data:`SEAT`)."""
        return tuple(name for name, f in cls.model_fields.items() if SEAT in f.metadata)

    def event(
        self, audience: str = PUBLIC, reveals: bool = False, except_for: tuple[str, ...] = ()
    ) -> Event:
        """This kind's event, its parameters as set (unset optional ones stay out)."""
        return Event(
            kind=self.event_kind,
            audience=audience,
            params=self.model_dump(mode="json", exclude_unset=True),
            reveals=reveals,
            except_for=except_for,
        )


class FreeParams(EventParams):
    """The parameters of a kind with no model, or of a stored event its model no longer fits."""

    model_config = ConfigDict(frozen=True, extra="allow")


P = TypeVar("P", bound=EventParams)


def params_model(kind: str) -> type[EventParams] | None:
    """The model registered for ``kind``, if any."""
    return _KINDS.get(kind)


def registered_kinds(prefix: str = "") -> dict[str, type[EventParams]]:
    """Every registered kind starting with ``prefix`` (``"was."``) and its model."""
    return {k: m for k, m in _KINDS.items() if k.startswith(prefix)}


STORED: Final = {"stored": True}
"""Validation context for events read back from storage (the log, the outbox, exports): pass
it to ``model_validate`` of anything holding events (``Event.load`` does)."""


class Event(BaseModel):
    """One thing that happened. ``kind`` is a catalog key suffix (``event.<kind>``).

    ``audience`` is PUBLIC or one seat id. ``reveals`` marks that hidden information became
    known (a face-down counter turned up), which ends the right to undo earlier orders.
    ``except_for`` marks a public, anonymous copy of a seat's own event: that seat reads the
    named original and not the copy too. ``params`` is the wire form; :attr:`data` the same
    parameters typed by the kind's model.
    """

    model_config = ConfigDict(frozen=True)

    kind: str
    audience: str = PUBLIC
    params: dict[str, Any] = Field(default_factory=dict)
    reveals: bool = False
    except_for: tuple[str, ...] = ()

    _data: EventParams | None = PrivateAttr(default=None)

    _stored_untyped: bool = PrivateAttr(default=False)

    @model_validator(mode="after")
    def _typed_params(self, info: ValidationInfo) -> Event:
        model = _KINDS.get(self.kind)
        if model is None or self._data is not None or self._stored_untyped:
            return self  # no model, or an event already checked (passed on inside a payload)
        try:
            self._data = model.model_validate(self.params)
        except ValidationError as exc:
            if not (info.context and info.context.get("stored")):
                raise ValueError(f"parameters of {self.kind} do not fit its model: {exc}") from exc
            # A stored event its kind's model no longer fits is kept as written (a game must
            # keep loading); it is worded from its raw parameters, untyped.
            self._stored_untyped = True
        return self

    @classmethod
    def load(cls, data: Any) -> Event:
        """An event read back from storage (see the module docstring): never refused for
        parameters its kind's model no longer fits."""
        return cls.model_validate(data, context=STORED)

    def _typed_data(self) -> EventParams | None:
        if self._data is None and not self._stored_untyped and (model := _KINDS.get(self.kind)):
            # Loaded before its game registered its kinds (a store read first): typed now.
            with suppress(ValidationError):  # written before the model changed: untyped
                self._data = model.model_validate(self.params)
        return self._data

    @property
    def typed(self) -> bool:
        """Whether the parameters fit a model registered for the kind."""
        return self._typed_data() is not None

    @property
    def data(self) -> EventParams:
        """The parameters typed by the kind's model (a :class:`FreeParams` when untyped)."""
        data = self._typed_data()
        return data if data is not None else FreeParams.model_validate(self.params)

    def as_(self, model: type[P]) -> P:
        """The parameters as ``model``, which must be the kind's (a presenter that knows the
        kind reads fields, typed for the type checker)."""
        data = self.data
        if not isinstance(data, model):
            raise TypeError(f"event {self.kind} is not a {model.__qualname__}")
        return data

    def visible_to(self, audience: str | None) -> bool:
        """Public events reach everyone (but the seats that read their named original); a
        seat's events reach that seat only."""
        if self.audience == PUBLIC:
            return audience is None or audience not in self.except_for
        return audience is not None and self.audience == audience


class Undone(EventParams):
    """The referee's own event: a seat took back its last order (bot/referee/service.py)."""

    event_kind: ClassVar[str] = "core.undone"
    seat: SeatParam
    order: Text | None = None
    """The order taken back, in words (as the prompt it answered words it)."""
