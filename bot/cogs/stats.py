"""/leaderboard, /stats and the admin-only /season new."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from ..i18n import ls
from .tables import game_choices

if TYPE_CHECKING:
    from ..client import TapisBot


class StatsCog(commands.Cog):
    season = app_commands.Group(
        name=ls("cmd.season"),
        description=ls("cmd.season.desc"),
        guild_only=True,
        default_permissions=discord.Permissions(manage_guild=True),
    )

    def __init__(self, bot: TapisBot) -> None:
        self.bot = bot

    @app_commands.command(name=ls("cmd.leaderboard"), description=ls("cmd.leaderboard.desc"))
    @app_commands.guild_only()
    @app_commands.rename(game=ls("param.game"), season=ls("param.season"))
    @app_commands.describe(game=ls("param.game.desc"), season=ls("param.season.desc"))
    @app_commands.choices(game=game_choices())
    async def leaderboard(
        self,
        interaction: discord.Interaction[Any],
        game: str | None = None,
        season: app_commands.Range[int, 1, 999_999] | None = None,
    ) -> None:
        await self.bot.controller.leaderboard(interaction, game, season)

    @app_commands.command(name=ls("cmd.stats"), description=ls("cmd.stats.desc"))
    @app_commands.guild_only()
    @app_commands.rename(member=ls("param.member"))
    @app_commands.describe(member=ls("param.member.desc"))
    async def stats(
        self, interaction: discord.Interaction[Any], member: discord.Member | None = None
    ) -> None:
        await self.bot.controller.stats(interaction, member)

    @season.command(name=ls("cmd.season.new"), description=ls("cmd.season.new.desc"))
    async def season_new(self, interaction: discord.Interaction[Any]) -> None:
        await self.bot.controller.new_season(interaction)

    async def cog_app_command_error(
        self, interaction: discord.Interaction[Any], error: app_commands.AppCommandError
    ) -> None:
        await self.bot.controller.guard(interaction, error)
