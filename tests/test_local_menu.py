"""The terminal menus answer an order input by input, offering only what is legal for the
answers before it (core prompt.When), and a refused order keeps the choices made before it."""

from __future__ import annotations

from bot.local.menu import Draft, build_order
from bot.rules.core import Choice, Option, OrderForm, Prompt, When, t


def _prompt() -> Prompt:
    """A move with dependent inputs: B is reachable only by the first ship; the fallback port
    is asked only for the two-area destination B, and port P only borders B."""
    form = OrderForm(
        type="move",
        label=t("x.move"),
        inputs=(
            Choice(
                name="ships",
                label=t("x.ships"),
                kind="many",
                options=(Option(value="fast", label="Fast"), Option(value="slow", label="Slow")),
                max=2,
            ),
            Choice(
                name="to",
                label=t("x.to"),
                options=(
                    Option(value="a", label="Area A"),
                    Option(value="b", label="Area B", when=(When(within={"ships": ("fast",)}),)),
                ),
            ),
            Choice(
                name="fallback",
                label=t("x.fallback"),
                options=(
                    Option(value="origin", label="Origin"),
                    Option(value="p", label="Port P", when=(When(within={"to": ("b",)}),)),
                    Option(value="q", label="Port Q", when=(When(within={"to": ("c",)}),)),
                ),
                when=(When(within={"to": ("b", "c")}),),
            ),
        ),
    )
    return Prompt(id="p1", seat="s", kind="x", title=t("x.title"), section="X 1", forms=(form,))


def _run(answers: list[str], draft: Draft | None = None) -> tuple[dict[str, object], list[str]]:
    said: list[str] = []
    queue = list(answers)

    def ask(_: str) -> str:
        return queue.pop(0)

    order = build_order(_prompt(), ask, said.append, "en", draft)
    assert not queue, "not every answer was asked for"
    return order, said


def test_destinations_follow_the_ships_and_the_fallback_only_for_two_areas() -> None:
    # Both ships: only Area A is offered (one option), and no fallback is asked.
    order, said = _run(["1 2", "1"])
    assert order == {"type": "move", "ships": ["fast", "slow"], "to": "a"}
    assert "  1. Area A" in said and "  2. Area B" not in said
    # The fast ship alone: B is offered; then the fallback offers Origin and Port P, not Q.
    order, said = _run(["1", "2", "2"])
    assert order == {"type": "move", "ships": ["fast"], "to": "b", "fallback": "p"}
    assert "  2. Port P" in said and not any("Port Q" in line for line in said)


def test_a_refused_order_keeps_the_choices_before_the_last() -> None:
    draft = Draft()
    first, _ = _run(["1", "2", "1"], draft)
    assert first["fallback"] == "origin"
    # The referee refused it: the next menu for the same prompt asks only the fallback again.
    again, said = _run(["2"], draft)
    assert again == {"type": "move", "ships": ["fast"], "to": "b", "fallback": "p"}
    assert any(line.startswith("Kept from the refused order: Fast; Area B") for line in said)
    # A new prompt starts afresh.
    other = Draft(prompt_id="elsewhere", form=0, answers={"ships": ["fast"]})
    fresh, _ = _run(["2", "1"], other)
    assert fresh == {"type": "move", "ships": ["slow"], "to": "a"}
