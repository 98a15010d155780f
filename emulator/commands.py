"""Application commands: validating what the bot registers and building what users invoke.

A slash invocation is checked against the synced definition (names, types, choices, ranges,
required options), because the Discord client never lets a user send anything else.
"""

from __future__ import annotations

import re
from typing import Any

from . import payloads
from .model import ADMINISTRATOR, Channel, Command, Role, User
from .world import World

JSON = dict[str, Any]

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10
NAME_RE = re.compile(r"^[-_\w]{1,32}$")
LOCALES = frozenset(
    {
        "id",
        "da",
        "de",
        "en-GB",
        "en-US",
        "es-ES",
        "es-419",
        "fr",
        "hr",
        "it",
        "lt",
        "hu",
        "nl",
        "no",
        "pl",
        "pt-BR",
        "ro",
        "fi",
        "sv-SE",
        "vi",
        "tr",
        "cs",
        "el",
        "bg",
        "ru",
        "uk",
        "hi",
        "th",
        "zh-CN",
        "ja",
        "zh-TW",
        "ko",
    }
)


class CommandUsageError(ValueError):
    """The test asked for an invocation the Discord client would not allow."""


def _err(errors: JSON, path: list[str | int], code: str, message: str) -> None:
    node = errors
    for key in path:
        node = node.setdefault(str(key), {})
    node.setdefault("_errors", []).append({"code": code, "message": message})


def _check_name(errors: JSON, path: list[str | int], name: Any, *, chat: bool) -> None:
    ok = isinstance(name, str) and 1 <= len(name) <= 32
    if ok and chat:
        ok = bool(NAME_RE.match(name)) and name == name.lower()
    if not ok:
        _err(errors, path, "APPLICATION_COMMAND_INVALID_NAME", f"Command name is invalid: {name!r}")


