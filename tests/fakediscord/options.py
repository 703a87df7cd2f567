"""Slash-command options as Discord sends them, typed from the commands the bot synced."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .model import FakeChannel, snowflake_of

if TYPE_CHECKING:
    from .interactions import InteractionsMixin

SUB_COMMAND, SUB_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE = 3, 4, 5, 6, 7, 8, 9
NUMBER, ATTACHMENT = 10, 11


def _guess_type(value: Any) -> int:
    if isinstance(value, bool):
        return BOOLEAN
    if isinstance(value, int):
        return INTEGER
    if isinstance(value, float):
        return NUMBER
    if isinstance(value, tuple):
        return ATTACHMENT
    kind = type(value).__name__
    return {"FakeUser": USER, "FakeChannel": CHANNEL, "FakeRole": ROLE}.get(kind, STRING)


def _descend(
    schema: list[dict[str, Any]] | None, path: list[str], command: str
) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]] | None]:
    """Nested subcommand option nodes for ``path``: (top list, leaf list, leaf schema)."""
    top: list[dict[str, Any]] = []
    container = top
    for depth, name in enumerate(path):
        if schema is None:  # command not synced: guess group/subcommand from the depth
            kind = SUB_GROUP if depth < len(path) - 1 else SUB_COMMAND
            sub_schema = None
        else:
            spec = next(
                (o for o in schema if o["name"] == name and o["type"] in (SUB_COMMAND, SUB_GROUP)),
                None,
            )
            if spec is None:
                subs = [o["name"] for o in schema if o["type"] in (SUB_COMMAND, SUB_GROUP)]
                raise LookupError(f"/{command}: no subcommand {name!r}; have {subs}")
            kind, sub_schema = spec["type"], spec.get("options", [])
        node: dict[str, Any] = {"type": kind, "name": name, "options": []}
        container.append(node)
        container = node["options"]
        schema = sub_schema
    if schema is not None and any(o["type"] in (SUB_COMMAND, SUB_GROUP) for o in schema):
        raise LookupError(f"/{command} needs a subcommand")
    return top, container, schema


def build_options(
    fake: InteractionsMixin,
    cmd: dict[str, Any] | None,
    path: list[str],
    values: dict[str, Any],
    focused: tuple[str, str] | None,
    channel: FakeChannel,
    resolved: dict[str, Any],
) -> list[dict[str, Any]]:
    """Interaction ``data.options`` for a command path and option values by name."""
    command = " ".join([cmd["name"] if cmd else "?", *path])
    top, leaf, schema = _descend(cmd.get("options", []) if cmd else None, path, command)
    specs = {o["name"]: o for o in schema or []}
    if schema is not None:
        unknown = set(values) - set(specs) - ({focused[0]} if focused else set())
        if unknown:
            raise LookupError(f"/{command}: no options {sorted(unknown)}; have {sorted(specs)}")
        if focused is not None and focused[0] not in specs:
            raise LookupError(f"/{command}: no option {focused[0]!r} to autocomplete")
        missing = [
            n
            for n, o in specs.items()
            if o.get("required") and n not in values and (not focused or n != focused[0])
        ]
        if missing and focused is None:
            raise ValueError(f"/{command}: required options missing: {missing}")
    for name, value in values.items():
        if focused is not None and name == focused[0]:
            continue
        otype = int(specs[name]["type"]) if name in specs else _guess_type(value)
        leaf.append(
            {"name": name, "type": otype, "value": _convert(fake, otype, value, channel, resolved)}
        )
    if focused is not None:
        otype = int(specs[focused[0]]["type"]) if focused[0] in specs else STRING
        leaf.append({"name": focused[0], "type": otype, "value": focused[1], "focused": True})
    return top


def _convert(
    fake: InteractionsMixin, otype: int, value: Any, channel: FakeChannel, resolved: dict[str, Any]
) -> Any:
    if otype == STRING:
        return str(value)
    if otype == INTEGER:
        return int(value)
    if otype == NUMBER:
        return float(value)
    if otype == BOOLEAN:
        return bool(value)
    if otype == ATTACHMENT:
        return str(fake.resolve_attachment(value, resolved))
    ident = snowflake_of(value)
    if otype == USER or (otype == MENTIONABLE and ident in fake.users):
        fake.resolve_user(ident, channel, resolved)
    elif otype == CHANNEL:
        fake.resolve_channel(ident, resolved)
    elif otype in (ROLE, MENTIONABLE):
        if channel.guild_id is None:
            raise ValueError("role options need a guild channel")
        role = fake.guild(channel.guild_id).roles[ident]
        resolved.setdefault("roles", {})[str(ident)] = role.payload()
    return str(ident)
