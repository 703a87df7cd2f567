"""Rendering catalog text: named placeholders, nested Text, seat names, refusals."""

from __future__ import annotations

import tests.vaults  # noqa: F401  (registers the test-only ruleset and its catalog)
from bot.i18n import event_text, lang_for, render, seat_name, tr, violation
from bot.rules.core import RuleViolation, t


def test_discord_locales_choose_the_catalog() -> None:
    assert [lang_for(x) for x in ("zh-CN", "zh-TW", "en-US", "fr", None)] == [
        "zh", "zh", "en", "en", "en",
    ]  # fmt: skip
    assert lang_for(None, "zh-CN") == "zh"


def test_nested_text_and_missing_params() -> None:
    assert render(t("vaults.prompt.raid", left=2), "zh") == "袭击对手的一个金库（剩余 2 次）"
    assert tr("vaults.vault", "en") == "Vault {n}"  # a missing parameter stays visible
    assert tr("no.such.key", "zh") == "no.such.key"


def test_events_name_seats_by_the_games_name_for_them() -> None:
    event = {"kind": "was.done", "params": {"seat": "allies"}}
    assert event_text(event, "zh", "war-at-sea") == "盟军 完成"
    assert event_text(event, "en", "war-at-sea") == "Allies finished"
    assert event_text(event, "en") == "allies finished"  # without the game, the id stays
    assert seat_name("vaults", "north") == "north"  # a game without seat names keeps its ids


def test_a_refusal_names_its_rule() -> None:
    refusal = RuleViolation("vaults.raid.already_open", "Vaults 3", vault=5)
    assert violation(refusal, "en") == "Vault 5 is already open. (rule: Vaults 3)"
    assert violation(refusal, "zh") == "金库 5 已经打开。（规则：Vaults 3）"


def test_a_game_refusal_names_ships_and_places_not_ids() -> None:
    from bot.referee.fairdice import FairDice
    from bot.rules.war_at_sea import RULESET as WAS

    state = WAS.setup("standard", WAS.parse_options({}), FairDice(b"n" * 32, "g", 0)).state
    doc = state.model_dump(mode="json")
    doc["phase"], doc["turn"] = "move_allies", 2
    doc["units"]["hood"]["location"] = "england"
    order = WAS.parse_action({"type": "move", "ships": ["hood"], "to": "germany"})
    try:
        WAS.apply(WAS.load_state(doc), "allies", order, FairDice(b"n" * 32, "g", 9))
    except RuleViolation as refusal:
        assert refusal.ruleset == "war-at-sea"
        text_en, text_zh = violation(refusal, "en"), violation(refusal, "zh")
    else:
        raise AssertionError("an Allied move into the German port must be refused")
    assert "germany" not in text_en and "Germany / Norway" in text_en, text_en
    # Chinese cites the rulebook by its Chinese title, as 「大西洋海战 6.4」, never in English.
    assert "germany" not in text_zh and "大西洋海战 6.4" in text_zh, text_zh
    assert "War at Sea" not in text_zh and "(rule: War at Sea 6.4)" in text_en


def test_repeated_event_lines_are_counted_not_repeated() -> None:
    from bot.present import event_lines

    hidden = {"kind": "vaults.hidden", "params": {"seat": "north"}}
    passed = {"kind": "vaults.passed", "params": {"seat": "south"}}
    assert event_lines([hidden, hidden, hidden, passed, hidden], "en", "vaults") == [
        "• north has hidden their treasury (×3)",
        "• south passes",
        "• north has hidden their treasury",
    ]


def test_plurals_are_worded_in_the_template() -> None:
    from bot.i18n.wording import Formatter

    template = "{n:plural:# U-boat flotilla|# U-boat flotillas} arrive"
    assert Formatter().format(template, n=1) == "1 U-boat flotilla arrive"
    assert Formatter().format(template, n=0) == "0 U-boat flotillas arrive"
    assert Formatter().format(template, n=3) == "3 U-boat flotillas arrive"
    assert Formatter().format("{n:plural:# 队}", n=1) == "1 队"  # one form: every count
    event = {"kind": "was.uboats_arrive", "params": {"count": 1, "lost": 0, "banked": 0}}
    assert event_text(event, "en").startswith("1 U-boat flotilla arrives ")
    assert event_text({**event, "params": {**event["params"], "count": 2}}, "en").startswith(
        "2 U-boat flotillas arrive "
    )


def test_sections_are_cited_as_the_readers_rulebook_names_itself() -> None:
    from bot.i18n import cite

    assert cite("War at Sea 6.1", "en") == "War at Sea 6.1"
    assert cite("War at Sea 6.1", "zh") == "大西洋海战 6.1"
    assert cite("War at Sea 10", "zh") == "大西洋海战 10"
    assert cite("Referee", "zh") == "裁判规则"
    assert cite("Unknown Book 3", "zh") == "Unknown Book 3"  # a book without a name stays


def test_dice_show_their_modifier_and_what_each_did() -> None:
    from bot.rules.core.text import die

    rolls = [
        die(5, bonus=1, outcome="was.die.hit_damage", damage=3),
        die(4, bonus=1, outcome="was.die.disabled"),
        die(2, outcome="was.die.miss"),
        die(6),
    ]
    assert [render(r, "en") for r in rolls] == ["5+1 hit (damage 3)", "4+1 disabled", "2 miss", "6"]
    assert [render(r, "zh") for r in rolls] == ["5+1 命中（损伤 3）", "4+1 丧失战力", "2 未中", "6"]


def test_generic_counters_are_named_in_the_readers_language() -> None:
    """Ships keep their names; a convoy, a U-boat flotilla or the land-based air do not."""
    from bot.rules.war_at_sea import RULESET as WAS

    names = WAS.names()
    assert names["hood"] == "Hood" and render(names["hood"], "zh") == "Hood"
    assert render(names["allied_lba"], "zh") == "盟军岸基航空队"
    label = t("was.roll.air", ship="Allied land-based air", target="Bismarck")
    assert render(label, "zh") == "盟军岸基航空队 空袭 Bismarck"
    assert render(label, "en") == "Allied land-based air strikes Bismarck"
