"""Every catalog exists in English and Chinese with the same keys and placeholders, every
rule refusal raised in the code has its message in both, and every key the Discord layer
names exists."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import tests.vaults  # noqa: F401  (adds the Vaults catalog folder)
from bot.i18n import LANGS, catalog_files, catalogs, placeholders

ROOT = Path(__file__).resolve().parents[1]
CODE_DIRS = [ROOT / "bot", ROOT / "tests" / "vaults"]
VIOLATION = re.compile(r"RuleViolation\(\s*\"([a-z0-9_.]+)\"")
DISCORD_KEY = re.compile(r"\"(discord\.[a-z0-9_.]*[a-z0-9_])\"")


def _catalog_files(lang: str) -> list[Path]:
    """Every catalog in the repository (the bot's, and test games' own), whether or not
    something registered its folder yet."""
    found = {
        p for d in ("bot", "tests", "cogs") for p in (ROOT / d).rglob(f"locales/{lang}/*.json")
    }
    return sorted(found | set(catalog_files(lang)))


def _pairs() -> list[tuple[Path, Path]]:
    english = _catalog_files("en")
    assert english, "no catalogs found"
    pairs = []
    for path in english:
        other = path.parents[1] / "zh" / path.name
        pairs.append((path, other))
    return pairs


def _load(path: Path) -> dict[str, str]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict) and all(isinstance(v, str) for v in data.values()), path
    return data


def test_every_catalog_file_exists_in_both_languages() -> None:
    files = {lang: {(p.parents[1], p.name) for p in _catalog_files(lang)} for lang in LANGS}
    assert files["en"] == files["zh"], "a catalog file exists in one language only"


@pytest.mark.parametrize("english, chinese", _pairs(), ids=lambda p: str(p.relative_to(ROOT)))
def test_same_keys_and_placeholders(english: Path, chinese: Path) -> None:
    en, zh = _load(english), _load(chinese)
    assert sorted(set(en) - set(zh)) == [], f"only in English: {chinese}"
    assert sorted(set(zh) - set(en)) == [], f"only in Chinese: {chinese}"
    different = [k for k in en if placeholders(en[k]) != placeholders(zh[k])]
    assert different == [], f"placeholders differ in {chinese.name}: {different}"
    empty = [k for k in en if not en[k].strip() or not zh[k].strip()]
    assert empty == []


def _source_files() -> list[Path]:
    return [p for d in CODE_DIRS for p in d.rglob("*.py")]


def test_every_rule_violation_has_a_message_in_both_languages() -> None:
    codes = {c for p in _source_files() for c in VIOLATION.findall(p.read_text("utf-8"))}
    assert codes, "no RuleViolation found: the pattern is wrong"
    table = catalogs()
    for lang in LANGS:
        missing = sorted(c for c in codes if f"violation.{c}" not in table[lang])
        assert missing == [], f"{lang}: no violation.<code> for {missing}"


def test_every_discord_key_named_in_the_code_exists() -> None:
    files = [*(ROOT / "bot").rglob("*.py"), *(ROOT / "cogs").rglob("*.py")]
    keys = {k for p in files for k in DISCORD_KEY.findall(p.read_text("utf-8"))}
    assert len(keys) > 20
    table = catalogs()
    for lang in LANGS:
        assert sorted(k for k in keys if k not in table[lang]) == [], lang


def test_keys_built_at_run_time_exist() -> None:
    """Keys the Discord layer composes (statuses, policies, command strings)."""
    table = catalogs()
    composed = [f"discord.status.{s}" for s in ("lobby", "active", "paused", "over", "abandoned")]
    composed += [f"discord.status.done.{s}" for s in ("paused", "active", "abandoned")]
    composed += [f"discord.notice.expired.{p}" for p in ("default", "pause", "notify", "applied")]
    composed += [f"discord.choice.on_expiry.{p}" for p in ("default", "pause", "notify")]
    composed += ["discord.notice.paused", "discord.notice.active"]
    for lang in LANGS:
        assert [k for k in composed if k not in table[lang]] == []
