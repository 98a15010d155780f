"""Building INTERACTION_CREATE payloads the way Discord does, for simulated users' actions."""

from __future__ import annotations

import secrets
from typing import Any

from . import payloads
from .commands import (
    CommandUsageError,
    build_data,
    check_default_permissions,
    find_command,
)
from .handles import APPLICATION_COMMAND, MESSAGE_COMPONENT, MODAL_SUBMIT, InteractionHandle
from .modals import submit_data
from .model import VIEW_CHANNEL, Channel, Message, User
from .world import NO_INTENT, World

JSON = dict[str, Any]


def _payload(
    world: World, user: User, chan: Channel, kind: int, data: JSON, iid: int, token: str
) -> JSON:
    guild = world.guilds[chan.guild_id]
    member = guild.members[user.id]
    user_perms = world.permissions(user.id, chan)
    return {
        "id": str(iid),
        "application_id": str(world.application_id),
        "type": kind,
        "data": data,
        "guild_id": str(guild.id),
        "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
        "channel_id": str(chan.id),
        "channel": payloads.channel(chan) | {"permissions": str(user_perms)},
        "member": payloads.member(member) | {"permissions": str(user_perms)},
        "token": token,
        "version": 1,
        "app_permissions": str(world.permissions(world.bot.id, chan)),
        "locale": user.locale,
        "guild_locale": guild.locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "authorizing_integration_owners": {"0": str(guild.id)},
        "context": 0,
        "attachment_size_limit": world.limits.attachment_size,
    }


def _check_access(world: World, user: User, chan: Channel) -> None:
    if world.member(chan.guild_id, user.id) is None:
        raise CommandUsageError(f"{user.username} is not a member of guild {chan.guild_id}")
    if not world.permissions(user.id, chan) & VIEW_CHANNEL:
        raise CommandUsageError(f"{user.username} cannot see channel {chan.name}")


def _open(
    world: World,
    user: User,
    chan: Channel,
    kind: int,
    data: JSON,
    *,
    message: Message | None = None,
) -> InteractionHandle:
    iid = world.ids.next()
    token = "emu." + secrets.token_urlsafe(48)
    payload = _payload(world, user, chan, kind, data, iid, token)
    if message is not None:
        payload["message"] = world.message_json(message)
    handle = InteractionHandle(world, iid, token, kind, user, chan, world.clock.now(), payload)
    if message is not None:
        handle.component_message_id = message.id
        if message.ephemeral:
            message.tokens.add(token)
    world.interactions[iid] = handle
    world.unanswered[iid] = handle
    world.tokens[token] = handle
    world.dispatch("INTERACTION_CREATE", payload, NO_INTENT, chan.guild_id)
    # The gateway encoded the frame at once; the handle keeps the rest of the payload but not
    # this copy of the message (the world has the message itself), so that thousands of
    # answered interactions stay light for memory and for the garbage collector.
    payload.pop("message", None)
    world.touch()
    return handle


def slash(
    world: World,
    user: User,
    chan: Channel,
    command: str,
    options: JSON | None = None,
    *,
    locale: str | None = None,
    bypass_permissions: bool = False,
    raw_options: list[JSON] | None = None,
) -> InteractionHandle:
    """`command` is "name" or "name sub" or "name group sub"; options by name.

    `raw_options` sends that option list as it is, unchecked (a modified client, or a
    Discord bug): the bot must cope with whatever it gets."""
    _check_access(world, user, chan)
    path = command.strip().lstrip("/").split()
    if not path:
        raise CommandUsageError("empty command")
    cmd = find_command(world, chan, path[0])
    if not bypass_permissions:
        check_default_permissions(world, cmd, user, chan)
    if raw_options is not None:
        data: JSON = {"id": str(cmd.id), "name": cmd.name, "type": 1, "options": raw_options}
        if cmd.guild_id is not None:
            data["guild_id"] = str(cmd.guild_id)
    else:
        data = build_data(world, cmd, path, dict(options or {}), chan)
    if locale is not None:
        user.locale = locale
    return _open(world, user, chan, APPLICATION_COMMAND, data)


