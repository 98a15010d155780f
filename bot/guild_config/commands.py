"""/config langue: a server's choice of language for its tables (Manage Server only)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from db import Store

from ..discord_io.replies import guard, refuse
from ..discord_io.tree import manage_server, manage_server_group
from ..i18n.translate import lang_of, ls, tr
from ..table.changes import NotStored, storing


class ConfigCog(commands.Cog):
    config = manage_server_group("cmd.config", "cmd.config.desc")

    def __init__(self, store: Store) -> None:
        self.store = store

    @config.command(name=ls("cmd.config.lang"), description=ls("cmd.config.lang.desc"))
    @manage_server
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
        if guild is None:
            await refuse(interaction, "err.no_guild")
            return
        try:
            async with storing():
                await self.store.guilds.set_lang(guild.id, None if choice == "auto" else choice)
        except NotStored as exc:
            await refuse(interaction, exc.key)
            return
        text = tr(f"config.lang.{choice}", lang_of(interaction.locale))
        await interaction.response.send_message(text, ephemeral=True)

    async def cog_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await guard(interaction, error)
