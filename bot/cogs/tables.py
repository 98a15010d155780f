"""/table, /tables and /rules: thin wrappers over the controller."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import games

from ..i18n import ls

if TYPE_CHECKING:
    from ..client import TapisBot


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=ls(f"game.{slug}"), value=slug) for slug in games.slugs()]


class TablesCog(commands.Cog):
    def __init__(self, bot: TapisBot) -> None:
        self.bot = bot

    @app_commands.command(name=ls("cmd.table"), description=ls("cmd.table.desc"))
    @app_commands.guild_only()
    @app_commands.rename(game=ls("param.game"), options=ls("param.options"))
    @app_commands.describe(game=ls("param.game.desc"), options=ls("param.options.desc"))
    @app_commands.choices(game=game_choices())
    async def table(
        self, interaction: discord.Interaction[Any], game: str, options: str | None = None
    ) -> None:
        await self.bot.controller.open_table(interaction, game, options)

    @app_commands.command(name=ls("cmd.tables"), description=ls("cmd.tables.desc"))
    @app_commands.guild_only()
    async def tables(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.controller.list_tables(interaction)

    @app_commands.command(name=ls("cmd.rules"), description=ls("cmd.rules.desc"))
    @app_commands.rename(game=ls("param.game"))
    @app_commands.describe(game=ls("param.game.desc"))
    @app_commands.choices(game=game_choices())
    async def rules(self, interaction: discord.Interaction[Any], game: str) -> None:
        await self.bot.controller.show_rules(interaction, game)

    async def cog_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await self.bot.controller.guard(interaction, error)