def _resolve_message(world: World, user: User, message: Message | int) -> Message:
    msg = world.messages.get(message if isinstance(message, int) else message.id)
    if msg is None or msg.deleted:
        raise CommandUsageError(f"message {message!r} does not exist (deleted?)")
    if msg.visible_to is not None and msg.visible_to != user.id:
        raise CommandUsageError(f"{user.username} cannot see ephemeral message {msg.id}")
    return msg


def click(
    world: World, user: User, message: Message | int, target: str, *, force: bool = False
) -> InteractionHandle:
    """Press a button found by custom_id or label; force=True sends a custom_id that is not there
    (a stale or forged click)."""
    msg = _resolve_message(world, user, message)
    chan = world.channels[msg.channel_id]
    _check_access(world, user, chan)
    if force:
        data: JSON = {"custom_id": target, "component_type": 2}
    else:
        item = msg.find_component(target)
        if item.get("type") != 2:
            raise CommandUsageError(f"{target!r} is not a button")
        if item.get("disabled"):
            raise CommandUsageError(f"button {target!r} is disabled")
        if item.get("style") == 5:
            raise CommandUsageError(f"button {target!r} is a link")
        data = {"custom_id": item["custom_id"], "component_type": 2}
        if "id" in item:
            data["id"] = item["id"]
    return _open(world, user, chan, MESSAGE_COMPONENT, data, message=msg)


def select(
    world: World,
    user: User,
    message: Message | int,
    target: str,
    values: list[str],
    *,
    force: bool = False,
) -> InteractionHandle:
    """Choose values in a select found by custom_id or placeholder; checked against its options."""
    msg = _resolve_message(world, user, message)
    chan = world.channels[msg.channel_id]
    _check_access(world, user, chan)
    if force:
        data: JSON = {"custom_id": target, "component_type": 3, "values": list(values)}
        return _open(world, user, chan, MESSAGE_COMPONENT, data, message=msg)
    item = msg.find_component(target)
    if item.get("type") not in (3, 5, 6, 7, 8):
        raise CommandUsageError(f"{target!r} is not a select")
    if item.get("disabled"):
        raise CommandUsageError(f"select {target!r} is disabled")
    low, high = item.get("min_values", 1), item.get("max_values", 1)
    if not low <= len(values) <= high:
        raise CommandUsageError(f"select {target!r} takes {low}..{high} values, got {len(values)}")
    if item.get("type") == 3:
        offered = [o["value"] for o in item.get("options", [])]
        bad = [v for v in values if v not in offered]
        if bad:
            raise CommandUsageError(f"select {target!r} has no option(s) {bad}; has {offered}")
    data = {"custom_id": item["custom_id"], "component_type": item["type"], "values": list(values)}
    if "id" in item:
        data["id"] = item["id"]
    return _open(world, user, chan, MESSAGE_COMPONENT, data, message=msg)


def submit_modal(
    world: World, handle: InteractionHandle, values: JSON, *, force: bool = False
) -> InteractionHandle:
    """Fill and submit the modal the bot opened in answer to `handle`: `values` by custom_id
    (a text for a text input, a list for a select or a checkbox group, an option's value or
    None for a radio group, a boolean for a checkbox); the inputs not given keep what the bot
    pre-filled. Checked as the Discord client checks; force=True sends them unchecked."""
    modal = handle.modal
    if modal is None:
        raise CommandUsageError(f"{handle.describe()} did not open a modal")
    data = submit_data(modal, values, force=force)
    message = None
    if handle.component_message_id is not None:
        message = handle.world.messages.get(handle.component_message_id)
    return _open(world, handle.user, handle.channel, MODAL_SUBMIT, data, message=message)
