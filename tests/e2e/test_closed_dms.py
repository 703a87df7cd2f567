"""A player whose DMs are closed: nothing private is ever posted publicly; their next
interaction shows an ephemeral notice with a button that shows the private view there."""

from __future__ import annotations

from tests.e2e.harness import Env
from tests.vaults import RULESET


async def test_closed_dms_become_an_ephemeral_notice_never_a_public_post(env: Env) -> None:
    fake, world = env.fake, env.world
    game = await env.new_game()
    await env.take_seats(game)
    fake.close_dms(world.bob)
    await env.start(game)
    await env.settle()
    assert fake.dm_refusals(world.bob), "the bot tried the DM first"
    assert fake.dms_to(world.bob) == []
    _, state = await env.running.referee.state(game.id)
    bob_gem = state.gems["south"]  # type: ignore[attr-defined]
    assert bob_gem in RULESET.secrets(state, "north")
    await env.assert_no_leak(game)

    # Bob's next interaction: /orders (his prompt) plus the notice with its button.
    handle = await fake.slash(world.bob, world.channel, "orders")
    await handle.wait_followups(2)  # his decision fills the acknowledgement, then the notice
    notice = next(m for m in handle.messages if "ref:show:" + game.id in m.custom_ids())
    assert notice.ephemeral and "私信" in notice.content  # Bob reads Chinese
    click = await fake.click(world.bob, notice, f"ref:show:{game.id}")
    shown = await click.response()
    assert shown.ephemeral and bob_gem in shown.content
    # ... and answers from there.
    private = click.original
    assert private is not None and private.custom_ids()
    await env.answer(world.bob, private)
    await env.settle()
    # Notices are shown once: the next one counts only the private step since then.
    again = await fake.slash(world.bob, world.channel, "game status", {"game": game.id})
    await again.wait_followups(2)  # the status, then the notice
    assert "1 条私密消息" in again.followups[1].content
    await env.assert_no_leak(game)
    public = fake.all_text_for_audience(None)
    assert bob_gem not in public and bob_gem not in fake.all_text_for_audience(world.alice)