def _check_text(errors: JSON, path: list[str | int], text: Any, low: int, high: int) -> None:
    if not isinstance(text, str) or not low <= len(text) <= high:
        _err(errors, path, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def _check_localized(errors: JSON, path: list[str | int], item: JSON, *, chat: bool) -> None:
    for key in ("name_localizations", "description_localizations"):
        for locale, text in (item.get(key) or {}).items():
            if locale not in LOCALES:
                _err(errors, [*path, key, locale], "LOCALE_INVALID", f"Invalid locale {locale!r}")
            elif key == "name_localizations":
                _check_name(errors, [*path, key, locale], text, chat=chat)
            else:
                _check_text(errors, [*path, key, locale], text, 1, 100)


def _check_options(errors: JSON, path: list[str | int], options: list[JSON], depth: int) -> None:
    if len(options) > 25:
        _err(errors, path, "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length.")
    seen_optional = False
    for i, opt in enumerate(options):
        here: list[str | int] = [*path, i]
        kind = opt.get("type")
        _check_name(errors, [*here, "name"], opt.get("name"), chat=True)
        _check_text(errors, [*here, "description"], opt.get("description"), 1, 100)
        _check_localized(errors, here, opt, chat=True)
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            if depth >= 2 or (kind == SUB_COMMAND_GROUP and depth >= 1):
                _err(
                    errors,
                    [*here, "type"],
                    "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                    "Bad nesting",
                )
            _check_options(errors, [*here, "options"], opt.get("options") or [], depth + 1)
            continue
        if opt.get("required"):
            if seen_optional:
                _err(
                    errors,
                    here,
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                    "Required options must be placed before non-required options",
                )
        else:
            seen_optional = True
        choices = opt.get("choices") or []
        if len(choices) > 25:
            _err(
                errors, [*here, "choices"], "BASE_TYPE_MAX_LENGTH", "Must be 25 or fewer in length."
            )
        for j, choice in enumerate(choices):
            _check_text(errors, [*here, "choices", j, "name"], choice.get("name"), 1, 100)
            for locale in choice.get("name_localizations") or {}:
                if locale not in LOCALES:
                    _err(
                        errors,
                        [*here, "choices", j, "name_localizations", locale],
                        "LOCALE_INVALID",
                        f"Invalid locale {locale!r}",
                    )
            if kind == STRING:
                _check_text(errors, [*here, "choices", j, "value"], choice.get("value"), 1, 100)


def validate_definition(item: JSON) -> JSON | None:
    """Discord's checks on one command registration; returns an error tree or None."""
    errors: JSON = {}
    kind = item.get("type", 1)
    chat = kind == 1
    _check_name(errors, ["name"], item.get("name"), chat=chat)
    if chat:
        _check_text(errors, ["description"], item.get("description"), 1, 100)
        _check_options(errors, ["options"], item.get("options") or [], 0)
    _check_localized(errors, [], item, chat=chat)
    return errors or None


def context_problems(item: JSON) -> list[str]:
    """What Discord accepts in a top-level command but documents otherwise: `dm_permission`
    is deprecated in favour of `contexts`, which every command should carry (where it may
    be used: 0 a server, 1 the bot's DM, 2 other private channels)."""
    name = item.get("name")
    problems = []
    if "dm_permission" in item:
        problems.append(f"/{name} carries the deprecated dm_permission (use contexts)")
    contexts = item.get("contexts")
    if not isinstance(contexts, list) or not contexts:
        problems.append(f"/{name} has no contexts (where it may be used)")
    elif not set(contexts) <= {0, 1, 2}:
        problems.append(f"/{name} has unknown contexts {contexts}")
    return problems


def command_json(world: World, cmd: Command) -> JSON:
    d = cmd.definition
    perms = d.get("default_member_permissions")
    data: JSON = {
        "id": str(cmd.id),
        "application_id": str(world.application_id),
        "version": str(cmd.version),
        "type": cmd.type,
        "name": cmd.name,
        "name_localizations": d.get("name_localizations"),
        "description": d.get("description", ""),
        "description_localizations": d.get("description_localizations"),
        "options": d.get("options") or [],
        "default_member_permissions": None if perms is None else str(perms),
        "dm_permission": d.get("dm_permission", True),
        "contexts": d.get("contexts"),
        "integration_types": d.get("integration_types", [0]),
        "nsfw": d.get("nsfw", False),
    }
    if cmd.guild_id is not None:
        data["guild_id"] = str(cmd.guild_id)
    return data


def find_command(world: World, chan: Channel, name: str) -> Command:
    cmd = world.guild_commands.get(chan.guild_id, {}).get(name) or world.global_commands.get(name)
    if cmd is None or cmd.type != 1:
        known = sorted({*world.global_commands, *world.guild_commands.get(chan.guild_id, {})})
        raise CommandUsageError(f"/{name} was never registered by the bot (known: {known})")
    return cmd


def check_default_permissions(world: World, cmd: Command, user: User, chan: Channel) -> None:
    needed = cmd.definition.get("default_member_permissions")
    if needed is None:
        return
    have = world.permissions(user.id, chan)
    if not have & ADMINISTRATOR and int(needed) & have != int(needed):
        raise CommandUsageError(
            f"/{cmd.name} is hidden from {user.username} (default_member_permissions={needed})"
        )


def build_data(world: World, cmd: Command, path: list[str], values: JSON, chan: Channel) -> JSON:
    """The `data` of a type-2 interaction, with typed options and resolved objects."""
    resolved: JSON = {}
    options = cmd.definition.get("options") or []
    leaf = _build_level(world, path[1:], options, values, chan, resolved, f"/{cmd.name}")
    data: JSON = {"id": str(cmd.id), "name": cmd.name, "type": 1}
    if leaf:
        data["options"] = leaf
    if resolved:
        data["resolved"] = resolved
    if cmd.guild_id is not None:
        data["guild_id"] = str(cmd.guild_id)
    return data


def _build_level(
    world: World,
    path: list[str],
    defs: list[JSON],
    values: JSON,
    chan: Channel,
    resolved: JSON,
    where: str,
) -> list[JSON]:
    subs = [d for d in defs if d.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if subs:
        if not path:
            raise CommandUsageError(f"{where} needs a subcommand: {[d['name'] for d in subs]}")
        sub = next((d for d in subs if d["name"] == path[0]), None)
        if sub is None:
            raise CommandUsageError(f"{where} has no subcommand {path[0]!r}")
        inner = _build_level(
            world, path[1:], sub.get("options") or [], values, chan, resolved, f"{where} {path[0]}"
        )
        node: JSON = {"type": sub["type"], "name": sub["name"]}
        if inner or sub["type"] == SUB_COMMAND_GROUP:
            node["options"] = inner
        return [node]
    if path:
        raise CommandUsageError(f"{where} has no subcommand {path[0]!r}")
    by_name = {d["name"]: d for d in defs}
    unknown = set(values) - set(by_name)
    if unknown:
        raise CommandUsageError(
            f"{where} has no option(s) {sorted(unknown)}; has {sorted(by_name)}"
        )
    built: list[JSON] = []
    for d in defs:
        if d["name"] not in values:
            if d.get("required"):
                raise CommandUsageError(f"{where}: option {d['name']!r} is required")
            continue
        value = _convert(world, d, values[d["name"]], chan, resolved, where)
        built.append({"type": d["type"], "name": d["name"], "value": value})
    return built


def _convert(world: World, d: JSON, value: Any, chan: Channel, resolved: JSON, where: str) -> Any:
    kind, name = d["type"], f"{where} {d['name']}"
    if kind == STRING:
        if not isinstance(value, str):
            raise CommandUsageError(f"{name} expects a string, got {value!r}")
        if not d.get("min_length", 0) <= len(value) <= d.get("max_length", 6000):
            raise CommandUsageError(f"{name}: length out of range")
    elif kind in (INTEGER, NUMBER):
        ok = isinstance(value, int) if kind == INTEGER else isinstance(value, int | float)
        if isinstance(value, bool) or not ok:
            raise CommandUsageError(f"{name} expects a number of type {kind}, got {value!r}")
        low, high = d.get("min_value"), d.get("max_value")
        if (low is not None and value < low) or (high is not None and value > high):
            raise CommandUsageError(f"{name}: {value} outside [{low}, {high}]")
    elif kind == BOOLEAN:
        if not isinstance(value, bool):
            raise CommandUsageError(f"{name} expects a boolean, got {value!r}")
    elif kind in (USER, MENTIONABLE) and isinstance(value, User | int) and _is_user(world, value):
        user = value if isinstance(value, User) else world.users[value]
        resolved.setdefault("users", {})[str(user.id)] = payloads.user(user)
        member = world.member(chan.guild_id, user.id)
        if member is not None:
            perms = str(world.permissions(user.id, chan))
            entry = payloads.member(member, with_user=False) | {"permissions": perms}
            resolved.setdefault("members", {})[str(user.id)] = entry
        return str(user.id)
    elif kind in (ROLE, MENTIONABLE) and isinstance(value, Role):
        resolved.setdefault("roles", {})[str(value.id)] = payloads.role(value)
        return str(value.id)
    elif kind == CHANNEL and isinstance(value, Channel | int):
        target = value if isinstance(value, Channel) else world.channels[value]
        allowed = d.get("channel_types")
        if allowed and target.type not in allowed:
            raise CommandUsageError(f"{name}: channel type {target.type} not in {allowed}")
        entry = payloads.channel(target) | {"permissions": str(world.permissions(0, target))}
        resolved.setdefault("channels", {})[str(target.id)] = entry
        return str(target.id)
    else:
        raise CommandUsageError(f"{name}: unsupported value {value!r} for option type {kind}")
    choices = d.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        raise CommandUsageError(f"{name}: {value!r} is not one of {[c['value'] for c in choices]}")
    return value


def _is_user(world: World, value: User | int) -> bool:
    return isinstance(value, User) or value in world.users
