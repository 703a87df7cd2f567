"""The few TOML forms the data converters write (scripts/convert_*.py): stdlib reads TOML but
does not write it, and the data files must come out the same byte for byte on every run."""

from __future__ import annotations

from typing import Any


def toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{k} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(type(value))


def table(name: str, record: dict[str, Any]) -> str:
    """One entry of an array of tables; None values are left out."""
    body = [f"{k} = {toml_value(v)}" for k, v in record.items() if v is not None]
    return "\n".join([f"[[{name}]]", *body]) + "\n"
