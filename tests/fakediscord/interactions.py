"""Sending interactions to the bot: slash commands, autocomplete, buttons, selects, modals."""

from __future__ import annotations

import secrets
import time
from collections.abc import Callable
from typing import Any

from . import model as m
from .gateway import Gateway
from .handle import InteractionHandle
from .model import FakeChannel, FakeUser, snowflake_of
from .options import build_options
from .queries import RecordQueries
from .records import Attachment, SentMessage, find_component

APP_COMMAND, COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
SELECT_TYPES = {3, 5, 6, 7, 8}


class InteractionsMixin(RecordQueries):
    gateway: Gateway
    shards: dict[int, Gateway]
    route_interactions: Callable[[int | None], int] | None

    def gateway_for(self, guild_id: Any) -> Gateway:
        """The session an event of this guild goes to: the one gateway, or with sharded bot
        processes (connected to ``/shard/N``) the guild's shard, as Discord routes it
        ((guild_id >> 22) % count; DMs to shard 0). A test may set ``route_interactions`` to
        pick the shard of each interaction itself."""
        if not self.shards:
            return self.gateway
        counts = [g.shard[1] for g in self.shards.values() if g.shard]
        count = max(counts) if counts else len(self.shards)
        shard = (int(guild_id) >> 22) % count if guild_id else 0
        return self.shards.get(shard, self.gateway)

    def _ready(self) -> bool:
        if self.shards:
            return all(g.ready for g in self.shards.values())
        return self.gateway.ready

    async def wait_ready(self, timeout: float | None = None) -> None:
        """Wait until the bot identified and got READY and every GUILD_CREATE."""
        await self.notifier.wait_until(
            self._ready,
            timeout or self.timeout,
            "the bot to IDENTIFY on the gateway",
        )

    # ----------------------------------------------------------------- public API
    async def slash(
        self,
        user: Any,
        channel: Any,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        locale: str | None = None,
        guild_locale: str | None = None,
    ) -> InteractionHandle:
        """Invoke ``/command`` ("game new" for a subcommand) with option values by name.

        Option types come from the commands the bot synced; values may be ints, strings, or
        FakeUser/FakeChannel/FakeRole (or ids) for user/channel/role options, and
        ``(filename, bytes)`` for attachments. ``channel=None`` means the bot's DM with the user.
        """
        ch = self._interaction_channel(user, channel)
        data = self._command_data(command, ch, options or {}, focused=None)
        return await self._send(
            APP_COMMAND, user, ch, data, locale=locale, guild_locale=guild_locale
        )

    async def autocomplete(
        self,
        user: Any,
        channel: Any,
        command: str,
        focused: str,
        value: str = "",
        options: dict[str, Any] | None = None,
        *,
        locale: str | None = None,
        timeout: float | None = None,
    ) -> list[dict[str, Any]]:
        """Type ``value`` into option ``focused``; returns the choices the bot offered."""
        ch = self._interaction_channel(user, channel)
        data = self._command_data(command, ch, options or {}, focused=(focused, value))
        handle = await self._send(AUTOCOMPLETE, user, ch, data, locale=locale)
        await handle.response(timeout)
        return handle.choices

    async def click(
        self, user: Any, message: Any, custom_id: str, *, locale: str | None = None
    ) -> InteractionHandle:
        """Press the button ``custom_id`` on a message the bot sent."""
        msg = self.message(message)
        comp = self._component(msg, custom_id, user)
        data = {"custom_id": custom_id, "component_type": int(comp.get("type", 2))}
        ch = self.channel(msg.channel_id)
        return await self._send(COMPONENT, user, ch, data, message=msg, locale=locale)

    async def select(
        self,
        user: Any,
        message: Any,
        custom_id: str,
        values: list[Any],
        *,
        locale: str | None = None,
    ) -> InteractionHandle:
        """Choose ``values`` in the select menu ``custom_id`` (string, user, role, channel...)."""
        msg = self.message(message)
        comp = self._component(msg, custom_id, user)
        ctype = int(comp.get("type", 3))
        if ctype not in SELECT_TYPES:
            raise ValueError(f"component {custom_id!r} is not a select menu (type {ctype})")
        ch = self.channel(msg.channel_id)
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype}
        data |= self._select_values(ctype, values, ch)
        return await self._send(COMPONENT, user, ch, data, message=msg, locale=locale)

    async def submit_modal(
        self,
        user: Any,
        channel: Any,
        custom_id: str,
        values: dict[str, str | list[str]],
        *,
        message: Any = None,
        locale: str | None = None,
    ) -> InteractionHandle:
        """Submit modal ``custom_id`` with text input (or select) values by custom_id.

        The submitted components mirror the modal the bot last opened with that custom_id
        (action rows or labels); ``message`` is the message the modal came from, if any.
        """
        ch = self._interaction_channel(user, channel)
        modal = self.modals.get(custom_id)
        if modal is None:
            rows = [
                {"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]}
                for k, v in values.items()
            ]
        else:
            rows = [self._submitted(comp, values) for comp in modal.get("components", [])]
            unknown = set(values) - {c["custom_id"] for c in _inputs(modal.get("components", []))}
            if unknown:
                raise ValueError(f"modal {custom_id!r} has no inputs {sorted(unknown)}")
        data = {"custom_id": custom_id, "components": rows}
        msg = self.message(message) if message is not None else None
        return await self._send(MODAL_SUBMIT, user, ch, data, message=msg, locale=locale)

    # ----------------------------------------------------------------- building payloads
    def _interaction_channel(self, user: Any, channel: Any) -> FakeChannel:
        return self.dm_channel(user) if channel is None else self.channel(channel)

    def _component(self, msg: SentMessage, custom_id: str, user: Any) -> dict[str, Any]:
        if msg.deleted:
            raise LookupError(f"message {msg.id} was deleted: nobody can use its components")
        if msg.ephemeral and msg.audience_user_id != snowflake_of(user):
            raise PermissionError(f"message {msg.id} is ephemeral for user {msg.audience_user_id}")
        comp = find_component(msg.components, custom_id)
        if comp is None:
            raise LookupError(
                f"message {msg.id} has no component {custom_id!r}; it has {msg.custom_ids()}"
            )
        if comp.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled: a user cannot use it")
        return comp

    def _find_command(
        self, name: str, channel: FakeChannel
    ) -> tuple[dict[str, Any] | None, int | None]:
        scopes: list[int | None] = [None]
        if channel.guild_id is not None:
            scopes.insert(0, channel.guild_id)
        for scope in scopes:
            for cmd in self.commands.get(scope, []):
                if cmd["name"] == name and int(cmd.get("type", 1)) == 1:
                    return cmd, scope
        return None, None

    def _command_data(
        self,
        command: str,
        channel: FakeChannel,
        values: dict[str, Any],
        focused: tuple[str, str] | None,
    ) -> dict[str, Any]:
        name, *path = command.strip().lstrip("/").split()
        cmd, scope = self._find_command(name, channel)
        resolved: dict[str, dict[str, Any]] = {}
        options = build_options(self, cmd, path, values, focused, channel, resolved)
        data: dict[str, Any] = {
            "id": cmd["id"] if cmd else str(self.ids.next()),
            "name": name,
            "type": 1,
            "options": options,
        }
        if scope is not None:
            data["guild_id"] = str(scope)
        if resolved:
            data["resolved"] = resolved
        return data

    def _select_values(self, ctype: int, values: list[Any], channel: FakeChannel) -> dict[str, Any]:
        if ctype == 3:
            return {"values": [str(v) for v in values]}
        resolved: dict[str, dict[str, Any]] = {}
        ids: list[str] = []
        for value in values:
            ident = snowflake_of(value)
            ids.append(str(ident))
            if ident in self.users:
                self.resolve_user(ident, channel, resolved)
            elif ident in self.channels:
                self.resolve_channel(ident, resolved)
            elif channel.guild_id is not None and ident in self.guild(channel.guild_id).roles:
                role = self.guild(channel.guild_id).roles[ident]
                resolved.setdefault("roles", {})[str(ident)] = role.payload()
            else:
                raise LookupError(f"select value {value!r} is no known user, channel or role")
        return {"values": ids, "resolved": resolved}

    def resolve_user(self, uid: int, channel: FakeChannel, resolved: dict[str, Any]) -> None:
        user = self.user(uid)
        resolved.setdefault("users", {})[str(uid)] = user.payload()
        if channel.guild_id is not None:
            guild = self.guild(channel.guild_id)
            member = guild.members.get(uid)
            if member is not None:
                perms = str(self.member_permissions(guild, uid))
                data = member.payload(with_user=False) | {"permissions": perms}
                resolved.setdefault("members", {})[str(uid)] = data

    def resolve_channel(self, cid: int, resolved: dict[str, Any]) -> None:
        data = self.channel_payload(self.channel(cid)) | {"permissions": str(m.ALL_PERMISSIONS)}
        resolved.setdefault("channels", {})[str(cid)] = data

    def resolve_attachment(self, value: Any, resolved: dict[str, Any]) -> int:
        if isinstance(value, Attachment):
            att = value
        else:
            filename, blob = value
            aid = self.ids.next()
            att = Attachment(aid, filename, bytes(blob), None, None, "")
        att.url = att.url or f"{self.base_url}/attachments/0/{att.id}/{att.filename}"
        self.uploads[att.id] = att
        resolved.setdefault("attachments", {})[str(att.id)] = att.payload()
        return att.id

    def _submitted(self, comp: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
        ctype = comp.get("type")
        if ctype == 1:
            return {
                "type": 1,
                "components": [self._submitted(c, values) for c in comp["components"]],
            }
        if ctype == 18:
            return {"type": 18, "component": self._submitted(comp["component"], values)}
        out: dict[str, Any] = {"type": ctype}
        if "id" in comp:
            out["id"] = comp["id"]
        if comp.get("custom_id") is None:
            return out
        out["custom_id"] = comp["custom_id"]
        value = values.get(comp["custom_id"], comp.get("value") or "")
        if ctype == 4:
            out["value"] = str(value)
        else:
            out["values"] = [str(v) for v in (value if isinstance(value, list) else [value])]
        return out

    async def _send(
        self,
        itype: int,
        user: Any,
        channel: FakeChannel,
        data: dict[str, Any],
        *,
        message: SentMessage | None = None,
        locale: str | None = None,
        guild_locale: str | None = None,
    ) -> InteractionHandle:
        await self.wait_ready()
        u: FakeUser = self.user(user)
        iid = self.ids.next()
        payload: dict[str, Any] = {
            "id": str(iid),
            "application_id": str(self.application_id),
            "type": itype,
            "data": data,
            "token": f"itok-{iid}-{secrets.token_hex(8)}",
            "version": 1,
            "locale": locale or u.locale,
            "app_permissions": str(m.ALL_PERMISSIONS),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": 25 * 1024 * 1024,
            "channel_id": str(channel.id),
            "channel": self.channel_payload(channel) | {"permissions": str(m.ALL_PERMISSIONS)},
        }
        if channel.guild_id is not None:
            guild = self.guild(channel.guild_id)
            member = guild.members.get(u.id) or self.add_member(guild, u)
            perms = str(self.member_permissions(guild, u.id))
            payload |= {
                "guild_id": str(guild.id),
                "guild_locale": guild_locale or guild.preferred_locale,
                "guild": {"id": str(guild.id), "locale": guild.preferred_locale, "features": []},
                "member": member.payload() | {"permissions": perms},
                "authorizing_integration_owners": {"0": str(guild.id)},
                "context": 0,
            }
        else:
            payload |= {
                "user": u.payload(),
                "authorizing_integration_owners": {"0": str(u.id)},
                "context": 1,
            }
        if message is not None:
            payload["message"] = self.message_payload(message)
        handle = InteractionHandle(
            self,
            id=iid,
            token=payload["token"],
            type=itype,
            user_id=u.id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            payload=payload,
            message_id=message.id if message is not None else None,
        )
        self.interactions[iid] = handle
        handle.dispatched_at = time.perf_counter()
        if self.route_interactions is not None:
            handle.shard = self.route_interactions(channel.guild_id)
            gateway = self.shards[handle.shard]
        else:
            gateway = self.gateway_for(channel.guild_id)
        live = gateway.ws is not None and not gateway.ws.closed
        handle.session = gateway.session_id if live else None
        await gateway.dispatch("INTERACTION_CREATE", payload)
        return handle


def _inputs(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for comp in components:
        if comp.get("type") == 1:
            out += _inputs(comp.get("components", []))
        elif comp.get("type") == 18:
            out += _inputs([comp["component"]])
        elif comp.get("custom_id"):
            out.append(comp)
    return out
