"""The project's own short summary of each rulebook section, per game and language, for `/rule`
and the links under refusals. Data: ``data/<game>/rule_summaries.toml`` (one ``[[section]]``
per id, with ``title`` and a summary per language); never the rulebook's own text."""

from __future__ import annotations

import re
import tomllib
from functools import cache

from pydantic import BaseModel, ConfigDict

from bot.rules.core.data import data_dir

LANGS = ("en", "zh")
_NUMBER = re.compile(r"(\d+(?:\.\d+)?)$")


class RuleSummary(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    title: dict[str, str]
    en: str
    zh: str

    def text(self, lang: str) -> str:
        return self.zh if lang == "zh" else self.en

    def heading(self, lang: str) -> str:
        return self.title.get(lang) or self.title["en"]


def _folder(ruleset_id: str) -> str:
    return ruleset_id.replace("-", "_")


@cache
def summaries(ruleset_id: str) -> dict[str, RuleSummary]:
    """Every summary of a game, by section id ("6.2", "appendix.north_atlantic"); empty when
    the game has none yet."""
    path = data_dir() / _folder(ruleset_id) / "rule_summaries.toml"
    if not path.exists():
        return {}
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    out: dict[str, RuleSummary] = {}
    for item in raw.get("section", []):
        summary = RuleSummary.model_validate(item)
        out[summary.id] = summary
    return out


def section_id(section: str) -> str | None:
    """The id of a cited section ("War at Sea 11.8" -> "11.8"); None for the referee's own
    checks ("Referee") and anything not numbered."""
    found = _NUMBER.search(section.strip())
    return found.group(1) if found else None


def lookup(ruleset_id: str, section: str) -> RuleSummary | None:
    """The summary of a section given as an id ("11.8") or as cited ("War at Sea 11.8"); a
    subsection without its own summary falls back to its section."""
    table = summaries(ruleset_id)
    wanted = section.strip().lower()
    if wanted in table:
        return table[wanted]
    sid = section_id(wanted)
    if sid is None:
        return None
    return table.get(sid) or table.get(sid.split(".")[0])
