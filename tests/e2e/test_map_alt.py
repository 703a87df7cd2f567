"""Map attachments carry alt text (discord.File description) built from the view of the
audience they go to and the lines posted with them: the thread's map describes the public
view, a player's DM map their own."""

from __future__ import annotations

from tests.e2e.harness import Env
from tests.e2e.steps import war_at_sea_at_move


async def test_maps_have_alt_text_for_their_audience(env: Env) -> None:
    fake, world = env.fake, env.world
    game = await war_at_sea_at_move(env)
    thread = fake.channel(int(game.thread_id or 0))
    public = [a for m in fake.messages_in(thread) for a in m.attachments if a.filename == "map.png"]
    assert public, "the thread got maps"
    for attachment in public:
        alt = attachment.description or ""
        assert alt.startswith("War at Sea 大西洋海战 · "), alt
    assert any(" — " in (a.description or "") for a in public), "what changed is described"
    private = [
        a for m in fake.dms_to(world.alice) for a in m.attachments if a.filename == "view.png"
    ]
    assert private and all((a.description or "").startswith("War at Sea") for a in private)
