"""Every Text key, event kind and violation code the engine uses exists in both catalogs."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

from bot.rules.war_at_sea import board

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "bot" / "rules" / "war_at_sea"
LOCALES = ROOT / "bot" / "i18n" / "locales"
PHASES = [
    "setup",
    "move_allies",
    "move_axis",
    "repair",
    "uboats",
    "air_allies",
    "air_axis",
    "combat",
    "convoys",
    "refuel",
    "return_axis",
    "return_allies",
    "over",
]


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
        texts = set(re.findall(r'"(was\.[a-z0-9_.]+)"', src)) - violations - events
        keys |= {f"violation.{c}" for c in violations} | {f"event.{k}" for k in events} | texts
    keys |= {f"was.loc.{loc}" for loc in [*board.locations(), "none"]}
    keys |= {f"was.phase.{p}" for p in PHASES}
    keys |= {f"was.result.{r}" for r in ("axis", "allies", "draw")}
    keys |= {f"was.prompt.combat_order_{k}" for k in ("asw", "air", "surface")}
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
