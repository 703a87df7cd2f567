"""Structured logging: one line per record, ``key=value`` pairs or JSON.

Fields passed with ``extra={...}`` become keys of their own, so a log line can be searched by
game, user or incident id: ``log.info("delivered", extra={"game": g, "outbox": 12})``.
"""

from __future__ import annotations

import json
import logging
import sys
import time
from typing import Any

# Attributes every LogRecord has; anything else came from ``extra``.
_STANDARD = set(vars(logging.LogRecord("", 0, "", 0, "", None, None))) | {"message", "asctime"}


def _fields(record: logging.LogRecord) -> dict[str, Any]:
    out: dict[str, Any] = {
        "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        + f".{int(record.msecs):03d}Z",
        "level": record.levelname,
        "logger": record.name,
        "msg": record.getMessage(),
    }
    for key, value in vars(record).items():
        if key not in _STANDARD and not key.startswith("_"):
            out[key] = value
    return out


def _kv_value(value: Any) -> str:
    text = str(value)
    if text == "" or any(c in text for c in ' "=\n\t'):
        return json.dumps(text, ensure_ascii=False)
    return text


class KeyValueFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line = " ".join(f"{k}={_kv_value(v)}" for k, v in _fields(record).items())
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        fields = _fields(record)
        if record.exc_info:
            fields["traceback"] = self.formatException(record.exc_info)
        return json.dumps(fields, ensure_ascii=False, default=str)


def configure(level: str = "INFO", fmt: str = "kv") -> None:
    """Route the root logger (and discord.py's) to stderr in the chosen format."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if fmt == "json" else KeyValueFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level.upper())
    # discord.py's gateway chatter at DEBUG is rarely what one wants next to ours.
    logging.getLogger("discord").setLevel(max(logging.INFO, root.level))
