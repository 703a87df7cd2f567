"""AA50 events are typed per kind (bot/rules/aa50/events.py): every placeholder of each kind's
template in both catalogs is a field of its model, and every kind the engine builds has a
model and a template."""

from __future__ import annotations

import re
from pathlib import Path

from bot.i18n import LANGS, catalogs, placeholders
from bot.rules.aa50 import events  # noqa: F401  (registers the kinds)
from bot.rules.core.events import registered_kinds

RULES = Path(__file__).resolve().parents[2] / "bot" / "rules" / "aa50"


def test_templates_name_only_fields_of_their_kinds_model() -> None:
    kinds = registered_kinds("aa50.")
    for kind, model in kinds.items():
        for lang in LANGS:
            template = catalogs()[lang].get(f"event.{kind}")
            assert template is not None, f"{lang}: no template for {kind}"
            names = {p.split(":")[0] for p in placeholders(template)}
            assert names <= set(model.model_fields), (lang, kind, names - set(model.model_fields))


def test_every_kind_the_engine_builds_has_a_model() -> None:
    built = {
        m
        for path in RULES.rglob("*.py")
        for m in re.findall(r'ev\(\s*"(aa50\.[a-z_]+)"', path.read_text(encoding="utf-8"))
    }
    assert len(built) >= 30
    assert built <= set(registered_kinds("aa50.")), built - set(registered_kinds("aa50."))


def test_every_refusal_has_a_message_in_both_languages() -> None:
    """Each RuleViolation code the AA50 rules raise is worded in English and Chinese (the
    presenter adds the section it names)."""
    codes = {
        m
        for path in RULES.rglob("*.py")
        for m in re.findall(
            r'RuleViolation\(\s*"(aa50\.[a-z_.]+)"', path.read_text(encoding="utf-8")
        )
    }
    codes |= {
        m
        for path in RULES.rglob("*.py")
        for m in re.findall(r'return "(aa50\.move\.[a-z_]+)"', path.read_text(encoding="utf-8"))
    }
    assert len(codes) >= 20
    for lang in LANGS:
        missing = {c for c in codes if f"violation.{c}" not in catalogs()[lang]}
        assert not missing, (lang, missing)
