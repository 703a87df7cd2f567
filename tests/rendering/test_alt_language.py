"""A picture's description (its alt text) is in the reader's language alone (issue 18): the
registry hands each game's describer the language, the thread's pictures (delivery) and the
pictures answered to a command (``cogs._views.picture``, ``/aa map``) carry it."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.maps import MapPool
from bot.referee.fairdice import FairDice
from bot.rules.aa50 import RULESET
from bot.rules.aa50.state import Aa50State
from cogs._views import picture
from rendering import registry
from tests.e2e.campaign import foreign_words


def test_a_describer_that_takes_the_language_gets_it_others_the_view_alone() -> None:
    seen: list[tuple[str, ...]] = []

    def per_language(view: Mapping[str, Any], lang: str) -> str:
        seen.append(("lang", lang))
        return f"shown in {lang}"

    def any_language(view: Mapping[str, Any]) -> str:
        seen.append(("view",))
        return "both 两者"

    try:
        registry.register_description("test-lang", per_language)
        assert registry.describe({"ruleset": "test-lang"}, "zh") == "shown in zh"
        registry.register_description("test-lang", any_language)
        assert registry.describe({"ruleset": "test-lang"}, "zh") == "both 两者"
        assert seen == [("lang", "zh"), ("view",)]
    finally:
        registry.unregister("test-lang")


async def test_a_chinese_readers_picture_is_described_in_chinese_and_vice_versa() -> None:
    state = RULESET.setup("1942", RULESET.parse_options({}), FairDice(b"a" * 32, "g", 0)).state
    assert isinstance(state, Aa50State)
    state.battles = ["karelia_ssr", "sz_13"]
    view = RULESET.view(state, None)
    described = {}
    maps = MapPool("thread", 1)  # the bot's pool, in threads (a process pool needs no test here)
    for lang in ("en", "zh"):
        file = await picture(view, "aa50.png", maps, lang)
        assert file is not None and file.description
        described[lang] = file.description
        assert not foreign_words(file.description, lang), file.description
    assert "Karelia" in described["en"] and "卡累利阿" in described["zh"]
    assert "Infantry" in described["en"] and "步兵" in described["zh"]
    # Without a reader (no language known) the picture goes without a description.
    bare = await picture(view, "aa50.png", maps)
    assert bare is not None and bare.description is None
    maps.close()


def test_the_lines_posted_read_as_plain_text() -> None:
    """A mention is dropped with the brackets it leaves empty, a timestamp is spelt out (alt
    text is read out as it is, not rendered)."""
    from bot.alt import alt_caption

    posted = (
        "header\nWaiting for: **Japan** (<@123>), due <t:1795000000:R>\n日本（<@9>），<t:0:R>截止"
    )
    alt = alt_caption("the map", posted)
    english = "Waiting for: Japan, due 2026-11-18 11:06 +00:00"
    chinese = "日本，1970-01-01 00:00 +00:00截止"
    assert alt == f"the map — {english}; {chinese}", alt
