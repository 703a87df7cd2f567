"""Injected failures: 429 with Discord's rate-limit headers, 5xx, or any Discord error."""

from __future__ import annotations

import json
import math
import re
import time
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

STATUS_MESSAGES = {
    400: "400: Bad Request",
    401: "401: Unauthorized",
    403: "Missing Permissions",
    404: "404: Not Found",
    500: "500: Internal Server Error",
    502: "502: Bad Gateway",
    503: "503: Service Unavailable",
    504: "504: Gateway Timeout",
}


def json_response(
    data: Any, status: int = 200, headers: dict[str, str] | None = None
) -> web.Response:
    """JSON with exactly ``Content-Type: application/json``: discord.py compares the header
    verbatim and treats anything else (such as a charset suffix) as text."""
    all_headers = {"Content-Type": "application/json"} | (headers or {})
    return web.Response(body=json.dumps(data).encode(), status=status, headers=all_headers)


def discord_error(status: int, code: int = 0, message: str | None = None) -> web.Response:
    """An error answer shaped like Discord's: ``{"message": ..., "code": ...}``."""
    text = message or STATUS_MESSAGES.get(status, f"{status}: Error")
    return json_response({"message": text, "code": code}, status=status)


@dataclass
class FaultRule:
    """Answer the next ``remaining`` requests matching method and path regex with ``status``."""

    method: str
    pattern: re.Pattern[str]
    status: int
    remaining: int
    retry_after: float = 0.05
    is_global: bool = False
    code: int = 0
    message: str | None = None
    hits: list[str] = field(default_factory=list)

    def matches(self, method: str, path: str) -> bool:
        return (
            self.remaining > 0
            and self.method in ("*", method.upper())
            and self.pattern.search(path) is not None
        )

    def response(self) -> web.Response:
        if self.status != 429:
            return discord_error(self.status, self.code, self.message)
        scope = "global" if self.is_global else "user"
        headers = {
            "Via": "1.1 google",
            "Retry-After": str(max(1, math.ceil(self.retry_after))),
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{time.time() + self.retry_after:.3f}",
            "X-RateLimit-Reset-After": f"{self.retry_after:.3f}",
            "X-RateLimit-Bucket": f"fake-{abs(hash(self.pattern.pattern)) % 10**8:08d}",
            "X-RateLimit-Scope": scope,
        }
        if self.is_global:
            headers["X-RateLimit-Global"] = "true"
        body = {
            "message": self.message or "You are being rate limited.",
            "retry_after": self.retry_after,
            "global": self.is_global,
            "code": self.code,
        }
        return json_response(body, status=429, headers=headers)


class Faults:
    def __init__(self) -> None:
        self.rules: list[FaultRule] = []
        self.injected: list[tuple[str, str, int]] = []  # (method, path, status) answered

    def add(
        self,
        method: str,
        path_regex: str,
        status: int = 429,
        count: int = 1,
        *,
        retry_after: float = 0.05,
        is_global: bool = False,
        code: int = 0,
        message: str | None = None,
    ) -> FaultRule:
        rule = FaultRule(
            method.upper(),
            re.compile(path_regex),
            status,
            count,
            retry_after,
            is_global,
            code,
            message,
        )
        self.rules.append(rule)
        return rule

    def take(self, method: str, path: str) -> FaultRule | None:
        """The first live rule matching this request, consuming one of its count."""
        for rule in self.rules:
            if rule.matches(method, path):
                rule.remaining -= 1
                rule.hits.append(path)
                self.injected.append((method.upper(), path, rule.status))
                return rule
        return None
