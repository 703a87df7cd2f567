"""Event parameters typed per kind (bot/rules/core/events.py): checked when an event is built,
lenient when one is read back from storage (stored games keep loading), read by field by the
presenters, and each game's templates name only fields its models have."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest
from pydantic import ValidationError

import tests.vaults  # noqa: F401  (registers the test-only game)
from bot.autoplay import play
from bot.i18n import LANGS, catalogs, event_text, placeholders
from bot.present import event_lines
from bot.referee import payloads
from bot.referee.fairdice import FairDice
from bot.rules.core import Event
from bot.rules.core.events import SEAT, EventParams, FreeParams, params_model, registered_kinds
from bot.rules.core.registry import _BUILTIN, available, get
from bot.rules.war_at_sea.combat.events import Fire
from bot.rules.war_at_sea.events import Control, Moved
from bot.store import GameRecord, LogEntry, Store
from bot.store.records import Commit

GAMES = sorted({*(g for g in available() if g in _BUILTIN), "vaults"})
"""The real games (those that load) and the toy: every event they emit is typed."""


def _moved(**params: Any) -> dict[str, Any]:
    return {"kind": "was.moved", "params": params}


HOOD = {"ship": "hood", "name": "Hood", "side": "allies", "to": "north_sea", "areas": 2}


def test_an_event_whose_parameters_do_not_fit_its_kind_is_refused_when_built() -> None:
    assert Event(**_moved(**HOOD)).typed
    for broken in (
        {k: v for k, v in HOOD.items() if k != "areas"},  # missing
        {**HOOD, "aeras": 2},  # misspelt
        {**HOOD, "areas": "two"},  # wrong type
        {**HOOD, "side": "neutral"},  # not a seat of the game
    ):
        with pytest.raises(ValidationError, match=r"was\.moved"):
            Event(**_moved(**broken))
        with pytest.raises(ValidationError, match=r"was\.moved"):
            Event.model_validate(_moved(**broken))


def test_a_stored_event_its_model_no_longer_fits_still_loads_and_reads() -> None:
    """Written before a field was added (``areas``): loaded untyped, worded from what it has."""
    old = _moved(**{k: v for k, v in HOOD.items() if k != "areas"})
    for loaded in (
        Event.load(old),
        payloads.step({"n": 3, "events": [old]}).events[0],
        payloads.parse("step", {"n": 3, "events": [old]}).events[0],  # type: ignore[attr-defined]
    ):
        assert not loaded.typed and isinstance(loaded.data, FreeParams)
        assert loaded.params == old["params"]
        assert event_text(loaded, "en", "war-at-sea") == "Hood moves to {to_name}"
    fits = Event.load(_moved(**HOOD))
    assert fits.typed and fits.as_(Moved).areas == 2


async def test_the_store_gives_back_old_events_as_written(database: str) -> None:
    store = await Store.open(database)
    try:
        await store.create_game(
            GameRecord(
                id="g1",
                guild_id="guild",
                thread_id="t1",
                ruleset="war-at-sea",
                scenario="standard",
                options={},
                settings={},
                status="active",
                seed=b"s" * 32,
                commitment="c",
                created_by="u0",
                created_at=1.0,
                updated_at=1.0,
            )
        )
        old = Event.load(_moved(ship="hood", name="Hood", side="allies", to="north_sea"))
        new = Event(**_moved(**HOOD))
        entry = LogEntry(
            n=0, seat="allies", user_id="u1", key="k", action={}, events=[old, new], created_at=2.0
        )
        await store.commit(Commit(game_id="g1", expected_version=0, entry=entry))
        [back] = await store.log("g1")
        assert [e.params for e in back.events] == [old.params, new.params]
        assert [e.typed for e in back.events] == [False, True]
    finally:
        await store.close()


def test_building_from_the_model_keeps_unset_optional_fields_out() -> None:
    """The anonymous public copy of an 18.2 event has no ``ship``: built from the model, the
    wire form is exactly what was set, so replays compare equal to stored logs."""
    anon = Moved(name={"key": "was.hidden_counter"}, side="allies", to="north_sea", areas=1)
    event = anon.event(except_for=("allies",))
    assert "ship" not in event.params and event.typed
    assert event.as_(Moved) == anon
    with pytest.raises(TypeError, match="not a Fire"):
        event.as_(Fire)


def test_a_kind_has_one_model() -> None:
    with pytest.raises(TypeError, match="already has"):

        class Again(EventParams):
            event_kind: ClassVar[str] = "was.moved"
            to: str


def test_presenters_name_seats_by_the_fields_a_model_marks() -> None:
    """``side`` of was.control is marked SEAT: shown by the game's name, in either language;
    an area id is not a seat, however it is called."""
    assert Control.seat_fields() == ("side",)
    event = Control(area="north_sea", side="axis").event()
    assert event_text(event, "en", "war-at-sea") == "Axis control {area_name}"
    assert "轴心国" in event_text(event, "zh", "war-at-sea")
    assert event_lines([event, event], "en", "war-at-sea") == ["• Axis control {area_name} (×2)"]


@pytest.mark.parametrize("game", GAMES)
def test_every_event_a_game_emits_is_typed_and_faithful(game: str) -> None:
    """Random play of each game: every event it emits has a model for its kind, and the model
    gives back exactly the parameters that travel (nothing lost, nothing added)."""
    ruleset = get(game)
    events: list[Event] = []
    for n in range(3):
        dice = FairDice(b"typed-events-seed-00000000000001", f"{game}-{n}", 0)
        scenario = ruleset.scenarios()[0].id
        outcome = ruleset.setup(scenario, ruleset.parse_options({}), dice)
        report = play(ruleset, outcome.state, dice, random.Random(n), max_actions=600)
        events += [*outcome.events, *report.events]
    kinds = {e.kind for e in events}
    if not any(params_model(k) for k in kinds):
        # A game written before its events were typed: the contract binds it from its first
        # model on (docs/adding-a-game.md, section 4).
        pytest.skip(f"{game}: no event kind typed yet ({len(kinds)} kinds)")
    for event in events:
        assert event.typed, f"{game}: event {event.kind} has no params model"
        assert event.data.model_dump(mode="json", exclude_unset=True) == event.params
    assert len(kinds) >= 5


@pytest.mark.parametrize("prefix", ["was.", "pb.", "vaults.", "core."])
def test_templates_name_only_fields_of_their_kinds_model(prefix: str) -> None:
    """A renamed field breaks here, not in a player's message: every placeholder of
    ``event.<kind>`` in both catalogs is a field of the kind's model, and every kind a game
    types has its template."""
    kinds = registered_kinds(prefix)
    assert kinds
    for kind, model in kinds.items():
        for lang in LANGS:
            template = catalogs()[lang].get(f"event.{kind}")
            assert template is not None, f"{lang}: no template for {kind}"
            names = {p.split(":")[0] for p in placeholders(template)}
            missing = names - set(model.model_fields)
            assert not missing, f"{lang} event.{kind} names {missing}, not fields of {model}"
            for name in model.seat_fields():
                assert SEAT in model.model_fields[name].metadata
