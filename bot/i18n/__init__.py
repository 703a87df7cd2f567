"""Catalogs in English and Simplified Chinese, with named placeholders.

Files: ``locales/<lang>/<domain>.json``, flat objects of key -> text. Rule violations are
``violation.<code>``, events ``event.<kind>``; other keys are whatever Text a game emits.
Templates may word plurals (``{n:plural:# ship|# ships}``, see ``wording``); a plain string
is a proper name, shown as is unless the catalog gives its form (``name.<string>``: a
"Convoy 1A" is 运输船队 1A in Chinese, a "Hood" stays Hood).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from bot.i18n.wording import Formatter, slug, split_section
from bot.rules.core import Event, RuleViolation, Text

LANGS = ("en", "zh")
REFUSAL_LIMIT = 2000
"""Longest refusal text: one Discord message."""
DEFAULT_LANG = "en"
_DIRS: list[Path] = [Path(__file__).resolve().parent / "locales"]
log = logging.getLogger(__name__)


def add_catalog_dir(path: Path) -> None:
    """Another folder of ``<lang>/<domain>.json`` (a test-only game brings its own)."""
    if path not in _DIRS:
        _DIRS.append(path)
        catalogs.cache_clear()


def catalog_files(lang: str) -> list[Path]:
    return sorted(p for d in _DIRS for p in (d / lang).glob("*.json"))


@cache
def catalogs() -> dict[str, dict[str, str]]:
    result: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        merged: dict[str, str] = {}
        for path in catalog_files(lang):
            merged.update(json.loads(path.read_text(encoding="utf-8")))
        result[lang] = merged
    return result


def lang_for(locale: str | None, fallback: str | None = None) -> str:
    """Discord locales: zh-CN and zh-TW read the Chinese catalog, everything else English."""
    for candidate in (locale, fallback):
        if candidate:
            return "zh" if str(candidate).lower().startswith("zh") else "en"
    return DEFAULT_LANG


class _Params(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def tr(key: str, lang: str = DEFAULT_LANG, /, **params: Any) -> str:
    table = catalogs()
    template = table.get(lang, {}).get(key) or table[DEFAULT_LANG].get(key)
    if template is None:
        log.warning("missing catalog key %s", key)
        return key
    values = _Params({k: _value(v, lang) for k, v in params.items()})
    return Formatter().vformat(template, (), values)


def proper_name(name: str, lang: str = DEFAULT_LANG) -> str:
    """A name as the catalog spells it in ``lang`` (``name.<name>``), else as it is."""
    return catalogs().get(lang, {}).get(f"name.{name}") or name


def cite(section: str, lang: str = DEFAULT_LANG) -> str:
    """A rule section as the reader's rulebook names it: ``War at Sea 6.1`` reads
    大西洋海战 6.1 in Chinese (``cite.<book>`` in the catalogs; an unknown book stays)."""
    book, number = split_section(section)
    key = f"cite.{slug(book)}"
    name = tr(key, lang) if key in catalogs()[DEFAULT_LANG] else book
    return tr("core.cite", lang, book=name, number=number) if number else name


def _value(value: Any, lang: str) -> Any:
    if isinstance(value, Text):
        return render(value, lang)
    if isinstance(value, Mapping) and "key" in value and set(value) <= {"key", "params"}:
        return render(Text.model_validate(value), lang)
    if isinstance(value, list | tuple):
        separator = catalogs().get(lang, {}).get("core.list.separator", ", ")
        return separator.join(str(_value(v, lang)) for v in value)
    if isinstance(value, bool):
        return tr("core.yes" if value else "core.no", lang)
    if isinstance(value, str):
        return proper_name(value, lang)
    return value


def render(text: Text | str | Mapping[str, Any], lang: str = DEFAULT_LANG) -> str:
    """A Text in ``lang``; a plain string is a proper name and stays as it is."""
    if isinstance(text, str):
        return proper_name(text, lang)
    if isinstance(text, Mapping):
        text = Text.model_validate(text)
    return tr(text.key, lang, **text.params)


def violation(exc: RuleViolation, lang: str = DEFAULT_LANG) -> str:
    """The refusal a user reads: what is wrong and the rule that forbids it."""
    params = dict(exc.params)
    if exc.ruleset is not None:
        names = _names(exc.ruleset)
        params = {k: render(names[v], lang) if _named(v, names) else v for k, v in params.items()}
        for name in SEAT_PARAMS:
            if isinstance(params.get(name), str):
                params[name] = seat_name(exc.ruleset, params[name], lang)
    text = tr(
        "core.refusal",
        lang,
        reason=tr(f"violation.{exc.code}", lang, **params),
        section=cite(exc.section, lang),
    )
    # Params are clipped where the refusal is raised (bot.rules.core.bounds); this is the
    # last guard so that no refusal outgrows one chat message.
    return text if len(text) <= REFUSAL_LIMIT else text[: REFUSAL_LIMIT - 1] + "…"


def _named(value: Any, names: Mapping[str, Any]) -> bool:
    return isinstance(value, str) and value in names


@cache
def _names(ruleset_id: str) -> Mapping[str, Any]:
    from bot.rules.core.registry import get as get_ruleset

    try:
        return get_ruleset(ruleset_id).names()
    except RuleViolation:
        return {}


def seat_name(ruleset_id: str, seat: str, lang: str = DEFAULT_LANG) -> str:
    """A seat's name in the game's catalog (``<ruleset>.seat.<seat>``), else its id."""
    key = f"{ruleset_id}.seat.{seat}"
    return tr(key, lang) if key in catalogs()[DEFAULT_LANG] else seat


SEAT_PARAMS = ("seat", "side", "winner", "loser")
"""Parameters of an untyped event (a kind with no model) taken to name a seat; a typed kind
says which of its fields do (``SEAT`` in bot/rules/core/events.py)."""


def event_text(
    event: Event | Mapping[str, Any], lang: str = DEFAULT_LANG, ruleset: str | None = None
) -> str:
    """An event in words: ``event.<kind>`` filled from its typed parameters, by field; those
    naming a seat read as the game's name for it. A mapping is an event as stored (JSON)."""
    if not isinstance(event, Event):
        event = Event.load(event)
    data = event.data
    values = {name: value for name, value in data if name in data.model_fields_set}
    if ruleset is not None:
        seats = type(data).seat_fields() if event.typed else SEAT_PARAMS
        for name in seats:
            if isinstance(values.get(name), str):
                values[name] = seat_name(ruleset, values[name], lang)
        # Ids the game names (ships, places: Ruleset.names) read by their names, as in a
        # refusal (``violation``): an event keeps ids, its reader never sees one.
        names = _names(ruleset)
        for name, value in values.items():
            if name in seats:
                continue
            if _named(value, names):
                values[name] = render(names[value], lang)
            elif isinstance(value, list) and value and all(_named(v, names) for v in value):
                values[name] = [render(names[v], lang) for v in value]
    return tr(f"event.{event.kind}", lang, **values)


def placeholders(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name}
