"""/config langue: a server's choice of language for its tables (Manage Server only)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from db import Store

from ..discord_io.replies import guard, refuse
from ..i18n.translate import lang_of, ls, tr
from ..table.session import NotStored, storing


class ConfigCog(commands.Cog):
    config = app_commands.Group(
        name=ls("cmd.config"),
        description=ls("cmd.config.desc"),
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, store: Store) -> None:
        self.store = store

    @config.command(name=ls("cmd.config.lang"), description=ls("cmd.config.lang.desc"))
    @app_commands.rename(choice=ls("param.lang"))
    @app_commands.describe(choice=ls("param.lang.desc"))
    @app_commands.choices(
        choice=[
            app_commands.Choice(name=ls(f"choice.lang.{value}"), value=value)
            for value in ("fr", "en", "auto")
        ]
    )
    async def language(self, interaction: discord.Interaction[Any], choice: str) -> None:
        guild = interaction.guild
        member = interaction.user
        if guild is None or not isinstance(member, discord.Member):
            await refuse(interaction, "err.no_guild")
            return
        # Checked here, at run time: default permissions alone can be overridden by admins.
        if not member.guild_permissions.manage_guild:
            await refuse(interaction, "err.need_manage_guild")
            return
        try:
            async with storing():
                await self.store.set_guild_lang(guild.id, None if choice == "auto" else choice)
        except NotStored as exc:
            await refuse(interaction, exc.key)
            return
        text = tr(f"config.lang.{choice}", lang_of(interaction.locale))
        await interaction.response.send_message(text, ephemeral=True)

    async def cog_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await guard(interaction, error)
