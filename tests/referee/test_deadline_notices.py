"""A deadline that applies the default order says so: to the thread and to the player, in
both languages, naming the seat, the decision and the order given for them (never silently:
otherwise the step reads as if the player had acted)."""

from __future__ import annotations

from bot import present
from bot.i18n import event_text, tr
from bot.referee import Referee
from bot.store import Store
from tests.referee.conftest import Clock, started_game

HOUR = 3600.0


async def _expired(store: Store, game: str) -> dict[str, dict[str, object]]:
    return {m.audience: m.payload for m in await store.pending() if m.kind == "expired"}


async def test_the_default_order_is_named_to_the_thread_and_the_player(
    referee: Referee, store: Store, clock: Clock
) -> None:
    game = await started_game(referee, deadline_hours=1)
    await referee.submit(game, "alice", {"type": "hide", "vault": 4}, "k1")
    clock.now += 2 * HOUR
    assert (await referee.tick()).applied == [(game, "south")]

    pending = [m for m in await store.pending() if m.game_id == game]
    kinds = [(m.kind, m.audience) for m in pending]
    # Told first, then the step the default caused, in the one transaction.
    told = kinds.index(("expired", "public"))
    assert ("expired", "south") in kinds and ("step", "public") in kinds[told:], kinds
    notices = await _expired(store, game)
    holders = {"north": "111", "south": "222"}
    for audience in ("public", "south"):
        en = present.notice(game, "vaults", "expired", notices[audience], holders, "en")
        zh = present.notice(game, "vaults", "expired", notices[audience], holders, "zh")
        assert "south (<@222>) did not answer “Hide your treasury in one of six vaults”" in en
        assert "default order instead: Hide the treasury: Vault 1." in en, en
        assert "south（<@222>）未在期限内回应「把你的宝库藏在六个金库之一」" in zh, zh
        assert "默认命令：藏起宝库：金库 1" in zh, zh


async def test_war_at_sea_says_the_fleet_stays_home(
    referee: Referee, store: Store, clock: Clock
) -> None:
    record = await referee.create(
        "war-at-sea", guild_id="g1", created_by="alice", settings={"deadline_hours": 1}
    )
    await referee.join(record.id, "alice", "allies")
    await referee.join(record.id, "bob", "axis")
    await referee.start(record.id, "alice")
    clock.now += 2 * HOUR
    report = await referee.tick()
    assert report.applied == [(record.id, "allies")]  # set-up: the British fleet stays put
    clock.now += 2 * HOUR
    assert (await referee.tick()).applied == [(record.id, "allies")]  # turn 1: Allies move (6.3)
    texts = [
        present.notice(record.id, "war-at-sea", "expired", m.payload, {"allies": "1"}, lang)
        for m in await store.pending()
        if m.kind == "expired" and m.audience == "public"
        for lang in ("en", "zh")
    ]
    assert any(
        "Allies (<@1>) did not answer “Turn 1: move your ships, then finish”" in t
        and "Finish movement (ships not moved stay where they are)" in t
        for t in texts
    ), texts
    assert any("盟军（<@1>）未在期限内回应「第 1 回合：移动船舰，然后结束」" in t for t in texts)
    assert any("结束移动（未移动的船舰留在原地）" in t for t in texts)


async def test_an_undo_names_the_order_taken_back(referee: Referee, store: Store) -> None:
    game = await started_game(referee)
    await referee.submit(game, "alice", {"type": "hide", "vault": 4}, "k1")
    undone = await referee.undo(game, "alice")
    assert undone == 1
    assert tr("local.undone", "en", n=undone, order=undone.order) == (
        "Order 1 taken back: Hide the treasury: Vault 4."
    )
    assert (
        tr("local.undone", "zh", n=undone, order=undone.order)
        == "已撤回第 1 道命令：藏起宝库：金库 4。"
    )
    step = [m for m in await store.pending() if m.kind == "step" and m.audience == "public"][-1]
    event = step.payload["events"][0]
    assert (
        event_text(event, "en", "vaults")
        == "north took back their last order: Hide the treasury: Vault 4"
    )


async def test_a_reminder_announces_the_default_order(
    referee: Referee, store: Store, clock: Clock
) -> None:
    from bot.rules.core.registry import get as get_ruleset

    game = await started_game(referee, deadline_hours=24, remind_before_hours=6)
    await referee.submit(game, "alice", {"type": "hide", "vault": 4}, "k1")
    clock.now += 19 * HOUR
    assert (await referee.tick()).reminded == [(game, "south")]
    message = next(m for m in await store.pending() if m.kind == "reminder")
    _, state = await referee.state(game)
    prompt = next(p for p in get_ruleset("vaults").prompts(state) if p.seat == "south")
    due, policy = message.payload["due_at"], message.payload["policy"]
    assert policy == "default"
    en = present.reminder(game, "vaults", prompt, due, "en", policy)
    zh = present.reminder(game, "vaults", prompt, due, "zh", policy)
    assert "the referee gives your default order: Hide the treasury: Vault 1." in en, en
    assert "裁判将代为下达默认命令：藏起宝库：金库 1。" in zh, zh
    assert "default order" not in present.reminder(game, "vaults", prompt, due, "en", "notify")
