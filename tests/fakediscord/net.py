"""Loopback-only networking for bots under test.

A bot pointed at the fake must never reach the real Discord: any URL we forgot to redirect has to
fail at once, without a DNS query or a packet leaving the machine. ``LoopbackConnector`` checks the
host of every request (and of any proxy) before aiohttp does anything else, and its resolver only
knows the loopback names.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import TYPE_CHECKING, Any

import aiohttp
from aiohttp.abc import AbstractResolver, ResolveResult

if TYPE_CHECKING:
    from aiohttp.client_reqrep import ClientRequest
    from aiohttp.connector import Connection
    from aiohttp.tracing import Trace

LOOPBACK_NAMES = frozenset({"localhost", "localhost.", "ip6-localhost", "ip6-loopback"})


class NonLoopbackHostError(aiohttp.ClientConnectionError):
    """A request went to a host that is not this machine's loopback interface."""

    def __init__(self, host: str | None, url: str = "") -> None:
        self.host = host
        self.url = url
        super().__init__(
            f"refused non-loopback host {host!r} ({url}); the fake Discord only allows "
            "127.0.0.1, ::1 and localhost: a URL was not redirected to the fake"
        )


def is_loopback_host(host: str | None) -> bool:
    """True for localhost names and literal loopback addresses (127.0.0.0/8, ::1)."""
    if not host:
        return False
    name = host.strip("[]").lower()
    if name in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


class LoopbackResolver(AbstractResolver):
    """Resolves only loopback names, without any DNS query; everything else is refused."""

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        if not is_loopback_host(host):
            raise NonLoopbackHostError(host)
        name = host.strip("[]").lower()
        if name in LOOPBACK_NAMES:
            address, fam = (
                ("::1", socket.AF_INET6)
                if family == socket.AF_INET6
                else ("127.0.0.1", socket.AF_INET)
            )
        else:
            address = name
            fam = socket.AF_INET6 if ":" in name else socket.AF_INET
        return [
            {
                "hostname": host,
                "host": address,
                "port": port,
                "family": fam,
                "proto": 0,
                "flags": socket.AI_NUMERICHOST,
            }
        ]

    async def close(self) -> None:
        return None


class LoopbackConnector(aiohttp.TCPConnector):
    """A TCPConnector that refuses, before connecting, any host that is not loopback.

    Pass a new one to ``discord.Client(connector=...)`` (the client's session closes it).
    """

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("limit", 0)
        kwargs["resolver"] = LoopbackResolver()
        kwargs.setdefault("use_dns_cache", False)
        super().__init__(**kwargs)

    async def connect(
        self, req: ClientRequest, traces: list[Trace], timeout: aiohttp.ClientTimeout
    ) -> Connection:
        host = req.url.host
        if not is_loopback_host(host):
            raise NonLoopbackHostError(host, str(req.url))
        if req.proxy is not None and not is_loopback_host(req.proxy.host):
            raise NonLoopbackHostError(req.proxy.host, str(req.proxy))
        return await super().connect(req, traces, timeout)


def loopback_session(**kwargs: Any) -> aiohttp.ClientSession:
    """An aiohttp session that can only talk to loopback hosts."""
    return aiohttp.ClientSession(connector=LoopbackConnector(), **kwargs)
