"""Every Text key, event kind and violation code the engine uses exists in both catalogs."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path
from typing import get_args

from bot.i18n.wording import Formatter
from bot.rules.war_at_sea import board
from bot.rules.war_at_sea.state import Phase
from bot.rules.war_at_sea.units import GENERIC

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "bot" / "rules" / "war_at_sea"
LOCALES = ROOT / "bot" / "i18n" / "locales"
PHASES = get_args(Phase)  # every phase the engine can be in needs a name


def catalog(lang: str) -> dict[str, str]:
    data = json.loads((LOCALES / lang / "war_at_sea.json").read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in PACKAGE.rglob("*.py"):
        if path.name == "components.py":
            continue
        src = path.read_text(encoding="utf-8")
        violations = set(re.findall(r'RuleViolation\(\s*"(was\.[^"]+)"', src))
        events = set(re.findall(r'(?:\bev|Event)\(\s*(?:kind=)?"(was\.[^"]+)"', src))
        events |= set(re.findall(r'unit_events\(\s*state,\s*"(was\.[^"]+)"', src))
        events |= set(re.findall(r'event_kind: ClassVar\[str\] = "(was\.[^"]+)"', src))
        texts = set(re.findall(r'"(was\.[a-z0-9_.]+)"', src)) - violations - events
        keys |= {f"violation.{c}" for c in violations} | {f"event.{k}" for k in events} | texts
    keys |= {f"was.loc.{loc}" for loc in [*board.locations(), "none"]}
    keys |= {f"was.phase.{p}" for p in PHASES}
    keys |= {f"was.result.{r}" for r in ("axis", "allies", "draw")}
    keys |= {f"was.prompt.combat_order_{k}" for k in ("asw", "air", "surface")}
    keys |= {f"was.battle_kind.{k}" for k in ("asw", "air", "surface")}
    keys |= {f"was.italian.{k}" for k in ("allies", "scuttled", "germany")}
    # Generic counters are named in the reader's language (units.unit_label).
    keys |= {f"name.{u.name}" for u in board.comps().units.values() if u.type in GENERIC}
    return keys


def test_every_key_exists_in_both_languages() -> None:
    keys = used_keys()
    for lang in ("en", "zh"):
        missing = sorted(keys - set(catalog(lang)))
        assert not missing, f"{lang}: {missing}"


def test_both_catalogs_have_the_same_keys_and_placeholders() -> None:
    en, zh = catalog("en"), catalog("zh")
    assert set(en) == set(zh)
    fmt = string.Formatter()
    for key in en:
        names_en = {f for _, f, _, _ in fmt.parse(en[key]) if f}
        names_zh = {f for _, f, _, _ in fmt.parse(zh[key]) if f}
        assert names_en == names_zh, key
        assert zh[key].strip(), key


def _texts(node: object) -> list[dict[str, object]]:
    """Every Text (a dict with key and params) inside a dumped model."""
    found: list[dict[str, object]] = []
    if isinstance(node, dict):
        if set(node) == {"key", "params"} and isinstance(node["key"], str):
            found.append(node)
        for value in node.values():
            found += _texts(value)
    elif isinstance(node, list):
        for value in node:
            found += _texts(value)
    return found


def test_every_message_formats_with_its_parameters() -> None:
    """Play random games and fill every template the engine produced: events, prompts,
    views, die labels and refusals, in both languages."""
    import random

    from bot.autoplay import play
    from bot.referee.fairdice import FairDice
    from bot.rules.core import GameState
    from bot.rules.war_at_sea import RULESET
    from tests.war_at_sea.helpers import new_game

    en, zh = catalog("en"), catalog("zh")
    seen: list[tuple[str, dict[str, object]]] = []

    def collect(state: GameState, events: list) -> None:  # type: ignore[type-arg]
        for e in events:
            seen.append((f"event.{e.kind}", e.params))
        for p in RULESET.prompts(state):
            for text in _texts(p.model_dump(mode="json")):
                seen.append((str(text["key"]), dict(text["params"])))  # type: ignore[arg-type]
        for text in _texts(RULESET.view(state, None).model_dump(mode="json")):
            seen.append((str(text["key"]), dict(text["params"])))  # type: ignore[arg-type]

    for n, options in enumerate(({}, {"variant_18_2": True, "variant_18_6": True})):
        dice = FairDice(b"war-at-sea-i18n-seed-0000000001", f"i18n-{n}", 0)
        state = new_game(dice, **options)
        report = play(RULESET, state, dice, random.Random(n), invariant=collect)
        seen.extend((r.label.key, r.label.params) for r in dice.rolls)
        for code in report.codes:
            seen.append((f"violation.{code}", {}))
    assert len(seen) > 1000
    for key, params in seen:
        for lang, cat in (("en", en), ("zh", zh)):
            assert key in cat, f"{lang}: {key}"
            if key.startswith("violation."):
                continue  # refusal params are checked by the rule cases
            Formatter().vformat(cat[key], (), params)


def test_every_refusal_gives_the_parameters_its_message_needs() -> None:
    import ast

    en = catalog("en")
    fmt = string.Formatter()
    for path in PACKAGE.rglob("*.py"):
        if path.name == "components.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "RuleViolation"):
                continue
            code = node.args[0]
            if not (isinstance(code, ast.Constant) and str(code.value).startswith("was.")):
                continue
            given = {k.arg for k in node.keywords}
            needed = {f for _, f, _, _ in fmt.parse(en[f"violation.{code.value}"]) if f}
            assert needed <= given, f"{path.name}:{node.lineno} {code.value} lacks {needed - given}"
