"""Every control built from order forms, driven through Discord with the Muster test game:
a modal (number and flag), a multi-select, yes/no buttons, a list longer than a select menu
(its steps page it over several menus; /order autocompletes it), and a plain button. The
engine gets typed answers."""

from __future__ import annotations

from tests.e2e import muster
from tests.e2e.harness import Env
from tests.fakediscord import SentMessage


def _open_dm(env: Env, game_id: str) -> SentMessage:
    for message in reversed(env.fake.dms_to(env.world.alice)):
        if any(c.startswith(f"ref:ob:{game_id}:red:") for c in message.custom_ids()):
            return message
    raise AssertionError("no open DM prompt")


def _control(message: SentMessage, index: int, flag: str | None = None) -> str:
    ids = [c for c in message.custom_ids() if c.split(":")[5] == str(index)]
    if flag is not None:
        ids = [c for c in ids if c.endswith(f":{flag}")]
    assert len(ids) == 1, message.custom_ids()
    return ids[0]


async def test_every_kind_of_control(env: Env) -> None:
    fake, world = env.fake, env.world
    assert muster.RULESET.id == "muster"
    handle = await fake.slash(world.alice, world.channel, "game new", {"ruleset": "muster"})
    await handle.response()
    game = (await env.running.store.games(str(world.guild.id)))[-1]
    await fake.wait_until(lambda: bool(fake.threads_in(world.channel)), what="the thread")
    lobby = handle.original
    assert lobby is not None
    for user, seat in ((world.alice, "red"), (world.bob, "blue")):
        await (await fake.click(user, lobby, f"ref:lobby:{game.id}:seat:{seat}")).response()
    await (await fake.click(world.alice, lobby, f"ref:lobby:{game.id}:start")).response()
    await env.settle()

    # 1. A number and a flag: a button opens a modal; a non-number is refused.
    dm = _open_dm(env, game.id)
    assert "/order" not in dm.content  # every form has a control, the 40 recruits too
    recruits = await fake.click(world.alice, dm, _control(dm, 3))
    steps = await recruits.wait_original()
    pages = [c for c in steps.custom_ids() if c.startswith(f"ref:oa:{game.id}:red:")]
    assert [p.split(":")[-2:] for p in pages] == [["who", "0"], ["who", "1"]]  # 25 + 15
    assert [len(steps.component(p)["options"]) for p in pages] == [25, 15]  # type: ignore[index]
    click = await fake.click(world.alice, dm, _control(dm, 0))
    assert (await click.response()).type == 9
    refused = await click.submit_modal({"men": "a dozen", "cavalry": ["1"]})
    assert "not a whole number" in await refused.answer()
    given = await click.submit_modal({"men": "12", "cavalry": ["1"]})
    answer = await given.answer()  # acknowledged first, then the DM itself is edited
    assert given.first is not None and given.first.type == 6 and "Levy troops" in answer
    assert fake.message(dm.id).custom_ids() == []  # the answered controls are retired
    await env.settle()

    # 2. Several options from one list: a multi-select.
    dm = _open_dm(env, game.id)
    select = next(c for c in dm.custom_ids() if c.startswith("ref:os:"))
    assert dm.component(select)["max_values"] == 2  # type: ignore[index]
    await (await fake.select(world.alice, dm, select, ["north", "east"])).answer()
    await env.settle()

    # 3. A yes/no flag: two buttons.
    dm = _open_dm(env, game.id)
    await (await fake.click(world.alice, dm, _control(dm, 2, "1"))).answer()
    await env.settle()

    # 4. A long list: /order, with autocomplete for the order and for the value.
    orders = await fake.autocomplete(world.alice, world.channel, "order", "order", "Recruit")
    assert len(orders) == 1
    values = await fake.autocomplete(
        world.alice, world.channel, "order", "value", "r37", {"order": orders[0]["value"]}
    )
    assert values == [{"name": "Recruit r37", "value": "r37"}]
    all_values = await fake.autocomplete(
        world.alice, world.channel, "order", "value", "", {"order": orders[0]["value"]}
    )
    assert len(all_values) == 25  # Discord's limit: typing narrows the list
    handle = await fake.slash(
        world.alice, world.channel, "order", {"order": orders[0]["value"], "value": "r37"}
    )
    assert "Recruit r37" in await handle.answer()
    await env.settle()

    # 5. No input at all: a button.
    dm = _open_dm(env, game.id)
    await (await fake.click(world.alice, dm, _control(dm, 4))).answer()
    await env.settle()

    _, state = await env.running.referee.state(game.id)
    assert state.result is not None
    assert state.given == [  # type: ignore[attr-defined]
        {"type": "levy", "men": 12, "cavalry": True},
        {"type": "march", "roads": ["north", "east"]},
        {"type": "hold", "entrench": True},
        {"type": "recruit", "who": "r37"},
        {"type": "rest"},
    ]
    # Blue never owes a decision here: Blue's /orders shows nothing.
    handle = await fake.slash(world.bob, world.channel, "orders", {"game": game.id})
    assert "没有" in await handle.answer()
