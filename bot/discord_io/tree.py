"""The slash-command tree: options are checked against their definitions before any command.

Discord only ever sends well-formed options, but an interaction is untrusted input like a
custom_id: a modified client or a Discord bug could send a missing option, a wrong type, a
value outside the choices or the bounds. Such a command gets the short ephemeral refusal in
the member's language and runs nothing; it is not an error of Tapis, so it is logged at
INFO, never as an ERROR with a traceback.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.enums import AppCommandOptionType as Opt

from ..i18n.translate import lang_of, ls, tr
from .private import command_handles_errors

log = logging.getLogger("tapis.commands")

NESTED = (Opt.subcommand.value, Opt.subcommand_group.value)
SNOWFLAKE_TYPES = (Opt.user, Opt.channel, Opt.role, Opt.mentionable, Opt.attachment)
MALFORMED = (app_commands.CommandSignatureMismatch, app_commands.TransformerError)

manage_server = app_commands.checks.has_permissions(manage_guild=True)
"""The one "Manage Server" check, at run time: a command's default permissions only hide
it, and a server's override can show it to anyone. A member without the permission gets
`err.need_manage_guild` (bot.discord_io.replies.guard)."""


def manage_server_group(name_key: str, description_key: str) -> app_commands.Group:
    """A server-only group of commands that Discord shows by default to those who may
    manage the server; each of its commands still carries `manage_server`."""
    return app_commands.Group(
        name=ls(name_key),
        description=ls(description_key),
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )


def leaf_options(data: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The options of the invoked (sub)command, or None when their shape is wrong."""
    options = data.get("options", [])
    while True:
        if not isinstance(options, list) or not all(isinstance(o, dict) for o in options):
            return None
        if len(options) == 1 and options[0].get("type") in NESTED:
            options = options[0].get("options", [])
            continue
        return options


def _typed(kind: Opt, value: Any) -> bool:
    if kind is Opt.string:
        return isinstance(value, str)
    if kind is Opt.integer:
        return isinstance(value, int) and not isinstance(value, bool)
    if kind is Opt.number:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if kind is Opt.boolean:
        return isinstance(value, bool)
    if kind in SNOWFLAKE_TYPES:
        return isinstance(value, str) and value.isdigit()
    return False


def well_formed(command: app_commands.Command[Any, Any, Any], data: dict[str, Any]) -> bool:
    """Every option the command declares, present when required, of its type and range."""
    options = leaf_options(data)
    if options is None:
        return False
    given = {o.get("name"): o for o in options}
    params = {p.display_name: p for p in command.parameters}
    if set(given) - set(params):
        return False
    for name, param in params.items():
        option = given.get(name)
        if option is None:
            if param.required:
                return False
            continue
        value = option.get("value")
        if option.get("type") != param.type.value or not _typed(param.type, value):
            return False
        if param.choices and value not in [c.value for c in param.choices]:
            return False
        if isinstance(value, int | float) and not in_range(value, param):
            return False
    return True


def in_range(value: float, param: app_commands.Parameter) -> bool:
    low: float | None = param.min_value
    high: float | None = param.max_value
    return (low is None or value >= low) and (high is None or value <= high)


class TapisTree(app_commands.CommandTree[Any]):
    async def sync(
        self, *, guild: discord.abc.Snowflake | None = None
    ) -> list[app_commands.AppCommand]:
        """discord.py's sync, where only `contexts` says where a command may be used:
        discord.py also writes `dm_permission`, which Discord's reference calls deprecated
        in favour of `contexts` (set for every command by the client, bot.app.client)."""
        application_id = self.client.application_id
        if application_id is None:
            raise app_commands.MissingApplicationID
        commands = self.get_commands(guild=guild)
        translator = self.translator
        payload = []
        for command in commands:
            if translator is not None:
                data = await command.get_translated_payload(self, translator)
            else:
                data = command.to_dict(self)
            data.pop("dm_permission", None)
            payload.append(data)
        http = self.client.http
        if guild is None:
            payload += await entry_points(http, application_id)
        try:
            if guild is None:
                synced = await http.bulk_upsert_global_commands(application_id, payload=payload)
            else:
                synced = await http.bulk_upsert_guild_commands(
                    application_id, guild.id, payload=payload
                )
        except discord.HTTPException as exc:
            if exc.status == 400 and exc.code == 50035:
                raise app_commands.CommandSyncFailure(exc, commands) from None
            raise
        # discord.py's own sync builds its answer so, from the tree's connection state.
        state = self._state
        return [app_commands.AppCommand(data=d, state=state) for d in synced]

    async def interaction_check(self, interaction: discord.Interaction[Any], /) -> bool:
        data: dict[str, Any] = dict(interaction.data or {})
        if data.get("type", 1) != 1:
            return True  # context menus: Tapis has none
        command = interaction.command if leaf_options(data) is not None else None
        if isinstance(command, app_commands.Command) and well_formed(command, data):
            return True
        if command is None and leaf_options(data) is not None:
            return True  # an unknown (sub)command: discord.py raises CommandNotFound, below
        log.info("refused a malformed command %r", data.get("name"))
        await refuse_malformed(interaction)
        return False

    async def on_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError, /
    ) -> None:
        """Cogs answer their own errors; this only keeps discord.py from logging them twice."""
        if isinstance(error, app_commands.CommandNotFound):
            # A command or subcommand this process does not have: a client whose list of
            # commands predates a deploy (Discord's clients refresh theirs lazily).
            log.info("refused an unknown command %r", " ".join([*error.parents, error.name]))
            if not interaction.response.is_done():
                await refuse_with(interaction, "err.command_changed")
            return
        if isinstance(error, MALFORMED):
            log.info("refused a malformed command (%s)", type(error).__name__)
            if not interaction.response.is_done():
                await refuse_malformed(interaction)
            return
        command = interaction.command
        if command is not None and command_handles_errors(command):
            return
        await super().on_error(interaction, error)


async def refuse_malformed(interaction: discord.Interaction[Any]) -> None:
    await refuse_with(interaction, "err.bad_command")


async def refuse_with(interaction: discord.Interaction[Any], key: str) -> None:
    """A short ephemeral answer in the member's language; a failure to send it is logged."""
    text = tr(key, lang_of(interaction.locale))
    try:
        await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as exc:
        log.info("could not refuse a command (HTTP %s)", exc.status)


ENTRY_POINT = 4  # the command type Discord makes when an app enables Activities
ENTRY_POINT_FIELDS = (
    "name",
    "type",
    "description",
    "handler",
    "contexts",
    "integration_types",
    "name_localizations",
    "description_localizations",
)


async def entry_points(http: Any, application_id: int) -> list[dict[str, Any]]:
    """The application's Entry Point command (the Activity's, in the App Launcher), as it
    is: Discord refuses a bulk update of the global commands that leaves it out."""
    existing = await http.get_global_commands(application_id)
    return [
        {k: c[k] for k in ENTRY_POINT_FIELDS if k in c}
        for c in existing
        if c.get("type") == ENTRY_POINT
    ]
